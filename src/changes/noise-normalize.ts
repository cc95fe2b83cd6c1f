/**
 * Noise normalisation: two texts that differ only in typography, Unicode form or invisible
 * characters compare equal after `normalizeNoise`. Case and wording are kept: they are edits.
 */

/** Invisible characters a CMS or an extractor inserts or drops at will: soft hyphen, zero-width
 *  space / non-joiner / joiner, word joiner, BOM, left-to-right and right-to-left marks. */
const INVISIBLE = /[\u00AD\u200B-\u200F\u2060\uFEFF]/g;
/** Single quotes and primes, typographic or straight. */
const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032\u0060\u00B4]/g;
/** Double quotes, guillemets and double primes. */
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g;
/** Two single quotes: NFKC splits a double prime into two primes. */
const DOUBLED_SINGLE_QUOTE = /''/g;
/** Hyphen, non-breaking hyphen, figure dash, en dash, em dash, horizontal bar, minus sign. */
const DASHES = /[\u2010-\u2015\u2212]/g;
/** Runs of hyphens: smart-quote filters turn `--` / `---` into en / em dashes. */
const DASH_RUN = /-{2,}/g;
const WHITESPACE = /\s+/g;
/** A space before closing punctuation, left by extractors that join inline nodes with spaces. */
const SPACE_BEFORE_PUNCT = / ([,.;:!?)\]])/g;

/**
 * Normalise noise: NFKC (folds ligatures, full-width forms, `…` to `...`, no-break spaces), drop
 * invisible characters, straighten quotes, unify dashes, collapse whitespace to single spaces.
 */
export function normalizeNoise(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLED_SINGLE_QUOTE, '"')
    .replace(DOUBLE_QUOTES, '"')
    .replace(DASHES, '-')
    .replace(DASH_RUN, '-')
    .replace(WHITESPACE, ' ')
    .replace(SPACE_BEFORE_PUNCT, '$1')
    .trim();
}

/** Normalised text or null for null/empty input. */
export function normalizeField(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const normal = normalizeNoise(value);
  return normal === '' ? null : normal;
}
