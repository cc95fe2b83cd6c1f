/**
 * Which post each comment-feed item answers [004 §4.2: comment feeds are the way to a post's
 * comments]. Evidence, strongest first: the item's own reply target (thr:in-reply-to, a comment
 * anchor in its link, filled by the parser), the post page the per-post feed links, the post the
 * feed names by title ("Comments on <title>") matched against the article items of the same host,
 * and last the post page's own `rel=alternate` link to the feed (known only when the page is read:
 * `commentItemsOfPage`). Never the site root: a home page answers no comment.
 */
import { hostOf, schemelessKey } from '../core/url.js';
import type { Feed, FeedItem } from './types.js';

export interface CommentFeedPosts {
  /** Comment items per post (schemeless key of the post URL), deduplicated across feeds and captures. */
  byPost: Map<string, FeedItem[]>;
  /** Per-post comment feeds whose post is not known yet, by schemeless key of the feed URL: the page
   *  that advertises the feed (`rel=alternate`) is its post. */
  byFeed: Map<string, FeedItem[]>;
}

/** Host as compared: without `www.` (as `schemelessKey`). */
const siteOf = (url: string): string => hostOf(url).replace(/^www\./, '');

/** Title as compared: case, punctuation and spacing left out. */
function titleKey(title: string): string {
  return title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** The same comment from the post's own feed, the site-wide feed and repeated captures. */
export function commentItemIdentity(item: FeedItem): string {
  return item.guid ?? item.link ?? `${item.author ?? ''}|${item.published ?? ''}|${item.description ?? item.content ?? ''}`;
}

function addItems(map: Map<string, FeedItem[]>, key: string, items: readonly FeedItem[]): void {
  const known = map.get(key) ?? [];
  const ids = new Set(known.map(commentItemIdentity));
  for (const item of items) {
    const id = commentItemIdentity(item);
    if (ids.has(id)) continue;
    ids.add(id);
    known.push(item);
  }
  map.set(key, known);
}

/** Assign the items of `commentFeeds` to posts, using the article feeds of the crawl for titles. */
export function assignCommentItems(commentFeeds: readonly Feed[], articleFeeds: readonly Feed[]): CommentFeedPosts {
  // Post URLs by host and title, from the article items (one title naming two pages is no evidence).
  const byTitle = new Map<string, Set<string>>();
  for (const feed of articleFeeds) {
    for (const item of feed.items) {
      const link = item.origLink ?? item.link;
      if (item.title === null || link === null) continue;
      const key = `${siteOf(link)} ${titleKey(item.title)}`;
      byTitle.set(key, new Set([...(byTitle.get(key) ?? []), schemelessKey(link)]));
    }
  }
  const result: CommentFeedPosts = { byPost: new Map(), byFeed: new Map() };
  for (const feed of commentFeeds) {
    const named = feed.commentedPost;
    let feedPost: string | null = named?.url === null || named?.url === undefined ? null : schemelessKey(named.url);
    if (feedPost === null && named?.title != null) {
      const posts = byTitle.get(`${siteOf(feed.siteUrl ?? feed.url)} ${titleKey(named.title)}`);
      if (posts?.size === 1) feedPost = [...posts][0] as string;
    }
    const pending: FeedItem[] = [];
    for (const item of feed.items) {
      const post = item.inReplyTo === null ? feedPost : schemelessKey(item.inReplyTo);
      if (post !== null) addItems(result.byPost, post, [item]);
      else if (named !== null) pending.push(item);
    }
    if (pending.length > 0) addItems(result.byFeed, schemelessKey(feed.url), pending);
  }
  return result;
}

/** The per-post comment feeds still looking for their post whose feed URL is on `host` (what a page job of the host needs). */
export function pendingCommentFeeds(posts: CommentFeedPosts, host: string): Array<{ feedKey: string; items: FeedItem[] }> {
  return [...posts.byFeed].filter(([key]) => siteOf(`http://${key}`) === siteOf(`http://${host}`)).map(([feedKey, items]) => ({ feedKey, items }));
}

/**
 * The comment items of a post page: those assigned to its URL, plus the items of every pending
 * per-post comment feed the page itself advertises (`rel=alternate`, the post page's own link).
 */
export function commentItemsOfPage(
  assigned: readonly FeedItem[],
  pending: ReadonlyArray<{ feedKey: string; items: readonly FeedItem[] }>,
  advertisedFeedUrls: readonly string[],
): FeedItem[] {
  if (pending.length === 0) return [...assigned];
  const advertised = new Set(advertisedFeedUrls.map((u) => schemelessKey(u)));
  const out = new Map<string, FeedItem[]>([['', [...assigned]]]);
  for (const feed of pending) if (advertised.has(feed.feedKey)) addItems(out, '', feed.items);
  return out.get('') ?? [];
}
