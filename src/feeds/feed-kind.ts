import {
  COMMENT_ANCHOR,
  COMMENT_FEED_TITLE,
  COMMENT_FEED_URL,
  COMMENT_ITEM_SHARE,
  COMMENT_ITEM_TITLE,
  COMMENT_PERMALINK_PATH,
  COMMENT_QUERY_PARAM,
  PER_POST_COMMENT_TITLE,
  PER_POST_COMMENT_URL,
  SITE_COMMENT_URL,
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
 * title "Comments on/for ...", items titled "By: X" / "Re: ..." / "Comment on X by Y", item links to
 * a comment anchor, a comment-feed URL. Each is a convention shared by engines (WordPress, Blogger,
 * Drupal, Movable Type, Disqus), not a site's.
 */
export function classifyKind(feedUrl: string, channel: RawChannel, items: RawItem[]): KindDecision {
  const n = items.length;
  const title = channel.title ?? '';
  const share = (count: number): boolean => n > 0 && count / n >= COMMENT_ITEM_SHARE;
  const comments = (reason: string): KindDecision => ({ kind: 'comments', reason, isPerPost: isPerPostFeed(feedUrl, title) });

  const replies = items.filter((i) => i.inReplyTo !== null).length;
  if (share(replies)) return comments(`${replies}/${n} items declare thr:in-reply-to`);
  if (COMMENT_FEED_TITLE.test(title)) return comments(`channel title "${title}" names comments`);
  const byLines = items.filter((i) => i.title !== null && COMMENT_ITEM_TITLE.test(i.title)).length;
  if (share(byLines)) return comments(`${byLines}/${n} item titles are by-lines ("By: X", "Re: ...", "Comment on X by Y")`);
  const anchored = items.filter((i) => i.link !== null && commentTarget(i.link) !== null).length;
  if (share(anchored)) return comments(`${anchored}/${n} item links point at a comment anchor`);
  if (COMMENT_FEED_URL.test(feedUrl)) return comments('feed URL is a comment-feed URL');
  return { kind: 'article', reason: n === 0 ? 'no comment-feed signal (no items)' : 'no comment-feed signal in title, items or URL', isPerPost: false };
}

/** A comment feed is one post's when its title names the post ("Comments on: X") or its URL hangs under one. */
function isPerPostFeed(feedUrl: string, title: string): boolean {
  if (PER_POST_COMMENT_TITLE.test(title)) return true;
  let path: string;
  try {
    const url = new URL(feedUrl);
    path = url.pathname + url.search;
  } catch {
    return false;
  }
  return !SITE_COMMENT_URL.test(path) && PER_POST_COMMENT_URL.test(path);
}

/**
 * The post a comment link points into: `post#comment-12` or `post?showComment=12#c12` -> `post`.
 * Null when the link carries no comment anchor, or is a comment's own page (Drupal `/comment/12`).
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
  if (!isComment || COMMENT_PERMALINK_PATH.test(url.pathname)) return null;
  url.hash = '';
  return url.toString();
}

/**
 * Fill `inReplyTo` of comment items that do not say: the channel link of a per-post feed (the post
 * itself), else the post their comment anchor points into.
 */
export function fillInReplyTo(items: RawItem[], decision: KindDecision, siteUrl: string | null): void {
  for (const item of items) {
    if (item.inReplyTo !== null) continue;
    const fromLink = item.link === null ? null : commentTarget(item.link);
    item.inReplyTo = decision.isPerPost && isPostUrl(siteUrl) ? siteUrl : fromLink;
  }
}

/** A channel link that is a page below the site root (a home page answers no comment). */
function isPostUrl(url: string | null): url is string {
  if (url === null) return false;
  try {
    return new URL(url).pathname.replace(/\/+$/, '') !== '';
  } catch {
    return false;
  }
}
