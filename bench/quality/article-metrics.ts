/**
 * Article scores of one group of gold pages against one extractor's output (ours or a baseline):
 * shingle and token P/R/F1, exact match, ACS, TCS@0.9, pages without output, and the share of
 * titles, authors and dates right where the gold has them.
 */
import type { GoldPage } from './gold.js';
import { isAuthorRight, isDateRight, isTitleExact } from './property-metrics.js';
import { averagePrf, type MatchCounts, type PrfScore, scorePageText, TCS_THRESHOLD } from './text-metrics.js';

/** What an extractor gave for one page. */
export interface ArticleOutput {
  text: string;
  title: string | null;
  author: string | null;
  published: string | null;
}

export interface RightShare {
  share: number;
  right: number;
  /** Pages with output whose gold has this property. */
  of: number;
}

export interface ArticleScores {
  pages: number;
  /** 4-word shingles (the benchmark metric). */
  precision: number;
  recall: number;
  f1: number;
  /** Bag of words (issue #5 "token F1"). */
  token: PrfScore;
  exact: number;
  acs: number;
  tcs: number;
  /** Share of gold pages without any output. */
  noOutput: number;
  title: RightShare | null;
  author: RightShare | null;
  published: RightShare | null;
}

/** Per-page detail kept for the JSON report (worst pages first helps whoever tunes extraction). */
export interface PageDetail {
  url: string;
  crawl: string;
  f1: number;
  precision: number;
  recall: number;
}

/** Pages listed per group in the JSON report, worst shingle F1 first. */
const WORST_PAGES_KEPT = 10;

export function worstPages(details: readonly PageDetail[]): PageDetail[] {
  return [...details].sort((a, b) => a.f1 - b.f1).slice(0, WORST_PAGES_KEPT);
}

export function scoreArticles(
  pages: readonly GoldPage[],
  outputOf: (page: GoldPage) => ArticleOutput | null,
): { scores: ArticleScores; details: PageDetail[] } {
  const shingles: MatchCounts[] = [];
  const tokens: MatchCounts[] = [];
  const details: PageDetail[] = [];
  let exact = 0;
  let cosineSum = 0;
  let accepted = 0;
  let missing = 0;
  const title = newTally();
  const author = newTally();
  const published = newTally();
  for (const page of pages) {
    const output = outputOf(page);
    if (output === null) missing++;
    const score = scorePageText(page.text, output?.text ?? '');
    shingles.push(score.shingles);
    tokens.push(score.tokens);
    if (score.exact) exact++;
    cosineSum += score.cosine;
    if (score.cosine > TCS_THRESHOLD) accepted++;
    const pageScore = averagePrf([score.shingles]);
    details.push({ url: page.url, crawl: page.crawl, f1: pageScore.f1, precision: pageScore.precision, recall: pageScore.recall });
    if (output === null) continue;
    if (page.title !== null) count(title, isTitleExact(page.title, output.title));
    if (page.author !== null) count(author, isAuthorRight(page.author, output.author));
    if (page.published !== null) count(published, isDateRight(page.published, output.published));
  }
  const shingleScore = averagePrf(shingles);
  const n = pages.length;
  return {
    scores: {
      pages: n,
      precision: shingleScore.precision,
      recall: shingleScore.recall,
      f1: shingleScore.f1,
      token: averagePrf(tokens),
      exact: share(exact, n),
      acs: share(cosineSum, n),
      tcs: share(accepted, n),
      noOutput: share(missing, n),
      title: toRightShare(title),
      author: toRightShare(author),
      published: toRightShare(published),
    },
    details,
  };
}

interface Tally {
  right: number;
  of: number;
}

const newTally = (): Tally => ({ right: 0, of: 0 });

function count(tally: Tally, isRight: boolean): void {
  tally.of++;
  if (isRight) tally.right++;
}

function toRightShare(tally: Tally): RightShare | null {
  return tally.of === 0 ? null : { share: tally.right / tally.of, right: tally.right, of: tally.of };
}

export function share(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}
