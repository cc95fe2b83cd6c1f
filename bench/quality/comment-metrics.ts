/**
 * Comment scores (issue #4 item 5) on the pages of a data set that has comment gold:
 * concatenated comment text per post (token P/R/F1, aggregated like the article scores), comments
 * invented where the gold has none, and, where the gold lists comments one by one, count exact,
 * per-comment matching with text F1, author exact and date right. Also counts posts whose article
 * text holds a gold comment (a comment leaking into the article).
 */
import { share } from './article-metrics.js';
import type { GoldComment, GoldPage } from './gold.js';
import { isDateRight, normalizeAuthor } from './property-metrics.js';
import { averagePrf, type MatchCounts, matchTexts, shingleCounts, tokenize } from './text-metrics.js';

/** A gold and an output comment are the same comment when their token F1 reaches this. (ours) */
export const COMMENT_MATCH_MIN_F1 = 0.5;
/** A comment leaked into the article when this share of its shingles is in the article text. (ours) */
export const LEAK_MIN_SHINGLE_SHARE = 0.8;
/** Comment units with fewer own shingles are not checked for leaks ("Thanks!" may be anywhere). (ours) */
export const LEAK_MIN_SHINGLES = 5;

export interface OutputComment {
  author: string | null;
  published: string | null;
  text: string;
  /** The byline as printed (absent in older exports). */
  byline?: string | null;
}

export interface CommentOutput {
  articleText: string;
  comments: OutputComment[];
}

export interface CommentScores {
  /** Pages with comment gold (with or without comments). */
  pages: number;
  pagesWithComments: number;
  /** Concatenated comment text per post, bag of words; null where nothing was output / expected. */
  text: { precision: number | null; recall: number | null; f1: number | null };
  /** The same on the pages whose gold has comments only: how well the comments there are read,
   *  apart from comments given where the gold has none (`invented`, whose pages count in `text`
   *  with precision 0). Null without such pages. */
  textWhereGoldHasComments: { precision: number; recall: number; f1: number } | null;
  /** Share of pages with an object and no gold comment that got comments anyway (null: none such). */
  invented: number | null;
  inventedPages: number;
  /** Of those pages, the ones whose output comments the gold has as article text (>= LEAK_MIN_SHINGLE_SHARE
   *  of their 4-shingles in the gold article): comments the annotator labelled as content, not made up. */
  inventedInGoldArticle: number;
  /** `invented` without those pages: comment text found in no field of the gold. */
  inventedOutsideGold: number | null;
  /** Where the gold lists each comment: share of posts with an object whose comment count is exact. */
  countExact: number | null;
  /** Gold comments matched one to one by text, and output comments matched. */
  matchedRecall: number | null;
  matchedPrecision: number | null;
  /** Mean token F1 of the matched comment pairs. */
  matchedTextF1: number | null;
  authorExact: number | null;
  dateRight: number | null;
  /** Posts whose article text holds a gold comment. */
  leakPosts: number;
  /** Article shingle precision on posts that have gold comments (comments must not leak in). */
  articlePrecisionWithComments: number | null;
}

export function scoreComments(pages: readonly GoldPage[], outputOf: (page: GoldPage) => CommentOutput | null): CommentScores | null {
  const scoped = pages.filter((p) => p.commentText !== null);
  if (scoped.length === 0) return null;
  const textCounts: MatchCounts[] = [];
  const textCountsWithComments: MatchCounts[] = [];
  const articleWithComments: MatchCounts[] = [];
  let withComments = 0;
  let inventedOf = 0;
  let invented = 0;
  let inGoldArticle = 0;
  let countOf = 0;
  let countExact = 0;
  let leakPosts = 0;
  const matching = { gold: 0, output: 0, matched: 0, f1Sum: 0, authorOf: 0, authorRight: 0, dateOf: 0, dateRight: 0 };
  for (const page of scoped) {
    const goldText = page.commentText ?? '';
    const hasGoldComments = tokenize(goldText).length > 0;
    if (hasGoldComments) withComments++;
    const output = outputOf(page);
    // A gold given as one string per page holds each comment as printed, byline included; listed gold comments are text only.
    const printed = (c: OutputComment) => (page.comments === null && c.byline ? `${c.byline}\n${c.text}` : c.text);
    const counts = matchTexts(goldText, output?.comments.map(printed).join('\n') ?? '', 1);
    textCounts.push(counts);
    if (hasGoldComments) textCountsWithComments.push(counts);
    if (output === null) continue;
    if (hasGoldComments) {
      articleWithComments.push(matchTexts(page.text, output.articleText));
      if (leaksComment(page, output.articleText)) leakPosts++;
    } else {
      inventedOf++;
      if (output.comments.length > 0) {
        invented++;
        if (isInGoldArticle(page, output.comments)) inGoldArticle++;
      }
    }
    if (page.comments === null) continue;
    countOf++;
    if (output.comments.length === page.comments.length) countExact++;
    const pairs = matchComments(page.comments, output.comments);
    matching.gold += page.comments.length;
    matching.output += output.comments.length;
    for (const { gold, out, f1 } of pairs) {
      matching.matched++;
      matching.f1Sum += f1;
      if (gold.author !== null) {
        matching.authorOf++;
        if (out.author !== null && normalizeAuthor(out.author) === normalizeAuthor(gold.author)) matching.authorRight++;
      }
      if (gold.published !== null) {
        matching.dateOf++;
        if (isDateRight(gold.published, out.published)) matching.dateRight++;
      }
    }
  }
  const text = averagePrf(textCounts);
  const precision = text.pagesWithOutput === 0 ? null : text.precision;
  const recall = text.pagesWithGold === 0 ? null : text.recall;
  const perComment = countOf > 0;
  const withGold = averagePrf(textCountsWithComments);
  return {
    pages: scoped.length,
    pagesWithComments: withComments,
    text: { precision, recall, f1: precision === null || recall === null ? null : text.f1 },
    textWhereGoldHasComments:
      textCountsWithComments.length === 0 ? null : { precision: withGold.precision, recall: withGold.recall, f1: withGold.f1 },
    invented: inventedOf === 0 ? null : share(invented, inventedOf),
    inventedPages: invented,
    inventedInGoldArticle: inGoldArticle,
    inventedOutsideGold: inventedOf === 0 ? null : share(invented - inGoldArticle, inventedOf),
    countExact: perComment ? share(countExact, countOf) : null,
    matchedRecall: matching.gold > 0 ? share(matching.matched, matching.gold) : null,
    matchedPrecision: matching.output > 0 ? share(matching.matched, matching.output) : null,
    matchedTextF1: matching.matched > 0 ? share(matching.f1Sum, matching.matched) : null,
    authorExact: matching.authorOf > 0 ? share(matching.authorRight, matching.authorOf) : null,
    dateRight: matching.dateOf > 0 ? share(matching.dateRight, matching.dateOf) : null,
    leakPosts,
    articlePrecisionWithComments: articleWithComments.length > 0 ? averagePrf(articleWithComments).precision : null,
  };
}

/** Whether the gold's article text holds the output comments (their 4-shingles, as in leaksComment). */
function isInGoldArticle(page: GoldPage, comments: readonly OutputComment[]): boolean {
  const own = [...shingleCounts(tokenize(comments.map((c) => c.text).join('\n'))).keys()];
  if (own.length < LEAK_MIN_SHINGLES) return false;
  const gold = shingleCounts(tokenize(page.text));
  return own.filter((s) => gold.has(s)).length / own.length >= LEAK_MIN_SHINGLE_SHARE;
}

interface CommentPair {
  gold: GoldComment;
  out: OutputComment;
  f1: number;
}

/** Greedy one-to-one matching, best token F1 first. */
export function matchComments(gold: readonly GoldComment[], output: readonly OutputComment[]): CommentPair[] {
  const candidates: CommentPair[] = [];
  gold.forEach((g) => {
    output.forEach((o) => {
      const counts = matchTexts(g.text, o.text, 1);
      const f1 = counts.tp === 0 ? 0 : (2 * counts.tp) / (2 * counts.tp + counts.fp + counts.fn);
      if (f1 >= COMMENT_MATCH_MIN_F1) candidates.push({ gold: g, out: o, f1 });
    });
  });
  candidates.sort((a, b) => b.f1 - a.f1);
  const usedGold = new Set<GoldComment>();
  const usedOutput = new Set<OutputComment>();
  const pairs: CommentPair[] = [];
  for (const pair of candidates) {
    if (usedGold.has(pair.gold) || usedOutput.has(pair.out)) continue;
    usedGold.add(pair.gold);
    usedOutput.add(pair.out);
    pairs.push(pair);
  }
  return pairs;
}

/**
 * Does the article text hold one of the page's gold comments? Units are the listed comments, or
 * the lines of a concatenated gold; each unit is looked up by its shingles, leaving out those the
 * gold article has too (a comment quoting the article is not a leak).
 */
export function leaksComment(page: GoldPage, articleText: string): boolean {
  const units = page.comments?.map((c) => c.text) ?? (page.commentText ?? '').split('\n');
  const output = shingleCounts(tokenize(articleText));
  const goldArticle = shingleCounts(tokenize(page.text));
  return units.some((unit) => {
    const own = [...shingleCounts(tokenize(unit)).keys()].filter((s) => !goldArticle.has(s));
    if (own.length < LEAK_MIN_SHINGLES) return false;
    return own.filter((s) => output.has(s)).length / own.length >= LEAK_MIN_SHINGLE_SHARE;
  });
}
