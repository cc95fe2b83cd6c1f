import { describe, expect, it } from 'vitest';
import { scoreArticles } from '../../bench/quality/article-metrics.js';
import { isAuthorRight, isDateRight, isTitleExact } from '../../bench/quality/property-metrics.js';
import { averagePrf, cosineSimilarity, matchTexts, shingleCounts, tokenize } from '../../bench/quality/text-metrics.js';
import type { GoldPage } from '../../bench/quality/gold.js';

const page = (text: string, extra: Partial<GoldPage> = {}): GoldPage => ({
  crawl: 'c.warc.gz',
  url: `http://x.test/${text.split(' ')[0]}`,
  key: `x.test/${text.split(' ')[0]}`,
  group: 'all',
  split: null,
  feedMode: null,
  text,
  title: null,
  author: null,
  published: null,
  comments: null,
  commentText: null,
  ...extra,
});

describe('shingles (article-extraction benchmark)', () => {
  it('tokenizes \\w+ runs, keeping case and non-Latin letters', () => {
    expect(tokenize("Don't panic — Ünïcode 42_x, 日本語!")).toEqual(['Don', 't', 'panic', 'Ünïcode', '42_x', '日本語']);
  });

  it('makes 4-word shingles, one shingle of everything for short texts', () => {
    expect([...shingleCounts(tokenize('a b c d e')).keys()]).toEqual(['a b c d', 'b c d e']);
    expect([...shingleCounts(tokenize('a b')).keys()]).toEqual(['a b']);
    expect(shingleCounts([]).size).toBe(0);
  });

  it('counts multiset TP/FP/FN', () => {
    // gold: a b c d e f -> 3 shingles; output drops "f" and adds "x y z w" on another line
    const counts = matchTexts('a b c d e f', 'a b c d e\nx y z w');
    // output shingles: abcd bcde cdex dexy exyz xyzw -> 2 shared
    expect(counts).toEqual({ tp: 2, fp: 4, fn: 1 });
    // repeated shingles count as many times as both sides hold them
    expect(matchTexts('a b c d a b c d', 'a b c d')).toEqual({ tp: 1, fp: 0, fn: 4 });
  });

  it('averages precision over pages with output and recall over pages with gold', () => {
    const pages = [
      { tp: 3, fp: 1, fn: 0 }, // P 0.75, R 1
      { tp: 0, fp: 0, fn: 5 }, // no output: R 0, not in P
      { tp: 0, fp: 2, fn: 0 }, // output but no gold: P 0, not in R
    ];
    const score = averagePrf(pages);
    expect(score.precision).toBeCloseTo(0.375);
    expect(score.recall).toBeCloseTo(0.5);
    expect(score.f1).toBeCloseTo((2 * 0.375 * 0.5) / 0.875);
    expect([score.pagesWithOutput, score.pagesWithGold]).toEqual([2, 2]);
  });

  it('computes the cosine of lower-cased term vectors', () => {
    expect(cosineSimilarity('The cat', 'the CAT')).toBeCloseTo(1);
    expect(cosineSimilarity('a b', 'c d')).toBe(0);
    expect(cosineSimilarity('a a b', 'a b')).toBeCloseTo(3 / (Math.sqrt(5) * Math.sqrt(2)));
  });
});

describe('scoreArticles', () => {
  it('scores exact, ACS, TCS and missing output over all gold pages', () => {
    const gold = [
      page('one two three four five six', { title: 'T1' }),
      page('seven eight nine ten eleven', { title: 'T2' }),
      page('alpha beta gamma delta epsilon zeta'),
    ];
    const outputs = new Map([
      [gold[0]?.url, { text: ' one two\nthree four five six ', title: 'T1', author: null, published: null }],
      [gold[1]?.url, { text: 'seven eight nine ten eleven menu login', title: 'T2 | Site', author: null, published: null }],
    ]);
    const { scores, details } = scoreArticles(gold, (p) => outputs.get(p.url) ?? null);
    expect(scores.exact).toBeCloseTo(1 / 3);
    expect(scores.noOutput).toBeCloseTo(1 / 3);
    expect(scores.recall).toBeCloseTo(2 / 3);
    expect(scores.precision).toBeCloseTo((1 + 2 / 4) / 2);
    expect(scores.tcs).toBeCloseTo(1 / 3); // page 2: cosine 5/sqrt(35) = 0.845
    expect(scores.acs).toBeCloseTo((1 + 5 / Math.sqrt(35)) / 3);
    expect(scores.title).toEqual({ share: 0.5, right: 1, of: 2 });
    expect(details.map((d) => d.f1)).toEqual([1, expect.closeTo(2 / 3), 0]);
  });
});

describe('properties', () => {
  it('wants titles exact up to whitespace', () => {
    expect(isTitleExact('A  title\n', 'A title')).toBe(true);
    expect(isTitleExact('A title', 'A title | Site')).toBe(false);
    expect(isTitleExact('', null)).toBe(true);
    expect(isTitleExact('A title', null)).toBe(false);
    expect(isTitleExact('A title', null)).toBe(false);
  });

  it('accepts bylines that hold the name', () => {
    expect(isAuthorRight('Paula Valdés', 'paula valdés')).toBe(true);
    expect(isAuthorRight('By Jane Doe', 'Jane Doe')).toBe(true);
    expect(isAuthorRight('Jane Doe, Staff Writer', 'Jane Doe')).toBe(true);
    expect(isAuthorRight('Jane Doe', 'Jane')).toBe(true);
    expect(isAuthorRight('Jane Doe', 'Janet Doerr')).toBe(false);
  });

  it('compares dates as instants when both are zoned, else by day', () => {
    expect(isDateRight('2026-10-28T19:47:52+00:00', '2026-10-28T21:47:52+02:00')).toBe(true);
    expect(isDateRight('2026-10-28T19:47:52+00:00', '2026-10-28T19:47:00Z')).toBe(true);
    expect(isDateRight('2026-10-28T19:47:52+00:00', '2026-10-28T18:47:52Z')).toBe(false);
    expect(isDateRight('2012-07-24T00:26:15', '2012-07-24')).toBe(true);
    expect(isDateRight('2021-11-01T10:52:50+0100', '2021-11-01T09:52:50.000Z')).toBe(true);
    // a zoned late-evening date whose output was normalised to its UTC day
    expect(isDateRight('2026-10-28T23:30:00-05:00', '2026-10-29')).toBe(true);
    expect(isDateRight('2026-10-28', '2026-10-29')).toBe(false);
    expect(isDateRight('2026-10-28', null)).toBe(false);
  });
});
