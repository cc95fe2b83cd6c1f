import type { Element } from 'domhandler';
import type { Comment } from '../../core/domain.js';
import type { FeedItem } from '../../feeds/index.js';

export type { Comment, CommentSource } from '../../core/domain.js';

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
   *  other post pages (`siteStructures`), the page structure alone, records too few to stand
   *  alone (`records`: two entries), or undated records (`undated`: repeated sibling records, each
   *  a name line and free text, without date, id or feed; comment-records.ts); null without a
   *  zone. The build keeps a structure-only zone when the site shows the same structure on other
   *  post pages, and a `records` zone only then, even on a host with a single post page, decided
   *  per site (issue #12); an `undated` zone only when it recurs on `MIN_RECORD_PAGES` post pages. */
  evidence: 'feed' | 'hint' | 'site' | 'structure' | 'records' | 'undated' | null;
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
  /** The post's main block when its article wrapper is not known (`article` null: template and
   *  E-mCST posts): undated records (comment-records.ts) are mined only after it, never inside. */
  after?: Element | null;
  /** Comment-zone structures the site shows on its other post pages (`CommentExtraction.structure`):
   *  a zone of one of them needs no hint and no minimum of entries (issue #12, decided per site). */
  siteStructures?: readonly string[];
}
