/**
 * The English Snowball stemmer (Porter2) of snowball-stemmers 0.6, step for step on a string: the
 * same stems as `newStemmer('english')` (checked on every word of dragnet-train's pages and of a
 * dictionary, and on 20 million generated words; english-stemmer.test.ts keeps a sample), about
 * 10 times faster. The package's generated code reads every field through a getter and every
 * character through a method call: 10-25 µs a word, most of the extract stage's stemming on
 * dragnet-train. Positions, regions (R1, R2) and the cursor rules are those of the package's code,
 * which does not move R1 and R2 when a step shortens the word.
 */

/** Vowels (`g_v`): a e i o u y, lower case only ('Y' marks a consonant y). */
function isVowel(c: number): boolean {
  return c === 97 || c === 101 || c === 105 || c === 111 || c === 117 || c === 121;
}

/** `g_v_WXY`: the vowels, w, x and the marked 'Y'. */
function isVowelWXY(c: number): boolean {
  return isVowel(c) || c === 119 || c === 120 || c === 89;
}

/** `g_valid_LI`: the letters before which a final "li" is dropped. */
const VALID_LI = new Set([...'cdeghkmnrt'].map((ch) => ch.charCodeAt(0)));

/** `exception1`: whole words and their stems (`null`: the word is its own stem). */
const EXCEPTIONS: ReadonlyMap<string, string | null> = new Map([
  ['andes', null],
  ['atlas', null],
  ['bias', null],
  ['cosmos', null],
  ['dying', 'die'],
  ['early', 'earli'],
  ['gently', 'gentl'],
  ['howe', null],
  ['idly', 'idl'],
  ['lying', 'lie'],
  ['news', null],
  ['only', 'onli'],
  ['singly', 'singl'],
  ['skies', 'sky'],
  ['skis', 'ski'],
  ['sky', null],
  ['tying', 'tie'],
  ['ugly', 'ugli'],
]);

/** `exception2`: words left as they are after Step 1a. */
const INVARIANT_AFTER_1A = new Set(['succeed', 'proceed', 'exceed', 'canning', 'inning', 'earring', 'herring', 'outing']);

/** Region prefixes (`a_0`): R1 starts after them. */
const R1_PREFIXES = ['gener', 'commun', 'arsen'];

/** Suffix tables (`among`): the longest suffix of the word found is the one acted on. Step 1a:
 *  0 kept, 1 to "ss", 2 to "i" ("ie" after one letter), 3 dropped after a vowel (not just before it). */
const STEP_1A = byLastChar<readonly [string, number]>([
  ['sses', 1],
  ['ied', 2],
  ['ies', 2],
  ['ss', 0],
  ['us', 0],
  ['s', 3],
]);
/** Step 1b: 1 to "ee" in R1, 2 dropped after a vowel (then the stem is tidied). */
const STEP_1B = byLastChar<readonly [string, number]>([
  ['eedly', 1],
  ['ingly', 2],
  ['edly', 2],
  ['eed', 1],
  ['ing', 2],
  ['ed', 2],
]);
/** Step 2 in R1: the replacement; null: "ogi" to "og" after l, "li" dropped after a valid li-ending. */
const STEP_2 = byLastChar<readonly [string, string | null]>([
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['biliti', 'ble'],
  ['lessli', 'less'],
  ['tional', 'tion'],
  ['fulli', 'ful'],
  ['ousli', 'ous'],
  ['entli', 'ent'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['alism', 'al'],
  ['ation', 'ate'],
  ['anci', 'ance'],
  ['enci', 'ence'],
  ['abli', 'able'],
  ['alli', 'al'],
  ['izer', 'ize'],
  ['ator', 'ate'],
  ['ogi', null],
  ['bli', 'ble'],
  ['li', null],
]);
/** Step 3 in R1: the replacement; null: "ative" dropped in R2. */
const STEP_3 = byLastChar<readonly [string, string | null]>([
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['icate', 'ic'],
  ['ative', null],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ness', ''],
  ['ful', ''],
]);
/** Step 4 in R2: 1 dropped, 2 ("ion") dropped after s or t. */
const STEP_4 = byLastChar<readonly [string, number]>([
  ['ement', 1],
  ['ance', 1],
  ['ence', 1],
  ['able', 1],
  ['ible', 1],
  ['ment', 1],
  ['ate', 1],
  ['ive', 1],
  ['ize', 1],
  ['iti', 1],
  ['ism', 1],
  ['ion', 2],
  ['ous', 1],
  ['ant', 1],
  ['ent', 1],
  ['ic', 1],
  ['al', 1],
  ['er', 1],
]);

/** A suffix table by last character, longer suffixes first. */
function byLastChar<T extends readonly [string, unknown]>(table: readonly T[]): ReadonlyMap<number, readonly T[]> {
  const index = new Map<number, T[]>();
  for (const entry of [...table].sort((a, b) => b[0].length - a[0].length)) {
    const last = entry[0].charCodeAt(entry[0].length - 1);
    const list = index.get(last);
    if (list === undefined) index.set(last, [entry]);
    else list.push(entry);
  }
  return index;
}

/** The longest suffix of a table that `word` ends with. */
function longestSuffix<T extends readonly [string, unknown]>(word: string, table: ReadonlyMap<number, readonly T[]>): T | undefined {
  return table.get(word.charCodeAt(word.length - 1))?.find(([s]) => word.endsWith(s));
}

/** Where R1 or R2 starts when scanning from `from`: after the first non-vowel that follows a vowel. */
function regionStart(w: string, from: number): number {
  let i = from;
  while (i < w.length && !isVowel(w.charCodeAt(i))) i++;
  if (i >= w.length) return -1;
  i++;
  while (i < w.length && isVowel(w.charCodeAt(i))) i++;
  return i >= w.length ? -1 : i + 1;
}

/** `r_shortv` at the end of `w.slice(0, end)`: a short syllable ends there. */
function endsShortSyllable(w: string, end: number): boolean {
  if (end >= 3 && !isVowelWXY(w.charCodeAt(end - 1)) && isVowel(w.charCodeAt(end - 2)) && !isVowel(w.charCodeAt(end - 3))) return true;
  return end === 2 && !isVowel(w.charCodeAt(1)) && isVowel(w.charCodeAt(0));
}

/** Whether a vowel is in `w.slice(0, end)`. */
function hasVowelBefore(w: string, end: number): boolean {
  for (let i = end - 1; i >= 0; i--) if (isVowel(w.charCodeAt(i))) return true;
  return false;
}

export function stemEnglish(word: string): string {
  if (EXCEPTIONS.has(word)) return EXCEPTIONS.get(word) ?? word;
  if (word.length < 3) return word;
  // Prelude: no leading apostrophe; a consonant y ('y' first or after a vowel) is marked 'Y'.
  let w = word.charCodeAt(0) === 39 ? word.slice(1) : word;
  let yFound = false;
  if (w.charCodeAt(0) === 121) {
    w = `Y${w.slice(1)}`;
    yFound = true;
  }
  for (let i = 0; i + 1 < w.length; i++)
    if (isVowel(w.charCodeAt(i)) && w.charCodeAt(i + 1) === 121) {
      w = `${w.slice(0, i + 1)}Y${w.slice(i + 2)}`;
      yFound = true;
    }
  // Regions, on the word as it is now (never moved afterwards).
  let p1 = w.length;
  let p2 = w.length;
  const prefix = R1_PREFIXES.find((p) => w.startsWith(p));
  const r1 = prefix !== undefined ? prefix.length : regionStart(w, 0);
  if (r1 >= 0) {
    p1 = r1;
    const r2 = regionStart(w, r1);
    if (r2 >= 0) p2 = r2;
  }
  // Step 1a: possessives, then plurals.
  const possessive = w.endsWith("'s'") ? 3 : w.endsWith("'s") ? 2 : w.endsWith("'") ? 1 : 0;
  w = w.slice(0, w.length - possessive);
  const s1a = longestSuffix(w, STEP_1A);
  if (s1a !== undefined) {
    const [suffix, action] = s1a;
    const at = w.length - suffix.length;
    if (action === 1) w = `${w.slice(0, at)}ss`;
    else if (action === 2) w = `${w.slice(0, at)}${at >= 2 ? 'i' : 'ie'}`;
    // The letter just before the s does not count.
    else if (action === 3 && hasVowelBefore(w, at - 1)) w = w.slice(0, at);
  }
  if (!INVARIANT_AFTER_1A.has(w)) w = stepsAfter1a(w, p1, p2);
  return yFound ? w.replaceAll('Y', 'y') : w;
}

/** Steps 1b to 5. */
function stepsAfter1a(word: string, p1: number, p2: number): string {
  let w = word;
  // Step 1b.
  const s1b = longestSuffix(w, STEP_1B);
  if (s1b !== undefined) {
    const [suffix, action] = s1b;
    const at = w.length - suffix.length;
    if (action === 1) {
      if (at >= p1) w = `${w.slice(0, at)}ee`;
    } else if (hasVowelBefore(w, at)) {
      w = w.slice(0, at);
      if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
      else if (/(?:bb|dd|ff|gg|mm|nn|pp|rr|tt)$/.test(w)) w = w.slice(0, -1);
      else if (w.length === p1 && endsShortSyllable(w, w.length)) w += 'e';
    }
  }
  // Step 1c: a final y or Y after a consonant that is not the first letter becomes i.
  const last = w.charCodeAt(w.length - 1);
  if ((last === 121 || last === 89) && w.length >= 3 && !isVowel(w.charCodeAt(w.length - 2))) w = `${w.slice(0, -1)}i`;
  // Step 2.
  const s2 = longestSuffix(w, STEP_2);
  if (s2 !== undefined && w.length - s2[0].length >= p1) {
    const [suffix, replacement] = s2;
    const at = w.length - suffix.length;
    if (suffix === 'ogi') {
      if (w.charCodeAt(at - 1) === 108) w = `${w.slice(0, at)}og`;
    } else if (suffix === 'li') {
      if (VALID_LI.has(w.charCodeAt(at - 1))) w = w.slice(0, at);
    } else w = `${w.slice(0, at)}${replacement}`;
  }
  // Step 3.
  const s3 = longestSuffix(w, STEP_3);
  if (s3 !== undefined && w.length - s3[0].length >= p1) {
    const [suffix, replacement] = s3;
    const at = w.length - suffix.length;
    if (replacement !== null) w = `${w.slice(0, at)}${replacement}`;
    else if (at >= p2) w = w.slice(0, at);
  }
  // Step 4.
  const s4 = longestSuffix(w, STEP_4);
  if (s4 !== undefined && w.length - s4[0].length >= p2) {
    const at = w.length - s4[0].length;
    const before = w.charCodeAt(at - 1);
    if (s4[1] === 1 || before === 115 || before === 116) w = w.slice(0, at);
  }
  // Step 5.
  const at = w.length - 1;
  if (w.endsWith('e')) {
    if (at >= p2 || (at >= p1 && !endsShortSyllable(w, at))) w = w.slice(0, at);
  } else if (w.endsWith('l') && at >= p2 && w.charCodeAt(at - 1) === 108) w = w.slice(0, at);
  return w;
}
