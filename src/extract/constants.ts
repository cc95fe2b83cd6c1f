/**
 * Thresholds of the extract stage, each with its source: a paper section, or `ours` with how it
 * was chosen (dev harness over corpus/wp-dev, corpus/pelican-dev, datasets/dragnet-train and
 * datasets/readability, 2026-11).
 */

/** n for the n-grams taken from title + description; fall back to concepts when they fail.
 *  [004 §4.2: "we started with n = 3 ... and, in case of failure, directly tried concepts"] */
export const NGRAM_SIZE = 3;

/** A wrapper is semantically consistent when it holds at least this share of the concepts.
 *  [004 §4.2, Definition 5: "in practice, >= 0.5"] */
export const MIN_CONCEPT_SHARE = 0.5;

/** How many of the most frequent terms become concepts ("keep only outstanding ones", 004 §4.1).
 *  ours: 25 covers every distinct content word of a typical 50-word description. */
export const MAX_CONCEPTS = 25;

/** Concepts need at least this many characters (drops "s", "1", stray letters). ours. */
export const MIN_CONCEPT_CHARS = 2;

/** Denominator floor (words) of a text block's semantic density [004 §4.2 Def. 2], so a
 *  two-word link holding one n-gram does not outweigh a paragraph. ours: chosen on dragnet-train. */
export const MIN_DENSITY_WORDS = 8;

/** Concept-mode conceptual nodes must hold this many distinct concepts. ours: one shared
 *  word is chance, two is a topic [004 §4.3: concepts "digress the attention" to other zones]. */
export const MIN_CONCEPTS_PER_NODE = 2;

/** Share of the concepts used as the "random terms coming from the concepts" sample of
 *  Algorithm 1's last step [004 §4.2]. ours: the top half, deterministic so reruns agree. */
export const CONCEPT_SAMPLE_SHARE = 0.5;

/** A paragraph of article text (for widening to the whole article) has at least this many words.
 *  ours: shorter lines are bylines, captions and link labels. */
export const ARTICLE_PARAGRAPH_MIN_WORDS = 10;

/** ... and at most this share of its characters inside links. ours (Readability uses 0.25-0.5). */
export const ARTICLE_PARAGRAPH_MAX_LINK_DENSITY = 0.3;

/** Widen the wrapper to its parent when the parent adds at least this share of article text
 *  (measured on the wrapper's own article text). ours: chosen on dragnet-train. */
export const WIDEN_MIN_GAIN = 0.5;

/** At most this many widening steps beyond Definition 5. ours. */
export const WIDEN_MAX_STEPS = 4;

/** A title shrunk from the feed value must keep at least this many words
 *  [000 §III-D-b: "To avoid useless matches, we define a minimum length"]. ours: 3 words. */
export const MIN_TITLE_WORDS = 3;

/** Only elements with at most this many words are property candidates (title, author, date). ours. */
export const MAX_PROPERTY_NODE_WORDS = 40;

/** A feed title longer than this holds content too (000 §III-D-3, malformed feeds). ours. */
export const MAX_TITLE_WORDS = 30;

/** A zone marked as boilerplate by its markup (widget, tag, nav words) that holds more than this
 *  share of its wrapper's article text is the article itself. ours: chosen on dragnet-train. */
export const BOILERPLATE_MAX_ARTICLE_SHARE = 0.5;

/** Semantic nodes count as evidence of where the article is when their density reaches this share
 *  of the densest one's. ours: chosen on dragnet-train (weak matches sit in captions and teasers). */
export const EVIDENCE_MIN_DENSITY_SHARE = 0.2;

/** Once the wrapper holds this many article paragraphs, widening counts only paragraphs shaped
 *  like them (same tag path from the parent). ours: one matched paragraph may be a styled lede. */
export const WIDEN_SHAPE_MIN_PARAGRAPHS = 2;

/** A class value carried by more than this share of a page's elements of its tag is no kind of block
 *  (a CSS framework's utility classes on every `<div>`). ours: half; a page's article sections of one
 *  class are a few of its many blocks. */
export const MAX_KIND_CLASS_SHARE = 0.5;

/** ... and when those paragraphs hold at least this share of the feed text's words (a headline
 *  zone holds less than the excerpt; an article body holds it all). ours: chosen on dragnet-train. */
export const WIDEN_SHAPE_MIN_FEED_SHARE = 0.8;

/** Characters per word in scripts written without spaces (Chinese, Japanese, Thai), to measure
 *  their paragraphs in words. ours: about two characters per word in Chinese and Japanese text. */
export const UNSPACED_CHARS_PER_WORD = 2;

/** Weight of a conceptual node inside a boilerplate-marked zone (share dialog, sidebar, teaser
 *  box) in its semantic node's density. ours: chosen on dragnet-train (0.25-0.5 score alike). */
export const BOILERPLATE_NODE_WEIGHT = 0.5;

/** A semantic node with at least this many conceptual nodes is article text: widening takes a
 *  parent that holds one on any gain. ours: chosen on dragnet-train and readability (teasers and
 *  sidebars match once or twice; 3 and 5 score alike). */
export const WIDEN_ZONE_MIN_CONCEPTUAL_NODES = 3;

/** An evidence node sharing less than this share of its word n-grams (NGRAM_SIZE) with the wrapper's core holds
 *  feed text of its own (a block of a split article); a teaser repeats the core's opening. ours. */
export const SPLIT_BLOCK_MAX_SHARED_SHINGLES = 0.5;

/** A line of at least this many words outside links reads as a sentence. ours. */
export const SENTENCE_MIN_WORDS = 6;

/** A fragment zone (left out of the article) has at least this many lines, none a sentence ...
 *  ours: chosen on dragnet-train and readability (chart labels, counters, link grids). */
export const FRAGMENT_ZONE_MIN_LINES = 2;

/** ... and less than this share of the wrapper's text (a photo post's captions are its text). ours. */
export const FRAGMENT_ZONE_MAX_TEXT_SHARE = 0.5;

/** A form zone (left out of the article) has more fillable controls than one per this many lines
 *  of text. From Readability's conditional cleaning (`inputCount > floor(pCount / 3)`). */
export const FORM_ZONE_LINES_PER_CONTROL = 3;

/** Weight of a conceptual node whose text ends in an ellipsis (a teaser repeating the excerpt) in
 *  its semantic node's density. ours: chosen on dragnet-train. */
export const TEASER_NODE_WEIGHT = 0.25;

/** A one-line box whose link text is at least this share of its characters, linking another post of
 *  the site, is a teaser line (left out of the article). ours. */
export const TEASER_LINE_MIN_LINK_SHARE = 0.5;
