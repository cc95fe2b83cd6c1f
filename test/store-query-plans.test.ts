/**
 * Adding crawl N costs time in proportion to crawl N, not to the history (#15 item 4): no statement
 * a build prepares, nor the readers of the exports and stats, scans a table that grows with the
 * history. Every SQL text prepared while two crawls are built, read and exported is planned with
 * SQLite's EXPLAIN QUERY PLAN; a plain SCAN of such a table (no index used) is a statement whose
 * cost grows with every crawl added, whatever the crawl it works for.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlay } from '../src/build/index.js';
import { openStore, readChanges, readDiscoveredFeeds, readFeedStats, readObjectVersions, readPages } from '../src/store/index.js';

const SAMPLES = join(import.meta.dirname, '..', 'samples');

/** Tables whose rows accumulate crawl after crawl (feeds and crawls stay few: listing them whole is fine). */
const GROWING = new Set([
  'captures',
  'objects',
  'versions',
  'comments',
  'changes',
  'items',
  'pairings',
  'snapshot_items',
  'feed_snapshots',
  'page_matches',
  'segments',
  'templates',
  'diagnostics',
]);

/** Statements meant to read a whole table: the exports of every row. */
const WHOLE_TABLE_READS = [/^\s*SELECT o\.url AS object_url, cr\.name AS crawl,/];

let work: string;
const prepared = new Set<string>();

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'wo-plans-'));
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (this: Database.Database, sql: string) {
    prepared.add(sql);
    return prepare.call(this, sql);
  } as typeof prepare;
  try {
    const outDir = join(work, 'overlay');
    for (const crawl of ['pelican-crawl-1.warc.gz', 'pelican-crawl-2.warc.gz'])
      await buildOverlay({ inputs: [join(SAMPLES, crawl)], outDir, workers: 1 });
    const db = openStore(outDir, { writable: false });
    readChanges(db);
    readDiscoveredFeeds(db);
    readFeedStats(db);
    readObjectVersions(db);
    readPages(db);
    db.close();
  } finally {
    Database.prototype.prepare = prepare;
  }
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The tables a statement scans without an index, with placeholders bound to NULL. */
function scannedTables(db: Database.Database, sql: string): string[] {
  const plan = db.prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`);
  const names = [...new Set([...sql.matchAll(/[@$]([A-Za-z_]\w*)/g)].map((m) => m[1] as string))];
  const positional = (sql.match(/\?/g) ?? []).length;
  const rows = names.length > 0 ? plan.all(Object.fromEntries(names.map((n) => [n, null]))) : plan.all(...new Array(positional).fill(null));
  return rows.flatMap((r) => {
    const m = /^SCAN (\w+)/.exec(r.detail);
    if (m === null || /USING (?:COVERING )?INDEX/.test(r.detail)) return [];
    // An alias ("SCAN v") names its table in the statement: "versions v".
    const name = m[1] as string;
    const table = GROWING.has(name) ? name : new RegExp(`\\b(\\w+)\\s+(?:AS\\s+)?${name}\\b`).exec(sql)?.[1];
    return table !== undefined && GROWING.has(table) ? [table] : [];
  });
}

describe('query plans', () => {
  it('no statement of a build, an export or the stats scans a table that grows with the history', () => {
    const db = new Database(join(work, 'overlay', 'overlay.sqlite'), { readonly: true });
    const statements = [...prepared].filter((sql) => /^\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(sql));
    expect(statements.length).toBeGreaterThan(50);
    const scans = statements
      .filter((sql) => !WHOLE_TABLE_READS.some((re) => re.test(sql)))
      .flatMap((sql) => scannedTables(db, sql).map((table) => `${table}: ${sql.replace(/\s+/g, ' ').trim().slice(0, 160)}`));
    db.close();
    expect(scans).toEqual([]);
  });
});
