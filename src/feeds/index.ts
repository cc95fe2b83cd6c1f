/**
 * Feeds stage: detect, parse and normalise syndication feeds; classify them; discover them in HTML.
 * Follows Glance, "Indexing Weblogs One Post at a Time" (papers/002): feed discovery (autodiscovery,
 * then link heuristics), item validity (date AND (content OR description)), full- vs partial-content
 * classification (HTML tags, ellipsis endings, lengths). Comment feeds are told apart from article
 * feeds so that they never make articles.
 */
export { isFeedCandidate, looksLikeFeed } from './feed-sniffer.js';
export { DEFAULT_FEED_CONFIG, type FeedConfig } from './config.js';
export { parseFeed, type ParseFeedContext } from './feed-parser.js';
export { parseFeedDate } from './feed-date.js';
export { htmlToText } from './feed-text.js';
export {
  assignCommentItems,
  commentItemsOfPage,
  type CommentFeedPosts,
  type PendingCommentFeed,
  pendingCommentFeeds,
} from './comment-feed-posts.js';
export { withDeclaredCommentFeeds } from './declared-comment-feeds.js';
export { discoverFeeds, type DiscoveredFeed } from './feed-discovery.js';
export type { Enclosure, Feed, FeedFormat, FeedItem, FeedKind } from './types.js';
