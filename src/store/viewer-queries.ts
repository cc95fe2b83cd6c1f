/**
 * Read queries of the reconstruct stage and the viewer: object versions with their feed and
 * capture, comments, captures, feed snapshots. Prepared once per connection (a WeakMap cache), so
 * a viewer request costs a few indexed lookups.
 */
import type { Comment, ObjectVersion } from '../core/domain.js';
import type { IndexEntry } from '../warc/index.js';
import { type Db, preparedPerConnection } from './overlay-db.js';
import {
  COMMENT_FIELDS,
  FUSED_VERSION,
  parseJson,
  toObjectVersion,
  VERSION_COLUMNS,
  VERSION_FROM,
  type VersionRow,
} from './version-rows.js';

/** A stored capture: its index row's place and HTTP answer, with its ids in the store. */
export type CaptureView = Pick<
  IndexEntry,
  'url' | 'time' | 'status' | 'mime' | 'file' | 'offset' | 'length' | 'recordType' | 'payloadDigest'
> & {
  id: number;
  crawlId: number;
};

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

/** Columns of a `CaptureView` (table `captures`). */
const CAPTURE_FIELDS = `id, crawl_id AS crawlId, url, time, status, mime, file, offset, length, record_type AS recordType,
  payload_digest AS payloadDigest`;

function statements(db: Db) {
  const versions = <P extends unknown[]>(where: string) => db.prepare<P, VersionRow>(`SELECT ${VERSION_COLUMNS} ${VERSION_FROM} ${where}`);
  return {
    allVersions: versions<[]>(`WHERE ${FUSED_VERSION} ORDER BY v.object_id, v.capture_time, v.method`),
    version: versions<[number]>('WHERE v.id = ?'),
    versionsOf: versions<[number]>(`WHERE v.object_id = ? AND ${FUSED_VERSION} ORDER BY v.capture_time, v.method`),
    evidenceOf: versions<[number, number]>(`WHERE v.object_id = ? AND v.crawl_id = ? AND v.method <> 'fused'
      ORDER BY v.confidence DESC, v.method`),
    versionAt: versions<[number, string]>(`WHERE v.object_id = ? AND v.capture_time <= ? AND ${FUSED_VERSION}
      ORDER BY v.capture_time DESC, v.confidence DESC LIMIT 1`),
    comments: db.prepare<[number], Comment>(`SELECT ${COMMENT_FIELDS} FROM comments WHERE version_id = ? ORDER BY position`),
    capture: db.prepare<[number], CaptureView>(`SELECT ${CAPTURE_FIELDS} FROM captures WHERE id = ?`),
    replayCaptures: db.prepare<[number, number], CaptureView>(`SELECT ${CAPTURE_FIELDS} FROM captures
      WHERE crawl_id = ? AND record_type IN ('response', 'resource', 'revisit') LIMIT ?`),
    // One join, not a count per feed: objects has no feed_id index, so a correlated count read every
    // object for each feed (feeds x objects; SQLite indexes the join on its own).
    feeds: db.prepare<[], FeedView>(`SELECT f.id, f.url, f.title, f.site_url AS siteUrl, count(o.id) AS objects
      FROM feeds f LEFT JOIN objects o ON o.feed_id = f.id GROUP BY f.id ORDER BY f.url`),
    feed: db.prepare<[string, number], FeedView>(
      'SELECT id, url, title, site_url AS siteUrl, 0 AS objects FROM feeds WHERE url = ? OR id = ?',
    ),
    objectOfItem: db
      .prepare<[number], number>(`SELECT o.id FROM pairings p JOIN captures c ON c.id = p.capture_id
      JOIN objects o ON o.canonical_url = c.canonical_url WHERE p.item_id = ? ORDER BY p.crawl_id DESC LIMIT 1`)
      .pluck(),
    objectOfGuid: db.prepare<[number, string], number>('SELECT id FROM objects WHERE feed_id = ? AND guid = ? LIMIT 1').pluck(),
    itemsKnownAt: db.prepare<[{ feed: number; at: string }], Omit<KnownItem, 'objectId'>>(`SELECT i.id AS itemId, i.guid, i.link,
        i.title, i.published, i.description, i.content, max(s.capture_time) AS lastSeen,
        coalesce((SELECT si2.position FROM snapshot_items si2 JOIN feed_snapshots s2 ON s2.id = si2.snapshot_id
          WHERE si2.item_id = i.id AND s2.capture_time <= @at ORDER BY s2.capture_time DESC LIMIT 1), 0) AS position
      FROM items i JOIN snapshot_items si ON si.item_id = i.id JOIN feed_snapshots s ON s.id = si.snapshot_id
      WHERE i.feed_id = @feed AND s.capture_time <= @at AND i.is_valid = 1
      GROUP BY i.id`),
    storedChanges: db.prepare<[number], Omit<StoredChange, 'kinds' | 'detail'> & { kinds: string; detail: string | null }>(
      `SELECT from_version_id AS fromVersionId, to_version_id AS toVersionId, kinds, similarity, significance, detail
      FROM changes WHERE object_id = ? ORDER BY to_crawl_id`,
    ),
  };
}

const q = preparedPerConnection(statements);

/** Every object version, grouped by object, oldest first. */
export function* iterateVersions(db: Db): Generator<ObjectVersion> {
  for (const r of q(db).allVersions.iterate()) yield toObjectVersion(r);
}

export function getVersion(db: Db, id: number): ObjectVersion | undefined {
  const r = q(db).version.get(id);
  return r === undefined ? undefined : toObjectVersion(r);
}

export function listVersionsOf(db: Db, objectId: number): ObjectVersion[] {
  return q(db).versionsOf.all(objectId).map(toObjectVersion);
}

/** The per-method candidates (evidence) behind the fused version of an object in one crawl. */
export function listEvidenceOf(db: Db, objectId: number, crawlId: number): ObjectVersion[] {
  return q(db).evidenceOf.all(objectId, crawlId).map(toObjectVersion);
}

/** The latest version of an object captured at or before `at` (ISO 8601). */
export function getVersionAt(db: Db, objectId: number, at: string): ObjectVersion | undefined {
  const r = q(db).versionAt.get(objectId, at);
  return r === undefined ? undefined : toObjectVersion(r);
}

export function listComments(db: Db, versionId: number): Comment[] {
  return q(db).comments.all(versionId);
}

export function getCapture(db: Db, id: number): CaptureView | undefined {
  return q(db).capture.get(id);
}

/** The records of a crawl a replay index lists (responses, resources, revisits), at most `limit`. */
export function listReplayCaptures(db: Db, crawlId: number, limit: number): CaptureView[] {
  return q(db).replayCaptures.all(crawlId, limit);
}

export function listFeeds(db: Db): FeedView[] {
  return q(db).feeds.all();
}

/** A feed by its stored (canonical) URL or its id. */
export function getFeed(db: Db, urlOrId: string | number): FeedView | undefined {
  return q(db).feed.get(String(urlOrId), typeof urlOrId === 'number' ? urlOrId : -1);
}

/** The items of a feed known at time `at` (every snapshot captured at or before it). */
export function listItemsKnownAt(db: Db, feedId: number, at: string): KnownItem[] {
  const s = q(db);
  return s.itemsKnownAt.all({ feed: feedId, at }).map((item) => {
    const byPairing = s.objectOfItem.get(item.itemId);
    const byGuid = byPairing === undefined && item.guid !== null ? s.objectOfGuid.get(feedId, item.guid) : undefined;
    return { ...item, objectId: byPairing ?? byGuid ?? null };
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
  return q(db)
    .storedChanges.all(objectId)
    .map((r) => ({ ...r, kinds: parseJson<string[]>(r.kinds, []), detail: parseJson<unknown>(r.detail, r.detail) }));
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
