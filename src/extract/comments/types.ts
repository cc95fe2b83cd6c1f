import type { Element } from 'domhandler';
import type { FeedItem } from '../../feeds/index.js';

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

/** The comments of one object's page, with the zone they were found in and why. */
export interface CommentExtraction {
  comments: Comment[];
  /** The element holding the reader comments on the page (null when none was found). */
  zone: Element | null;
  /** Key-path (000 §III-B notation) of `zone`. */
  zonePath: string | null;
  /** The page nodes of the comments read from the page (what to leave out of an article wrapper
   *  that grew over its comments: there `zone` holds the article too). */
  entryNodes: Element[];
  /** How every entry candidate on the page was found, numbers generalised (`signatureKey`):
   *  a second reading with the site's comment structures can only find a zone of one of these. */
  signatures: string[];
  /** Why this zone (or why none), for `build --explain`. */
  reason: string;
  /** What chose the zone: comment hints, paired comment-feed items, a structure the site shows on
   *  other post pages (`siteStructures`), or the page structure alone;
   *  null without a zone. The build keeps a structure-only zone when the site shows the same
   *  structure on other post pages (`structure`), decided per site (issue #12). */
  evidence: 'feed' | 'hint' | 'site' | 'structure' | null;
  /** The zone's structure as compared across the pages of a site: its key-path with numbers
   *  generalised, and how its entries were found. Null without a zone. */
  structure: string | null;
}

export interface ExtractCommentsOptions {
  /** The article's wrapper node: comments are looked for around it, never inside its text. */
  article: Element | null;
  /** The article's feed item (its `comments` URL may point at the zone: `#comments`). */
  item?: FeedItem | null;
  /** The post's date as the page prints it: the year of comment dates printed without one. */
  postDate?: string | null;
  /** Items of the post's comment feed(s), used to find, check and complete the page's comments. */
  commentItems?: readonly FeedItem[];
  /** Comment-zone structures the site shows on its other post pages (`CommentExtraction.structure`):
   *  a zone of one of them needs no hint and no minimum of entries (issue #12, decided per site). */
  siteStructures?: readonly string[];
}
