/**
 * `build --workers 2` (#15): the worker pool extracts every host's pages while the main thread
 * learns the templates of the hosts already extracted. The overlay must hold exactly what a build
 * in one thread writes, on a crawl of several sites and on a second crawl added to it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateMix, type MixSpec } from '../bench/speed-mix.js';
import { buildOverlay } from '../src/build/index.js';
import { MIN_PAGES_FOR_WORKERS } from '../src/build/extract-pool.js';
import { type Exports, exportsOf } from './scale-out-helpers.js';

/** Three sites of 30 pages: above the pool's threshold, several hosts to pipeline. */
const SPEC: MixSpec = { kind: 'small', pages: 90, pagesPerSite: 30 };

describe('build with a worker pool', () => {
  let work = '';
  const crawls: string[] = [];
  const built: Record<string, Exports> = {};

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'warc-overlay-workers-'));
    for (const crawl of [1, 2]) {
      const file = join(work, `crawl-${crawl}.warc.gz`);
      await generateMix(file, { ...SPEC, crawl });
      crawls.push(file);
    }
    for (const workers of [1, 2]) {
      const outDir = join(work, `workers-${workers}`);
      await buildOverlay({ inputs: crawls, outDir, workers, writePages: false });
      built[workers] = exportsOf(outDir);
    }
  }, 120_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('writes the objects, pages, comments and changes of a build in one thread', () => {
    expect(SPEC.pages).toBeGreaterThanOrEqual(MIN_PAGES_FOR_WORKERS);
    const one = built[1] as Exports;
    const two = built[2] as Exports;
    expect(one.objects.length).toBeGreaterThanOrEqual(2 * SPEC.pages);
    expect(one.changes.length).toBeGreaterThan(0);
    expect(two).toEqual(one);
  });
});
