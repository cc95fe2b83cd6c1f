/**
 * `merge`'s SQL: copies the rows of shard stores into one store (DESIGN "Scale-out"). Every table
 * is joined on its natural key, so local ids are remapped: crawls by identity, captures by their
 * place (file, offset, inflated offset), feeds by URL, items by (feed, key), objects by canonical
 * URL, versions by (object, crawl, method), templates by template key. A feed routed to several
 * buckets arrives once per shard and is kept once; an item one shard could pair (it holds the
 * item's site) wins over the shards that could not. Rerunning a merge gives the same rows.
 */
import type { Db } from './overlay-db.js';

/** Name the shard is attached under while its rows are copied. */
const SHARD = 'shard';

export interface ShardCopyCounts {
  captures: number;
  objects: number;
  versions: number;
}

/**
 * Copy the rows of the store in `shardFile` into `db`. Crawls are taken in the shard's order and
 * appended when new, so shards must list the crawls in the same order (each shard-build receives
 * every file row).
 */
export function copyShard(db: Db, shardFile: string): ShardCopyCounts {
  db.prepare(`ATTACH DATABASE ? AS ${SHARD}`).run(shardFile);
  try {
    return db.transaction(() => copyRows(db))();
  } finally {
    db.exec(`DETACH DATABASE ${SHARD}`);
  }
}

function copyRows(db: Db): ShardCopyCounts {
  const count = (table: string): number => (db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number);
  const before = { captures: count('main.captures'), objects: count('main.objects'), versions: count('main.versions') };
  db.exec(`
    DROP TABLE IF EXISTS temp.crawl_map; DROP TABLE IF EXISTS temp.capture_map; DROP TABLE IF EXISTS temp.feed_map;
    DROP TABLE IF EXISTS temp.item_map; DROP TABLE IF EXISTS temp.snapshot_map; DROP TABLE IF EXISTS temp.object_map;
    DROP TABLE IF EXISTS temp.version_map; DROP TABLE IF EXISTS temp.template_map;

    INSERT INTO main.crawls (identity, name, bytes, started_at, finished_at, records, report)
      SELECT identity, name, bytes, started_at, finished_at, records, report FROM ${SHARD}.crawls WHERE true ORDER BY id
      ON CONFLICT (identity) DO UPDATE SET started_at = min(crawls.started_at, excluded.started_at),
        finished_at = CASE WHEN crawls.finished_at IS NULL OR excluded.finished_at IS NULL THEN NULL
          ELSE max(crawls.finished_at, excluded.finished_at) END;
    CREATE TEMP TABLE crawl_map AS SELECT s.id AS old, m.id AS new FROM ${SHARD}.crawls s JOIN main.crawls m ON m.identity = s.identity;

    INSERT INTO main.captures (crawl_id, record_type, record_id, url, canonical_url, url_key, host, time, status, mime, file,
        offset, length, payload_digest, payload_length, location, refers_to_id, refers_to_url, refers_to_time, inflated_offset)
      SELECT cm.new, s.record_type, s.record_id, s.url, s.canonical_url, s.url_key, s.host, s.time, s.status, s.mime, s.file,
        s.offset, s.length, s.payload_digest, s.payload_length, s.location, s.refers_to_id, s.refers_to_url, s.refers_to_time,
        s.inflated_offset
      FROM ${SHARD}.captures s JOIN crawl_map cm ON cm.old = s.crawl_id WHERE true ORDER BY s.id
      ON CONFLICT DO NOTHING;
    CREATE TEMP TABLE capture_map AS SELECT s.id AS old, m.id AS new FROM ${SHARD}.captures s JOIN main.captures m
      ON m.file = s.file AND m.offset = s.offset AND coalesce(m.inflated_offset, -1) = coalesce(s.inflated_offset, -1);
    CREATE UNIQUE INDEX temp.capture_map_old ON capture_map(old);

    INSERT INTO main.feeds (url, format, kind, kind_reason, title, site_url, language, is_full_content, full_content_reason)
      SELECT url, format, kind, kind_reason, title, site_url, language, is_full_content, full_content_reason
      FROM ${SHARD}.feeds WHERE true ORDER BY id ON CONFLICT (url) DO NOTHING;
    CREATE TEMP TABLE feed_map AS SELECT s.id AS old, m.id AS new FROM ${SHARD}.feeds s JOIN main.feeds m ON m.url = s.url;

    INSERT INTO main.items (feed_id, item_key, guid, link, orig_link, title, author, published, updated, categories,
        description, content, comments_url, comment_feed_url, comment_count, in_reply_to, is_valid, invalid_reason)
      SELECT fm.new, s.item_key, s.guid, s.link, s.orig_link, s.title, s.author, s.published, s.updated, s.categories,
        s.description, s.content, s.comments_url, s.comment_feed_url, s.comment_count, s.in_reply_to, s.is_valid, s.invalid_reason
      FROM ${SHARD}.items s JOIN feed_map fm ON fm.old = s.feed_id WHERE true ORDER BY s.id
      ON CONFLICT (feed_id, item_key) DO NOTHING;
    CREATE TEMP TABLE item_map AS SELECT s.id AS old, m.id AS new FROM ${SHARD}.items s JOIN feed_map fm ON fm.old = s.feed_id
      JOIN main.items m ON m.feed_id = fm.new AND m.item_key = s.item_key;

    INSERT INTO main.feed_snapshots (feed_id, crawl_id, capture_id, capture_time, item_count)
      SELECT fm.new, cm.new, pm.new, s.capture_time, s.item_count FROM ${SHARD}.feed_snapshots s
      JOIN feed_map fm ON fm.old = s.feed_id JOIN crawl_map cm ON cm.old = s.crawl_id JOIN capture_map pm ON pm.old = s.capture_id
      WHERE true ORDER BY s.id ON CONFLICT (feed_id, capture_id) DO NOTHING;
    CREATE TEMP TABLE snapshot_map AS SELECT s.id AS old, m.id AS new FROM ${SHARD}.feed_snapshots s
      JOIN feed_map fm ON fm.old = s.feed_id JOIN capture_map pm ON pm.old = s.capture_id
      JOIN main.feed_snapshots m ON m.feed_id = fm.new AND m.capture_id = pm.new;
    INSERT OR IGNORE INTO main.snapshot_items (snapshot_id, item_id, position)
      SELECT sm.new, im.new, s.position FROM ${SHARD}.snapshot_items s
      JOIN snapshot_map sm ON sm.old = s.snapshot_id JOIN item_map im ON im.old = s.item_id;

    INSERT INTO main.pairings (item_id, crawl_id, capture_id, via, reason)
      SELECT im.new, cm.new, pm.new, s.via, s.reason FROM ${SHARD}.pairings s
      JOIN item_map im ON im.old = s.item_id JOIN crawl_map cm ON cm.old = s.crawl_id LEFT JOIN capture_map pm ON pm.old = s.capture_id
      WHERE true
      ON CONFLICT (item_id, crawl_id) DO UPDATE SET capture_id = excluded.capture_id, via = excluded.via, reason = excluded.reason
        WHERE pairings.capture_id IS NULL AND excluded.capture_id IS NOT NULL;

    INSERT INTO main.objects (canonical_url, url, feed_id, guid)
      SELECT s.canonical_url, s.url, fm.new, s.guid FROM ${SHARD}.objects s LEFT JOIN feed_map fm ON fm.old = s.feed_id
      WHERE true ORDER BY s.id
      ON CONFLICT (canonical_url) DO UPDATE SET feed_id = coalesce(objects.feed_id, excluded.feed_id), guid = coalesce(objects.guid, excluded.guid);
    CREATE TEMP TABLE object_map AS SELECT s.id AS old, m.id AS new FROM ${SHARD}.objects s JOIN main.objects m ON m.canonical_url = s.canonical_url;

    INSERT INTO main.versions (object_id, crawl_id, capture_id, capture_time, method, title, author, published, updated,
        categories, text, html, refs, confidence, paths, page_digest)
      SELECT om.new, cm.new, pm.new, s.capture_time, s.method, s.title, s.author, s.published, s.updated, s.categories,
        s.text, s.html, s.refs, s.confidence, s.paths, s.page_digest
      FROM ${SHARD}.versions s JOIN object_map om ON om.old = s.object_id JOIN crawl_map cm ON cm.old = s.crawl_id
      LEFT JOIN capture_map pm ON pm.old = s.capture_id WHERE true ORDER BY s.id
      ON CONFLICT (object_id, crawl_id, method) DO NOTHING;
    CREATE TEMP TABLE version_map AS SELECT s.id AS old, m.id AS new FROM ${SHARD}.versions s
      JOIN object_map om ON om.old = s.object_id JOIN crawl_map cm ON cm.old = s.crawl_id
      JOIN main.versions m ON m.object_id = om.new AND m.crawl_id = cm.new AND m.method = s.method;

    INSERT INTO main.comments (version_id, position, comment_id, parent, depth, author, author_url, published, text, html,
        permalink, source, hash, byline)
      SELECT vm.new, s.position, s.comment_id, s.parent, s.depth, s.author, s.author_url, s.published, s.text, s.html,
        s.permalink, s.source, s.hash, s.byline
      FROM ${SHARD}.comments s JOIN version_map vm ON vm.old = s.version_id WHERE true ORDER BY s.id
      ON CONFLICT (version_id, position) DO NOTHING;

    INSERT INTO main.diagnostics (crawl_id, kind, severity, message, file, offset, url)
      SELECT cm.new, s.kind, s.severity, s.message, s.file, s.offset, s.url FROM ${SHARD}.diagnostics s
      LEFT JOIN crawl_map cm ON cm.old = s.crawl_id
      WHERE NOT EXISTS (SELECT 1 FROM main.diagnostics d WHERE d.crawl_id IS cm.new AND d.kind = s.kind AND d.message = s.message
        AND d.file IS s.file AND d.offset IS s.offset AND d.url IS s.url)
      ORDER BY s.id;

    INSERT INTO main.changes (object_id, from_version_id, to_version_id, from_time, to_time, to_crawl_id, kinds, similarity,
        significance, words_added, words_removed, detail)
      SELECT om.new, fv.new, tv.new, s.from_time, s.to_time, cm.new, s.kinds, s.similarity, s.significance, s.words_added,
        s.words_removed, s.detail
      FROM ${SHARD}.changes s JOIN object_map om ON om.old = s.object_id JOIN crawl_map cm ON cm.old = s.to_crawl_id
      LEFT JOIN version_map fv ON fv.old = s.from_version_id LEFT JOIN version_map tv ON tv.old = s.to_version_id
      WHERE true ORDER BY s.id ON CONFLICT (object_id, to_crawl_id) DO NOTHING;

    INSERT INTO main.templates (template_key, host, feed_url, key_path, content_path, property_paths, support, learnt_crawl_id, detail)
      SELECT s.template_key, s.host, s.feed_url, s.key_path, s.content_path, s.property_paths, s.support, cm.new, s.detail
      FROM ${SHARD}.templates s LEFT JOIN crawl_map cm ON cm.old = s.learnt_crawl_id WHERE true ORDER BY s.id
      ON CONFLICT (template_key) DO NOTHING;
    CREATE TEMP TABLE template_map AS SELECT s.id AS old, m.id AS new FROM ${SHARD}.templates s JOIN main.templates m ON m.template_key = s.template_key;

    INSERT INTO main.page_matches (capture_id, crawl_id, is_post, method, template_id, reason)
      SELECT pm.new, cm.new, s.is_post, s.method, tm.new, s.reason FROM ${SHARD}.page_matches s
      JOIN capture_map pm ON pm.old = s.capture_id JOIN crawl_map cm ON cm.old = s.crawl_id
      LEFT JOIN template_map tm ON tm.old = s.template_id
      WHERE true ORDER BY s.capture_id ON CONFLICT (capture_id) DO NOTHING;

    INSERT INTO main.segments (capture_id, position, method, permalink, title, author, published, text, key_path, object_id)
      SELECT pm.new, s.position, s.method, s.permalink, s.title, s.author, s.published, s.text, s.key_path, om.new
      FROM ${SHARD}.segments s JOIN capture_map pm ON pm.old = s.capture_id LEFT JOIN object_map om ON om.old = s.object_id
      WHERE true ORDER BY s.id ON CONFLICT (capture_id, position) DO NOTHING;

    INSERT INTO main.discovered_feeds (host, url, type, title, via, is_comment_feed, first_page, crawl_id)
      SELECT s.host, s.url, s.type, s.title, s.via, s.is_comment_feed, s.first_page, cm.new FROM ${SHARD}.discovered_feeds s
      JOIN crawl_map cm ON cm.old = s.crawl_id WHERE true
      ON CONFLICT (crawl_id, url) DO UPDATE SET host = excluded.host, type = excluded.type, title = excluded.title,
        via = excluded.via, is_comment_feed = excluded.is_comment_feed, first_page = excluded.first_page
        WHERE excluded.first_page < discovered_feeds.first_page;
  `);
  return {
    captures: count('main.captures') - before.captures,
    objects: count('main.objects') - before.objects,
    versions: count('main.versions') - before.versions,
  };
}

/** The crawls of a store in order, with their stored JSON reports. */
export function readCrawlReports(db: Db): Array<{ id: number; name: string; report: string | null }> {
  return db.prepare('SELECT id, name, report FROM crawls ORDER BY id').all() as Array<{ id: number; name: string; report: string | null }>;
}

/** Replace a crawl's stored report (merge recomputes the parts that span shards). */
export function updateCrawlReport(db: Db, crawlId: number, report: unknown): void {
  db.prepare('UPDATE crawls SET report = ? WHERE id = ?').run(JSON.stringify(report), crawlId);
}
