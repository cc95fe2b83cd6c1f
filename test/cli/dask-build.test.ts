/**
 * scripts/dask-build on a real local Dask cluster (2 worker processes) against a single build of
 * the same crawls (#16): the shipped samples, plus the wp-dev corpus of ../shared when present
 * (several sites, crawls of different sites interleaved). Skipped, saying why, only where Debian's
 * python3-distributed is missing (scripts/setup-dask.sh installs it; .ci/run calls that).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlay } from '../../src/build/index.js';
import { runBounded } from '../helpers/bounded-run.js';
import { DRIVER, exportsOf, PYTHON, ROOT } from '../scale-out-helpers.js';
import { CORPUS_ROOT, sharedAvailable } from '../shared-data.js';

const hasDask = runBounded(PYTHON, ['-c', 'import dask, distributed']).code === 0;
const SKIP_REASON = 'python3-distributed is not installed (run scripts/setup-dask.sh)';

const SAMPLES = ['pelican-crawl-1.warc.gz', 'pelican-crawl-2.warc.gz'].map((f) => join('samples', f));
// With ../shared: two sites, their crawls interleaved (a crawl of one site between two of the other).
const INPUTS = sharedAvailable()
  ? [SAMPLES[0], join(CORPUS_ROOT, 'wp-dev', 'crawl-1.warc.gz'), SAMPLES[1], join(CORPUS_ROOT, 'wp-dev', 'crawl-2.warc.gz')].map(String)
  : SAMPLES;

function driver(...args: string[]): { code: number; stdout: string; stderr: string } {
  return runBounded(PYTHON, [DRIVER, ...args], { cwd: ROOT, timeoutMs: 280_000 });
}

describe.skipIf(!hasDask)(`scripts/dask-build on a local Dask cluster${hasDask ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  let work = '';
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'warc-overlay-dask-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it(`gives the exports of one build (${INPUTS.length} crawls, 2 workers, 3 buckets)`, async () => {
    await buildOverlay({ inputs: INPUTS.map((p) => resolve(ROOT, p)), outDir: join(work, 'single'), workers: 1, writePages: false });
    const out = join(work, 'dask');
    const run = driver('--workers', '2', '--buckets', '3', '--out', out, ...INPUTS.map((p) => resolve(ROOT, p)));
    expect(run.stderr).toMatch(/indexed .*\(1\/\d\)/);
    expect(run.stderr).toMatch(/plan: bucket 0: \d+ sites/);
    expect(run.code, run.stderr).toBe(0);
    const got = exportsOf(out);
    expect(got.objects.length).toBeGreaterThan(0);
    expect(got).toEqual(exportsOf(join(work, 'single')));
  }, 300_000);

  it('with one bucket, passes --crawl-by to index: crawls named and split as build names them', async () => {
    const inputs = SAMPLES.map((p) => resolve(ROOT, p));
    await buildOverlay({ inputs, outDir: join(work, 'single-by-day'), workers: 1, writePages: false, crawlBy: 'day' });
    const out = join(work, 'dask-by-day');
    const run = driver('--workers', '2', '--buckets', '1', '--crawl-by', 'day', '--out', out, ...inputs);
    expect(run.code, run.stderr).toBe(0);
    const got = exportsOf(out);
    expect(got.objects.some((o) => o.includes('"crawl":"pelican-crawl-2.warc.gz@2026-11-22"'))).toBe(true);
    expect(got).toEqual(exportsOf(join(work, 'single-by-day')));
    const labelled = driver('--workers', '1', '--crawl', 'may', '--crawl-by', 'day', '--out', join(work, 'x'), ...inputs);
    expect(labelled.code).toBe(2);
    expect(labelled.stderr).toMatch(/--crawl labels name whole inputs/);
  }, 300_000);

  it('stops on a failed task with its message and a non-zero exit', () => {
    const missing = join(work, 'no-such-crawl.warc.gz');
    const run = driver('--workers', '2', '--out', join(work, 'failed'), SAMPLES[0] as string, missing);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/FAILED index .*no-such-crawl\.warc\.gz: warc-overlay index exited 2/);
    expect(run.stderr).toMatch(/cannot read: ENOENT/);
    expect(run.stderr).not.toMatch(/merged/);
  }, 300_000);
});
