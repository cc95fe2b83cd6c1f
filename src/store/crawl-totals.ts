/**
 * Per-crawl figures of the build report read back from the store: `merge` recomputes the totals a
 * shard could only count for its own sites.
 */
import type { Db } from './overlay-db.js';

/** What the merged store says about one crawl: the totals a shard could only count for its own sites. */
export function crawlTotals(
  db: Db,
  crawlId: number,
): {
  captures: number;
  feeds: { article: number; comments: number; fullContent: number };
  items: { article: number; paired: number; unpaired: number };
  comments: number;
  changes: Record<string, number>;
} {
  const one = (sql: string): number => db.prepare<[number], number>(sql).pluck().get(crawlId) ?? 0;
  // Counted per feed capture and per item of each capture, as a build counts them.
  const feeds = db
    .prepare<
      [number],
      { kind: string; is_full_content: number; n: number }
    >(`SELECT f.kind, f.is_full_content, count(*) AS n FROM feed_snapshots s JOIN feeds f ON f.id = s.feed_id
      WHERE s.crawl_id = ? GROUP BY f.kind, f.is_full_content`)
    .all(crawlId);
  const changes: Record<string, number> = {};
  for (const row of db.prepare<[number], string>('SELECT kinds FROM changes WHERE to_crawl_id = ?').pluck().all(crawlId)) {
    for (const kind of JSON.parse(row) as string[]) changes[kind] = (changes[kind] ?? 0) + 1;
  }
  const items = `FROM snapshot_items si JOIN feed_snapshots s ON s.id = si.snapshot_id JOIN feeds f ON f.id = s.feed_id
    LEFT JOIN pairings p ON p.item_id = si.item_id AND p.crawl_id = s.crawl_id WHERE s.crawl_id = ? AND f.kind <> 'comments'`;
  const article = one(`SELECT count(*) ${items}`);
  const paired = one(`SELECT count(*) ${items} AND p.capture_id IS NOT NULL`);
  return {
    captures: one('SELECT count(*) FROM captures WHERE crawl_id = ?'),
    feeds: {
      article: feeds.filter((f) => f.kind !== 'comments').reduce((n, f) => n + f.n, 0),
      comments: feeds.filter((f) => f.kind === 'comments').reduce((n, f) => n + f.n, 0),
      fullContent: feeds.filter((f) => f.kind !== 'comments' && f.is_full_content === 1).reduce((n, f) => n + f.n, 0),
    },
    items: { article, paired, unpaired: article - paired },
    comments: one('SELECT count(*) FROM comments cm JOIN versions v ON v.id = cm.version_id WHERE v.crawl_id = ?'),
    changes,
  };
}

/** Rows of the whole store: captures, objects and versions (the summary of `merge`). */
export function storeTotals(db: Db): { captures: number; objects: number; versions: number } {
  const count = (table: 'captures' | 'objects' | 'versions'): number =>
    db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get() ?? 0;
  return { captures: count('captures'), objects: count('objects'), versions: count('versions') };
}
