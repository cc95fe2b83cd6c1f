import { createHash } from 'node:crypto';
import type { Comment, ObjectVersion } from '../core/domain.js';
import { siteOf } from '../core/url.js';
import { languageFromText } from '../extract/index.js';
import type { FeedItem } from '../feeds/index.js';
import { isCaptured } from './capture-lookup.js';
import { htmlCaptureWhere } from './html-capture.js';
import type { Db } from './overlay-db.js';
import { FUSED_VERSION, parseJson, SHOWN_METHOD, toObjectVersion, VERSION_COLUMNS, VERSION_FROM, type VersionRow } from './version-rows.js';

/** Provenance of an exported row: the WARC record of the page capture (alias `k`), or the feed's for a feed-only object. */
interface Provenance {
  warc_file: string | null;
  warc_offset: number | null;
  warc_record_id: string | null;
  payload_digest: string | null;
  mime: string | null;
  status: number | null;
}

/** SQL of the Provenance columns (alias `k`: captures). */
const PROVENANCE_COLUMNS_SQL =
  'k.file AS warc_file, k.offset AS warc_offset, k.record_id AS warc_record_id, k.payload_digest, k.mime, k.status';

/** The columns every exported object and comment row ends with: provenance, language, site, content hash. */
const PROVENANCE_COLUMNS = [
  'warc_file',
  'warc_offset',
  'warc_record_id',
  'payload_digest',
  'mime',
  'status',
  'language',
  'site',
  'content_hash',
] as const;

/** A comment as an exported object row lists it. */
type ObjectRowComment = Pick<Comment, 'author' | 'published' | 'text' | 'parent' | 'byline'>;

const sha256 = (text: string): string => `sha256:${createHash('sha256').update(text).digest('hex')}`;

/** One object version as exported (DESIGN.md "export --what objects"): the domain version in the contract's snake_case. */
function toObjectRow(v: ObjectVersion, provenance: Provenance, comments: ObjectRowComment[]) {
  return {
    url: v.url,
    canonical_url: v.canonicalUrl,
    feed_url: v.feedUrl,
    guid: v.guid,
    crawl: v.crawl,
    capture_time: v.captureTime,
    title: v.title,
    author: v.author,
    published: v.published,
    updated: v.updated,
    categories: v.categories,
    text: v.text,
    html: v.html,
    references: v.references,
    comments,
    method: v.method,
    confidence: v.confidence,
    /** Fused version: where text and metadata come from and why; null for an evidence row. */
    fusion: v.fusion,
    ...provenance,
    /** ISO 639-1 from the page's lang, the feed's language, or detection. */
    language: v.language,
    /** Host without `www.`. */
    site: siteOf(v.url),
    /** sha256 of the version's text (equal hashes, equal text). */
    content_hash: sha256(v.text),
  };
}

/** One object version as exported (DESIGN.md "export --what objects"). */
export type ObjectVersionRow = ReturnType<typeof toObjectRow>;

/** Columns of `readObjectVersions` rows, in order. */
export const OBJECT_COLUMNS = [
  'url',
  'canonical_url',
  'feed_url',
  'guid',
  'crawl',
  'capture_time',
  'title',
  'author',
  'published',
  'updated',
  'categories',
  'text',
  'html',
  'references',
  'comments',
  'method',
  'confidence',
  'fusion',
  ...PROVENANCE_COLUMNS,
] as const satisfies ReadonlyArray<keyof ObjectVersionRow>;

/**
 * Streams the object versions, oldest crawl first, with their comments: by default one fused
 * version per object and crawl (DESIGN "The data object"); with `evidence`, the per-method
 * candidates behind them instead.
 */
export function* readObjectVersions(db: Db, options: { evidence?: boolean } = {}): Generator<ObjectVersionRow> {
  const which = options.evidence === true ? "v.method <> 'fused'" : FUSED_VERSION;
  const versions = db.prepare<[], VersionRow & Provenance>(`SELECT ${VERSION_COLUMNS}, ${PROVENANCE_COLUMNS_SQL}
    ${VERSION_FROM} LEFT JOIN captures k ON k.id = v.capture_id
    WHERE ${which}
    ORDER BY v.crawl_id, o.canonical_url, v.method`);
  const comments = db.prepare<[number], ObjectRowComment>(
    'SELECT author, published, text, parent, byline FROM comments WHERE version_id = ? ORDER BY position',
  );
  for (const { warc_file, warc_offset, warc_record_id, payload_digest, mime, status, ...row } of versions.iterate()) {
    const provenance = { warc_file, warc_offset, warc_record_id, payload_digest, mime, status };
    yield toObjectRow(toObjectVersion(row), provenance, comments.all(row.id));
  }
}

/**
 * Every archived HTML capture (DESIGN "export --what pages"): whether it is a post, how that was
 * decided (feed pairing, template, E-mCST, segmentation), its template, and the posts a channel
 * page shows (its segments).
 */
export function* readPages(db: Db) {
  const rows = db.prepare<
    [],
    Provenance & {
      id: number;
      url: string;
      capture_time: string;
      crawl: string;
      is_post: number | null;
      match_method: string | null;
      reason: string | null;
      template_key: string | null;
      method: string | null;
      language: string | null;
    }
  >(`
    SELECT c.id, c.url, c.time AS capture_time, cr.name AS crawl, c.status, c.file AS warc_file, c.offset AS warc_offset,
      c.record_id AS warc_record_id, c.payload_digest, c.mime, pm.is_post, pm.method AS match_method, pm.reason, t.template_key,
      (SELECT v.method FROM versions v WHERE v.capture_id = c.id AND v.method NOT IN ('full-feed', 'fused')
        ORDER BY v.confidence DESC LIMIT 1) AS method,
      (SELECT v.language FROM versions v WHERE v.capture_id = c.id AND v.language IS NOT NULL
        ORDER BY v.method = 'fused' DESC LIMIT 1) AS language
    FROM captures c JOIN crawls cr ON cr.id = c.crawl_id
    LEFT JOIN page_matches pm ON pm.capture_id = c.id LEFT JOIN templates t ON t.id = pm.template_id
    WHERE ${htmlCaptureWhere('c')}
    ORDER BY c.crawl_id, c.url`);
  const segments = db.prepare<[number], Record<string, unknown>>(`SELECT position, method, permalink, title, author, published
    FROM segments WHERE capture_id = ? ORDER BY position`);
  for (const row of rows.iterate()) {
    yield {
      url: row.url,
      capture_time: row.capture_time,
      crawl: row.crawl,
      is_post: row.is_post === null ? row.method !== null : row.is_post === 1,
      method: row.method,
      template_id: row.template_key,
      decided_by: row.match_method ?? row.method,
      reason: row.reason,
      segments: segments.all(row.id),
      warc_file: row.warc_file,
      warc_offset: row.warc_offset,
      warc_record_id: row.warc_record_id,
      payload_digest: row.payload_digest,
      mime: row.mime,
      status: row.status,
      language: row.language,
      site: siteOf(row.url),
      // the archived page's content: its payload digest as the WARC states it
      content_hash: row.payload_digest,
    };
  }
}

export interface ChangeFilter {
  /** Substring of the object URL. */
  url?: string;
  /** ISO time: changes whose later capture is at or after it. */
  since?: string;
  /** Keep changes having one of these kinds. */
  kinds?: string[];
  minSignificance?: number;
}

/** Every stored change between two versions of an object (DESIGN "export --what changes"). */
export function* readChanges(db: Db, filter: ChangeFilter = {}) {
  const where: string[] = [];
  const params: string[] = [];
  if (filter.url !== undefined) {
    where.push('(o.url LIKE ? OR o.canonical_url LIKE ?)');
    params.push(`%${filter.url}%`, `%${filter.url}%`);
  }
  if (filter.since !== undefined) {
    where.push('COALESCE(ch.to_time, ch.from_time) >= ?');
    params.push(filter.since);
  }
  const rows = db.prepare<
    string[],
    {
      url: string;
      canonical_url: string;
      from_time: string | null;
      to_time: string | null;
      from_crawl: string | null;
      to_crawl: string;
      kinds: string;
      similarity: number | null;
      significance: number | null;
      words_added: number | null;
      words_removed: number | null;
      detail: string | null;
    }
  >(`
    SELECT o.url, o.canonical_url, ch.from_time, ch.to_time, fc.name AS from_crawl, cr.name AS to_crawl, ch.kinds,
      ch.similarity, ch.significance, ch.words_added, ch.words_removed, ch.detail
    FROM changes ch JOIN objects o ON o.id = ch.object_id JOIN crawls cr ON cr.id = ch.to_crawl_id
    LEFT JOIN versions fv ON fv.id = ch.from_version_id LEFT JOIN crawls fc ON fc.id = fv.crawl_id
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY ch.to_crawl_id, o.canonical_url`);
  for (const { kinds: kindsJson, detail: detailJson, ...row } of rows.iterate(...params)) {
    const kinds = parseJson<string[]>(kindsJson, []);
    if (filter.kinds !== undefined && !kinds.some((k) => filter.kinds?.includes(k))) continue;
    if (filter.minSignificance !== undefined && (row.significance ?? 0) < filter.minSignificance) continue;
    const detail = parseJson<Record<string, unknown>>(detailJson, {});
    yield {
      url: row.url,
      canonical_url: row.canonical_url,
      from_time: row.from_time,
      to_time: row.to_time,
      from_crawl: row.from_crawl,
      to_crawl: row.to_crawl,
      kinds,
      similarity: row.similarity,
      significance: row.significance,
      words_added: row.words_added,
      words_removed: row.words_removed,
      comments_added: detail.commentsAdded ?? 0,
      comments_removed: detail.commentsRemoved ?? 0,
      comments_edited: detail.commentsEdited ?? 0,
      comment_changes: detail.commentChanges ?? [],
      sentence_similarity: detail.sentenceSimilarity ?? null,
      sentences_added: detail.sentencesAdded ?? 0,
      sentences_removed: detail.sentencesRemoved ?? 0,
      title_change: detail.titleChange ?? null,
      metadata_changes: detail.metadataChanges ?? [],
      references_added: detail.referencesAdded ?? [],
      references_removed: detail.referencesRemoved ?? [],
      reasons: detail.reasons ?? [],
      text_diff: detail.textDiff ?? [],
    };
  }
}

/** Learnt templates in key-path notation [000 §III-B] (DESIGN "export --what templates"). */
export function* readTemplates(db: Db) {
  const rows = db.prepare<
    [],
    {
      id: string;
      host: string;
      feed_url: string | null;
      key_path: string;
      content_path: string | null;
      property_paths: string;
      support: number;
      learnt_in: string | null;
      posts_matched: number;
    }
  >(`SELECT t.template_key AS id, t.host, t.feed_url, t.key_path, t.content_path, t.property_paths, t.support,
      cr.name AS learnt_in, (SELECT count(*) FROM page_matches pm WHERE pm.template_id = t.id AND pm.is_post = 1) AS posts_matched
    FROM templates t LEFT JOIN crawls cr ON cr.id = t.learnt_crawl_id ORDER BY t.host, t.support DESC`);
  for (const row of rows.iterate()) yield { ...row, property_paths: parseJson<unknown>(row.property_paths, {}) };
}

/** SQLite's 0/1 as a boolean, for the flag columns below. */
const flag = (n: number): boolean => n === 1;

/**
 * Feeds that archived pages advertise, per host, and whether the archive holds them [002 "Feed
 * discovery"]: the ones missing are URLs a crawler should add.
 */
export function readDiscoveredFeeds(db: Db) {
  return db
    .prepare<
      [],
      {
        host: string;
        url: string;
        type: string | null;
        title: string | null;
        via: string;
        comment_feed: number;
        parsed: number;
        first_page: string;
      }
    >(`SELECT d.host, d.url, d.type, d.title, d.via, d.is_comment_feed AS comment_feed,
        EXISTS (SELECT 1 FROM feeds f WHERE f.url = d.url) AS parsed,
        min(d.first_page) AS first_page
      FROM discovered_feeds d GROUP BY d.host, d.url ORDER BY d.host, d.url`)
    .all()
    .map(({ first_page, parsed, ...r }) => ({
      ...r,
      comment_feed: flag(r.comment_feed),
      captured: isCaptured(db, r.url),
      parsed: flag(parsed),
      first_page,
    }));
}

/** One row per feed: format, kind, full/partial, items, paired and unpaired with reasons. */
export function readFeedStats(db: Db) {
  const feeds = db.prepare<
    [],
    {
      id: number;
      url: string;
      title: string | null;
      format: string;
      kind: string;
      kind_reason: string | null;
      full_content: number;
      full_content_reason: string | null;
      snapshots: number;
      items: number;
      invalid_items: number;
    }
  >(`
    SELECT f.id, f.url, f.title, f.format, f.kind, f.kind_reason, f.is_full_content AS full_content, f.full_content_reason,
      (SELECT count(*) FROM feed_snapshots s WHERE s.feed_id = f.id) AS snapshots,
      (SELECT count(*) FROM items i WHERE i.feed_id = f.id) AS items,
      (SELECT count(*) FROM items i WHERE i.feed_id = f.id AND i.is_valid = 0) AS invalid_items
    FROM feeds f ORDER BY f.url`);
  const pairing = db.prepare<[number], { paired: number; reason: string; link: string | null; guid: string | null; crawl: string }>(`
    SELECT p.capture_id IS NOT NULL AS paired, p.reason, i.link, i.guid, cr.name AS crawl
    FROM pairings p JOIN items i ON i.id = p.item_id JOIN crawls cr ON cr.id = p.crawl_id WHERE i.feed_id = ?`);
  return feeds.all().map(({ id, ...f }) => {
    const pairs = pairing.all(id);
    const unpaired = pairs.filter((p) => !p.paired);
    return {
      ...f,
      full_content: flag(f.full_content),
      paired: pairs.length - unpaired.length,
      unpaired: unpaired.map((p) => ({ item: p.link ?? p.guid, crawl: p.crawl, reason: p.reason })),
    };
  });
}

/** Columns of `readComments` rows, in order (an empty export still knows its columns). */
export const COMMENT_COLUMNS = [
  'object_url',
  'crawl',
  'capture_time',
  'method',
  'position',
  'id',
  'parent',
  'depth',
  'author',
  'author_url',
  'published',
  'byline',
  'text',
  'permalink',
  'source',
  'hash',
  ...PROVENANCE_COLUMNS,
] as const;

/** A comment as exported: the domain comment in the contract's snake_case, with its version and page capture. */
type CommentRow = Omit<Comment, 'authorUrl' | 'html'> &
  Provenance & {
    object_url: string;
    crawl: string;
    capture_time: string;
    method: string;
    author_url: string | null;
    language: string | null;
  };

/**
 * Every comment of the fused object versions (with `evidence`, of the per-method candidates), with
 * the page capture it was read from.
 */
export function* readComments(db: Db, options: { evidence?: boolean } = {}) {
  const which = options.evidence === true ? "v.method <> 'fused'" : FUSED_VERSION;
  const rows = db.prepare<[], CommentRow>(`
    SELECT o.url AS object_url, cr.name AS crawl, v.capture_time, ${SHOWN_METHOD} AS method, cm.position, cm.comment_id AS id,
      cm.parent, cm.depth, cm.author, cm.author_url, cm.published, cm.byline, cm.text, cm.permalink, cm.source, cm.hash,
      ${PROVENANCE_COLUMNS_SQL}, v.language
    FROM comments cm JOIN versions v ON v.id = cm.version_id JOIN objects o ON o.id = v.object_id
    JOIN crawls cr ON cr.id = v.crawl_id LEFT JOIN captures k ON k.id = v.capture_id
    WHERE ${which} ORDER BY v.crawl_id, o.canonical_url, v.method, cm.position`);
  for (const row of rows.iterate()) {
    // a comment's own language when detection is sure of it, else its article's
    const language = languageFromText(row.text) ?? row.language;
    yield { ...row, language, site: siteOf(row.object_url), content_hash: row.hash };
  }
}

/** Each paired page capture once, with the feed item paired to it, as stored (for benchmarks and checks). */
export function readPairedItems(db: Db): Array<{ captureId: number; url: string; feedUrl: string; item: FeedItem }> {
  const rows = db
    .prepare<
      [],
      Omit<FeedItem, 'guidIsPermalink' | 'categories' | 'enclosures' | 'isValid'> & {
        captureId: number;
        url: string;
        feedUrl: string;
        categories: string;
        isValid: number;
      }
    >(`SELECT p.capture_id AS captureId, c.url, f.url AS feedUrl, i.guid, i.link, i.orig_link AS origLink, i.title, i.author,
        i.published, i.updated, i.categories, i.description, i.content, i.comments_url AS commentsUrl,
        i.comment_feed_url AS commentFeedUrl, i.comment_count AS commentCount, i.in_reply_to AS inReplyTo, i.is_valid AS isValid,
        i.invalid_reason AS invalidReason
      FROM pairings p JOIN items i ON i.id = p.item_id JOIN feeds f ON f.id = i.feed_id JOIN captures c ON c.id = p.capture_id
      WHERE f.kind = 'article' GROUP BY p.capture_id ORDER BY p.capture_id`)
    .all();
  return rows.map(({ captureId, url, feedUrl, ...r }) => ({
    captureId,
    url,
    feedUrl,
    item: {
      guid: r.guid,
      guidIsPermalink: false,
      link: r.link,
      origLink: r.origLink,
      title: r.title,
      author: r.author,
      published: r.published,
      updated: r.updated,
      categories: parseJson<string[]>(r.categories, []),
      description: r.description,
      content: r.content,
      commentsUrl: r.commentsUrl,
      commentFeedUrl: r.commentFeedUrl,
      commentCount: r.commentCount,
      enclosures: [],
      inReplyTo: r.inReplyTo,
      isValid: flag(r.isValid),
      invalidReason: r.invalidReason,
    },
  }));
}

/** Crawls whose build did not finish (killed or crashed): `finished_at` is set only at the end of a crawl's build. */
export function readUnfinishedCrawls(db: Db): Array<{ name: string; started_at: string }> {
  return db
    .prepare<[], { name: string; started_at: string }>('SELECT name, started_at FROM crawls WHERE finished_at IS NULL ORDER BY id')
    .all();
}

/** One crawl of the overlay: its label and the time range of its captures (`stats`). */
export interface CrawlRow {
  crawl: string;
  first_capture: string | null;
  last_capture: string | null;
  captures: number;
  versions: number;
  finished: boolean;
}

/** The crawls in build order, with the time range of their captures. */
export function readCrawls(db: Db): CrawlRow[] {
  return db
    .prepare<[], Omit<CrawlRow, 'finished'> & { finished: number }>(`SELECT cr.name AS crawl, min(c.time) AS first_capture,
        max(c.time) AS last_capture, count(c.id) AS captures,
        (SELECT count(*) FROM versions v WHERE v.crawl_id = cr.id) AS versions, cr.finished_at IS NOT NULL AS finished
      FROM crawls cr LEFT JOIN captures c ON c.crawl_id = cr.id GROUP BY cr.id ORDER BY cr.id`)
    .all()
    .map((r) => ({ ...r, finished: flag(r.finished) }));
}

/** Each article feed with its snapshots across crawls (oldest first) and the items of each, in feed order [004 §3.2]. */
export function readArticleFeedSnapshots(db: Db): Array<{
  url: string;
  snapshots: Array<{ captureTime: string; items: Array<{ guid: string | null; link: string | null; published: string | null }> }>;
}> {
  const feeds = db.prepare<[], { id: number; url: string }>("SELECT id, url FROM feeds WHERE kind = 'article'").all();
  const snapshots = db.prepare<[number], { id: number; captureTime: string }>(
    'SELECT id, capture_time AS captureTime FROM feed_snapshots WHERE feed_id = ? ORDER BY capture_time',
  );
  const items = db.prepare<
    [number],
    { guid: string | null; link: string | null; published: string | null }
  >(`SELECT i.guid, i.link, i.published
    FROM snapshot_items si JOIN items i ON i.id = si.item_id WHERE si.snapshot_id = ? ORDER BY si.position`);
  return feeds.map((f) => ({
    url: f.url,
    snapshots: snapshots.all(f.id).map((s) => ({ captureTime: s.captureTime, items: items.all(s.id) })),
  }));
}
