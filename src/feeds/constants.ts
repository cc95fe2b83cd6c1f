/**
 * Every threshold and pattern of the feeds stage, named and explained once.
 * Sources: 002 = Glance, "Indexing Weblogs One Post at a Time" (papers/002_c8c5d639f94fba41.txt).
 */
import {
  COMMENT_ANCHORS,
  COMMENT_FEED_NOUNS,
  COMMENT_FEED_OPENINGS,
  COMMENT_ITEM_TITLE_PREFIXES,
  COMMENT_QUERY_PARAMS,
  FEED_FLARE_CLASSES,
  FEED_SERVICE_HREFS,
  FEED_TRACKER_SOURCES,
  hintMatcher,
  NOT_FEED_HREF_WORDS,
  PER_POST_COMMENT_OPENINGS,
} from '../core/hint-vocabulary.js';

/** Characters of a body that `looksLikeFeed` sniffs. The root element of a feed sits near the top. */
export const SNIFF_CHARS = 2048;

/** MIME types that name a feed format outright. */
export const FEED_MIME =
  /^(application|text)\/(rss|atom|rdf|feed)\+(xml|json)\b|^application\/(rss|atom|rdf)\b|^application\/feed\+json\b/i;
/** MIME types under which feeds are commonly (mis)served; these need sniffing. */
export const SNIFFABLE_MIME =
  /^(text\/xml|application\/xml|text\/html|application\/xhtml\+xml|application\/octet-stream|text\/plain|application\/json|text\/json|application\/x-rss\+xml|binary\/octet-stream)\b/i;

/** Weak hint, generic (feed format names in a URL path): a capture served as HTML under such a URL
 *  is still read and sniffed in pass 1; the sniffer, not this pattern, decides. */
export const FEED_URL_HINT = /(feed|rss|atom|rdf|\.xml)(\/|\?|$|\.)/i;
/** MIME types that are pages: sniffed in pass 1 only under a FEED_URL_HINT URL. */
export const PAGE_MIME = /^(text\/html|application\/xhtml\+xml)\b/i;

/** Root elements of RSS 0.9x/2.0, RSS 1.0 (RDF) and Atom, after an optional prolog. */
export const FEED_ROOT = /^<([\w-]+:)?(rss|feed|RDF|rdf)[\s>/]/;
/** An HTML root: pages are never feeds. */
export const HTML_ROOT = /^<(!doctype\s+html|html|head|body|meta|title|script|link|div)[\s>]/i;
/** JSON Feed version marker [jsonfeed.org 1.0/1.1]. */
export const JSON_FEED_VERSION = /"version"\s*:\s*"https?:\/\/jsonfeed\.org\/version\//;

/**
 * 002 "Full content vs. partial content feeds": the classifier looks at "presence/absence of HTML
 * tags; % posts ending in ellipses; and type of feed".
 * Share of bodies with a truncation ending above which the feed is partial. Ours: a simple majority.
 */
export const PARTIAL_TRUNCATED_SHARE = 0.5;
/** Share of items carrying a separate content field (content:encoded, Atom content) for "full". Ours. */
export const FULL_CONTENT_FIELD_SHARE = 0.5;
/** Share of bodies with block-level markup above which markup counts as present. Ours. */
export const FULL_MARKUP_SHARE = 0.5;
/**
 * Median body length (words) from which a marked-up feed counts as full content. WordPress excerpts
 * are 55 words and meta descriptions about 25; real posts are longer. Ours: chosen on the dev corpus.
 */
export const FULL_MARKUP_MIN_WORDS = 80;
/** Median length (words) from which even plain-text bodies count as full content. Ours. */
export const FULL_PLAIN_MIN_WORDS = 150;
/**
 * 002 suggests "the variance in the length of text": excerpts cut at a fixed word count have
 * nearly equal lengths. Coefficient of variation of word counts below which bodies look cut. Ours.
 */
export const EXCERPT_MAX_LENGTH_VARIATION = 0.12;
/** Items needed before the length-variation test is trusted. Ours. */
export const EXCERPT_MIN_ITEMS = 4;

/** Characters at the end of a body searched for a truncation ending. */
export const TRUNCATION_TAIL_CHARS = 120;
/** Characters at the end of a body's HTML searched for a trailing read-more link. */
export const TRAILING_LINK_TAIL_CHARS = 600;
/** A link closing the body: `<a ...>text</a>` followed only by closing tags and whitespace. */
export const TRAILING_LINK = /<a\b[^>]*>((?:(?!<a\b)[\s\S])*?)<\/a>\s*(?:<\/[a-z0-9]+>\s*)*$/i;
/**
 * Feed advertising and tracking that 002 says to remove before matching ("advertisements included in
 * the feed (for example FeedBurner ads) are removed"): a feed service's flare blocks and tracking
 * images (hint lists), any 1x1 image.
 */
const FEED_FLARE = hintMatcher(FEED_FLARE_CLASSES, (a) => `<div\\s+class=["'](?:${a})["'][^>]*>[\\s\\S]*?<\\/div>`, 'gi');
const FEED_TRACKER_IMAGE = hintMatcher(FEED_TRACKER_SOURCES, (a) => `<img\\b[^>]*\\bsrc=["'][^"']*(${a})[^"']*["'][^>]*>`, 'gi');
const ONE_PIXEL_IMAGE = /<img\b(?=[^>]*\bwidth=["']?1["'\s>])(?=[^>]*\bheight=["']?1["'\s>])[^>]*>/gi;
export const FEED_ADS: ReadonlyArray<() => RegExp> = [FEED_FLARE, FEED_TRACKER_IMAGE, () => ONE_PIXEL_IMAGE];
/** Whether a text names a feed service's flare block (before the costlier FEED_ADS patterns run; hint list). */
export const FEED_FLARE_WORD = hintMatcher(FEED_FLARE_CLASSES, (a) => a, '');

/** Block-level tags whose presence means the body is marked-up HTML, not a plain excerpt. */
export const BLOCK_MARKUP = /<(p|br|div|img|ul|ol|li|blockquote|h[1-6]|pre|figure|table|hr|section|article)\b/i;

/** Channel titles of comment feeds: opening words, or "comments" after a separator or before "feed" (hint lists). */
export const COMMENT_FEED_TITLE = hintMatcher(
  [COMMENT_FEED_OPENINGS, COMMENT_FEED_NOUNS],
  (openings, nouns) => `^(?:${openings})|\\s[-–—:|»]\\s*(?:${nouns})\\b|\\b(?:${nouns})\\s+feed\\s*$`,
);
/** Channel titles naming one post's comments (per-post comment feeds; hint list). */
export const PER_POST_COMMENT_TITLE = hintMatcher(PER_POST_COMMENT_OPENINGS, (openings) => `^(?:${openings})\\b`);
/** Item titles of comments: "By: Jane", "Re: Post", "Comment on X by Jane", and translations (hint list). */
export const COMMENT_ITEM_TITLE = hintMatcher(COMMENT_ITEM_TITLE_PREFIXES, (prefixes) => `^(?:${prefixes})`);
/** Comment permalinks that are not the post page (Drupal `/comment/123`). */
export const COMMENT_PERMALINK_PATH = /\/comment\/\d+\/?$/i;
/** A feed whose items (at least this many, each with its own text) all link to one page is that
 *  page's comment feed: an article feed lists distinct posts. ours: one item says nothing. */
export const MIN_ONE_TARGET_ITEMS = 2;
/** Share of items needing a comment signal (by-line title, thr:in-reply-to) for a comment feed. */
export const COMMENT_ITEM_SHARE = 0.5;
/** Item link fragments and parameters that point at one comment on a post page (hint lists). */
export const COMMENT_ANCHOR = hintMatcher(COMMENT_ANCHORS, (a) => `#(?:${a})[-_]?\\d*[\\w-]*$`);
export const COMMENT_QUERY_PARAM = hintMatcher(COMMENT_QUERY_PARAMS, (a) => `^(?:${a})$`);

/** 002 "Feed discovery": autodiscovery link types [diveintomark.org RSS autodiscovery]. */
export const AUTODISCOVERY_TYPE =
  /^(application|text)\/(rss|atom|rdf|feed)\+(xml|json)$|^application\/(rss|atom|rdf)$|^application\/json$/i;
/** 002 "Feed discovery": link heuristics on anchors (/feed, /rss, .rss, .xml, atom; feed services, hint list). */
export const FEED_LINK_HREF = hintMatcher(
  FEED_SERVICE_HREFS,
  (services) =>
    `(\\/(feed|feeds|rss|rss2|atom|rdf|index\\.rdf)(\\/|\\.xml|\\/?$|\\/?\\?)|\\.(rss|atom|rdf)(\\?|$)|\\.xml(\\?|$)|[?&](feed|rss)=|\\/feed\\.json(\\?|$)|atom\\.xml|rss\\.xml|${services})`,
);
/** Anchors with .xml that are not feeds (sitemaps, OPML, config files; hint list). */
export const NOT_FEED_HREF = hintMatcher(NOT_FEED_HREF_WORDS, (a) => `(${a}|\\.(php|html?)$)`);
