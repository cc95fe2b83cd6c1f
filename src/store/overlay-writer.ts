import type { Diagnostic } from '../core/diagnostics.js';
import { canonicalUrl, schemelessKey } from '../core/url.js';
import { anySpelling, type Spellings, spellingsOf } from './object-spellings.js';
import { languageFromText } from '../extract/index.js';
import type { Feed, FeedItem } from '../feeds/index.js';
import type { IndexEntry } from '../warc/index.js';
import type { Db } from './overlay-db.js';
import { type CommentParams, INSERT_COMMENT, UPSERT_VERSION, type VersionParams, versionParams } from './version-rows.js';
import type { Comment, VersionContent } from '../core/domain.js';

/** Characters of title + text given to language detection when page and feed say nothing (ours: franc is reliable from a few hundred). */
export const LANGUAGE_SAMPLE_CHARS = 2000;

/**
 * One row per (crawl, feed URL): the one of the first page that advertises it, by URL order, so the
 * row is the same whatever order the pages were read in (extraction workers finish in any order;
 * shards merge in any order: DESIGN "outputs are deterministic whatever the partitioning").
 */
export const DISCOVERED_FEED_CONFLICT = `ON CONFLICT (crawl_id, url) DO UPDATE SET host = excluded.host, type = excluded.type,
  title = excluded.title, via = excluded.via, is_comment_feed = excluded.is_comment_feed, first_page = excluded.first_page
  WHERE excluded.first_page < discovered_feeds.first_page`;

/** Captures are inserted in transactions of this many rows (ours: amortises fsync, bounds memory). */
export const CAPTURE_BATCH_SIZE = 2000;

/** The key an item is known by inside its feed: guid, else link, else title. */
export function itemKey(item: FeedItem): string {
  return item.guid ?? item.link ?? item.origLink ?? item.title ?? '';
}

/** The id an upsert `RETURNING id` gave back (it always gives one: undefined is a bug, named by `what`). */
function returnedId(id: number | undefined, what: string): number {
  if (id === undefined) throw new Error(`no row id returned for ${what}`);
  return id;
}

/**
 * All writes to the overlay store. Every statement is an upsert on a natural key, so a crash keeps
 * the committed batches and a rerun of the same crawl gives the same rows.
 */
export class OverlayWriter {
  readonly #db: Db;
  readonly #pending: Array<{ crawlId: number; entry: IndexEntry }> = [];
  readonly #insertCapture;
  readonly #insertDiagnostic;
  readonly #upsertObject;
  readonly #objectOfSpellings;
  readonly #keepObjectFeed;
  readonly #upsertVersion;
  readonly #clearComments;
  readonly #insertComment;
  readonly #captureIdAt;
  readonly #upsertFeed;
  readonly #upsertSnapshot;
  readonly #upsertItem;
  readonly #linkItem;
  readonly #setPairing;
  readonly #insertDiscoveredFeed;
  readonly #copyVersion;
  readonly #copyComments;

  constructor(db: Db) {
    this.#db = db;
    this.#insertCapture = db.prepare(`
      INSERT INTO captures (crawl_id, record_type, record_id, url, canonical_url, url_key, host, time, status, mime,
        file, offset, length, payload_digest, payload_length, location, refers_to_id, refers_to_url, refers_to_time,
        inflated_offset)
      VALUES (@crawlId, @recordType, @recordId, @url, @canonicalUrl, @urlKey, @host, @time, @status, @mime,
        @file, @offset, @length, @payloadDigest, @payloadLength, @location, @refersToId, @refersToUrl, @refersToTime,
        @inflatedOffset)
      ON CONFLICT DO UPDATE SET crawl_id = excluded.crawl_id`);
    this.#copyVersion = db
      .prepare<
        [number, number, string, number],
        number
      >(`INSERT INTO versions (object_id, crawl_id, capture_id, capture_time, method, title, author, published,
          updated, categories, text, html, refs, confidence, paths, page_digest, language)
        SELECT object_id, ?, ?, ?, method, title, author, published, updated, categories, text, html, refs,
          confidence, paths, page_digest, language FROM versions WHERE id = ?
        ON CONFLICT (object_id, crawl_id, method) DO UPDATE SET capture_id = excluded.capture_id,
          capture_time = excluded.capture_time
        RETURNING id`)
      .pluck();
    this.#copyComments = db.prepare<[number, number]>(`INSERT INTO comments (version_id, position, comment_id, parent, depth, author,
        author_url, published, text, html, permalink, source, hash, byline)
      SELECT ?, position, comment_id, parent, depth, author, author_url, published, text, html, permalink, source, hash,
        byline FROM comments WHERE version_id = ?`);
    this.#insertDiagnostic = db.prepare(
      'INSERT INTO diagnostics (crawl_id, kind, severity, message, file, offset, url) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.#upsertObject = db
      .prepare<[string, string, number | null, string | null], number>(`INSERT INTO objects (canonical_url, url, feed_id, guid)
        VALUES (?, ?, ?, ?) ON CONFLICT (canonical_url) DO UPDATE SET feed_id = coalesce(objects.feed_id, excluded.feed_id),
        guid = coalesce(objects.guid, excluded.guid) RETURNING id`)
      .pluck();
    this.#objectOfSpellings = db
      .prepare<[...Spellings, string], number>(
        `SELECT id FROM objects WHERE ${anySpelling('canonical_url')} ORDER BY canonical_url = ? DESC, id LIMIT 1`,
      )
      .pluck();
    this.#keepObjectFeed = db.prepare<[number | null, string | null, number]>(
      'UPDATE objects SET feed_id = coalesce(feed_id, ?), guid = coalesce(guid, ?) WHERE id = ?',
    );
    this.#upsertVersion = db.prepare<VersionParams, { id: number }>(UPSERT_VERSION);
    this.#clearComments = db.prepare<[number]>('DELETE FROM comments WHERE version_id = ?');
    this.#insertComment = db.prepare<CommentParams>(INSERT_COMMENT);
    // Prepared once: they run per capture place, feed snapshot, item, pairing and page.
    this.#captureIdAt = db
      .prepare<[string, number, number], number>(
        'SELECT id FROM captures WHERE file = ? AND offset = ? AND coalesce(inflated_offset, -1) = ?',
      )
      .pluck();
    this.#upsertFeed = db
      .prepare<[string, string, string, string, string | null, string | null, string | null, number, string | null], number>(`
        INSERT INTO feeds (url, format, kind, kind_reason, title, site_url, language, is_full_content, full_content_reason)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (url) DO UPDATE SET format = excluded.format, kind = excluded.kind, kind_reason = excluded.kind_reason,
          title = excluded.title, site_url = excluded.site_url, language = excluded.language,
          is_full_content = excluded.is_full_content, full_content_reason = excluded.full_content_reason
        RETURNING id`)
      .pluck();
    this.#upsertSnapshot = db
      .prepare<[number, number, number, string, number], number>(`
        INSERT INTO feed_snapshots (feed_id, crawl_id, capture_id, capture_time, item_count) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (feed_id, capture_id) DO UPDATE SET item_count = excluded.item_count RETURNING id`)
      .pluck();
    this.#upsertItem = db.prepare<Record<string, unknown>, { id: number }>(`
        INSERT INTO items (feed_id, item_key, guid, link, orig_link, title, author, published, updated, categories,
          description, content, comments_url, comment_feed_url, comment_count, in_reply_to, is_valid, invalid_reason)
        VALUES (@feedId, @key, @guid, @link, @origLink, @title, @author, @published, @updated, @categories,
          @description, @content, @commentsUrl, @commentFeedUrl, @commentCount, @inReplyTo, @isValid, @invalidReason)
        ON CONFLICT (feed_id, item_key) DO UPDATE SET guid = excluded.guid, link = excluded.link,
          orig_link = excluded.orig_link, title = excluded.title, author = excluded.author,
          published = excluded.published, updated = excluded.updated, categories = excluded.categories,
          description = excluded.description, content = excluded.content, comments_url = excluded.comments_url,
          comment_feed_url = excluded.comment_feed_url, comment_count = excluded.comment_count,
          in_reply_to = excluded.in_reply_to, is_valid = excluded.is_valid, invalid_reason = excluded.invalid_reason
        RETURNING id`);
    this.#linkItem = db.prepare('INSERT OR REPLACE INTO snapshot_items (snapshot_id, item_id, position) VALUES (?, ?, ?)');
    this.#setPairing = db.prepare(`INSERT INTO pairings (item_id, crawl_id, capture_id, via, reason) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (item_id, crawl_id) DO UPDATE SET capture_id = excluded.capture_id, via = excluded.via,
        reason = excluded.reason`);
    this.#insertDiscoveredFeed =
      db.prepare(`INSERT INTO discovered_feeds (host, url, type, title, via, is_comment_feed, first_page, crawl_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?) ${DISCOVERED_FEED_CONFLICT}`);
  }

  /**
   * Start (or restart) a crawl. A crawl already finished is reported as such and left alone;
   * one left unfinished by a crash is cleared and built again.
   */
  beginCrawl(identity: string, name: string, bytes: number): { crawlId: number; alreadyBuilt: boolean } {
    const row = this.#db
      .prepare<[string], { id: number; finishedAt: string | null }>('SELECT id, finished_at AS finishedAt FROM crawls WHERE identity = ?')
      .get(identity);
    if (row?.finishedAt) return { crawlId: row.id, alreadyBuilt: true };
    if (row) this.#db.prepare('DELETE FROM crawls WHERE id = ?').run(row.id);
    const info = this.#db
      .prepare('INSERT INTO crawls (identity, name, bytes, started_at) VALUES (?, ?, ?, ?)')
      .run(identity, name, bytes, new Date().toISOString());
    return { crawlId: Number(info.lastInsertRowid), alreadyBuilt: false };
  }

  finishCrawl(crawlId: number, records: number, report: unknown): void {
    this.flushCaptures(crawlId);
    this.#db
      .prepare('UPDATE crawls SET finished_at = ?, records = ?, report = ? WHERE id = ?')
      .run(new Date().toISOString(), records, JSON.stringify(report), crawlId);
  }

  /** Queue a capture row of a crawl; rows are written in batches. */
  addCapture(crawlId: number, entry: IndexEntry): void {
    this.#pending.push({ crawlId, entry });
    if (this.#pending.length >= CAPTURE_BATCH_SIZE) this.flushCaptures();
  }

  /** Write the queued capture rows (of every crawl; the argument is kept for older callers). */
  flushCaptures(_crawlId?: number): void {
    if (this.#pending.length === 0) return;
    const rows = this.#pending.splice(0);
    this.#db.transaction(() => {
      for (const { crawlId, entry: e } of rows) {
        this.#insertCapture.run({ ...e, crawlId, urlKey: schemelessKey(e.url), inflatedOffset: e.inflatedOffset ?? null });
      }
    })();
  }

  /** How many crawls an input split by --crawl-by already has (identities under `prefix`), and how many are unfinished. */
  inputCrawls(prefix: string): { total: number; unfinished: number } {
    const row = this.#db
      .prepare<[string, string], { total: number; unfinished: number }>(
        'SELECT count(*) AS total, count(*) - count(finished_at) AS unfinished FROM crawls WHERE substr(identity, 1, length(?)) = ?',
      )
      .get(prefix, prefix);
    return row ?? { total: 0, unfinished: 0 };
  }

  /** Drop every crawl of an input split by --crawl-by (a crashed build of it), with their rows. */
  clearInputCrawls(prefix: string): void {
    this.#db.prepare('DELETE FROM crawls WHERE substr(identity, 1, length(?)) = ?').run(prefix, prefix);
  }

  /** Id of the capture stored at this place (after flushCaptures). */
  captureIdAt(file: string, offset: number, inflatedOffset?: number): number | undefined {
    return this.#captureIdAt.get(file, offset, inflatedOffset ?? -1);
  }

  addDiagnostic(crawlId: number | null, d: Diagnostic): void {
    this.#insertDiagnostic.run(
      crawlId,
      d.kind,
      d.severity,
      d.message,
      d.location.file ?? null,
      d.location.offset ?? null,
      d.location.url ?? null,
    );
  }

  /** Store a feed and one snapshot of it; returns the feed id and the item ids in feed order. */
  addFeedSnapshot(
    feed: Feed,
    feedKey: string,
    crawlId: number,
    captureId: number,
    captureTime: string,
  ): { feedId: number; itemIds: number[] } {
    return this.#db.transaction(() => {
      const feedRowId = this.#upsertFeed.get(
        feedKey,
        feed.format,
        feed.kind,
        feed.kindReason,
        feed.title,
        feed.siteUrl,
        feed.language,
        feed.isFullContent ? 1 : 0,
        feed.fullContentReason,
      );
      const feedId = returnedId(feedRowId, feedKey);
      const snapshotRowId = this.#upsertSnapshot.get(feedId, crawlId, captureId, captureTime, feed.items.length);
      const snapshotId = returnedId(snapshotRowId, `${feedKey} snapshot`);
      const itemIds: number[] = [];
      feed.items.forEach((item, position) => {
        const row = this.#upsertItem.get({
          feedId,
          key: itemKey(item),
          guid: item.guid,
          link: item.link,
          origLink: item.origLink,
          title: item.title,
          author: item.author,
          published: item.published,
          updated: item.updated,
          categories: JSON.stringify(item.categories),
          description: item.description,
          content: item.content,
          commentsUrl: item.commentsUrl,
          commentFeedUrl: item.commentFeedUrl,
          commentCount: item.commentCount,
          inReplyTo: item.inReplyTo,
          isValid: item.isValid ? 1 : 0,
          invalidReason: item.invalidReason,
        });
        const itemId = returnedId(row?.id, `${feedKey} item ${position}`);
        this.#linkItem.run(snapshotId, itemId, position);
        itemIds.push(itemId);
      });
      return { feedId, itemIds };
    })();
  }

  setPairing(itemId: number, crawlId: number, captureId: number | null, via: string | null, reason: string): void {
    this.#setPairing.run(itemId, crawlId, captureId, via, reason);
  }

  /** Store one version of an object (creating the object on first sight) with its comments. */
  /**
   * The object of a canonical URL: the one known under any of its spellings (`spellingsOf`: http or
   * https, with or without `www.`), its own first, else the earliest; else a new one under this URL.
   */
  #objectOf(canonicalUrl: string, url: string, feedId: number | null, guid: string | null): number {
    const known = this.#objectOfSpellings.get(...spellingsOf(canonicalUrl), canonicalUrl);
    if (known === undefined) return returnedId(this.#upsertObject.get(canonicalUrl, url, feedId, guid), canonicalUrl);
    this.#keepObjectFeed.run(feedId, guid, known);
    return known;
  }

  addVersion(v: {
    canonicalUrl: string;
    url: string;
    feedId: number | null;
    guid: string | null;
    crawlId: number;
    captureId: number | null;
    captureTime: string;
    pageDigest: string | null;
    object: VersionContent;
    comments: Comment[];
    /** ISO 639-1 from the page or feed; detected from the text when absent. */
    language?: string | null;
  }): number {
    return this.#db.transaction(() => {
      const objectId = this.#objectOf(v.canonicalUrl, v.url, v.feedId, v.guid);
      const version = this.#upsertVersion.get(
        versionParams({
          ...v.object,
          objectId,
          crawlId: v.crawlId,
          captureId: v.captureId,
          captureTime: v.captureTime,
          pageDigest: v.pageDigest,
          language: v.language ?? languageFromText(`${v.object.title ?? ''} ${v.object.text.slice(0, LANGUAGE_SAMPLE_CHARS)}`),
          fusion: null,
        }),
      );
      const versionId = returnedId(version?.id, v.canonicalUrl);
      this.replaceComments(versionId, v.comments);
      return versionId;
    })();
  }

  /** Replace the comments of a version. */
  replaceComments(versionId: number, comments: readonly Comment[]): void {
    this.#clearComments.run(versionId);
    for (const c of comments) this.#insertComment.run({ ...c, versionId });
  }

  /** A new version of an object that is a copy of an earlier one (same payload), comments included. */
  copyVersion(fromVersionId: number, crawlId: number, captureId: number, captureTime: string): number {
    return this.#db.transaction(() => {
      const copied = this.#copyVersion.get(crawlId, captureId, captureTime, fromVersionId);
      const versionId = returnedId(copied, `copy of version ${fromVersionId}`);
      this.#clearComments.run(versionId);
      this.#copyComments.run(versionId, fromVersionId);
      return versionId;
    })();
  }

  /** Feeds an archived page advertises [002 "Feed discovery"]; per crawl the first advertising page by URL order is kept. */
  addDiscoveredFeeds(
    crawlId: number,
    host: string,
    pageUrl: string,
    feeds: ReadonlyArray<{ url: string; type: string | null; title: string | null; via: string; isCommentFeed: boolean }>,
  ): void {
    if (feeds.length === 0) return;
    this.#db.transaction(() => {
      for (const f of feeds)
        this.#insertDiscoveredFeed.run(host, canonicalUrl(f.url), f.type, f.title, f.via, f.isCommentFeed ? 1 : 0, pageUrl, crawlId);
    })();
  }
}
