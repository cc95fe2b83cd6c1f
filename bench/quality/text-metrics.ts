/**
 * Text scores of the quality benchmark.
 *
 * Shingle scores follow the article-extraction benchmark (scrapinghub/article-extraction-benchmark,
 * `evaluate.py`): `\w+` word tokens, case kept, grouped into 4-word shingles; a page scores the
 * multiset intersection (TP), what only the output holds (FP) and what only the gold holds (FN).
 * A text shorter than the shingle size is one shingle of all its tokens.
 * Aggregation is the one issue #3 item 7 fixes: precision averaged over pages with output, recall
 * over pages with gold, F1 = harmonic mean of the two averages.
 *
 * ACS and TCS@0.9 are the cosine measures of E-mCST (001 §4): cosine similarity of term-frequency
 * vectors (lower-cased tokens here) averaged over all gold pages, and the share of gold pages whose
 * cosine is above the threshold (a page without output scores 0).
 */

/** Shingle size of the article-extraction benchmark. */
export const SHINGLE_SIZE = 4;
/** "accepted as identical" threshold of TCS [001 §4: "we used the threshold value of 0.9"]. */
export const TCS_THRESHOLD = 0.9;

/** Python's `\w` under re.UNICODE: letters, digits, marks, underscore. */
const WORD_TOKEN = /[\p{L}\p{N}\p{M}_]+/gu;
const WHITESPACE = /\s+/gu;

export function tokenize(text: string): string[] {
  return text.match(WORD_TOKEN) ?? [];
}

/** Whitespace runs to one space, trimmed, NFC: the "exact match" normal form. */
export function normalizeWhitespace(text: string): string {
  return text.normalize('NFC').replace(WHITESPACE, ' ').trim();
}

/** Multiset of the n-token shingles of `tokens` (one shingle of everything when shorter). */
export function shingleCounts(tokens: readonly string[], size = SHINGLE_SIZE): Map<string, number> {
  const counts = new Map<string, number>();
  if (tokens.length === 0) return counts;
  const last = Math.max(1, tokens.length - size + 1);
  for (let i = 0; i < last; i++) {
    const shingle = tokens.slice(i, i + size).join(' ');
    counts.set(shingle, (counts.get(shingle) ?? 0) + 1);
  }
  return counts;
}

export interface MatchCounts {
  tp: number;
  fp: number;
  fn: number;
}

/** Multiset TP/FP/FN of predicted against true shingles. */
export function matchShingles(truth: Map<string, number>, predicted: Map<string, number>): MatchCounts {
  let tp = 0;
  let fp = 0;
  for (const [shingle, count] of predicted) {
    const common = Math.min(count, truth.get(shingle) ?? 0);
    tp += common;
    fp += count - common;
  }
  let trueTotal = 0;
  for (const count of truth.values()) trueTotal += count;
  return { tp, fp, fn: trueTotal - tp };
}

/** TP/FP/FN of two texts with shingles of `size` tokens (size 1 = bag of words). */
export function matchTexts(gold: string, output: string, size = SHINGLE_SIZE): MatchCounts {
  return matchShingles(shingleCounts(tokenize(gold), size), shingleCounts(tokenize(output), size));
}

/** Shingle F1 of one output against its gold (word 4-shingles, as `bench:quality` scores a page); the golden tests use it too. */
export function shingleF1(gold: string, output: string): number {
  const { tp, fp, fn } = matchTexts(gold, output);
  return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
}

/** Cosine similarity of the lower-cased term-frequency vectors of two texts. */
export function cosineSimilarity(a: string, b: string): number {
  const va = termFrequencies(a);
  const vb = termFrequencies(b);
  if (va.size === 0 || vb.size === 0) return 0;
  let dot = 0;
  for (const [term, count] of va) dot += count * (vb.get(term) ?? 0);
  return dot / (norm(va) * norm(vb));
}

function termFrequencies(text: string): Map<string, number> {
  return shingleCounts(tokenize(text.toLowerCase()), 1);
}

function norm(vector: Map<string, number>): number {
  let sum = 0;
  for (const count of vector.values()) sum += count * count;
  return Math.sqrt(sum);
}

/** Scores of one gold page against its output text (a page without output scores as ''). */
export interface PageTextScore {
  shingles: MatchCounts;
  /** Bag-of-words counts (token P/R/F1). */
  tokens: MatchCounts;
  exact: boolean;
  cosine: number;
}

export function scorePageText(gold: string, output: string): PageTextScore {
  return {
    shingles: matchTexts(gold, output),
    tokens: matchTexts(gold, output, 1),
    exact: normalizeWhitespace(gold) === normalizeWhitespace(output),
    cosine: cosineSimilarity(gold, output),
  };
}

export interface PrfScore {
  precision: number;
  recall: number;
  f1: number;
  /** Pages whose output was non-empty (precision averaged over these). */
  pagesWithOutput: number;
  /** Pages whose gold was non-empty (recall averaged over these). */
  pagesWithGold: number;
}

/**
 * Averages per-page counts: precision over pages with output, recall over pages with gold
 * (a gold page without output has recall 0), F1 = harmonic mean of the two averages.
 * A page with neither gold nor output counts in neither average.
 */
export function averagePrf(pages: readonly MatchCounts[]): PrfScore {
  let precisionSum = 0;
  let recallSum = 0;
  let pagesWithOutput = 0;
  let pagesWithGold = 0;
  for (const page of pages) {
    const predicted = page.tp + page.fp;
    const truth = page.tp + page.fn;
    if (predicted > 0) {
      precisionSum += page.tp / predicted;
      pagesWithOutput++;
    }
    if (truth > 0) {
      recallSum += page.tp / truth;
      pagesWithGold++;
    }
  }
  const precision = pagesWithOutput === 0 ? 0 : precisionSum / pagesWithOutput;
  const recall = pagesWithGold === 0 ? 0 : recallSum / pagesWithGold;
  return { precision, recall, f1: harmonicMean(precision, recall), pagesWithOutput, pagesWithGold };
}

export function harmonicMean(a: number, b: number): number {
  return a + b === 0 ? 0 : (2 * a * b) / (a + b);
}
