import { emptyItem } from '../../src/feeds/feed-item.js';
import type { FeedItem } from '../../src/feeds/index.js';

/** A valid feed item: every field empty (as a format mapper starts one) except those given. */
export function feedItem(fields: Partial<FeedItem> = {}): FeedItem {
  return { ...emptyItem(), isValid: true, invalidReason: null, ...fields };
}
