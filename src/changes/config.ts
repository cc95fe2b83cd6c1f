/** Settings of the changes stage: one frozen config per function, defaults and one line of help. */
import {
  DIFF_CONTEXT_WORDS,
  DIFF_TIMEOUT_MS,
  MAX_RECRAWL_HOURS,
  MIN_EDIT_TOKENS,
  MIN_RECRAWL_HOURS,
  MISS_PROBABILITY,
  PAGE_RECRAWL_SHARE,
  SIGNIFICANCE_WEIGHTS,
} from './constants.js';
import type { ChangesConfig, FeedDynamicsConfig } from './types.js';

export const DEFAULT_CHANGES_CONFIG: ChangesConfig = Object.freeze({
  /** Changed tokens (words or punctuation, after noise normalisation) that make a content-edit. */
  minEditTokens: MIN_EDIT_TOKENS,
  /** Words of unchanged text kept around each edit in `textDiff`. */
  diffContextWords: DIFF_CONTEXT_WORDS,
  /** Milliseconds one word diff may take before the sentence diff is used alone. */
  diffTimeoutMs: DIFF_TIMEOUT_MS,
  /** Weights of the significance components (text, title, metadata, references, comments). */
  significanceWeights: SIGNIFICANCE_WEIGHTS,
});

export const DEFAULT_FEED_DYNAMICS_CONFIG: FeedDynamicsConfig = Object.freeze({
  /** Accepted probability that more items than the feed holds appear between two feed crawls. */
  missProbability: MISS_PROBABILITY,
  /** Lower bound of a recommended interval, hours. */
  minRecrawlHours: MIN_RECRAWL_HOURS,
  /** Upper bound of a recommended interval, hours. */
  maxRecrawlHours: MAX_RECRAWL_HOURS,
  /** Share of an item's time in the feed after which its article page is recaptured. */
  pageRecrawlShare: PAGE_RECRAWL_SHARE,
});

export function resolveChangesConfig(partial?: Partial<ChangesConfig>): ChangesConfig {
  return partial === undefined ? DEFAULT_CHANGES_CONFIG : Object.freeze({ ...DEFAULT_CHANGES_CONFIG, ...partial });
}

export function resolveFeedDynamicsConfig(partial?: Partial<FeedDynamicsConfig>): FeedDynamicsConfig {
  return partial === undefined ? DEFAULT_FEED_DYNAMICS_CONFIG : Object.freeze({ ...DEFAULT_FEED_DYNAMICS_CONFIG, ...partial });
}
