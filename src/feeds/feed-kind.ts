import {
  COMMENT_ANCHOR,
  COMMENT_FEED_TITLE,
  COMMENT_FEED_URL,
  COMMENT_ITEM_SHARE,
  COMMENT_ITEM_TITLE,
  COMMENT_QUERY_PARAM,
  PER_POST_COMMENT_TITLE,
} from './constants.js';
import type { RawChannel, RawItem } from './feed-item.js';
import type { FeedKind } from './types.js';

export interface KindDecision {
  kind: FeedKind;
  reason: string;
  /** A comment feed of one post (its items all answer the same post). */
  isPerPost: boolean;
}

/**
 * Comment feeds give reader comments and must never make articles (000 "comment feeds must not
 * distort post templates"). Signals, strongest first: items declaring thr:in-reply-to, a channel
 * title "Comments on/for ...", items titled "By: X" / "Re: ...", item links to a comment anchor,
 * a comment-feed URL. Each names an engine-neutral convention (WordPress, Blogger, Drupal, Movable
 * Type, Disqus), not a site.
 */
export function classifyKind(feedUrl: string, channel: RawChannel, items: RawItem[]): KindDecision {
  const n = items.length;
  const title = channel.title ?? '';
  const isPerPostTitle = PER_POST_COMMENT_TITLE.test(title);
  const share = (count: number): boolean => n > 0 && count / n >= COMMENT_ITEM_SHARE;

  const replies = items.filter((i) => i.inReplyTo !== null).length;
  if (share(replies)) return { kind: 'comments', reason: `${replies}/${n} items declare thr:in-reply-to`, isPerPost: isPerPostTitle };
  if (COMMENT_FEED_TITLE.test(title)) return { kind: 'comments', reason: `channel title "${title}" names comments`, isPerPost: isPerPostTitle };
  const byLines = items.filter((i) => i.title !== null && COMMENT_ITEM_TITLE.test(i.title)).length;
  if (share(byLines)) return { kind: 'comments', reason: `${byLines}/${n} item titles are by-lines ("By: X", "Re: ...")`, isPerPost: isPerPostTitle };
  const anchored = items.filter((i) => i.link !== null && commentTarget(i.link) !== null).length;
  if (share(anchored)) return { kind: 'comments', reason: `${anchored}/${n} item links point at a comment anchor`, isPerPost: isPerPostTitle };
  if (COMMENT_FEED_URL.test(feedUrl)) return { kind: 'comments', reason: 'feed URL is a comment-feed URL', isPerPost: isPerPostTitle };
  return { kind: 'article', reason: n === 0 ? 'no comment-feed signal (no items)' : 'no comment-feed signal in title, items or URL', isPerPost: false };
}

/**
 * The post a comment link points into: `post#comment-12` or `post?showComment=12#c12` -> `post`.
 * Null when the link carries no comment anchor.
 */
export function commentTarget(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  let isComment = COMMENT_ANCHOR.test(url.hash);
  for (const key of [...url.searchParams.keys()]) {
    if (COMMENT_QUERY_PARAM.test(key)) {
      url.searchParams.delete(key);
      isComment = true;
    }
  }
  if (!isComment) return null;
  url.hash = '';
  return url.toString();
}

/** Fill `inReplyTo` of comment items that do not say: from the comment anchor, else the per-post channel link. */
export function fillInReplyTo(items: RawItem[], decision: KindDecision, siteUrl: string | null): void {
  for (const item of items) {
    if (item.inReplyTo !== null) continue;
    const fromLink = item.link === null ? null : commentTarget(item.link);
    item.inReplyTo = fromLink ?? (decision.isPerPost ? siteUrl : null);
  }
}
