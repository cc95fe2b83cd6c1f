/**
 * Thresholds and patterns of the segment stage, each with its source. "ours" means chosen on the
 * dev corpus (wp-dev, pelican-dev home / pagination / archive pages, harness in .tmp/helper-segment).
 */
import {
  ARCHIVE_HREF_WORDS,
  AUTHOR_MARKER_WORDS,
  AUTHOR_ROLE_WORDS,
  COMMENTS_HREF_WORDS,
  COPYRIGHT_OPENINGS,
  HCARD_NAME_TOKENS,
  hintMatcher,
  TITLE_CLASS_TOKENS,
} from '../core/hint-vocabulary.js';
import { continueReadingLabel } from '../core/continue-reading.js';

/**
 * Longest text (characters) an element may have to be taken as a date node. Entry dates are short
 * labels ("Mon 09 November 2026", "Posted on March 15, 2005"); a date inside a paragraph is content.
 * ours: the longest entry-date label on the dev corpus is 27 characters; 100 leaves room for
 * "Posted by <name> on <date> at <time>" lines.
 */
export const MAX_DATE_TEXT_CHARS = 100;

/**
 * Elements left out of the relative XPath of a date node [002 "Model-based weblog segmentation":
 * "the relative XPath of the entry dates are identical if we ignore certain elements in the XPath:
 * /align/ and repeating /font/s"]. `center` is the element form of alignment.
 */
export const IGNORED_PATH_ELEMENTS = new Set(['font', 'center']);

/** Characters allowed between two sibling dates read as one label ("published / updated" pairs). ours. */
export const MAX_LABEL_GAP_CHARS = 3;

/** Inline presentational elements whose runs (`b/b`, `span/span`) collapse to one XPath step. ours. */
export const COLLAPSED_PATH_ELEMENTS = new Set(['font', 'span', 'b', 'i', 'em', 'strong', 'small', 'big', 'u']);

/**
 * An element id written into the relative XPath when it has no digit: `section#content` and
 * `aside#sidebar` then split dates of the main column from dates of a sidebar with the same tags,
 * while per-post ids (`post-37`) would split every entry apart. ours.
 */
export const STABLE_ID = /^[^\d]+$/;

/**
 * Slack (days) allowed past the capture date before a date counts as "in the future" [002
 * heuristic 5: "but not in the future"]: a post dated in the site's time zone may be a day ahead
 * of the crawler's UTC clock. ours.
 */
export const FUTURE_SLACK_DAYS = 1;

/**
 * A post title marker: class or id token naming a title [002 "Model-based weblog segmentation":
 * "class attribute of the node equals 'title' or 'subtitle' or 'blogpost', etc."] (hint list).
 */
export const TITLE_CLASS = hintMatcher(TITLE_CLASS_TOKENS, (a) => `(^|[\\s_-])(${a})([\\s_-]|$)`);

/**
 * Anchor text or title attribute that marks a permalink, in several languages (weak hints, core/continue-reading)
 * [002 "To find permalinks, we look for hrefs in the post content that match, for example,
 * 'comment' or 'archive'. Some patterns are given higher priority than others"].
 */
export const PERMALINK_TEXT = (): RegExp => continueReadingLabel('within');

/** Hrefs of links to an entry's comments or archived copy [002, same place] (hint lists). */
export const COMMENTS_HREF = hintMatcher(COMMENTS_HREF_WORDS, (a) => a);
export const ARCHIVE_HREF = hintMatcher(ARCHIVE_HREF_WORDS, (a) => a);

/** Class / id / itemprop / rel tokens that mark an author name (hCard, schema.org, rel=author; hint list). */
export const AUTHOR_MARKER = hintMatcher(
  [AUTHOR_MARKER_WORDS, AUTHOR_ROLE_WORDS, HCARD_NAME_TOKENS],
  (marker, role, hcard) => `(^|[\\s_-])(${marker}|${role}|${hcard})([\\s_-]|$)`,
);

/** Longest author name kept (characters): longer text is a sentence, not a name. ours. */
export const MAX_AUTHOR_CHARS = 60;

/** Elements that end the last entry when the page is flat [002: "the start of a sidebar or a copyright notice"]. */
export const END_OF_ENTRIES_ELEMENTS = new Set(['aside', 'nav', 'footer', 'form']);

/** Text that starts the page's end template [002: "a copyright notice"] (hint list). */
export const END_OF_ENTRIES_TEXT = hintMatcher(COPYRIGHT_OPENINGS, (a) => `^\\s*(${a})`);

/**
 * Words of the item text used to find it on a channel page [002 "Feed-guided weblog segmentation":
 * "we search for the partial content in the weblog"]. ours: long enough to be unique on a page,
 * short enough to survive the excerpt cut and inline markup.
 */
export const FEED_PROBE_WORDS = 12;

/**
 * Words a "read more" label ending a feed description may be followed by: the post's title
 * ("Continue reading My post →"); a label earlier in the text ("see the full list below") is the
 * text's own. Summarization artefacts are removed by core/continue-reading's stripContinueReading
 * [002: "remove summarization artifacts (e.g., ending ellipsis)"]. ours: a long title.
 */
export const SUMMARY_TITLE_WORDS = 12;
