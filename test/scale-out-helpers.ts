/**
 * What the scale-out tests share (#16): the exports compared with a single build, rows as the
 * lines shard-build reads, the Dask driver's own plan (scripts/dask-build, run by Debian's
 * python3 without a cluster) and the rows of each of its buckets.
 */
import { join } from 'node:path';
import { runBounded } from './helpers/bounded-run.js';
import type { CaptureRow, IndexRow, ShardRow } from '../src/build/index.js';
import { openStore, readChanges, readComments, readDiscoveredFeeds, readObjectVersions, readPages } from '../src/store/index.js';

export const ROOT = join(import.meta.dirname, '..');
export const DRIVER = join(ROOT, 'scripts', 'dask-build');
export const PYTHON = '/usr/bin/python3';

export type Exports = Record<'objects' | 'changes' | 'pages' | 'comments' | 'discoveredFeeds', string[]>;

/** Every exported row as sorted JSON lines, per kind. */
export function exportsOf(dir: string): Exports {
  const db = openStore(dir, { writable: false });
  try {
    const lines = (rows: Iterable<unknown>) => [...rows].map((r) => JSON.stringify(r)).sort();
    return {
      objects: lines(readObjectVersions(db)),
      changes: lines(readChanges(db)),
      pages: lines(readPages(db)),
      comments: lines(readComments(db)),
      discoveredFeeds: lines(readDiscoveredFeeds(db)),
    };
  } finally {
    db.close();
  }
}

export async function* linesOf(rows: readonly ShardRow[]): AsyncGenerator<string> {
  for (const row of rows) yield JSON.stringify(row);
}

/** A plan: per bucket the sites whose captures it gets, the feed URLs routed to it, the sites it owns. */
export interface BucketPlan {
  sites: string[][];
  feeds: string[][];
  owned: string[][];
}

/** The driver's plan_buckets over index files (JSON lines), run without a cluster. */
export function driverPlan(indexFiles: readonly string[], buckets: number): BucketPlan {
  const code = `import importlib.machinery, json, sys
driver = importlib.machinery.SourceFileLoader('dask_build', sys.argv[1]).load_module()
sites, routes, _, owned = driver.plan_buckets(sys.argv[3:], int(sys.argv[2]))
print(json.dumps({'sites': sites, 'feeds': [sorted(r) for r in routes], 'owned': owned}))`;
  const run = runBounded(PYTHON, ['-c', code, DRIVER, String(buckets), ...indexFiles]);
  if (run.code !== 0) throw new Error(`plan_buckets failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as BucketPlan;
}

/**
 * The rows of each bucket of `plan`, as the driver streams them: its site rows, its sites'
 * captures and those of the feeds routed to it, every file row; sorted by (site, crawl order,
 * file, offset).
 */
export function bucketRows(rows: readonly IndexRow[], plan: BucketPlan): ShardRow[][] {
  return plan.sites.map((sites, b) => {
    const own = new Set(sites);
    const feeds = new Set(plan.feeds[b]);
    const part: ShardRow[] = (plan.owned[b] ?? []).map((site) => ({ type: 'site', site }));
    for (const row of rows)
      if (row.type === 'file' || (row.type === 'capture' && (own.has(row.site) || feeds.has(row.canonical_url)))) part.push(row);
    const key = (r: ShardRow) =>
      r.type === 'site' ? ['', -1, '', -1] : [r.type === 'capture' ? r.site : '', r.crawl_order, r.file, r.type === 'file' ? -1 : r.offset];
    return part.sort((a, c) => (JSON.stringify(key(a)) < JSON.stringify(key(c)) ? -1 : 1));
  });
}

/** A plan that deals sites to buckets by name and sends every feed to every bucket (any partition by site must do). */
export function planByName(rows: readonly IndexRow[], buckets: number): BucketPlan {
  const sites = [...new Set(rows.filter((r): r is CaptureRow => r.type === 'capture').map((r) => r.site))].sort();
  const feeds = [...new Set(rows.filter((r): r is CaptureRow => r.type === 'capture' && r.is_feed).map((r) => r.canonical_url))];
  const dealt = Array.from({ length: buckets }, (_, b) => sites.filter((_, i) => i % buckets === b));
  return { sites: dealt, feeds: dealt.map(() => feeds), owned: dealt };
}
