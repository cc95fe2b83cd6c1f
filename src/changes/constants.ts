/**
 * Thresholds of the changes stage, each with its source. Settings a user may change are in
 * config.ts; these are the fixed parts of the method.
 */

/** Words of unchanged text kept on each side of an edit in `Change.textDiff`.
 *  // ours: 8 words is about half a line, enough to place an edit without reading the article. */
export const DIFF_CONTEXT_WORDS = 8;

/** Equal runs of at most this many tokens between two longer edits are shown as part of the edit.
 *  // ours: 3 tokens covers the function words ("in", "to the", "may be") that a rewrite keeps by
 *  chance; checked by eye on the rewritten paragraphs of the dev corpus. */
export const SHORT_EQUAL_TOKENS = 3;

/** Changed word or punctuation tokens (after noise normalisation) that make a `content-edit`.
 *  // ours: 1, a corrected word is an edit an archivist wants; noise is removed before counting,
 *  so a higher floor is not needed on the dev corpus (0 false content-edits there). */
export const MIN_EDIT_TOKENS = 1;

/** Wall-clock limit of one word diff; past it the sentence diff alone is used.
 *  // ours: jsdiff's Myers diff is O(N*D); 2 s bounds a full rewrite of a 50,000-word page. */
export const DIFF_TIMEOUT_MS = 2000;

/**
 * Weights of the significance components (noisy-or, see `scoreSignificance`). // ours: the
 * article text is what 004 §6 archives ("a change in the text or references"), so it alone can
 * reach 1; a title rewrite is nearly as visible; metadata and links matter less; comments are
 * tracked apart from the article [004 §4.2, item 2: "if each time a comment is added, the article
 * is considered to be changed ... the resulting object can be very redundant"].
 */
export const SIGNIFICANCE_WEIGHTS = Object.freeze({
  text: 1,
  title: 0.8,
  metadata: 0.3,
  references: 0.3,
  comments: 0.15,
});

/** Smallest significance of a real change (scores are rounded to 3 decimals). // ours: the
 *  rounding step, so that `significance > 0` always selects every real change. */
export const MIN_SIGNIFICANCE = 0.001;

/** Metadata fields compared; the share of them that changed is the metadata component. */
export const METADATA_FIELD_COUNT = 4;

/** Default probability that more items than the feed holds are published between two crawls.
 *  // ours: 1 %, i.e. about one lost item per hundred crawl intervals; 004 §3.2 shows a feed
 *  crawled too rarely loses items ("some of the updates were missed in our crawl"). */
export const MISS_PROBABILITY = 0.01;

/** Significance level of the "items were probably missed" test between two feed snapshots: the
 *  uncovered gap is suspicious when a Poisson process would leave it empty with probability < this.
 *  // ours: the usual 5 % level of a one-sided test. */
export const GAP_TEST_ALPHA = 0.05;

/** Bounds of a recommended recrawl interval, hours. // ours: below 15 min a crawler burdens the
 *  site; 004 §3.2 Fig. 2 shows median intervals from minutes to about a month, so 30 days caps it. */
export const MIN_RECRAWL_HOURS = 0.25;
export const MAX_RECRAWL_HOURS = 30 * 24;

/** Share of an item's residence time in the feed (capacity / rate) after which its article page
 *  is recaptured. // ours: 0.5 gives each article about two captures while the feed still lists it,
 *  when edits and comments cluster [004 §6: "detect if a new version has appeared"]. */
export const PAGE_RECRAWL_SHARE = 0.5;

export const MS_PER_HOUR = 3_600_000;

/** Words of one inserted or deleted run shown in the report before the middle is elided.
 *  // ours: 60 words is about four terminal lines; longer runs are whole paragraphs whose edges
 *  say enough to find them in the viewer. */
export const REPORT_MAX_CHANGED_WORDS = 60;

/** Column at which the report wraps the word diff. // ours: fits a 100-column terminal. */
export const REPORT_WRAP_COLUMNS = 100;

/** References listed per change in the report before "and N more". // ours: a screenful. */
export const REPORT_MAX_REFERENCES = 5;

/** A host's template lines in a crawl (`template-lines.ts`) are read from at least this many of its
 *  articles (pages of distinct titles). // ours: with two, a line on both may be one quoting the other. */
export const MIN_TEMPLATE_HOST_PAGES = 3;
/** A line is the host's template when at least this share of those articles (and two) show it, or
 *  MIN_TEMPLATE_LINE_ARTICLES of them. // ours: a template edit (a new newsletter box) reaches every
 *  page at once; a post's own lines, printed again on a home or tag page, are on a few of a host's pages. */
export const MIN_TEMPLATE_LINE_SHARE = 0.5;
/** A line this many articles of a host show verbatim in one crawl is the host's template however
 *  many articles the host has. // ours (issue #12): ads and boxes rotated from a pool reach a few
 *  articles each, never half; two articles sharing a line may be one quoting the other. */
export const MIN_TEMPLATE_LINE_ARTICLES = 3;
/** Articles of a host per crawl its template lines are read from, at most, spread over all of them.
 *  // ours: a line on half of a host's articles is on about half of any 200 of them; a host of a
 *  million pages is not held whole. */
export const MAX_TEMPLATE_SAMPLE_PAGES = 200;

/** A site shows at most N comments per page (a window of the newest ones) when at least this many
 *  of its post pages in a crawl show exactly N and none shows more. // ours: one or two posts with
 *  the most comments are a coincidence; several at one cap are the site's pagination. */
export const COMMENT_WINDOW_MIN_PAGES = 3;

/** A query or path parameter is one a host changes on every capture (`volatile-params.ts`) when it
 *  alone tells a link of one version from a link of the next on this many of the host's objects...
 *  // ours: one object's changed link is an edit; a session id reaches every page. */
export const MIN_VOLATILE_PARAM_OBJECTS = 2;
/** ... and on this share of the host's objects whose references changed at all. // ours */
export const MIN_VOLATILE_PARAM_SHARE = 0.5;

/** A line of at most this many words printing a version's own date is a date line (`date-lines.ts`):
 *  a byline with the author, both dates and their labels fits; a paragraph does not. ours. */
export const MAX_DATE_LINE_WORDS = 24;
