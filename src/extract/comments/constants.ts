/**
 * Thresholds of comment extraction, each with its source. "ours" values were chosen with the dev
 * harness on corpus/wp-dev, corpus/pelican-dev and datasets/dragnet-train (2026-11).
 */

/** A text block this short (in words) holding a date is a byline/date line, not comment text. ours. */
export const MAX_DATE_LINE_WORDS = 25;

/** A byline ("Posted by X at <date>") is at most this long. ours. */
export const MAX_BYLINE_WORDS = 16;

/** An author name has at most this many words. ours: "Dr. Mary Ann van der Berg" fits. */
export const MAX_AUTHOR_WORDS = 6;

/** Ancestor steps kept in a date node's signature: the local structure repeated by every comment
 *  entry, so replies nested deeper share it [002 §4.2: dates on a common relative XPath]. ours. */
export const SIGNATURE_STEPS = 2;

/** Without attribute hints or feed guidance, a zone needs this many entries. ours: a lone dated
 *  block after an article is as often a "related post" as a comment. */
export const MIN_UNHINTED_ENTRIES = 3;

/** Fewer entries (but at least this many) make a zone only when the site shows the same records on
 *  its other post pages (`evidence: 'records'`). ours: most posts of a small blog have one or two comments. */
export const MIN_SITE_RECORD_ENTRIES = 2;

/** ... and this share of its entries with an author found. ours. */
export const MIN_UNHINTED_AUTHOR_SHARE = 0.5;

/** An entry's text may hold at most this share of characters inside links (related-post lists are
 *  all links). ours: Readability treats > 0.5 as navigation. */
export const MAX_ENTRY_LINK_DENSITY = 0.5;

/** Entries linking to posts of the site (`pointAtPosts`) may be at most this share of a
 *  zone's entries. ours: more than half is a list of those posts (a "latest replies" box); a
 *  thread may hold a few self-pingbacks. */
export const MAX_OTHER_POST_ENTRY_SHARE = 0.5;

/** A page comment and a feed comment are the same when this share of the shorter one's tokens
 *  occur in the other. ours: feeds cut long comments into excerpts. */
export const MIN_FEED_TEXT_OVERLAP = 0.6;

/** An entry inside the article wrapper holding more than this share of the wrapper's text (the
 *  other entries left out) is the article itself (its byline dated like the comments). ours. */
export const MAX_ENTRY_ARTICLE_SHARE = 0.5;

/** A byline/meta part (class "comment-meta", "comment-author") has at most this many words; a
 *  bigger one wraps the comment body too and is read through. ours: bylines with a date and a
 *  "reply" link stay under 25 words on the dev data. */
export const MAX_META_WORDS = 25;

/** A lone comment found by its name alone (no hinted list around it) holds at least this many words
 *  besides its date line. ours: "Yay! :)" is a comment, a dated counter line is not. */
export const MIN_LONE_COMMENT_WORDS = 1;

/** Date groups styled apart make one list when they alternate in page order at least this often
 *  (owner replies between reader comments). ours: one switch is two lists one after the other. */
export const MIN_INTERLEAVE_SWITCHES = 2;

/** A structure-only comment zone is the site's when it recurs on at least this many post pages of
 *  the host (issue #12: decided per site). ours: 2, the least that is a recurrence. */
export const MIN_STRUCTURE_PAGES = 2;

/** An undated record (comment-records.ts) says at least this many words besides its name line (a
 *  signature alone in its block: the block before it says them).
 *  ours: 1, as `MIN_LONE_COMMENT_WORDS` ("Obrigado!" is a comment); a record without text is a
 *  name list, and the site decision below guards against chance shapes. */
export const MIN_RECORD_TEXT_WORDS = 1;

/** An undated record zone (no date, no id, no comment feed: repeated sibling records alone) is the
 *  site's comment structure only when its zone recurs on at least this many post pages of the host
 *  (issue #12: decided per site). ours: 3, one more than `MIN_STRUCTURE_PAGES`: without a date per
 *  entry two pages sharing a box of named paragraphs (a team box, a two-post series) are too
 *  likely; 3 still holds a small blog's few commented posts (chosen with bench:quality 2026-11). */
export const MIN_RECORD_PAGES = 3;

/** A line with a number that more than this share of a zone's entries print alike, numbers
 *  masked ("6 points ·", "Recommend? ( 2 )"), is their counter line: the records' template, not
 *  their text (fields constant across the records of one structure [004 §2, MDR]). ours: "most
 *  entries", as the changes stage's comment template lines (MIN_TEMPLATE_LINE_SHARE). */
export const MIN_COUNTER_LINE_SHARE = 0.5;
/** Entries a zone needs for its counter lines: a lone entry's own line is no template. */
export const MIN_COUNTER_LINE_ENTRIES = 2;
/** A counter line has at most this many words. ours: a score with its separators and a label. */
export const MAX_COUNTER_LINE_WORDS = 6;

/** Nodes read in an element before it is taken for no control bar (`controlLinksOf`): a bar of a
 *  few links and a counter has far fewer. ours. */
export const MAX_CONTROL_BAR_NODES = 40;
