/** Each crawl's comment-zone evidence per host (`comment_sites`), as the build's comment sites keep it (JSON). */
import type { Db } from './overlay-db.js';

/** The evidence the other crawls of the overlay recorded for `host` (JSON texts, one per crawl). */
export function readCommentEvidence(db: Db, host: string, exceptCrawlId: number): string[] {
  return db
    .prepare('SELECT evidence FROM comment_sites WHERE host = ? AND crawl_id != ? ORDER BY crawl_id')
    .pluck()
    .all(host, exceptCrawlId) as string[];
}

/** Records (or replaces, on a rerun of the crawl) what `crawlId`'s pages of `host` showed. */
export function writeCommentEvidence(db: Db, host: string, crawlId: number, evidence: string): void {
  db.prepare(
    'INSERT INTO comment_sites (host, crawl_id, evidence) VALUES (?, ?, ?) ON CONFLICT (host, crawl_id) DO UPDATE SET evidence = excluded.evidence',
  ).run(host, crawlId, evidence);
}
