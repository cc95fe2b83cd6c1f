/** Each crawl's comment-zone evidence per host (`comment_sites`), as the build's comment sites keep it (JSON). */
import { type Db, preparedPerConnection } from './overlay-db.js';

/** Asked once per host of a crawl each: prepared once per connection. */
const statements = preparedPerConnection((db) => ({
  read: db
    .prepare<[string, number], string>('SELECT evidence FROM comment_sites WHERE host = ? AND crawl_id != ? ORDER BY crawl_id')
    .pluck(),
  write: db.prepare<[string, number, string]>(
    'INSERT INTO comment_sites (host, crawl_id, evidence) VALUES (?, ?, ?) ON CONFLICT (host, crawl_id) DO UPDATE SET evidence = excluded.evidence',
  ),
}));

/** The evidence the other crawls of the overlay recorded for `host` (JSON texts, one per crawl). */
export function readCommentEvidence(db: Db, host: string, exceptCrawlId: number): string[] {
  return statements(db).read.all(host, exceptCrawlId);
}

/** Records (or replaces, on a rerun of the crawl) what `crawlId`'s pages of `host` showed. */
export function writeCommentEvidence(db: Db, host: string, crawlId: number, evidence: string): void {
  statements(db).write.run(host, crawlId, evidence);
}
