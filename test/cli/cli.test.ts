/**
 * The README's commands end to end, through the real CLI entry (`main`) in a child process: build
 * the shipped sample crawls, rebuild (idempotent), export every kind, changes, stats, exit codes.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, ROOT } from '../helpers/cli-runner.js';

const CRAWL_1 = join(ROOT, 'samples', 'pelican-crawl-1.warc.gz');
const CRAWL_2 = join(ROOT, 'samples', 'pelican-crawl-2.warc.gz');

const jsonl = (s: string): Array<Record<string, unknown>> =>
  s
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

function rowCounts(dir: string): Record<string, number> {
  const db = new Database(join(dir, 'overlay.sqlite'), { readonly: true });
  try {
    const count = (t: string) => (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n;
    return Object.fromEntries(
      ['crawls', 'captures', 'feeds', 'items', 'objects', 'versions', 'comments', 'changes'].map((t) => [t, count(t)]),
    );
  } finally {
    db.close();
  }
}

describe('warc-overlay CLI on the shipped sample', () => {
  let work = '';
  let out = '';
  let first: ReturnType<typeof cli>;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'warc-overlay-cli-'));
    out = join(work, 'overlay');
    first = cli('build', CRAWL_1, CRAWL_2, '--out', out);
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('builds both crawls and prints a report', () => {
    expect(first.stderr).not.toMatch(/error/i);
    expect(first.stderr).toMatch(/reconstructed pages: \d+ pages/);
    expect(first.code).toBe(0);
    expect(existsSync(join(out, 'pages', 'index.html'))).toBe(true);
    expect(first.stdout).toMatch(/pelican-crawl-1\.warc\.gz/);
    expect(first.stdout).toMatch(/items\s+\d+ article items, (\d+) paired, 0 unpaired/);
    expect(first.stdout).toMatch(/changes\s+.*new/);
  });

  it('is idempotent: the same crawls again add no rows', () => {
    const before = rowCounts(out);
    const again = cli('build', CRAWL_1, CRAWL_2, '--out', out);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/already in the overlay, skipped/);
    expect(rowCounts(out)).toEqual(before);
  }, 60_000);

  it('exports objects with the documented fields', () => {
    const r = cli('export', out, '--what', 'objects');
    expect(r.code).toBe(0);
    const objects = jsonl(r.stdout);
    expect(objects.length).toBeGreaterThan(10);
    for (const o of objects) {
      // the fields DESIGN.md "export --what objects" documents
      const documented = 'url canonical_url feed_url guid crawl capture_time title author published updated categories text html';
      expect(Object.keys(o)).toEqual(expect.arrayContaining(`${documented} references comments method confidence`.split(' ')));
      expect(['full-feed', 'feed-guided', 'template', 'mcst', 'segmentation']).toContain(o.method);
      expect((o.text as string).length).toBeGreaterThan(0);
      expect(o.confidence).toBeGreaterThanOrEqual(0);
      expect(o.confidence).toBeLessThanOrEqual(1);
    }
    expect(objects.some((o) => o.method === 'feed-guided')).toBe(true);
  });

  it('exports pages, changes, feeds and templates; CSV has a header', () => {
    const pages = jsonl(cli('export', out, '--what', 'pages').stdout);
    expect(pages.some((p) => p.is_post === true)).toBe(true);
    expect(pages.some((p) => p.is_post === false)).toBe(true);
    const changes = jsonl(cli('export', out, '--what', 'changes').stdout);
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes) expect(Array.isArray(c.kinds)).toBe(true);
    const feeds = cli('export', out, '--what', 'feeds', '--format', 'csv');
    expect(feeds.code).toBe(0);
    expect(feeds.stdout.split('\n')[0]).toMatch(/^url,title,format,kind/);
  });

  it('exports Parquet with the same rows as the JSON lines', async () => {
    const { parquetReadObjects } = await import('hyparquet');
    for (const what of ['objects', 'pages', 'comments', 'changes']) {
      const file = join(work, `${what}.parquet`);
      const run = cli('export', out, '--what', what, '--format', 'parquet', '--output', file);
      expect(run.code).toBe(0);
      const buf = readFileSync(file);
      const rows = await parquetReadObjects({ file: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) });
      const lines = jsonl(cli('export', out, '--what', what).stdout);
      expect(rows.length).toBe(lines.length);
      const key = (r: Record<string, unknown>) => r.url ?? r.object_url ?? null;
      expect(rows.map(key)).toEqual(lines.map(key));
    }
    // DuckDB reads the same files: row counts and the provenance columns with their types
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    try {
      const objectsFile = join(work, 'objects.parquet').replace(/'/g, "''");
      const count = (await duck.runAndReadAll(`SELECT count(*) FROM read_parquet('${objectsFile}')`)).getRows()[0]?.[0];
      expect(Number(count)).toBe(jsonl(cli('export', out, '--what', 'objects').stdout).length);
      const types = (
        await duck.runAndReadAll(`SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('${objectsFile}'))`)
      ).getRows();
      expect(Object.fromEntries(types.map(([n, t]) => [String(n), String(t)]))).toMatchObject({
        warc_file: 'VARCHAR',
        warc_offset: 'BIGINT',
        warc_record_id: 'VARCHAR',
        status: 'BIGINT',
        confidence: 'DOUBLE',
        language: 'VARCHAR',
      });
    } finally {
      duck.closeSync();
    }
  });

  it('segments the home page by its feeds: the posts the Atom and RSS feeds both list are found once', () => {
    const db = new Database(join(out, 'overlay.sqlite'), { readonly: true });
    try {
      const rows = db
        .prepare(
          "SELECT s.capture_id, s.method, s.permalink FROM segments s JOIN captures c ON c.id = s.capture_id WHERE c.url = 'http://pelican-dev.test:8090/'",
        )
        .all() as Array<{ capture_id: number; method: string; permalink: string | null }>;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.method === 'feed-guided')).toBe(true);
      expect(new Set(rows.map((r) => `${r.capture_id} ${r.permalink}`)).size).toBe(rows.length);
    } finally {
      db.close();
    }
  });

  it('changes prints a report; --format jsonl filters by kind', () => {
    const text = cli('changes', out);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^\d+ changes?/);
    const onlyNew = jsonl(cli('changes', out, '--kind', 'new', '--format', 'jsonl').stdout);
    for (const c of onlyNew) expect(c.kinds).toContain('new');
    expect(cli('changes', out, '--since', 'yesterday-ish').code).toBe(2);
  });

  it('--explain prints the decision trail of matching pages', () => {
    const r = cli('build', CRAWL_1, '--out', join(work, 'explained'), '--explain', '/posts/', '--no-pages');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/explain http:\/\/\S+\/posts\//);
    expect(r.stdout).toMatch(/semantic input: \d+ tokens/);
    expect(r.stdout).toMatch(/=> extracted \(confidence 0?\.\d+\)|=> no object: /);
    expect(r.stdout).toMatch(/no feed item pairs with this page: classified by template/);
  }, 60_000);

  it('stats describes each feed', () => {
    const r = cli('stats', out);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/article feed/);
    expect(r.stdout).toMatch(/snapshot\(s\)/);
  });

  it('an export file that cannot be written is one located line (exit 2), never a stack', () => {
    const underFile = cli('export', out, '--what', 'objects', '--out', join(out, 'overlay.sqlite', 'objects.jsonl'));
    expect(underFile.code).toBe(2);
    expect(underFile.stderr.trim()).toBe(
      `warc-overlay: open failed, a path component is a file, not a directory (ENOTDIR): ${join(out, 'overlay.sqlite', 'objects.jsonl')}`,
    );
    // A full disk while rows are written (Linux: /dev/full fails every write with ENOSPC).
    if (existsSync('/dev/full')) {
      const full = cli('export', out, '--what', 'objects', '--format', 'csv', '--out', '/dev/full');
      expect(full.code).toBe(2);
      expect(full.stderr.trim()).toBe('warc-overlay: write failed, no space left on the device (ENOSPC): /dev/full');
    }
  });

  it('writes the overlay as a WACZ', () => {
    const r = cli('export', out, '--format', 'wacz');
    expect(r.code).toBe(0);
    expect(statSync(join(out, 'overlay.wacz')).size).toBeGreaterThan(1000);
  });
});

describe('warc-overlay CLI exit codes', () => {
  let work = '';
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'warc-overlay-exit-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('2 on no readable input, with the reason', () => {
    const missing = cli('build', join(work, 'nope.warc.gz'), '--out', join(work, 'o1'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.warc\.gz/);
    const notWarc = join(work, 'notes.warc');
    copyFileSync(join(ROOT, 'README.md'), notWarc);
    expect(cli('build', notWarc, '--out', join(work, 'o2')).code).toBe(2);
  }, 60_000);

  it('2 on usage errors', () => {
    expect(cli('frobnicate').code).toBe(2);
    expect(cli('export', join(work, 'o3'), '--what', 'everything').code).toBe(2);
    // Numbers yargs would read as NaN, or out of their range, are refused before any work.
    const workers = cli('build', CRAWL_1, '--out', join(work, 'o5'), '--workers', 'abc');
    expect(workers.code).toBe(2);
    expect(workers.stderr).toContain('--workers is not a number: give a whole number from 1 to 256');
    expect(existsSync(join(work, 'o5'))).toBe(false);
    const port = cli('serve', join(work, 'o3'), '--port', '99999');
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('--port 99999 is out of range: give a whole number from 0 to 65535');
    expect(cli('changes', join(work, 'o3'), '--context', '2.5').stderr).toContain('--context 2.5 is not a whole number');
  }, 60_000);

  it('1 when a crawl is truncated mid-record: located message, the rest is kept', () => {
    const broken = join(work, 'truncated.warc.gz');
    copyFileSync(CRAWL_1, broken);
    truncateSync(broken, Math.floor(statSync(CRAWL_1).size * 0.6));
    const r = cli('build', broken, '--out', join(work, 'o4'), '--json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { crawls: Array<{ captures: number }>; errors: Array<{ kind: string; examples: string[] }> };
    expect(report.crawls[0]?.captures).toBeGreaterThan(10);
    expect(report.errors.length).toBeGreaterThan(0);
    expect(report.errors[0]?.examples[0]).toMatch(/truncated\.warc\.gz.*(offset|@)/);
    expect(readFileSync(join(work, 'o4', 'overlay.sqlite')).length).toBeGreaterThan(0);
  }, 60_000);
});
