/**
 * A build offers its heap guard (core/heap-guard.ts) a full collection where each page's work is
 * done: after every extracted page and before every page a later pass reads, so that a transient
 * peak of one large page never sets how far the heap grows for the pages after it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildOverlay } from '../src/build/index.js';
import { setHeapCollector } from '../src/core/heap-guard.js';

const SAMPLE = join(import.meta.dirname, '..', 'samples', 'pelican-crawl-1.warc.gz');

describe('build heap guard', () => {
  let work = '';
  afterEach(() => {
    setHeapCollector(null);
    rmSync(work, { recursive: true, force: true });
  });

  it('is asked once per parsed page at least', async () => {
    work = mkdtempSync(join(tmpdir(), 'wo-heap-guard-'));
    // Each page leaves 1 GB of garbage, each collection frees it: every time the build asks, it collects.
    let asked = 0;
    let collected = false;
    setHeapCollector(
      () => {
        asked++;
        collected = true;
      },
      0,
      () => {
        const used = collected ? 1 << 20 : 1 << 30;
        collected = false;
        return used;
      },
    );
    const report = await buildOverlay({ inputs: [SAMPLE], outDir: join(work, 'overlay'), writePages: false, workers: 1 });
    const parses = report.crawls.reduce((n, c) => n + c.pageParses, 0);
    expect(parses).toBeGreaterThan(10);
    expect(asked).toBeGreaterThanOrEqual(parses);
  }, 60_000);
});
