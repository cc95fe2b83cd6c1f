/**
 * Typography-proof text comparison [000 §III-D-b: "we clean the XML property values"]: entities are
 * decoded by the parsers; here smart quotes, dashes, ellipses, odd spaces and case are folded, and
 * text is cut into word tokens so punctuation never decides a match.
 */

const APOSTROPHES = /['\u2018\u2019\u201B\u02BC\u0060\u00B4]/g;
const TOKEN = /[\p{L}\p{N}]+/gu;
const SPACES = /[\s\u00A0\u2000-\u200B\u2028\u2029\u202F\u205F\u3000\uFEFF]+/g;

/** Lower-cased word tokens; apostrophes are dropped inside words ("wasn’t" -> "wasnt"). */
export function tokenize(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().replace(APOSTROPHES, '').match(TOKEN) ?? [];
}

/** Whitespace collapsed to single spaces, trimmed. */
export function collapseWhitespace(text: string): string {
  return text.replace(SPACES, ' ').trim();
}

/** A comparison key: the tokens joined by single spaces. */
export function matchKey(text: string): string {
  return tokenize(text).join(' ');
}
