import { describe, expect, it } from 'vitest';
import { collapseSpaces, collapseWhitespace, countWordsUpTo, everyToken, tokenize } from './text-normalize.js';

/** Characters where the in-place count and `tokenize` could part: apostrophes, NFKC-changed Latin-1, punctuation, other scripts. */
const ALPHABET = [
  ..."ab Z9 \t\n-.,'`",
  '\u00a0', // no-break space
  '\u00b4', // acute accent: a space and a combining mark under NFKC
  '\u00bd', // ½: "1⁄2" under NFKC
  '\u00b2', // ²
  '\u00aa', // ª
  '\u00e9', // é
  '\u00d7', // ×
  '\u00ad', // soft hyphen
  '\u2019', // right single quote (an apostrophe)
  '\u201c', // left double quote
  '\u2014', // em dash
  '\u2026', // ellipsis
  '\ufb01', // ﬁ ligature
  '\u0301', // combining acute
  '\u0130', // İ: two code points lower-cased
  '\u4e2d', // a Han character
];

/** mulberry32, so the strings are the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A string of up to 40 characters of ALPHABET. */
function randomText(rand: () => number): string {
  const length = Math.floor(rand() * 40);
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(rand() * ALPHABET.length)];
  return text;
}

describe('countWordsUpTo', () => {
  it('counts as tokenize does, up to one word past the limit', () => {
    const rand = prng(7);
    for (let n = 0; n < 5000; n++) {
      const text = randomText(rand);
      const limit = Math.floor(rand() * 8);
      expect([text, countWordsUpTo(text, limit)]).toEqual([text, Math.min(tokenize(text).length, limit + 1)]);
    }
  });

  it('stops reading a long text at the word after the limit', () => {
    expect(countWordsUpTo(`posted by Ann ${'word '.repeat(100_000)}`, 14)).toBe(15);
    expect(countWordsUpTo("wasn't it", 1)).toBe(2);
    expect(countWordsUpTo('', 3)).toBe(0);
  });
});

describe('everyToken', () => {
  it('tests the tokens tokenize gives, in order, up to the first that fails', () => {
    const rand = prng(11);
    for (let n = 0; n < 3000; n++) {
      const text = randomText(rand);
      const seen: string[] = [];
      const stopAt = Math.floor(rand() * 4);
      const all = everyToken(text, (t) => seen.push(t) <= stopAt);
      const tokens = tokenize(text);
      expect([text, seen, all]).toEqual([text, tokens.slice(0, stopAt + 1), tokens.length <= stopAt]);
    }
    const title = new Set(['dont', 'stop']);
    expect(everyToken("Don't STOP", (t) => title.has(t))).toBe(true);
    expect(everyToken(`don't stop ${'more '.repeat(100_000)}`, (t) => title.has(t))).toBe(false);
  });
});

describe('tokenize', () => {
  it('reads ASCII text as the Unicode path does (a no-break space sends a text down that path)', () => {
    const next = prng(7);
    for (let i = 0; i < 2000; i++) {
      const length = Math.floor(next() * 40);
      const text = Array.from({ length }, () => String.fromCharCode(32 + Math.floor(next() * 95))).join('');
      expect(tokenize(text)).toEqual(tokenize(`${text}\u00a0`));
    }
    expect(tokenize("Don't `quote` A1b2, x'y")).toEqual(['dont', 'quote', 'a1b2', 'xy']);
  });

  it('reads Latin-1 text with typographic punctuation as NFKC would (every such character, in words and alone)', () => {
    const viaNfkc = (text: string): string[] =>
      text
        .normalize('NFKC')
        .toLowerCase()
        .replace(/['\u2018\u2019\u201B\u02BC\u0060\u00B4]/g, '')
        .match(/[\p{L}\p{N}]+/gu) ?? [];
    const codes = [...Array.from({ length: 0x100 }, (_, i) => i), ...Array.from({ length: 0x70 }, (_, i) => 0x2000 + i)];
    for (const code of codes) {
      const c = String.fromCharCode(code);
      for (const text of [`ab${c}cd ${c} X${c}`, `${c}Q${c}${c}\u00e9`, c, `dont${c}s \u2019 \u201cx\u201d \u2014 ${c}Z`])
        expect([code, tokenize(text)]).toEqual([code, viaNfkc(text)]);
    }
  });
});

describe('collapseSpaces and collapseWhitespace', () => {
  it('give what replacing every whitespace run by one space and trimming gives', () => {
    const rand = prng(13);
    const spaces = [' ', '  ', '\t', '\r\n', '\u00a0', '\u2009', '\u200b', '\u3000', '\ufeff'];
    for (let n = 0; n < 3000; n++) {
      const text = Array.from({ length: Math.floor(rand() * 8) }, () =>
        rand() < 0.5 ? randomText(rand) : (spaces[Math.floor(rand() * spaces.length)] as string),
      ).join('');
      expect([text, collapseSpaces(text)]).toEqual([text, text.replace(/\s+/g, ' ').trim()]);
      expect([text, collapseWhitespace(text)]).toEqual([
        text,
        text.replace(/[\s\u00A0\u2000-\u200B\u2028\u2029\u202F\u205F\u3000\uFEFF]+/g, ' ').trim(),
      ]);
    }
  });
});
