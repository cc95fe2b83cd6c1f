/**
 * Each page parsed once per build (#15): the templates pass reads the pages the extraction pass
 * holds, and channel pages are segmented while the templates pass holds them. Only a host with
 * more pages than the page cache holds (`MAX_CACHED_PAGES`) has some read twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildOverlay } from '../src/build/index.js';

const parses = new Map<string, number>();
vi.mock('../src/extract/parse-page.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/extract/parse-page.js')>();
  return {
    ...original,
    parsePage: (...args: Parameters<typeof original.parsePage>) => {
      parses.set(args[1], (parses.get(args[1]) ?? 0) + 1);
      return original.parsePage(...args);
    },
  };
});

const SAMPLE = join(import.meta.dirname, '..', 'samples', 'pelican-crawl-1.warc.gz');

describe('pages parsed per build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'warc-overlay-parse-once-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('parses the pages of one crawl of a 71-page site at most 1.3 times each on average (2.4 before channel pages were cut while held)', async () => {
    const report = await buildOverlay({ inputs: [SAMPLE], outDir: dir, workers: 1, writePages: false });
    const pages = parses.size;
    const total = [...parses.values()].reduce((a, b) => a + b, 0);
    expect(pages).toBeGreaterThan(60);
    expect(total / pages).toBeLessThanOrEqual(1.3);
    // The report counts the same parses.
    expect(report.crawls[0]?.pageParses).toBe(total);
  }, 60_000);
});
