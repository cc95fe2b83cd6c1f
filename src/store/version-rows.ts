/**
 * The one mapping between the `versions` / `comments` tables and the domain types (`ObjectVersion`,
 * `Comment`, core/domain.ts): SQL aliases give the camelCase names, so a row needs only its JSON
 * columns parsed. Every reader of versions and comments selects through these.
 */
import type { Comment, DataObject, ObjectVersion } from '../core/domain.js';

/**
 * SQL condition (on alias `v`) for the versions readers show: the fused version of each object and
 * crawl (fuse stage), or, in a store built before fusion, every version of that crawl.
 */
export const FUSED_VERSION = `(v.method = 'fused' OR NOT EXISTS (SELECT 1 FROM versions fv
  WHERE fv.object_id = v.object_id AND fv.crawl_id = v.crawl_id AND fv.method = 'fused'))`;

/** SQL expression (alias `v`): the method a version shows, for a fused one the method its text comes from. */
export const SHOWN_METHOD = `CASE WHEN v.method = 'fused' THEN coalesce(json_extract(v.fusion, '$.textFrom'), v.method) ELSE v.method END`;

/** Columns of an `ObjectVersion` (aliases `v` versions, `o` objects, `f` feeds, `cr` crawls). */
export const VERSION_COLUMNS = `v.id, v.object_id AS objectId, o.url, o.canonical_url AS canonicalUrl, o.feed_id AS feedId,
  f.url AS feedUrl, f.title AS feedTitle, o.guid, v.crawl_id AS crawlId, cr.name AS crawl, v.capture_id AS captureId,
  v.capture_time AS captureTime, ${SHOWN_METHOD} AS method, v.title, v.author, v.published, v.updated, v.categories, v.text,
  v.html, v.refs AS "references", v.confidence, v.paths, v.page_digest AS pageDigest, v.language, v.fusion`;

/** The joins behind VERSION_COLUMNS. */
export const VERSION_FROM = `FROM versions v JOIN objects o ON o.id = v.object_id JOIN crawls cr ON cr.id = v.crawl_id
  LEFT JOIN feeds f ON f.id = o.feed_id`;

/** Columns of a `Comment` (table `comments`). */
export const COMMENT_FIELDS = `position, comment_id AS id, parent, depth, author, author_url AS authorUrl, published, text, byline,
  html, permalink, source, hash`;

/** The JSON columns of a version row, as SQLite gives them. */
type JsonColumns = 'categories' | 'references' | 'paths' | 'fusion';

/** A row selected with VERSION_COLUMNS: an `ObjectVersion` whose JSON columns are still text. */
export type VersionRow = Omit<ObjectVersion, JsonColumns> & {
  categories: string;
  references: string;
  paths: string | null;
  fusion: string | null;
};

/** Parse a JSON column; NULL or a malformed cell gives `fallback`. */
export function parseJson<T>(cell: string | null, fallback: T): T {
  if (cell === null) return fallback;
  try {
    return JSON.parse(cell) as T;
  } catch {
    return fallback;
  }
}

/** The domain object of a version row. */
export function toObjectVersion(r: VersionRow): ObjectVersion {
  return {
    ...r,
    categories: parseJson<string[]>(r.categories, []),
    references: parseJson<ObjectVersion['references']>(r.references, []),
    paths: parseJson<ObjectVersion['paths']>(r.paths, { content: null, title: null, author: null, date: null, categories: null }),
    fusion: parseJson<ObjectVersion['fusion']>(r.fusion, null),
  };
}

/** Parameters of the comment insert (`insertCommentSql`): a comment and the version it belongs to. */
export type CommentParams = Comment & { versionId: number };

/** Insert one comment of a version (named parameters: `CommentParams`). */
export const INSERT_COMMENT = `INSERT INTO comments (version_id, position, comment_id, parent, depth, author, author_url, published,
    text, html, permalink, source, hash, byline)
  VALUES (@versionId, @position, @id, @parent, @depth, @author, @authorUrl, @published, @text, @html, @permalink, @source, @hash,
    @byline)`;

/** What is stored of a version: its own columns, not its object's or crawl's (those are joined in). */
type OwnColumns<T> = Omit<T, Exclude<keyof DataObject, 'objectId'> | 'id' | 'crawl' | 'method'> & { method: string };

/** Parameters of the version upsert (`UPSERT_VERSION`): a version's columns, JSON columns as text. */
export type VersionParams = OwnColumns<VersionRow>;

/** Insert or replace the version of an object, crawl and method (named parameters: `VersionParams`); returns its id. */
export const UPSERT_VERSION = `INSERT INTO versions (object_id, crawl_id, capture_id, capture_time, method, title, author, published,
    updated, categories, text, html, refs, confidence, paths, page_digest, language, fusion)
  VALUES (@objectId, @crawlId, @captureId, @captureTime, @method, @title, @author, @published, @updated, @categories, @text, @html,
    @references, @confidence, @paths, @pageDigest, @language, @fusion)
  ON CONFLICT (object_id, crawl_id, method) DO UPDATE SET capture_id = excluded.capture_id, capture_time = excluded.capture_time,
    title = excluded.title, author = excluded.author, published = excluded.published, updated = excluded.updated,
    categories = excluded.categories, text = excluded.text, html = excluded.html, refs = excluded.refs,
    confidence = excluded.confidence, paths = excluded.paths, page_digest = excluded.page_digest, language = excluded.language,
    fusion = excluded.fusion
  RETURNING id`;

/** The upsert parameters of a version: its content with the JSON columns serialised. */
export function versionParams(v: OwnColumns<ObjectVersion>): VersionParams {
  return {
    objectId: v.objectId,
    crawlId: v.crawlId,
    captureId: v.captureId,
    captureTime: v.captureTime,
    method: v.method,
    title: v.title,
    author: v.author,
    published: v.published,
    updated: v.updated,
    categories: JSON.stringify(v.categories),
    text: v.text,
    html: v.html,
    references: JSON.stringify(v.references),
    confidence: v.confidence,
    paths: JSON.stringify(v.paths),
    pageDigest: v.pageDigest,
    language: v.language,
    fusion: v.fusion === null ? null : JSON.stringify(v.fusion),
  };
}
