/**
 * Comment feeds a site declares: an article item names its post's own comment feed
 * (`<link rel="replies" type="application/atom+xml">`, RFC 4685 §4; `wfw:commentRss` in RSS).
 * Such a feed answers that post whatever its own entries show: a post without comments has an
 * empty one, and its channel link is the post, not a channel page. Read from each feed alone
 * (`classifyKind`), an empty or signal-less declared feed passes for an article feed, so its
 * channel link would mark the site's posts as channel pages and its post would lose its comments
 * [000: comment feeds must not distort post templates; 004 §4.2: comment feeds give a post's comments].
 */
import { schemelessKey } from '../core/url.js';
import { COMMENT_CONTENT } from './feed-parser.js';
import type { Feed, FeedItem } from './types.js';

/** `found` with every article feed that another feed's item declares as its comment feed turned into
 *  that post's comment feed (the declaring item's link is the post it answers). */
export function withDeclaredCommentFeeds<T extends { feed: Feed }>(found: readonly T[]): T[] {
  const declared = new Map<string, { post: string; title: string | null; by: string }>();
  for (const { feed } of found) {
    if (feed.kind !== 'article') continue;
    for (const item of feed.items) {
      const post = item.origLink ?? item.link;
      if (item.commentFeedUrl === null || post === null) continue;
      declared.set(schemelessKey(item.commentFeedUrl), { post, title: item.title, by: feed.url });
    }
  }
  if (declared.size === 0) return [...found];
  return found.map((f) => {
    const of = f.feed.kind === 'article' ? declared.get(schemelessKey(f.feed.url)) : undefined;
    if (of === undefined) return f;
    const items = f.feed.items.map(
      (item): FeedItem => ({ ...item, inReplyTo: item.inReplyTo ?? of.post, isFullContent: true, contentReason: COMMENT_CONTENT.reason }),
    );
    const feed: Feed = {
      ...f.feed,
      kind: 'comments',
      kindReason: `declared the comment feed of ${of.post} by an item of ${of.by} (rel="replies" / wfw:commentRss)`,
      commentedPost: { url: of.post, title: of.title },
      items,
      isFullContent: COMMENT_CONTENT.isFullContent,
      fullContentReason: COMMENT_CONTENT.reason,
    };
    return { ...f, feed };
  });
}
