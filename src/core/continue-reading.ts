/**
 * The one reader of "read more" / "continue reading" / "permalink" labels (the weak-hint list
 * `CONTINUE_READING_LABELS`) and the one end-of-text stripper of cut feed texts and entries:
 * "… [&hellip;]", "Read more »", "Continue reading <post title> →", a feed plugin's footer
 * [004 §4.1: descriptions end "with a link ... like 'Read more...'"; 002 "remove summarization
 * artifacts (e.g., ending ellipsis)"]. The places a label is read are arguments, not lists.
 */
import { CONTINUE_READING_LABELS, FEED_FOOTERS, hintMatcher } from './hint-vocabulary.js';

/**
 * Where a label is looked for:
 * - `link-start`: a link's text begins with it, or with an ellipsis ("Continue reading <title>", "[…]");
 * - `text-end`: a text ends with it, or with an ellipsis, followed by at most `titleWords` words
 *   (engines print the post's title after "Continue reading") and punctuation; a label followed
 *   by words starts after the text's last sentence (punctuation before it), never inside one
 *   ("the full story of how we met" keeps its words);
 * - `within`: a short text holds it (a permalink's anchor text or title).
 */
export type LabelPlace = 'link-start' | 'text-end' | 'within';

/** An ellipsis ending a cut text: "…", "...", "[…]", "[...]", "(…)", "&hellip;" left undecoded. */
const ELLIPSIS = '\\[\\s*(?:…|\\.{3}|&hellip;)\\s*\\]|\\(\\s*(?:…|\\.{3})\\s*\\)|…|\\.{3}|&hellip;';
const LETTER = '[\\p{L}\\p{N}]';
const NOT_LETTER = '[^\\p{L}\\p{N}]';
/** Before a label followed by a title: the text's start, or punctuation closing the sentence before. */
const AFTER_SENTENCE = '(?<=^|[^\\p{L}\\p{N},\\s]\\s*)';

function wrap(place: LabelPlace, titleWords: number): (labels: string) => string {
  switch (place) {
    case 'link-start':
      return (labels) => `^${NOT_LETTER}*(?:(?:${labels})(?!${LETTER})|${ELLIPSIS})`;
    case 'text-end':
      return (labels) =>
        titleWords === 0
          ? `\\s*(?:${ELLIPSIS}|(?<!${LETTER})(?:${labels}))${NOT_LETTER}*$`
          : `\\s*(?:${ELLIPSIS}|${AFTER_SENTENCE}(?:${labels})(?:${NOT_LETTER}+${LETTER}+){0,${titleWords}})${NOT_LETTER}*$`;
    case 'within':
      return (labels) => `(?<!${LETTER})(?:${labels})(?!${LETTER})`;
  }
}

const matchers = new Map<string, () => RegExp>();

/** The label matcher for `place` (compiled once per place, title words and hint selection). */
export function continueReadingLabel(place: LabelPlace, titleWords = 0): RegExp {
  const key = `${place} ${titleWords}`;
  let matcher = matchers.get(key);
  if (matcher === undefined) {
    matcher = hintMatcher(CONTINUE_READING_LABELS, wrap(place, titleWords), 'iu');
    matchers.set(key, matcher);
  }
  return matcher();
}

const FOOTER = hintMatcher(FEED_FOOTERS, (footers) => `\\s*(?:${footers})\\s*$`, 'iu');

/**
 * `text` with its whitespace collapsed and, as long as one is left at its end, its ellipses,
 * continue-reading labels (each followed by at most `titleWords` words: the title engines print
 * after the label) and feed footers removed.
 */
export function stripContinueReading(text: string, titleWords = 0): string {
  let t = text.replace(/\s+/g, ' ').trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const re of [continueReadingLabel('text-end', titleWords), FOOTER()]) {
      const next = t.replace(re, '').trim();
      if (next !== t) {
        t = next;
        changed = true;
      }
    }
  }
  return t;
}
