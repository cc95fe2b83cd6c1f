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

describe('extraction worker pool', () => {
  let dir = '';
  let jobs: PageJob[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-pool-'));
    await buildOverlay({ inputs: [SAMPLE], outDir: dir, diagnostics: new Diagnostics(), writePages: false });
    const db = openStore(dir, { writable: false });
    jobs = readPairedItems(db).map((p) => ({
      source: resolvePayloadSource(db, p.captureId) as NonNullable<ReturnType<typeof resolvePayloadSource>>,
      url: p.url,
      item: p.item,
      feedUrl: p.feedUrl,
      commentItems: [],
      pendingCommentFeeds: [],
      hints: 'all',
      explain: true,
    }));
    db.close();
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
