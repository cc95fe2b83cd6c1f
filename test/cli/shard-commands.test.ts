/**
 * The shard commands through the real CLI entry, in child processes: index on stdin lines,
 * shard-build reading a pipe, merge, and the exit codes an engine checks (#16).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IndexRow, indexArchives, mergeShards } from '../../src/build/index.js';
import { EMITTED_KINDS } from '../../src/cli/commands/shard-build.js';
import { rowsOf, writeExportParquet } from '../../src/cli/commands/export.js';
import { Diagnostics } from '../../src/core/diagnostics.js';
import { openStore } from '../../src/store/index.js';
import { type CliRun, cliFed } from '../helpers/cli-runner.js';
import { bucketRows, planByName } from '../scale-out-helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CRAWL_1 = join(ROOT, 'samples', 'pelican-crawl-1.warc.gz');
const CRAWL_2 = join(ROOT, 'samples', 'pelican-crawl-2.warc.gz');

/** The CLI with `input` (default none) on its standard input. */
const cli = (args: string[], input = ''): CliRun => cliFed(input, ...args);

describe('index, shard-build and merge commands', () => {
  let work = '';
  let index: ReturnType<typeof cli>;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'warc-overlay-shard-cli-'));
    index = cli(['index'], `first crawl\t${CRAWL_1}\t7\n`);
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('index reads crawl<TAB>path<TAB>order lines and labels every row', () => {
    expect(index.code).toBe(0);
    const rows = index.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; crawl: string; crawl_order: number });
    expect(rows.every((r) => r.crawl === 'first crawl' && r.crawl_order === 7)).toBe(true);
    expect(rows.at(-1)?.type).toBe('file');
    expect(index.stderr).toMatch(/index: 1 files, 74 captures, 2 feeds, 20 feed items/);
  });

  it('shard-build + merge make an overlay that export and stats read', () => {
    const shard = join(work, 'shard');
    const built = cli(['shard-build', '--shard', shard], index.stdout);
    expect(built.code, built.stderr).toBe(0);
    const summary = JSON.parse(built.stdout) as { rows: { captures: number }; crawls: Array<{ name: string; objects: number }> };
    expect(summary.rows.captures).toBe(74);
    expect(summary.crawls).toEqual([expect.objectContaining({ name: 'first crawl', objects: 40 })]);
    const out = join(work, 'merged');
    const merged = cli(['merge', shard, '--out', out, '--no-pages']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(JSON.parse(merged.stdout)).toMatchObject({ shards: 1, crawls: 1, captures: 74 });
    const objects = cli(['export', out, '--what', 'objects']);
    expect(objects.stdout.trim().split('\n')).toHaveLength(30); // one fused version per post of the crawl
    expect(cli(['stats', out]).code).toBe(0);
  }, 120_000);

  it('fails with exit 2 and a located message on bad input', () => {
    const missing = cli(['index', join(work, 'missing.warc.gz')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/missing\.warc\.gz.*cannot read: ENOENT/);
    const garbled = cli(['shard-build', '--shard', join(work, 'bad')], `${index.stdout.split('\n')[0]}\n{"type":"capture",\nnot json\n`);
    expect(garbled.code).toBe(2);
    expect(garbled.stderr).toMatch(/shard-build: line 2: not JSON/);
    const noShard = cli(['merge', join(work, 'nothing'), '--out', join(work, 'x')]);
    expect(noShard.code).toBe(2);
    expect(noShard.stderr).toMatch(/no shard store in .*nothing/);
  }, 120_000);
});

describe('shard-build --emit parquet', () => {
  let work = '';
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'warc-overlay-shard-parquet-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("the shards' Parquet files read over a glob hold the merged overlay's export rows, each once", async () => {
    const rows: IndexRow[] = [];
    await indexArchives(
      [CRAWL_1, CRAWL_2].map((path) => ({ crawl: null, crawlOrder: null, path })),
      new Diagnostics(),
      (row) => void rows.push(row),
    );
    // Every feed goes to both buckets: both shards hold its full-content objects, each emits only its own sites'.
    const parts = bucketRows(rows, planByName(rows, 2));
    const shardDirs = parts.map((_, b) => join(work, `shard-${b}`));
    for (const [b, part] of parts.entries()) {
      const built = cli(
        ['shard-build', '--shard', shardDirs[b] as string, '--emit', 'parquet'],
        part.map((r) => `${JSON.stringify(r)}\n`).join(''),
      );
      expect(built.code, built.stderr).toBe(0);
    }
    const merged = join(work, 'merged');
    await mergeShards({ shardDirs, outDir: merged, writePages: false });
    const db = openStore(merged, { writable: false });
    try {
      for (const what of EMITTED_KINDS) await writeExportParquet(rowsOf(db, what, false), what, join(merged, `${what}.parquet`));
    } finally {
      db.close();
    }
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const count = async (sql: string) => Number((await duck.runAndReadAll(sql)).getRows()[0]?.[0]);
    for (const what of EMITTED_KINDS) {
      const files = parts.map((_, b) => join(work, `shard-${b}`, `${what}.parquet`)).filter((f) => existsSync(f));
      const inWhole = await count(`SELECT count(*) FROM read_parquet('${join(merged, `${what}.parquet`)}')`);
      if (inWhole === 0) {
        // The samples have no comments: a kind without rows gets no file in any shard.
        expect(files, what).toEqual([]);
        continue;
      }
      const shards = `read_parquet('${join(work, 'shard-*', `${what}.parquet`)}', union_by_name = true)`;
      const whole = `read_parquet('${join(merged, `${what}.parquet`)}')`;
      expect(await count(`SELECT count(*) FROM ${shards}`), what).toBe(inWhole);
      const differ = await count(
        `SELECT count(*) FROM ((FROM ${shards} EXCEPT ALL FROM ${whole}) UNION ALL (FROM ${whole} EXCEPT ALL FROM ${shards}))`,
      );
      expect(differ, what).toBe(0);
    }
    expect(await count(`SELECT count(*) FROM read_parquet('${join(merged, 'objects.parquet')}')`)).toBeGreaterThan(0);
    // A shard holding every capture but owning another site than the blog emits none of the blog's rows.
    const other = join(work, 'other-site');
    const lines = [{ type: 'site', site: 'gnu.org' }, ...rows.filter((r) => r.type !== 'item')]
      .map((r) => `${JSON.stringify(r)}\n`)
      .join('');
    const built = cli(['shard-build', '--shard', other, '--emit', 'parquet'], lines);
    expect((JSON.parse(built.stdout) as { crawls: Array<{ objects: number }> }).crawls[0]?.objects).toBeGreaterThan(0);
    for (const what of EMITTED_KINDS) expect(existsSync(join(other, `${what}.parquet`)), what).toBe(false);
    // One fused version per article and crawl across the shards, though both shards hold the feeds' full-content objects.
    const both = `read_parquet('${join(work, 'shard-*', 'objects.parquet')}')`;
    expect(await count(`SELECT count(*) - count(DISTINCT (url, crawl)) FROM ${both}`)).toBe(0);
  }, 240_000);
});
