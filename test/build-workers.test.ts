/**
 * `build --workers 2` (#15): the worker pool extracts the hosts' pages while the main thread learns
 * the templates of the hosts already extracted, parsing again the pages they are learnt from; when
 * the workers leave it no core, the main thread extracts those pages itself (each page parsed
 * once). The overlay must hold exactly what a build in one thread writes, on a crawl of several
 * sites and on a second crawl added to it. The machine's cores are set here (`node:os`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateMix, type MixSpec } from '../bench/speed-mix.js';
import { buildOverlay } from '../src/build/index.js';
import { MIN_PAGES_FOR_WORKERS } from '../src/build/extract-pool.js';
import { MAX_FEED_PAGES_IN_MEMORY } from '../src/build/template-stage.js';
import { Diagnostics } from '../src/core/diagnostics.js';
import { rssSite, writeWarc } from './generalisation/fixture-warc.js';
import { type Exports, exportsOf } from './scale-out-helpers.js';

const machine = vi.hoisted(() => ({ cores: 2 }));
vi.mock('node:os', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:os')>()),
  availableParallelism: () => machine.cores,
}));

/** Three sites of 60 pages: each with pages beyond those the templates pass reads again, together
 *  above the pool's threshold; several hosts to pipeline. */
const SPEC: MixSpec = { kind: 'small', pages: 180, pagesPerSite: 60 };

describe('build with a worker pool', () => {
  let work = '';
  const crawls: string[] = [];
  /** By run: one thread; 2 workers on 2 cores; 2 workers on 8 cores. */
  const built: Record<string, Exports> = {};
  const parses: Record<string, number[]> = {};
  const runs = [
    { name: 'one thread', workers: 1, cores: 2 },
    { name: 'no core left', workers: 2, cores: 2 },
    { name: 'a core left', workers: 2, cores: 8 },
  ];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'warc-overlay-workers-'));
    for (const crawl of [1, 2]) {
      const file = join(work, `crawl-${crawl}.warc.gz`);
      await generateMix(file, { ...SPEC, crawl });
      crawls.push(file);
    }
    for (const { name, workers, cores } of runs) {
      machine.cores = cores;
      const outDir = join(work, name.replaceAll(' ', '-'));
      const report = await buildOverlay({ inputs: crawls, outDir, workers, writePages: false });
      built[name] = exportsOf(outDir);
      parses[name] = report.crawls.map((c) => c.pageParses);
    }
    machine.cores = 2;
  }, 180_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('writes the objects, pages, comments and changes of a build in one thread', () => {
    expect(SPEC.pages).toBeGreaterThanOrEqual(MIN_PAGES_FOR_WORKERS);
    const one = built['one thread'] as Exports;
    expect(one.objects.length).toBeGreaterThanOrEqual(2 * SPEC.pages);
    expect(one.changes.length).toBeGreaterThan(0);
    expect(built['no core left']).toEqual(one);
    expect(built['a core left']).toEqual(one);
  });

  it('parses each page of the first crawl once in one thread, and with workers that leave the main thread no core; else the templates sample twice', () => {
    const sites = SPEC.pages / SPEC.pagesPerSite;
    expect(sites * (SPEC.pagesPerSite - MAX_FEED_PAGES_IN_MEMORY)).toBeGreaterThanOrEqual(MIN_PAGES_FOR_WORKERS);
    // 300 before: a host's first pages were no longer held when the templates pass read its sample.
    expect(parses['one thread']?.[0]).toBe(SPEC.pages);
    expect(parses['no core left']).toEqual(parses['one thread']);
    // The pool extracts every page; the main thread parses each host's sample again.
    expect(parses['a core left']?.[0]).toBe(SPEC.pages + sites * MAX_FEED_PAGES_IN_MEMORY);
  });
});

describe('build with a worker pool, one page beyond a worker heap', () => {
  let work = '';
  const built: Record<string, { exports: Exports; failed: number }> = {};
  // More posts than the templates pass reads again, by more than the pool's threshold: with 2
  // workers on the 2 cores set above, the huge page, last, is one the pool extracts.
  const SMALL = MAX_FEED_PAGES_IN_MEMORY + MIN_PAGES_FOR_WORKERS + 5;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'warc-overlay-worker-heap-'));
    const site = 'http://heap.example';
    const words = (i: number): string => `Notes ${i} on the river garden, the old bridge ${i} and the station market in winter light.`;
    const posts = Array.from({ length: SMALL }, (_, i) => ({ url: `${site}/p${i}/`, title: `Post ${i}`, text: words(i) }));
    // 60,000 elements (2.5 MB): inside the parse limits, far beyond a 64 MB worker heap.
    const huge = { url: `${site}/huge/`, title: 'Huge', text: 'word and more words here' };
    const captures = rssSite(site, [...posts, huge], (p) =>
      p === huge ? '<div><p>word and more words here</p></div>'.repeat(60_000) : '',
    );
    const crawl = join(work, 'crawl.warc.gz');
    await writeWarc(crawl, '2025-01-01T00:00:00Z', captures);
    for (const workers of [1, 2]) {
      const outDir = join(work, `workers-${workers}`);
      const diagnostics = new Diagnostics();
      await buildOverlay({ inputs: [crawl], outDir, workers, workerHeapMb: 64, diagnostics, writePages: false });
      built[workers] = { exports: exportsOf(outDir), failed: diagnostics.count('extract.worker-failed') };
    }
  }, 120_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('runs the pool: the huge page is reported and not read by its feed item; every other page is extracted as in one thread', () => {
    const one = built[1] as { exports: Exports; failed: number };
    const two = built[2] as { exports: Exports; failed: number };
    const isHuge = (o: string): boolean => o.includes('"url":"http://heap.example/huge/"');
    const feedOfHuge = (e: Exports): unknown[] =>
      e.objects.filter(isHuge).map((o) => (JSON.parse(o) as { feed_url: string | null }).feed_url);
    // In one thread the heap bound does not apply: the huge page is read by its feed item.
    expect(one.failed).toBe(0);
    expect(feedOfHuge(one.exports)).toEqual(['http://heap.example/feed.xml']);
    // In the pool its worker gives up; the templates pass of the main thread may still find the post.
    expect(two.failed).toBe(1);
    expect(feedOfHuge(two.exports)).not.toContain('http://heap.example/feed.xml');
    expect(two.exports.objects.filter((o) => !isHuge(o))).toEqual(one.exports.objects.filter((o) => !isHuge(o)));
    expect(one.exports.objects.length).toBe(SMALL + 1);
  });
});
