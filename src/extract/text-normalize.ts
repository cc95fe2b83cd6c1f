/**
 * Typography-proof text comparison [000 §III-D-b: "we clean the XML property values"]: entities are
 * decoded by the parsers; here smart quotes, dashes, ellipses, odd spaces and case are folded, and
 * text is cut into word tokens so punctuation never decides a match.
 */

const APOSTROPHES = /['\u2018\u2019\u201B\u02BC\u0060\u00B4]/g;
const TOKEN = /[\p{L}\p{N}]+/gu;
const SPACES = /[\s\u00A0\u2000-\u200B\u2028\u2029\u202F\u205F\u3000\uFEFF]+/g;

const NON_ASCII = /\P{ASCII}/u;
const ASCII_APOSTROPHES = /['`]/g;
const ASCII_TOKEN = /[a-z0-9]+/g;

/**
 * Code units outside Latin-1 text with typographic punctuation: Latin-1 but the characters NFKC
 * changes into letters or digits (ª ² ³ µ ¹ º ¼ ½ ¾), and anything past U+00FF but general
 * punctuation (U+2000-206F: spaces, dashes, quotes, ellipses; NFKC makes none a letter or digit).
 */
const NOT_LATIN1_TEXT = /[\xAA\xB2\xB3\xB5\xB9\xBA\xBC-\xBE\u0100-\u1FFF\u2070-\uFFFF]/;
/** The apostrophes such text keeps through NFKC (´ becomes a space and an accent: a separator). */
const LATIN1_TEXT_APOSTROPHES = /['`\u2018\u2019\u201B]/g;
/** Lower-case Latin-1 letters and digits (× and ÷ are not letters). */
const LATIN1_TOKEN = /[a-z0-9\u00DF-\u00F6\u00F8-\u00FF]+/g;

/** Lower-cased word tokens; apostrophes are dropped inside words ("wasn’t" -> "wasnt"). */
export function tokenize(text: string): string[] {
  // ASCII is its own NFKC form, and its letters and digits are [a-z0-9] once lower-cased.
  if (!NON_ASCII.test(text)) return text.toLowerCase().replace(ASCII_APOSTROPHES, '').match(ASCII_TOKEN) ?? [];
  // So is Latin-1 text with curly quotes and dashes, but for the few characters NOT_LATIN1_TEXT names.
  if (!NOT_LATIN1_TEXT.test(text)) return text.toLowerCase().replace(LATIN1_TEXT_APOSTROPHES, '').match(LATIN1_TOKEN) ?? [];
  return text.normalize('NFKC').toLowerCase().replace(APOSTROPHES, '').match(TOKEN) ?? [];
}

/** A run of ASCII letters, digits and apostrophes: one token of `tokenize` once its apostrophes are dropped. */
const ASCII_WORD_RUN = /[a-z0-9'`]+/g;

/**
 * `tokenize(text).every(test)`, stopping at the first token that fails: ASCII text is read in place,
 * not cut into all its tokens first (a long article tested for holding only its title's words).
 */
export function everyToken(text: string, test: (token: string) => boolean): boolean {
  if (NON_ASCII.test(text)) return tokenize(text).every(test);
  const lower = text.toLowerCase();
  ASCII_WORD_RUN.lastIndex = 0;
  for (let m = ASCII_WORD_RUN.exec(lower); m !== null; m = ASCII_WORD_RUN.exec(lower)) {
    const run = m[0];
    const token = run.includes("'") || run.includes('`') ? run.replace(ASCII_APOSTROPHES, '') : run;
    if (token !== '' && !test(token)) return false;
  }
  return true;
}

/** What `SPACES` changes: a space other than ' ', or two in a row (most text has neither: it is not copied). */
const SPACES_TO_COLLAPSE = /[^\S ]|\u200B| {2}/;

/** Whitespace collapsed to single spaces, trimmed. */
export function collapseWhitespace(text: string): string {
  return (SPACES_TO_COLLAPSE.test(text) ? text.replace(SPACES, ' ') : text).trim();
}

const JS_SPACES = /\s+/g;
/** What `JS_SPACES` changes. */
const JS_SPACES_TO_COLLAPSE = /[^\S ]| {2}/;

/** `text.replace(/\s+/g, ' ').trim()`, without copying text that has single spaces only. */
export function collapseSpaces(text: string): string {
  return (JS_SPACES_TO_COLLAPSE.test(text) ? text.replace(JS_SPACES, ' ') : text).trim();
}

/** A comparison key: the tokens joined by single spaces. */
export function matchKey(text: string): string {
  return tokenize(text).join(' ');
}

/** Code units `countWordsUpTo` reads in place, as `tokenize` sees them after NFKC: 1 letter or digit, 2 apostrophe (dropped inside a word), 0 separator; -1: only `tokenize` can tell. */
function charClass(c: number): number {
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 1 : c === 39 || c === 96 ? 2 : 0;
  if (c <= 0xff) {
    // ¼ ½ ¾ become "1⁄4" (two tokens) under NFKC; ´ becomes a space and a combining accent (a separator).
    if (c >= 0xbc && c <= 0xbe) return -1;
    return c === 0xaa || c === 0xb2 || c === 0xb3 || c === 0xb5 || c === 0xb9 || c === 0xba || (c >= 0xc0 && c !== 0xd7 && c !== 0xf7)
      ? 1
      : 0;
  }
  // General punctuation (spaces, dashes, quotes, dots): no letter or digit, before or after NFKC.
  if (c >= 0x2000 && c <= 0x206f) return c === 0x2018 || c === 0x2019 || c === 0x201b ? 2 : 0;
  return -1;
}

/** `charClass` of the Latin-1 code units, looked up rather than computed per character. */
const LATIN1_CLASS = Int8Array.from({ length: 0x100 }, (_, c) => charClass(c));

/**
 * `Math.min(tokenize(text).length, limit + 1)`, stopping at the word after `limit`: "at most N
 * words" on a long text without normalising all of it. Text outside Latin-1 and general
 * punctuation goes through `tokenize`.
 */
export function countWordsUpTo(text: string, limit: number): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const kind = c < 0x100 ? (LATIN1_CLASS[c] as number) : charClass(c);
    if (kind === -1) return Math.min(tokenize(text).length, limit + 1);
    if (kind === 1) {
      if (!inWord) {
        inWord = true;
        if (++words > limit) return words;
      }
    } else if (kind === 0) inWord = false;
  }
  return words;
}
