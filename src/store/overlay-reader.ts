import { createHash } from 'node:crypto';
import { languageFromText } from '../extract/index.js';
import type { FeedItem } from '../feeds/index.js';
import { htmlCaptureWhere } from './html-capture.js';
import { FUSED_VERSION, SHOWN_METHOD } from './viewer-queries.js';
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
  comments: Array<{ author: string | null; published: string | null; text: string; parent: string | null; byline: string | null }>;
  method: string;
  confidence: number;
  /** Fused version: where text and metadata come from and why; null for an evidence row. */
  fusion: { textFrom: string; reason: string; candidates: string[]; metadataFrom: Record<string, string> } | null;
  /** Provenance: the WARC record of the page capture (or the feed's, for a feed-only object). */
  warc_file: string | null;
  warc_offset: number | null;
  warc_record_id: string | null;
  payload_digest: string | null;
  mime: string | null;
  status: number | null;
  /** ISO 639-1 from the page's lang, the feed's language, or detection. */
  language: string | null;
  /** Host without `www.`. */
  site: string;
  /** sha256 of the version's text (equal hashes, equal text). */
  content_hash: string;
}

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

/** Host of a URL without a leading `www.` (the site column). */
export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

const sha256 = (text: string): string => `sha256:${createHash('sha256').update(text).digest('hex')}`;

const parseJson = <T>(s: string | null, fallback: T): T => (s === null ? fallback : (JSON.parse(s) as T));

/**
 * Streams the object versions, oldest crawl first, with their comments: by default one fused
 * version per object and crawl (DESIGN "The data object"); with `evidence`, the per-method
 * candidates behind them instead.
 */
export function* readObjectVersions(db: Db, options: { evidence?: boolean } = {}): Generator<ObjectVersionRow> {
  const which = options.evidence === true ? "v.method <> 'fused'" : FUSED_VERSION;
  const versions = db.prepare(`
    SELECT v.id, o.url, o.canonical_url, f.url AS feed_url, o.guid, c.name AS crawl, v.capture_time, v.title, v.author,
      v.published, v.updated, v.categories, v.text, v.html, v.refs, ${SHOWN_METHOD} AS method, v.confidence, v.fusion,
      k.file AS warc_file, k.offset AS warc_offset, k.record_id AS warc_record_id, k.payload_digest, k.mime, k.status,
      v.language
    FROM versions v JOIN objects o ON o.id = v.object_id JOIN crawls c ON c.id = v.crawl_id
    LEFT JOIN feeds f ON f.id = o.feed_id LEFT JOIN captures k ON k.id = v.capture_id
    WHERE ${which}
    ORDER BY v.crawl_id, o.canonical_url, v.method`);
  const comments = db.prepare('SELECT author, published, text, parent, byline FROM comments WHERE version_id = ? ORDER BY position');
  for (const row of versions.iterate() as Iterable<Record<string, unknown>>) {
    const text = row.text as string;
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
      text,
      html: row.html as string,
      references: parseJson(row.refs as string, []),
      comments: comments.all(row.id) as ObjectVersionRow['comments'],
      method: row.method as string,
      confidence: row.confidence as number,
      fusion: parseJson(row.fusion as string | null, null),
      warc_file: (row.warc_file as string | null) ?? null,
      warc_offset: (row.warc_offset as number | null) ?? null,
      warc_record_id: (row.warc_record_id as string | null) ?? null,
      payload_digest: (row.payload_digest as string | null) ?? null,
      mime: (row.mime as string | null) ?? null,
      status: (row.status as number | null) ?? null,
      language: (row.language as string | null) ?? null,
      site: siteOf(row.url as string),
      content_hash: sha256(text),
    };
  }
}

/**
 * Every archived HTML capture (DESIGN "export --what pages"): whether it is a post, how that was
 * decided (feed pairing, template, E-mCST, segmentation), its template, and the posts a channel
 * page shows (its segments).
 */
export function* readPages(db: Db): Generator<Record<string, unknown>> {
  const rows = db.prepare(`
    SELECT c.id, c.url, c.time AS capture_time, cr.name AS crawl, c.status, c.file, c.offset, c.record_id, c.payload_digest,
      c.mime, pm.is_post, pm.method AS match_method, pm.reason, t.template_key,
      (SELECT v.method FROM versions v WHERE v.capture_id = c.id AND v.method NOT IN ('full-feed', 'fused')
        ORDER BY v.confidence DESC LIMIT 1) AS method,
      (SELECT v.language FROM versions v WHERE v.capture_id = c.id AND v.language IS NOT NULL
        ORDER BY v.method = 'fused' DESC LIMIT 1) AS language
    FROM captures c JOIN crawls cr ON cr.id = c.crawl_id
    LEFT JOIN page_matches pm ON pm.capture_id = c.id LEFT JOIN templates t ON t.id = pm.template_id
    WHERE ${htmlCaptureWhere('c')}
    ORDER BY c.crawl_id, c.url`);
  const segments = db.prepare(`SELECT position, method, permalink, title, author, published FROM segments
    WHERE capture_id = ? ORDER BY position`);
  for (const row of rows.iterate() as Iterable<Record<string, unknown>>) {
    const method = (row.method as string | null) ?? null;
    yield {
      url: row.url,
      capture_time: row.capture_time,
      crawl: row.crawl,
      is_post: row.is_post === null ? method !== null : row.is_post === 1,
      method,
      template_id: row.template_key ?? null,
      decided_by: row.match_method ?? (method === null ? null : method),
      reason: row.reason ?? null,
      segments: segments.all(row.id),
      warc_file: row.file,
      warc_offset: row.offset,
      warc_record_id: row.record_id ?? null,
      payload_digest: row.payload_digest ?? null,
      mime: row.mime ?? null,
      status: row.status ?? null,
      language: row.language ?? null,
      site: siteOf(row.url as string),
      // the archived page's content: its payload digest as the WARC states it
      content_hash: row.payload_digest ?? null,
    };
  }
}

/** Every stored change between two versions of an object (DESIGN "export --what changes"). */
export function* readChanges(db: Db, filter: ChangeFilter = {}): Generator<Record<string, unknown>> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.url !== undefined) {
    where.push('(o.url LIKE ? OR o.canonical_url LIKE ?)');
    params.push(`%${filter.url}%`, `%${filter.url}%`);
  }
  if (filter.since !== undefined) {
    where.push('COALESCE(ch.to_time, ch.from_time) >= ?');
    params.push(filter.since);
  }
  const rows = db.prepare(`
    SELECT o.url, o.canonical_url, ch.from_time, ch.to_time, fc.name AS from_crawl, cr.name AS to_crawl, ch.kinds,
      ch.similarity, ch.significance, ch.words_added, ch.words_removed, ch.detail
    FROM changes ch JOIN objects o ON o.id = ch.object_id JOIN crawls cr ON cr.id = ch.to_crawl_id
    LEFT JOIN versions fv ON fv.id = ch.from_version_id LEFT JOIN crawls fc ON fc.id = fv.crawl_id
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY ch.to_crawl_id, o.canonical_url`);
  for (const row of rows.iterate(...params) as Iterable<Record<string, unknown>>) {
    const kinds = parseJson<string[]>(row.kinds as string, []);
    if (filter.kinds !== undefined && !kinds.some((k) => filter.kinds?.includes(k))) continue;
    if (filter.minSignificance !== undefined && ((row.significance as number | null) ?? 0) < filter.minSignificance) continue;
    const detail = parseJson<Record<string, unknown>>(row.detail as string | null, {});
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

export interface ChangeFilter {
  /** Substring of the object URL. */
  url?: string;
  /** ISO time: changes whose later capture is at or after it. */
  since?: string;
  /** Keep changes having one of these kinds. */
  kinds?: string[];
  minSignificance?: number;
}

/** Learnt templates in key-path notation [000 §III-B] (DESIGN "export --what templates"). */
export function* readTemplates(db: Db): Generator<Record<string, unknown>> {
  const rows = db.prepare(`SELECT t.template_key, t.host, t.feed_url, t.key_path, t.content_path, t.property_paths, t.support,
      cr.name AS learnt_in, (SELECT count(*) FROM page_matches pm WHERE pm.template_id = t.id AND pm.is_post = 1) AS posts_matched
    FROM templates t LEFT JOIN crawls cr ON cr.id = t.learnt_crawl_id ORDER BY t.host, t.support DESC`);
  for (const row of rows.iterate() as Iterable<Record<string, unknown>>) {
    yield {
      id: row.template_key,
      host: row.host,
      feed_url: row.feed_url,
      key_path: row.key_path,
      content_path: row.content_path,
      property_paths: parseJson(row.property_paths as string, {}),
      support: row.support,
      learnt_in: row.learnt_in,
      posts_matched: row.posts_matched,
    };
  }
}

/**
 * Feeds that archived pages advertise, per host, and whether the archive holds them [002 "Feed
 * discovery"]: the ones missing are URLs a crawler should add.
 */
export function readDiscoveredFeeds(db: Db): Array<Record<string, unknown>> {
  return (
    db
      .prepare(`SELECT d.host, d.url, d.type, d.title, d.via, d.is_comment_feed, min(d.first_page) AS first_page,
        EXISTS (SELECT 1 FROM feeds f WHERE f.url = d.url) AS parsed,
        EXISTS (SELECT 1 FROM captures c WHERE c.canonical_url = d.url) AS captured
      FROM discovered_feeds d GROUP BY d.host, d.url ORDER BY d.host, d.url`)
      .all() as Array<Record<string, unknown>>
  ).map((r) => ({
    host: r.host,
    url: r.url,
    type: r.type,
    title: r.title,
    via: r.via,
    comment_feed: r.is_comment_feed === 1,
    captured: r.captured === 1,
    parsed: r.parsed === 1,
    first_page: r.first_page,
  }));
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

/**
 * Every comment of the fused object versions (with `evidence`, of the per-method candidates), with
 * the page capture it was read from.
 */
export function* readComments(db: Db, options: { evidence?: boolean } = {}): Generator<Record<string, unknown>> {
  const which = options.evidence === true ? "v.method <> 'fused'" : FUSED_VERSION;
  const rows = db.prepare(`
    SELECT o.url AS object_url, cr.name AS crawl, v.capture_time, ${SHOWN_METHOD} AS method, cm.position, cm.comment_id AS id,
      cm.parent, cm.depth, cm.author, cm.author_url, cm.published, cm.byline, cm.text, cm.permalink, cm.source, cm.hash,
      k.file AS warc_file, k.offset AS warc_offset, k.record_id AS warc_record_id, k.payload_digest, k.mime, k.status,
      v.language
    FROM comments cm JOIN versions v ON v.id = cm.version_id JOIN objects o ON o.id = v.object_id
    JOIN crawls cr ON cr.id = v.crawl_id LEFT JOIN captures k ON k.id = v.capture_id
    WHERE ${which} ORDER BY v.crawl_id, o.canonical_url, v.method, cm.position`);
  for (const row of rows.iterate() as Iterable<Record<string, unknown>>) {
    // a comment's own language when detection is sure of it, else its article's
    const language = languageFromText(row.text as string) ?? row.language ?? null;
    yield { ...row, language, site: siteOf(row.object_url as string), content_hash: row.hash };
  }
}

/** Each paired page capture once, with the feed item paired to it, as stored (for benchmarks and checks). */
export function readPairedItems(db: Db): Array<{ captureId: number; url: string; feedUrl: string; item: FeedItem }> {
  const rows = db
    .prepare(`SELECT p.capture_id, c.url, f.url AS feed_url, i.guid, i.link, i.orig_link, i.title, i.author, i.published,
        i.updated, i.categories, i.description, i.content, i.comments_url, i.comment_feed_url, i.comment_count,
        i.in_reply_to, i.is_valid, i.invalid_reason
      FROM pairings p JOIN items i ON i.id = p.item_id JOIN feeds f ON f.id = i.feed_id JOIN captures c ON c.id = p.capture_id
      WHERE f.kind = 'article' GROUP BY p.capture_id ORDER BY p.capture_id`)
    .all() as Array<Record<string, unknown>>;
  const text = (r: Record<string, unknown>, k: string) => (r[k] as string | null) ?? null;
  return rows.map((r) => ({
    captureId: r.capture_id as number,
    url: r.url as string,
    feedUrl: r.feed_url as string,
    item: {
      guid: text(r, 'guid'),
      guidIsPermalink: false,
      link: text(r, 'link'),
      origLink: text(r, 'orig_link'),
      title: text(r, 'title'),
      author: text(r, 'author'),
      published: text(r, 'published'),
      updated: text(r, 'updated'),
      categories: parseJson<string[]>(r.categories as string, []),
      description: text(r, 'description'),
      content: text(r, 'content'),
      commentsUrl: text(r, 'comments_url'),
      commentFeedUrl: text(r, 'comment_feed_url'),
      commentCount: (r.comment_count as number | null) ?? null,
      enclosures: [],
      inReplyTo: text(r, 'in_reply_to'),
      isValid: r.is_valid === 1,
      invalidReason: text(r, 'invalid_reason'),
    },
  }));
}

/** Crawls whose build did not finish (killed or crashed): `finished_at` is set only at the end of a crawl's build. */
export function readUnfinishedCrawls(db: Db): Array<{ name: string; started_at: string }> {
  return db.prepare('SELECT name, started_at FROM crawls WHERE finished_at IS NULL ORDER BY id').all() as Array<{
    name: string;
    started_at: string;
  }>;
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
  return (
    db
      .prepare(`SELECT cr.name AS crawl, min(c.time) AS first_capture, max(c.time) AS last_capture, count(c.id) AS captures,
          (SELECT count(*) FROM versions v WHERE v.crawl_id = cr.id) AS versions, cr.finished_at IS NOT NULL AS finished
        FROM crawls cr LEFT JOIN captures c ON c.crawl_id = cr.id GROUP BY cr.id ORDER BY cr.id`)
      .all() as Array<Omit<CrawlRow, 'finished'> & { finished: number }>
  ).map((r) => ({ ...r, finished: r.finished === 1 }));
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
