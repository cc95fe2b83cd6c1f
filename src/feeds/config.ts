/**
 * Settings of the feeds stage. Every field: unit, default, one line of help. Frozen; callers pass
 * a partial copy in `ParseFeedContext.config`.
 */
export interface FeedConfig {
  /** levels (default 100): deepest XML element nesting read; a deeper feed is skipped (feed.too-deep). */
  readonly maxDepth: number;
  /** items (default 50,000): items kept per feed, in feed order; the rest are dropped (feed.too-many-items). */
  readonly maxItems: number;
}

export const DEFAULT_FEED_CONFIG: FeedConfig = Object.freeze({
  // Real feeds nest under 10 levels (rss > channel > item > field; inline XHTML is kept raw).
  // ours: fast-xml-parser's own default (`maxNestedTags`).
  maxDepth: 100,
  // ours: the largest real feed of the dev sets holds 515 items; full-archive feeds reach a few
  // thousand. 50,000 bounds the pairing and segmentation work of one feed (20,000 items: ~5 s).
  maxItems: 50_000,
});

export function resolveFeedConfig(partial?: Partial<FeedConfig>): FeedConfig {
  return partial === undefined ? DEFAULT_FEED_CONFIG : Object.freeze({ ...DEFAULT_FEED_CONFIG, ...partial });
}
