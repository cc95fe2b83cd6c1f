import type { Db } from './overlay-db.js';

/** One object version as exported (DESIGN.md "export --what objects"). */
export interface ObjectVersionRow {
  url: string;
  canonical_url: string;
  feed_url: string | null;
  guid: string | null;
  crawl: string;
  capture_time: string;
  title: string | null;
  author: string | null;
  published: string | null;
  updated: string | null;
  categories: string[];
  text: string;
  html: string;
  references: unknown[];
  comments: Array<{ author: string | null; published: string | null; text: string; parent: string | null }>;
  method: string;
  confidence: number;
}

const parseJson = <T>(s: string | null, fallback: T): T => (s === null ? fallback : (JSON.parse(s) as T));

/** Streams every object version, oldest crawl first, with its comments. */
export function* readObjectVersions(db: Db): Generator<ObjectVersionRow> {
  const versions = db.prepare(`
    SELECT v.id, o.url, o.canonical_url, f.url AS feed_url, o.guid, c.name AS crawl, v.capture_time, v.title, v.author,
      v.published, v.updated, v.categories, v.text, v.html, v.refs, v.method, v.confidence
    FROM versions v JOIN objects o ON o.id = v.object_id JOIN crawls c ON c.id = v.crawl_id
    LEFT JOIN feeds f ON f.id = o.feed_id
    ORDER BY v.crawl_id, o.canonical_url, v.method`);
  const comments = db.prepare(
    'SELECT author, published, text, parent FROM comments WHERE version_id = ? ORDER BY position',
  );
  for (const row of versions.iterate() as Iterable<Record<string, unknown>>) {
    yield {
      url: row.url as string,
      canonical_url: row.canonical_url as string,
      feed_url: row.feed_url as string | null,
      guid: row.guid as string | null,
      crawl: row.crawl as string,
      capture_time: row.capture_time as string,
      title: row.title as string | null,
      author: row.author as string | null,
      published: row.published as string | null,
      updated: row.updated as string | null,
      categories: parseJson(row.categories as string, []),
      text: row.text as string,
      html: row.html as string,
      references: parseJson(row.refs as string, []),
      comments: comments.all(row.id) as ObjectVersionRow['comments'],
      method: row.method as string,
      confidence: row.confidence as number,
    };
  }
}

/** Every archived HTML capture, with whether it became a post object (DESIGN "export --what pages"). */
export function* readPages(db: Db): Generator<Record<string, unknown>> {
  const rows = db.prepare(`
    SELECT c.url, c.time AS capture_time, cr.name AS crawl, c.status,
      (SELECT v.method FROM versions v WHERE v.capture_id = c.id AND v.method <> 'full-feed'
        ORDER BY v.confidence DESC LIMIT 1) AS method
    FROM captures c JOIN crawls cr ON cr.id = c.crawl_id
    WHERE (c.mime IN ('text/html', 'application/xhtml+xml') OR c.mime IS NULL) AND c.status BETWEEN 200 AND 299
    ORDER BY c.crawl_id, c.url`);
  for (const row of rows.iterate() as Iterable<Record<string, unknown>>) {
    yield {
      url: row.url,
      capture_time: row.capture_time,
      crawl: row.crawl,
      is_post: row.method !== null,
      method: row.method,
      template_id: null,
    };
  }
}

/** One row per feed: format, kind, full/partial, items, paired and unpaired with reasons. */
export function readFeedStats(db: Db): Array<Record<string, unknown>> {
  const feeds = db.prepare(`
    SELECT f.id, f.url, f.format, f.kind, f.kind_reason, f.title, f.is_full_content, f.full_content_reason,
      (SELECT count(*) FROM feed_snapshots s WHERE s.feed_id = f.id) AS snapshots,
      (SELECT count(*) FROM items i WHERE i.feed_id = f.id) AS items,
      (SELECT count(*) FROM items i WHERE i.feed_id = f.id AND i.is_valid = 0) AS invalid_items
    FROM feeds f ORDER BY f.url`);
  const pairing = db.prepare(`
    SELECT p.capture_id IS NOT NULL AS paired, p.reason, i.link, i.guid, cr.name AS crawl
    FROM pairings p JOIN items i ON i.id = p.item_id JOIN crawls cr ON cr.id = p.crawl_id WHERE i.feed_id = ?`);
  return (feeds.all() as Array<Record<string, unknown>>).map((f) => {
    const pairs = pairing.all(f.id) as Array<{ paired: number; reason: string; link: string | null; guid: string | null; crawl: string }>;
    const unpaired = pairs.filter((p) => !p.paired);
    return {
      url: f.url,
      title: f.title,
      format: f.format,
      kind: f.kind,
      kind_reason: f.kind_reason,
      full_content: f.is_full_content === 1,
      full_content_reason: f.full_content_reason,
      snapshots: f.snapshots,
      items: f.items,
      invalid_items: f.invalid_items,
      paired: pairs.length - unpaired.length,
      unpaired: unpaired.map((p) => ({ item: p.link ?? p.guid, crawl: p.crawl, reason: p.reason })),
    };
  });
}

/** Every stored comment with the object version it belongs to. */
export function* readComments(db: Db): Generator<Record<string, unknown>> {
  const rows = db.prepare(`
    SELECT o.url AS object_url, cr.name AS crawl, v.capture_time, v.method, cm.position, cm.comment_id AS id, cm.parent,
      cm.depth, cm.author, cm.author_url, cm.published, cm.text, cm.permalink, cm.source, cm.hash
    FROM comments cm JOIN versions v ON v.id = cm.version_id JOIN objects o ON o.id = v.object_id
    JOIN crawls cr ON cr.id = v.crawl_id ORDER BY v.crawl_id, o.canonical_url, v.method, cm.position`);
  yield* rows.iterate() as Iterable<Record<string, unknown>>;
}
