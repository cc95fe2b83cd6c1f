/** The changes pass's reads and writes: the version speaking for an object in a crawl, its comments, and `changes` rows. */
import type { ObjectVersion } from '../core/domain.js';
import type { CommentSnapshot } from '../changes/index.js';
import { canonicalUrl } from '../core/url.js';
import { anySpelling, type Spellings, spellingsOf } from './object-spellings.js';
import type { Db } from './overlay-db.js';
import { PassStore } from './pass-store.js';
import { toObjectVersion, VERSION_COLUMNS, VERSION_FROM, type VersionRow } from './version-rows.js';

/**
 * The version that speaks for an object in one crawl: the fused version (build/fuse-stage.ts), and for a
 * store written before fusion the page copy first (it is the archived truth), the feed copy last.
 */
export const METHOD_PREFERENCE = ['fused', 'feed-guided', 'template', 'segmentation', 'mcst', 'full-feed'] as const;

/** SQL rank of a version's method in METHOD_PREFERENCE (unknown methods last). */
const METHOD_RANK = `CASE v.method ${METHOD_PREFERENCE.map((m, i) => `WHEN '${m}' THEN ${i}`).join(' ')} ELSE ${METHOD_PREFERENCE.length} END`;

/** A version as the changes pass compares it: the version speaking for the object, and whether its capture was a revisit. */
export type ComparedVersionRow = ObjectVersion & { recordType: string | null };

/** An object of an earlier crawl found again at a new URL, and what says so. */
export interface MovedObject {
  objectId: number;
  from: string;
  to: string;
  by: 'redirect' | 'feed item';
}

/** One `changes` row (`kinds` and `detail` are JSON). */
export interface ChangeRow {
  objectId: number;
  fromId: number | null;
  toId: number | null;
  fromTime: string | null;
  toTime: string | null;
  crawlId: number;
  kinds: string;
  similarity: number;
  significance: number;
  wordsAdded: number;
  wordsRemoved: number;
  detail: string;
}

function statements(db: Db) {
  return {
    earlierCrawl: db.prepare<[number], number>('SELECT 1 FROM crawls WHERE id < ? LIMIT 1').pluck(),
    // A fused version compares as the method its text comes from (the changes pass aligns across methods).
    preferredVersion: db.prepare<[number, number], VersionRow & { recordType: string | null }>(`SELECT ${VERSION_COLUMNS},
        c.record_type AS recordType
      ${VERSION_FROM} LEFT JOIN captures c ON c.id = v.capture_id
      WHERE v.object_id = ? AND v.crawl_id = ? ORDER BY ${METHOD_RANK} LIMIT 1`),
    comments: db.prepare<[number], CommentSnapshot>(
      'SELECT hash, author, published, text FROM comments WHERE version_id = ? ORDER BY position',
    ),
    latestEarlierCrawl: db
      .prepare<[number, number], number | null>('SELECT max(crawl_id) FROM versions WHERE object_id = ? AND crawl_id < ?')
      .pluck(),
    objectsIn: db.prepare<[number], { objectId: number; url: string }>(
      'SELECT DISTINCT v.object_id AS objectId, o.url AS url FROM versions v JOIN objects o ON o.id = v.object_id WHERE v.crawl_id = ?',
    ),
    commentCounts: db.prepare<[number], { url: string; comments: number }>(`SELECT o.url AS url,
        max((SELECT count(*) FROM comments m WHERE m.version_id = v.id)) AS comments
      FROM versions v JOIN objects o ON o.id = v.object_id WHERE v.crawl_id = ? GROUP BY v.object_id`),
    objectsGone: db
      .prepare<[number, number, number, number], number>(
        // A deletion is reported once: not again in later crawls while the object stays gone.
        `SELECT DISTINCT object_id FROM versions WHERE crawl_id < ? EXCEPT SELECT object_id FROM versions WHERE crawl_id = ?
        EXCEPT SELECT ch.object_id FROM changes ch WHERE ch.to_version_id IS NULL AND ch.to_crawl_id < ?
          AND ch.to_crawl_id > (SELECT MAX(v.crawl_id) FROM versions v WHERE v.object_id = ch.object_id AND v.crawl_id < ?)`,
      )
      .pluck(),
    // Objects of an earlier crawl whose URL answers this crawl with a redirect and gave no version.
    redirected: db.prepare<[number, number], { objectId: number; url: string; location: string }>(`SELECT o.id AS objectId,
        c.url AS url, c.location AS location FROM captures c JOIN objects o ON o.canonical_url = c.canonical_url
      WHERE c.crawl_id = ? AND c.status BETWEEN 300 AND 399 AND c.location IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM versions v WHERE v.object_id = o.id AND v.crawl_id = ?) ORDER BY o.id`),
    // The object first seen in this crawl under one of these spellings.
    newObjectAt: db
      .prepare<[...Spellings, number, number], number>(`SELECT o.id FROM objects o WHERE ${anySpelling('o.canonical_url')}
        AND EXISTS (SELECT 1 FROM versions v WHERE v.object_id = o.id AND v.crawl_id = ?)
        AND NOT EXISTS (SELECT 1 FROM versions v WHERE v.object_id = o.id AND v.crawl_id <> ?) LIMIT 1`)
      .pluck(),
    // An object of an earlier crawl with no version in this one and an object first seen in this
    // crawl, the only two objects holding one feed item (feed and guid).
    sameFeedItem: db.prepare<[number, number, number], { objectId: number; url: string; newId: number }>(`SELECT DISTINCT
        o.id AS objectId, o.url AS url, n.id AS newId
      FROM versions nv JOIN objects n ON n.id = nv.object_id
        JOIN objects o ON o.feed_id = n.feed_id AND o.guid = n.guid AND o.id <> n.id
      WHERE nv.crawl_id = ? AND n.guid IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM versions v WHERE v.object_id = n.id AND v.crawl_id <> nv.crawl_id)
        AND (SELECT count(*) FROM objects x WHERE x.feed_id = n.feed_id AND x.guid = n.guid) = 2
        AND EXISTS (SELECT 1 FROM versions v WHERE v.object_id = o.id AND v.crawl_id < ?)
        AND NOT EXISTS (SELECT 1 FROM versions v WHERE v.object_id = o.id AND v.crawl_id = ?) ORDER BY o.id`),
    objectRow: db.prepare<[number], { canonicalUrl: string; url: string; feedId: number | null; guid: string | null }>(
      'SELECT canonical_url AS canonicalUrl, url, feed_id AS feedId, guid FROM objects WHERE id = ?',
    ),
    moveVersions: db.prepare<[number, number]>('UPDATE versions SET object_id = ? WHERE object_id = ?'),
    moveSegments: db.prepare<[number, number]>('UPDATE segments SET object_id = ? WHERE object_id = ?'),
    dropObject: db.prepare<[number]>('DELETE FROM objects WHERE id = ?'),
    moveObject: db.prepare<[string, string, number | null, string | null, number]>(
      'UPDATE objects SET canonical_url = ?, url = ?, feed_id = coalesce(?, feed_id), guid = coalesce(?, guid) WHERE id = ?',
    ),
    hostsBefore: db
      .prepare<[number], string>("SELECT DISTINCT host FROM captures WHERE crawl_id < ? AND record_type IN ('response', 'revisit')")
      .pluck(),
    hostsIn: db
      .prepare<[number], string>("SELECT DISTINCT host FROM captures WHERE crawl_id = ? AND record_type IN ('response', 'revisit')")
      .pluck(),
    upsert: db.prepare<ChangeRow>(`INSERT INTO changes (object_id, from_version_id, to_version_id, from_time, to_time, to_crawl_id,
        kinds, similarity, significance, words_added, words_removed, detail)
      VALUES (@objectId, @fromId, @toId, @fromTime, @toTime, @crawlId, @kinds, @similarity, @significance, @wordsAdded, @wordsRemoved, @detail)
      ON CONFLICT (object_id, to_crawl_id) DO UPDATE SET from_version_id = excluded.from_version_id,
        to_version_id = excluded.to_version_id, from_time = excluded.from_time, to_time = excluded.to_time,
        kinds = excluded.kinds, similarity = excluded.similarity, significance = excluded.significance,
        words_added = excluded.words_added, words_removed = excluded.words_removed, detail = excluded.detail`),
    pageStatus: db.prepare<
      [number, number],
      { status: number | null }
    >(`SELECT status FROM captures WHERE crawl_id = ? AND url_key = (SELECT url_key FROM captures c
        JOIN versions v ON v.capture_id = c.id WHERE v.id = ?) AND record_type IN ('response', 'revisit')
      ORDER BY time DESC LIMIT 1`),
  };
}

/** The changes pass's statements, prepared once per store. */
export class ChangeStore extends PassStore {
  readonly #q = statements(this.db);

  /** Whether a crawl was stored before this one. */
  hasEarlierCrawl(crawlId: number): boolean {
    return this.#q.earlierCrawl.get(crawlId) !== undefined;
  }

  /** The version speaking for an object in a crawl (METHOD_PREFERENCE), or null. */
  preferredVersion(objectId: number, crawlId: number): ComparedVersionRow | null {
    const row = this.#q.preferredVersion.get(objectId, crawlId);
    return row === undefined ? null : { ...toObjectVersion(row), recordType: row.recordType };
  }

  /** The comments of a version, in page order. */
  commentsOf(versionId: number): CommentSnapshot[] {
    return this.#q.comments.all(versionId);
  }

  /** The latest crawl before `crawlId` holding a version of the object, or null. */
  latestEarlierCrawl(objectId: number, crawlId: number): number | null {
    return this.#q.latestEarlierCrawl.get(objectId, crawlId) ?? null;
  }

  /** The comments each object of the crawl shows (the most of its versions), with the object's URL. */
  commentCounts(crawlId: number): Array<{ url: string; comments: number }> {
    return this.#q.commentCounts.all(crawlId);
  }

  /** Objects with a version in the crawl, with their URLs. */
  objectsIn(crawlId: number): Array<{ objectId: number; url: string }> {
    return this.#q.objectsIn.all(crawlId);
  }

  /** Objects with a version in an earlier crawl and none in this one, unless already reported deleted since their latest version. */
  objectsGoneIn(crawlId: number): number[] {
    return this.#q.objectsGone.all(crawlId, crawlId, crawlId, crawlId);
  }

  /**
   * Posts moved to a new URL [ours, issue #12]: an object of an earlier crawl that gave no version in
   * this one is the object first seen in this crawl
   * - at the Location its URL redirects to (3xx) in this crawl, or
   * - holding the same feed item (guid, in the same feed), when the two are its only objects: a post
   *   whose slug changed and whose old URL was not captured or answers 404 (a guid that is the
   *   permalink changes with it and matches nothing).
   * The new object's versions join the old one, which takes the new URL as its own, so later crawls
   * find it there. Returns each moved object, its old and new URLs and the evidence.
   */
  joinMovedObjects(crawlId: number): MovedObject[] {
    const moved: MovedObject[] = [];
    const join = (objectId: number, from: string, newId: number, by: MovedObject['by']): void => {
      const row = this.#q.objectRow.get(newId);
      if (row === undefined) return;
      this.#q.moveVersions.run(objectId, newId);
      this.#q.moveSegments.run(objectId, newId);
      this.#q.dropObject.run(newId);
      this.#q.moveObject.run(row.canonicalUrl, row.url, row.feedId, row.guid, objectId);
      moved.push({ objectId, from, to: row.url, by });
    };
    for (const r of this.#q.redirected.all(crawlId, crawlId)) {
      const newId = this.#q.newObjectAt.get(...spellingsOf(canonicalUrl(r.location, r.url)), crawlId, crawlId);
      if (newId !== undefined && newId !== r.objectId) join(r.objectId, r.url, newId, 'redirect');
    }
    // After the redirects: an object joined there has a version in this crawl and pairs no more.
    for (const p of this.#q.sameFeedItem.all(crawlId, crawlId, crawlId)) join(p.objectId, p.url, p.newId, 'feed item');
    return moved;
  }

  /** Hosts with a response or revisit before the crawl. */
  hostsBefore(crawlId: number): Set<string> {
    return new Set(this.#q.hostsBefore.all(crawlId));
  }

  /** Hosts with a response or revisit in the crawl. */
  hostsIn(crawlId: number): Set<string> {
    return new Set(this.#q.hostsIn.all(crawlId));
  }

  /** The HTTP status of the latest capture, in `crawlId`, of the page a version was made from; undefined when not captured. */
  pageStatusIn(crawlId: number, versionId: number): { status: number | null } | undefined {
    return this.#q.pageStatus.get(crawlId, versionId);
  }

  upsertChange(row: ChangeRow): void {
    this.#q.upsert.run(row);
  }
}
