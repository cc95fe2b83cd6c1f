/**
 * Thresholds of the templates stage, each with its source. "ours" values were chosen on the dev
 * corpus (`../shared/corpus/{wp-dev,pelican-dev}`, non-feed-linked pages) with the harness in
 * `.tmp/templates/`, 2026-11.
 */
import { CONTENT_COMMENT_ZONE_WORDS, hintMatcher } from '../core/hint-vocabulary.js';

/**
 * Attributes written into a key-path step. id and class [000 §III-D-3: "class and id often have
 * unique values that help identifying the correct path"]; ours: itemprop (schema.org microdata,
 * e.g. `articleBody`) and role (ARIA landmarks, e.g. `main`, `article`) name what a node is and are
 * the same on every page of a theme, whereas style, data-*, href and aria-label vary per page.
 */
export const PATH_ATTRIBUTES = ['id', 'class', 'itemprop', 'role'] as const;

/**
 * Paths whose common prefix is shorter than this are not merged [000 §III-C: "we set a minimum
 * prefix length"; Listing 2: merge(P1, P3) with a common prefix `|html|body` is null], so 3.
 */
export const MIN_MERGE_PREFIX_STEPS = 3;

/**
 * Two different attribute values merge into `prefix*` only when they share at least this many
 * characters, else into `*` [000 §III-C]. ours: 3 keeps `post-*`, `postid-*` and drops accidental
 * one- or two-letter prefixes (`p-*`).
 */
export const MIN_VALUE_PREFIX_CHARS = 3;

/**
 * A content path joins a cluster only when the merge drops at most this many trailing steps of the
 * cluster's path; otherwise it starts its own cluster (000 §III-C: incompatible paths are not
 * merged). ours: 1 lets `h1`/`h2` endings meet at their header group (000 §III-D-2) but stops two
 * post layouts collapsing into `|html|body|div`.
 */
export const CLUSTER_MAX_DROPPED_STEPS = 1;

/** ours: a cluster becomes a template when it holds at least this share of its feed's samples (keeps a rare second layout, drops one odd page out of ten). */
export const MIN_CLUSTER_SHARE = 0.2;

/** ours: a property path is kept in the template when found in at least this share of the cluster's samples. */
export const MIN_PROPERTY_SHARE = 0.5;

/** ours: minimum visible characters for a matched content node to count as non-empty [000 §III-E "first matching node that is not empty"]. */
export const MIN_CONTENT_CHARS = 25;

/**
 * Channel page guard [000 §III-E, Listing 4 path 3; issue #5]: a page whose key-path or content path
 * matches this many non-empty nodes lists several posts. ours: 2 (a post page has one article).
 */
export const CHANNEL_MIN_REPEATS = 2;

/**
 * A page linking this many distinct feed-linked posts (other than itself) from headings or
 * `rel=bookmark` anchors is a channel page. ours: 2; post pages link their own title at most, and
 * widgets ("recent posts") use list items, not headings.
 */
export const CHANNEL_MIN_HEADING_LINKS = 2;

/**
 * `validateTemplate` rejects a template still accepting more than this share of the structurally
 * detected channel pages after specialisation. ours: 0 - a channel page must never become an object.
 */
export const MAX_CHANNEL_ACCEPT_SHARE = 0;

/** A specialisation is kept only when the template still accepts at least this share of the feed-linked pages. ours: 0.9. */
export const MIN_SPECIALISED_FIT = 0.9;

/** `templateStillFits`: the template fits a later crawl when it accepts at least this share of its feed-linked pages. ours: 0.8. */
export const MIN_FIT_SHARE = 0.8;

/**
 * Confidence of a template match that found every property the template has a path for. ours: below
 * a feed-guided object (calibrated 0.9-0.95 on the dev harness), since no feed text confirms the zone.
 */
export const TEMPLATE_CONFIDENCE = 0.85;
/** ours: share of TEMPLATE_CONFIDENCE lost when none of the template's property paths found a value (linear in the share missing). */
export const TEMPLATE_MISSING_PROPERTY_PENALTY = 0.3;

/** Class/id words of comment zones cut out of extracted content (hint list). */
export const COMMENT_ZONE = hintMatcher(CONTENT_COMMENT_ZONE_WORDS, (a) => a);

/** Elements never part of article content: scripts, styles, forms and their controls, embedded frames. */
export const NON_CONTENT_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'noframes',
  'noembed',
  'template',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'head',
  'title',
  'meta',
  'link',
]);

/** E-mCST [001 §3 eq. 3] uses log base 10: both factors are 1 at depth 0 with one child. */
export const MCST_DEPTH_OFFSET = 10;
export const MCST_CHILD_FACTOR = 10;

/** E-mCST: at most 2 markers per cluster [001 §3: "maximum 2 alternative markers (primary and secondary)"]. */
export const MAX_MARKERS = 2;

/** ours: a marker needs at least this share of the votes cast in the cluster (one stray page's block is no marker). */
export const MIN_MARKER_SHARE = 0.3;

/** Confidences of the E-mCST fallback [001 §4: marker filtering beats plain mCST]; ours: below TEMPLATE_CONFIDENCE. */
export const MARKER_CONFIDENCE = 0.7;
export const MCST_CONFIDENCE = 0.5;
/** ours: a page its feed item links but whose article feed-guided extraction could not find; mCST alone, least sure. */
export const LINKED_POST_MCST_CONFIDENCE = 0.35;

/**
 * E-mCST post guard (post-signals.ts): a main block whose text is at least this share link text is a
 * list of pages (archive index, tag cloud), not a post. ours: 0.5, more navigation than prose.
 */
export const MAX_BLOCK_LINK_SHARE = 0.5;

/** ours: a main block's title is looked for at most this many ancestors up (block -> article -> main). */
export const MAX_TITLE_ASCENT = 2;

/** ours: longest text node read as a date line ("Posted on March 3, 2026 by Ann"); longer is prose. */
export const MAX_DATE_TEXT_CHARS = 80;

/** ours: a block title is an entry link when at least this share of its text is link text (`<h2><a href=post>Title</a></h2>`), not a heading with a byline link in it. */
export const MIN_TITLE_LINK_SHARE = 0.8;

/** ours (issue #12): a feed item's text is found on a page by its opening tokens, this many (an
 *  excerpt's opening words; shorter item texts are no evidence). */
export const MIN_ITEM_TEXT_TOKENS = 10;

/** ours (issue #12): one content shown under this many paths (queries aside) is a page the site serves
 *  under many URLs (an empty calendar day, a not-found page built on the post template: crawler
 *  traps), not a post; a post's own copies (print, reply links) share its path, and few posts have
 *  more than two paths without a rel=canonical. */
export const MIN_PATHS_OF_SERVED_CONTENT = 5;

/** A page holding the texts of this many feed items of other pages lists posts [002 §3: a channel
 *  page shows several entries]; ours: 2, one quoted excerpt (a "related post") is no list. */
export const MIN_LISTED_ITEMS = 2;

/** A block holding other posts' item texts beside the article is the site's teaser block (left out
 *  when a page is counted as a list) when this many feed-linked posts show one at its key-path
 *  (paths clustered across the posts, `learnTeaserPaths`).
 *  ours (issue #12): 2, one post quoting another is no block of the site's template. */
export const MIN_TEASER_PAGES = 2;
