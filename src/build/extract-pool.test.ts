/** The extraction pass gives the same objects in worker threads as in the main thread. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Diagnostics } from '../core/diagnostics.js';
import { buildOverlay } from './build-overlay.js';
import { openStore, readPairedItems, resolvePayloadSource } from '../store/index.js';
import { inProcessRunner, type PageJobRunner, workerPoolRunner } from './extract-pool.js';
import type { PageJob, PageJobResult } from './page-job.js';
import { writeWarc } from '../../test/generalisation/fixture-warc.js';

const SAMPLE = join(import.meta.dirname, '..', '..', 'samples', 'pelican-crawl-1.warc.gz');

async function runAll(runner: PageJobRunner, jobs: PageJob[]): Promise<Map<string, PageJobResult>> {
  const out = new Map<string, PageJobResult>();
  try {
    await runner.run(jobs, (result, job) => out.set(job.url, result));
  } finally {
    await runner.close();
  }
  return out;
}

/** The page jobs of the paired items of overlay `dir`. */
function jobsOf(dir: string): PageJob[] {
  const db = openStore(dir, { writable: false });
  try {
    return readPairedItems(db).map((p) => ({
      source: resolvePayloadSource(db, p.captureId) as NonNullable<ReturnType<typeof resolvePayloadSource>>,
      url: p.url,
      item: p.item,
      feedUrl: p.feedUrl,
      commentItems: [],
      pendingCommentFeeds: [],
      hints: 'all',
      explain: true,
    }));
  } finally {
    db.close();
  }
}

describe('extraction worker pool', () => {
  let dir = '';
  let jobs: PageJob[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-pool-'));
    await buildOverlay({ inputs: [SAMPLE], outDir: dir, diagnostics: new Diagnostics(), writePages: false });
    jobs = jobsOf(dir);
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('returns, for every job, what the main thread computes', async () => {
    expect(jobs.length).toBeGreaterThan(5);
    const inProcess = await runAll(inProcessRunner(), jobs);
    const pooled = await runAll(workerPoolRunner(2), jobs);
    expect(pooled.size).toBe(jobs.length);
    for (const job of jobs) expect(pooled.get(job.url)).toEqual(inProcess.get(job.url));
    expect([...pooled.values()].every((r) => r.ok && r.explain !== null)).toBe(true);
  }, 60_000);

  it('reports an unreadable record as a located diagnostic and goes on', async () => {
    const broken = jobs.map((j, i) => (i === 0 ? { ...j, source: { ...j.source, offset: j.source.offset + 7 } } : j));
    const pooled = await runAll(workerPoolRunner(2), broken);
    const first = pooled.get(broken[0]?.url ?? '');
    expect(first?.ok).toBe(false);
    expect(first?.diagnostics.length).toBeGreaterThan(0);
    expect(first?.diagnostics[0]?.message).toMatch(/pelican-crawl-1\.warc\.gz @ \d+/);
    expect([...pooled.values()].filter((r) => r.ok).length).toBe(jobs.length - 1);
  }, 60_000);
});

describe('a page that exhausts a worker', () => {
  let dir = '';
  let hugeJob: PageJob | undefined;
  let jobs: PageJob[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-pool-heap-'));
    const warc = join(dir, 'huge.warc.gz');
    // 60,000 elements (2.5 MB): inside the parse limits, far beyond a 64 MB worker heap.
    const huge = `<html><body><article><h1>Huge</h1>${'<div><p>word and more words here</p></div>'.repeat(60_000)}</article></body></html>`;
    const feed = `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>http://h.example/</link><description>x</description><item><title>Huge</title><link>http://h.example/huge/</link><description>word and more words here</description></item></channel></rss>`;
    await writeWarc(warc, '2025-01-01T00:00:00Z', [
      { url: 'http://h.example/feed.xml', body: feed, type: 'application/rss+xml' },
      { url: 'http://h.example/huge/', body: huge },
    ]);
    await buildOverlay({ inputs: [SAMPLE], outDir: join(dir, 'sample'), diagnostics: new Diagnostics(), writePages: false });
    await buildOverlay({ inputs: [warc], outDir: join(dir, 'huge'), diagnostics: new Diagnostics(), writePages: false });
    jobs = [...jobsOf(join(dir, 'sample'))];
    hugeJob = jobsOf(join(dir, 'huge'))[0];
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is reported at its record; the jobs its worker held come back as usual', async () => {
    expect(hugeJob?.url).toBe('http://h.example/huge/');
    const huge = hugeJob as PageJob;
    // One worker holding the huge page first and other pages behind it: those are run again, one by one.
    const all = [huge, ...jobs];
    const pooled = await runAll(workerPoolRunner(1, { heapMb: 64 }), all);
    expect(pooled.size).toBe(all.length);
    const failed = pooled.get(huge.url);
    expect(failed?.ok).toBe(false);
    expect(failed?.diagnostics.map((d) => d.kind)).toEqual(['extract.worker-failed']);
    expect(failed?.diagnostics[0]?.message).toMatch(/64 MB.*huge\.warc\.gz @ \d+, http:\/\/h\.example\/huge\/\)$/);
    const inProcess = await runAll(inProcessRunner(), jobs);
    for (const job of jobs) expect(pooled.get(job.url)).toEqual(inProcess.get(job.url));
  }, 60_000);
});
