/**
 * The domain nouns every stage shares (DESIGN "The data object", CONVENTIONS "one domain type per
 * noun"): what extract makes, what the store keeps and gives back, what export, reconstruct and
 * the viewer show. One definition each; a stage that needs fewer fields takes a `Pick` of these.
 * The capture (`Capture`, `IndexEntry`) is the warc stage's, the feed item (`FeedItem`) the feeds
 * stage's and the change between two versions (`Change`) the changes stage's.
 */

/** How an object version was obtained (DESIGN.md, export contract). */
export type ExtractionMethod = 'full-feed' | 'feed-guided' | 'template' | 'mcst' | 'segmentation';

/** A link or image inside the article. */
export interface Reference {
  kind: 'link' | 'image' | 'media';
  url: string;
  text: string | null;
}

/** The properties of an article, as extracted (from a page, a feed, or both). */
export interface ArticleProperties {
  title: string | null;
  author: string | null;
  /** ISO 8601. */
  published: string | null;
  updated: string | null;
  /** Categories and tags, in page order (order is not significant). */
  categories: string[];
  /** Readable plain text, paragraphs separated by "\n" (comments excluded). */
  text: string;
  /** Cleaned article HTML with absolute URLs. */
  html: string;
  references: Reference[];
}

/** Key-paths (000 §III-B notation) of the nodes each property was found in. */
export interface PropertyPaths {
  content: string | null;
  title: string | null;
  author: string | null;
  date: string | null;
  categories: string | null;
}

/** What one method made of an article: its properties, how they were found and how sure that is. */
export interface VersionContent extends ArticleProperties {
  method: ExtractionMethod;
  /** In [0, 1]; calibrated so it predicts correctness. */
  confidence: number;
  paths: PropertyPaths;
}

/** Where a comment record was seen: on the page, in the comment feed, or both (paired). */
export type CommentSource = 'page' | 'feed' | 'page+feed';

/** One reader comment, tracked apart from its article [004 §4.2, end]. */
export interface Comment {
  /** 0-based order: page order first, then feed-only comments by date. */
  position: number;
  /** Stable id on the site (permalink fragment or element id, e.g. "comment-12"), when known. */
  id: string | null;
  /** `id` of the comment this one replies to (threaded comments). */
  parent: string | null;
  /** 0 for a top-level comment, 1 for a reply, ... */
  depth: number;
  author: string | null;
  authorUrl: string | null;
  /** ISO 8601 (UTC), when the page or the feed gives it. */
  published: string | null;
  /** Readable text, paragraphs separated by "\n"; bylines, dates and reply links left out. */
  text: string;
  /** The byline as the page prints it ("Julie wrote: Friday, November 2, 2012 at 7:28 pm"), for
   *  readers and for gold that holds the comment area's whole text; null for feed-only comments. */
  byline: string | null;
  /** Cleaned HTML of the comment body with absolute URLs. */
  html: string;
  permalink: string | null;
  source: CommentSource;
  /** sha256 of (normalised author, day, normalised text): equal across crawls iff the comment is unchanged. */
  hash: string;
}

/** How a fused version was made: where its text and metadata come from, and why (build/fuse-stage.ts). */
export interface Fusion {
  /** Method of the candidate the text and HTML come from. */
  textFrom: string;
  reason: string;
  /** Methods of all candidates, in preference order. */
  candidates: string[];
  /** Metadata fields taken from another candidate than the text source: field -> method. */
  metadataFrom: Record<string, string>;
}

/** A data object [004 §4]: one article, known across crawls by its canonical URL. */
export interface DataObject {
  objectId: number;
  url: string;
  canonicalUrl: string;
  feedId: number | null;
  feedUrl: string | null;
  feedTitle: string | null;
  guid: string | null;
}

/**
 * One version of a data object: what a method (or, with `fusion`, the fuse pass) made of the
 * article in one crawl. `method` is the method shown: for a fused version, its text source's.
 */
export interface ObjectVersion extends DataObject, VersionContent {
  id: number;
  crawlId: number;
  /** Crawl label. */
  crawl: string;
  captureId: number | null;
  /** WARC-Date of the capture, ISO 8601. */
  captureTime: string;
  /** Payload digest of the whole captured page (e.g. WARC-Payload-Digest), or null if unknown. */
  pageDigest: string | null;
  /** ISO 639-1 from the page's lang, the feed's language, or detection. */
  language: string | null;
  /** For a fused version: where its text and metadata come from, and why; null for an evidence row. */
  fusion: Fusion | null;
}
