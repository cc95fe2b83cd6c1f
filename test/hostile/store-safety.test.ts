/**
 * Crashes and concurrent runs are visible and safe: a build killed with SIGKILL leaves its crawl
 * unfinished, `stats` and `export` say so (`--strict` makes it an error), a rerun completes it and
 * equals a clean build; two builds on one overlay never interleave (the second refuses, exit 2);
 * a finished overlay is left in rollback-journal mode, readable from read-only storage; a damaged
 * row of stored comment evidence is a warning, not a failure.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBounded } from '../helpers/bounded-run.js';
import { cli, objectUrls, STACK_FRAME, startCli } from '../helpers/cli-runner.js';
import { SAMPLE_1, SAMPLE_2 } from './sample-records.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rows per table of an overlay (what "equals a clean build" compares). */
function tableCounts(dir: string): Record<string, number> {
  const db = new Database(join(dir, 'overlay.sqlite'), { readonly: true });
  try {
    const count = (t: string) => (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n;
    return Object.fromEntries(
      ['crawls', 'captures', 'feeds', 'items', 'objects', 'versions', 'comments', 'changes', 'segments'].map((t) => [t, count(t)]),
    );
  } finally {
    db.close();
  }
}

function unfinishedCrawls(dir: string): number {
  const db = new Database(join(dir, 'overlay.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM crawls WHERE finished_at IS NULL').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('interrupted and concurrent builds', () => {
  let work = '';
  let clean: { objects: string[]; counts: Record<string, number> };
  const build = (out: string) => cli('build', SAMPLE_1, SAMPLE_2, '--out', out, '--no-pages', '--workers', '1');

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'warc-overlay-store-safety-'));
    const out = join(work, 'clean');
    expect(build(out).code).toBe(0);
    clean = { objects: objectUrls(out), counts: tableCounts(out) };
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('leaves a finished overlay in rollback-journal mode with no WAL file (readable from read-only storage)', () => {
    const file = join(work, 'clean', 'overlay.sqlite');
    const header = readFileSync(file).subarray(18, 20);
    expect([...header]).toEqual([1, 1]);
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(existsSync(join(work, 'clean', 'overlay.lock'))).toBe(false);
  });

  it('after kill -9: stats and export warn "unfinished", --strict fails, a rerun equals a clean build', async () => {
    const out = join(work, 'killed');
    const running = startCli('build', SAMPLE_1, SAMPLE_2, '--out', out, '--no-pages', '--workers', '1');
    // Kill once the first crawl's row exists and before the build ends.
    for (let i = 0; i < 600; i++) {
      await sleep(50);
      if (
        existsSync(join(out, 'overlay.sqlite')) &&
        (() => {
          try {
            return unfinishedCrawls(out) > 0;
          } catch {
            return false;
          }
        })()
      )
        break;
    }
    running.child.kill('SIGKILL');
    const killed = await running.done;
    expect(killed.signal).toBe('SIGKILL');
    expect(unfinishedCrawls(out)).toBe(1);

    const stats = cli('stats', out);
    expect(stats.code).toBe(0);
    expect(stats.stderr).toMatch(
      /warning: overlay .* holds 1 unfinished crawl\(s\), whose build was interrupted: .*pelican-crawl-\d\.warc\.gz .*rerun 'warc-overlay build'/,
    );
    const exported = cli('export', out, '--what', 'objects');
    expect(exported.code).toBe(0);
    expect(exported.stderr).toMatch(/unfinished crawl/);
    const strict = cli('stats', out, '--strict');
    expect(strict.code).toBe(2);
    expect(strict.stdout).toBe('');
    expect(strict.stderr).toMatch(/unfinished crawl.*\(--strict\)/);
    expect(strict.stderr).not.toMatch(STACK_FRAME);

    // The dead build's lock is stale: the rerun takes it over and completes the crawl.
    const rerun = build(out);
    expect(rerun.stderr).not.toMatch(STACK_FRAME);
    expect(rerun.code).toBe(0);
    expect(unfinishedCrawls(out)).toBe(0);
    expect(cli('stats', out).stderr).not.toMatch(/unfinished/);
    expect(objectUrls(out)).toEqual(clean.objects);
    expect(tableCounts(out)).toEqual(clean.counts);
  }, 180_000);

  it('two builds at once: one writes, the other refuses in one line (exit 2); the overlay equals a clean build', async () => {
    const out = join(work, 'concurrent');
    const args = ['build', SAMPLE_1, SAMPLE_2, '--out', out, '--no-pages', '--workers', '1'];
    const [a, b] = await Promise.all([
      startCli(...args).done,
      (async () => {
        await sleep(300);
        return startCli(...args).done;
      })(),
    ]);
    for (const r of [a, b]) expect(r.stderr).not.toMatch(STACK_FRAME);
    const codes = [a.code, b.code].sort();
    // Normally the second refuses; if the first had already finished, the second finds both crawls built.
    expect([
      [0, 2],
      [0, 0],
    ]).toContainEqual(codes);
    const refused = [a, b].find((r) => r.code === 2);
    if (refused !== undefined)
      expect(refused.stderr).toMatch(/^warc-overlay: overlay .* is being written by process \d+ on .*; wait for that build to finish/);
    expect(objectUrls(out)).toEqual(clean.objects);
    expect(tableCounts(out)).toEqual(clean.counts);
  }, 180_000);

  it('refuses a lock held by a live process and takes over one whose process is gone', () => {
    const out = join(work, 'locked');
    mkdirSync(out);
    writeFileSync(join(out, 'overlay.lock'), JSON.stringify({ pid: process.pid, host: hostname(), started: '2026-11-24T00:00:00Z' }));
    const refused = cli('build', SAMPLE_1, '--out', out, '--no-pages');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `overlay ${out} is being written by process ${process.pid} on ${hostname()} since 2026-11-24T00:00:00Z`,
    );
    const gone = runBounded(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(
      join(out, 'overlay.lock'),
      JSON.stringify({ pid: Number(gone.stdout), host: hostname(), started: '2026-11-24T00:00:00Z' }),
    );
    const taken = cli('build', SAMPLE_1, '--out', out, '--no-pages', '--workers', '1');
    expect(taken.code).toBe(0);
    expect(existsSync(join(out, 'overlay.lock'))).toBe(false);
  }, 120_000);
  it("counts a damaged row of a host's comment evidence as a located warning, and the added crawl builds as one without it", () => {
    const out = join(work, 'damaged-evidence');
    expect(cli('build', SAMPLE_1, '--out', out, '--no-pages', '--workers', '1').code).toBe(0);
    const db = new Database(join(out, 'overlay.sqlite'));
    try {
      const damaged = db.prepare(`UPDATE comment_sites SET evidence = '{"pages": "many"'`).run().changes;
      expect(damaged).toBeGreaterThan(0);
    } finally {
      db.close();
    }
    const added = cli('build', SAMPLE_2, '--out', out, '--no-pages', '--workers', '1');
    expect(added.code).toBe(0);
    expect(`${added.stdout}${added.stderr}`).toMatch(
      /store\.bad-evidence.*\n.*comment evidence of \S+ from another crawl \(the store's comment_sites\) is unreadable: not counted/,
    );
    expect(added.stderr).not.toMatch(STACK_FRAME);
    expect(objectUrls(out)).toEqual(clean.objects);
  }, 120_000);
});
