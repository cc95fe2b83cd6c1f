/**
 * Read queries of the reconstruct stage and the viewer: object versions with their feed and
 * capture, comments, captures, feed snapshots. Prepared once per connection (a WeakMap cache), so
 * a viewer request costs a few indexed lookups.
 */
import type { Db } from './overlay-db.js';

/**
 * SQL condition (on alias `v`) for the versions readers show: the fused version of each object and
 * crawl (fuse stage), or, in a store built before fusion, every version of that crawl.
 */
export const FUSED_VERSION = `(v.method = 'fused' OR NOT EXISTS (SELECT 1 FROM versions fv
  WHERE fv.object_id = v.object_id AND fv.crawl_id = v.crawl_id AND fv.method = 'fused'))`;

/** SQL expression (alias `v`): the method a version shows, for a fused one the method its text comes from. */
export const SHOWN_METHOD = `CASE WHEN v.method = 'fused' THEN coalesce(json_extract(v.fusion, '$.textFrom'), v.method) ELSE v.method END`;

/** One object version with what a reconstructed page or the viewer shows about it. */
export interface VersionView {
  id: number;
  objectId: number;
  url: string;
  canonicalUrl: string;
  feedId: number | null;
  feedUrl: string | null;
  feedTitle: string | null;
  guid: string | null;
  crawlId: number;
  crawl: string;
  captureId: number | null;
  captureTime: string;
  method: string;
  title: string | null;
  author: string | null;
  published: string | null;
  updated: string | null;
  categories: string[];
  text: string;
  html: string;
  references: Array<{ kind?: string; url?: string; text?: string | null }>;
  confidence: number;
  /** Key-paths (000 §III-B) per property, as stored in versions.paths. */
  paths: Record<string, string | null>;
  /** For a fused version: where its text and metadata come from, and why (fuse-stage.ts); else null. */
  fusion: { textFrom: string; reason: string; candidates: string[]; metadataFrom: Record<string, string> } | null;
}

export interface CommentView {
  position: number;
  commentId: string | null;
  parent: string | null;
  depth: number;
  author: string | null;
  authorUrl: string | null;
  published: string | null;
  text: string;
  html: string;
  permalink: string | null;
  source: string;
  hash: string;
}

export interface CaptureView {
  id: number;
  crawlId: number;
  url: string;
  time: string;
  status: number | null;
  mime: string | null;
  file: string;
  offset: number;
  length: number;
  recordType: string;
}

export interface FeedView {
  id: number;
  url: string;
  title: string | null;
  siteUrl: string | null;
  objects: number;
}

/** A change between two versions as stored by the changes stage (table `changes`, when present). */
export interface StoredChange {
  fromVersionId: number;
  toVersionId: number;
  kinds: string[];
  similarity: number | null;
  significance: number | null;
  detail: unknown;
}

const VERSION_COLUMNS = `v.id, v.object_id, o.url, o.canonical_url, o.feed_id, f.url AS feed_url, f.title AS feed_title,
  o.guid, v.crawl_id, cr.name AS crawl, v.capture_id, v.capture_time, ${SHOWN_METHOD} AS method, v.title, v.author, v.published,
  v.updated, v.categories, v.text, v.html, v.refs, v.confidence, v.paths, v.fusion`;
const VERSION_FROM = `FROM versions v JOIN objects o ON o.id = v.object_id JOIN crawls cr ON cr.id = v.crawl_id
  LEFT JOIN feeds f ON f.id = o.feed_id`;

const parseJson = <T>(s: unknown, fallback: T): T => {
  if (typeof s !== 'string') return fallback;
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};

function toVersion(r: Record<string, unknown>): VersionView {
  return {
    id: r.id as number,
    objectId: r.object_id as number,
    url: r.url as string,
    canonicalUrl: r.canonical_url as string,
    feedId: r.feed_id as number | null,
    feedUrl: r.feed_url as string | null,
    feedTitle: r.feed_title as string | null,
    guid: r.guid as string | null,
    crawlId: r.crawl_id as number,
    crawl: r.crawl as string,
    captureId: r.capture_id as number | null,
    captureTime: r.capture_time as string,
    method: r.method as string,
    title: r.title as string | null,
    author: r.author as string | null,
    published: r.published as string | null,
    updated: r.updated as string | null,
    categories: parseJson<string[]>(r.categories, []),
    text: r.text as string,
    html: r.html as string,
    references: parseJson(r.refs, []),
    confidence: r.confidence as number,
    paths: parseJson(r.paths, {}),
    fusion: parseJson<VersionView['fusion']>(r.fusion, null),
  };
}

function toComment(r: Record<string, unknown>): CommentView {
  return {
    position: r.position as number,
    commentId: r.comment_id as string | null,
    parent: r.parent as string | null,
    depth: r.depth as number,
    author: r.author as string | null,
    authorUrl: r.author_url as string | null,
    published: r.published as string | null,
    text: r.text as string,
    html: r.html as string,
    permalink: r.permalink as string | null,
    source: r.source as string,
    hash: r.hash as string,
  };
}

function statements(db: Db) {
  return {
    allVersions: db.prepare(
      `SELECT ${VERSION_COLUMNS} ${VERSION_FROM} WHERE ${FUSED_VERSION} ORDER BY v.object_id, v.capture_time, v.method`,
    ),
    version: db.prepare(`SELECT ${VERSION_COLUMNS} ${VERSION_FROM} WHERE v.id = ?`),
    versionsOf: db.prepare(
      `SELECT ${VERSION_COLUMNS} ${VERSION_FROM} WHERE v.object_id = ? AND ${FUSED_VERSION} ORDER BY v.capture_time, v.method`,
    ),
    evidenceOf: db.prepare(`SELECT ${VERSION_COLUMNS} ${VERSION_FROM} WHERE v.object_id = ? AND v.crawl_id = ? AND v.method <> 'fused'
      ORDER BY v.confidence DESC, v.method`),
    versionAt: db.prepare(`SELECT ${VERSION_COLUMNS} ${VERSION_FROM}
      WHERE v.object_id = ? AND v.capture_time <= ? AND ${FUSED_VERSION} ORDER BY v.capture_time DESC, v.confidence DESC LIMIT 1`),
    comments: db.prepare('SELECT * FROM comments WHERE version_id = ? ORDER BY position'),
    capture: db.prepare(`SELECT id, crawl_id, url, time, status, mime, file, offset, length, record_type
      FROM captures WHERE id = ?`),
    feeds: db.prepare(`SELECT f.id, f.url, f.title, f.site_url, (SELECT count(*) FROM objects o WHERE o.feed_id = f.id) AS objects
      FROM feeds f ORDER BY f.url`),
    feed: db.prepare('SELECT id, url, title, site_url, 0 AS objects FROM feeds WHERE url = ? OR id = ?'),
    objectOfItem: db.prepare(`SELECT o.id FROM pairings p JOIN captures c ON c.id = p.capture_id
      JOIN objects o ON o.canonical_url = c.canonical_url WHERE p.item_id = ? ORDER BY p.crawl_id DESC LIMIT 1`),
    objectOfGuid: db.prepare('SELECT id FROM objects WHERE feed_id = ? AND guid = ? LIMIT 1'),
    itemsKnownAt: db.prepare(`SELECT i.id, i.guid, i.link, i.title, i.published, i.description, i.content,
        max(s.capture_time) AS last_seen,
        (SELECT si2.position FROM snapshot_items si2 JOIN feed_snapshots s2 ON s2.id = si2.snapshot_id
          WHERE si2.item_id = i.id AND s2.capture_time <= @at ORDER BY s2.capture_time DESC LIMIT 1) AS position
      FROM items i JOIN snapshot_items si ON si.item_id = i.id JOIN feed_snapshots s ON s.id = si.snapshot_id
      WHERE i.feed_id = @feed AND s.capture_time <= @at AND i.is_valid = 1
      GROUP BY i.id`),
  };
}

const cache = new WeakMap<Db, ReturnType<typeof statements>>();
function q(db: Db): ReturnType<typeof statements> {
  let s = cache.get(db);
  if (s === undefined) {
    s = statements(db);
    cache.set(db, s);
  }
  return s;
}

/** Every object version, grouped by object, oldest first. */
export function* iterateVersions(db: Db): Generator<VersionView> {
  for (const r of q(db).allVersions.iterate() as Iterable<Record<string, unknown>>) yield toVersion(r);
}

export function getVersion(db: Db, id: number): VersionView | undefined {
  const r = q(db).version.get(id) as Record<string, unknown> | undefined;
  return r === undefined ? undefined : toVersion(r);
}

export function listVersionsOf(db: Db, objectId: number): VersionView[] {
  return (q(db).versionsOf.all(objectId) as Array<Record<string, unknown>>).map(toVersion);
}

/** The per-method candidates (evidence) behind the fused version of an object in one crawl. */
export function listEvidenceOf(db: Db, objectId: number, crawlId: number): VersionView[] {
  return (q(db).evidenceOf.all(objectId, crawlId) as Array<Record<string, unknown>>).map(toVersion);
}

/** The latest version of an object captured at or before `at` (ISO 8601). */
export function getVersionAt(db: Db, objectId: number, at: string): VersionView | undefined {
  const r = q(db).versionAt.get(objectId, at) as Record<string, unknown> | undefined;
  return r === undefined ? undefined : toVersion(r);
}

export function listComments(db: Db, versionId: number): CommentView[] {
  return (q(db).comments.all(versionId) as Array<Record<string, unknown>>).map(toComment);
}

export function getCapture(db: Db, id: number): CaptureView | undefined {
  const r = q(db).capture.get(id) as Record<string, unknown> | undefined;
  if (r === undefined) return undefined;
  return {
    id: r.id as number,
    crawlId: r.crawl_id as number,
    url: r.url as string,
    time: r.time as string,
    status: r.status as number | null,
    mime: r.mime as string | null,
    file: r.file as string,
    offset: r.offset as number,
    length: r.length as number,
    recordType: r.record_type as string,
  };
}

const toFeed = (r: Record<string, unknown>): FeedView => ({
  id: r.id as number,
  url: r.url as string,
  title: r.title as string | null,
  siteUrl: r.site_url as string | null,
  objects: r.objects as number,
});

export function listFeeds(db: Db): FeedView[] {
  return (q(db).feeds.all() as Array<Record<string, unknown>>).map(toFeed);
}

/** A feed by its stored (canonical) URL or its id. */
export function getFeed(db: Db, urlOrId: string | number): FeedView | undefined {
  const r = q(db).feed.get(String(urlOrId), typeof urlOrId === 'number' ? urlOrId : -1) as Record<string, unknown> | undefined;
  return r === undefined ? undefined : toFeed(r);
}

/** A feed item known at some time: seen in at least one snapshot captured at or before it. */
export interface KnownItem {
  itemId: number;
  guid: string | null;
  link: string | null;
  title: string | null;
  published: string | null;
  description: string | null;
  content: string | null;
  /** Capture time of the last snapshot (<= T) that listed the item. */
  lastSeen: string;
  /** Position of the item in that snapshot. */
  position: number;
  /** The data object paired with the item, when there is one. */
  objectId: number | null;
}

/** The items of a feed known at time `at` (every snapshot captured at or before it). */
export function listItemsKnownAt(db: Db, feedId: number, at: string): KnownItem[] {
  const s = q(db);
  return (s.itemsKnownAt.all({ feed: feedId, at }) as Array<Record<string, unknown>>).map((r) => {
    const byPairing = s.objectOfItem.get(r.id) as { id: number } | undefined;
    const byGuid =
      byPairing === undefined && r.guid !== null ? (s.objectOfGuid.get(feedId, r.guid) as { id: number } | undefined) : undefined;
    return {
      itemId: r.id as number,
      guid: r.guid as string | null,
      link: r.link as string | null,
      title: r.title as string | null,
      published: r.published as string | null,
      description: r.description as string | null,
      content: r.content as string | null,
      lastSeen: r.last_seen as string,
      position: (r.position as number | null) ?? 0,
      objectId: byPairing?.id ?? byGuid?.id ?? null,
    };
  });
}

/**
 * Whether the changes stage has stored any change (a store holding one crawl has none: the viewer
 * then derives kinds itself).
 */
export function hasStoredChanges(db: Db): boolean {
  return db.prepare('SELECT 1 FROM changes LIMIT 1').get() !== undefined;
}

/** Stored changes of one object, oldest first. */
export function listStoredChanges(db: Db, objectId: number): StoredChange[] {
  const rows = db
    .prepare(`SELECT from_version_id AS f, to_version_id AS t, kinds, similarity, significance, detail
      FROM changes WHERE object_id = ? ORDER BY to_crawl_id`)
    .all(objectId) as Array<Record<string, unknown>>;
  return rows.map((r) => ({
    fromVersionId: r.f as number,
    toVersionId: r.t as number,
    kinds: parseJson<string[]>(r.kinds, []),
    similarity: r.similarity as number | null,
    significance: r.significance as number | null,
    detail: parseJson<unknown>(r.detail, r.detail ?? null),
  }));
}

/** Identities of the stored crawls. */
export function listCrawlIdentities(db: Db): string[] {
  return db.prepare<[], string>('SELECT identity FROM crawls').pluck().all();
}

/** The archive files the captures were read from, sorted. */
export function listCaptureFiles(db: Db): string[] {
  return db.prepare<[], string>('SELECT DISTINCT file FROM captures ORDER BY file').pluck().all();
}

/** What changes when the store is extended: versions (count, last id, latest capture) and changes. */
export function storeFingerprint(db: Db): [number, number | null, string | null, number] {
  const v = db
    .prepare<[], { n: number; m: number | null; t: string | null }>(
      'SELECT count(*) AS n, max(id) AS m, max(capture_time) AS t FROM versions',
    )
    .get();
  const c = db.prepare<[], number>('SELECT count(*) FROM changes').pluck().get() ?? 0;
  return [v?.n ?? 0, v?.m ?? null, v?.t ?? null, c];
}

/** The change kinds (JSON) stored per object, one row per change. */
export function* iterateChangeKinds(db: Db): Generator<{ objectId: number; kinds: string }> {
  yield* db.prepare<[], { objectId: number; kinds: string }>('SELECT object_id AS objectId, kinds FROM changes').iterate();
}
