/**
 * Which post each comment-feed item answers [004 §4.2: comment feeds are the way to a post's
 * comments]. Evidence, strongest first: the item's own reply target (thr:in-reply-to, a comment
 * anchor in its link, filled by the parser), the post page the per-post feed links, the post the
 * feed names by title ("Comments on <title>") matched against the article items of the same host,
 * and last the post page's own `rel=alternate` link to the feed or the page that holds the items'
 * texts (known only when the page is read: `commentItemsOfPage`). Never the site root: a home page
 * answers no comment.
 */
import { schemelessKey, siteOf } from '../core/url.js';
import { htmlToText } from './feed-text.js';
import type { Feed, FeedItem } from './types.js';

export interface CommentFeedPosts {
  /** Comment items per post (schemeless key of the post URL), deduplicated across feeds and captures. */
  byPost: Map<string, FeedItem[]>;
  /** Comment items whose post is not known yet, by schemeless key of their feed's URL: a per-post
   *  feed's post is the page that advertises it (`rel=alternate`) or holds most of its items' texts;
   *  a site-wide feed's item goes to the page that holds its text. */
  byFeed: Map<string, PendingCommentFeed>;
}

export interface PendingCommentFeed {
  feedKey: string;
  /** The feed answers one post (all its items go to one page). */
  perPost: boolean;
  items: FeedItem[];
  /** Each item's opening words as a page's text would hold them (`openingTokens`), read once. */
  openings: Array<string | null>;
}

/** Title as compared: case, punctuation and spacing left out. */
function titleKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The same comment from the post's own feed, the site-wide feed and repeated captures. */
export function commentItemIdentity(item: FeedItem): string {
  return item.guid ?? item.link ?? `${item.author ?? ''}|${item.published ?? ''}|${item.description ?? item.content ?? ''}`;
}

/** Comment items in first-seen order, each comment once (`commentItemIdentity`), however many are added. */
class DistinctItems {
  readonly items: FeedItem[] = [];
  readonly #ids = new Set<string>();

  constructor(items: readonly FeedItem[] = []) {
    this.add(items);
  }

  add(items: readonly FeedItem[]): void {
    for (const item of items) {
      const id = commentItemIdentity(item);
      if (this.#ids.has(id)) continue;
      this.#ids.add(id);
      this.items.push(item);
    }
  }
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
      const posts = byTitle.get(key) ?? new Set<string>();
      posts.add(schemelessKey(link));
      byTitle.set(key, posts);
    }
  }
  const byPost = new Map<string, DistinctItems>();
  const byFeed = new Map<string, { perPost: boolean; items: DistinctItems }>();
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
      if (post === null) pending.push(item);
      else {
        const items = byPost.get(post) ?? new DistinctItems();
        items.add([item]);
        byPost.set(post, items);
      }
    }
    if (pending.length > 0) {
      const feedKey = schemelessKey(feed.url);
      const items = byFeed.get(feedKey)?.items ?? new DistinctItems();
      items.add(pending);
      byFeed.set(feedKey, { perPost: named !== null, items });
    }
  }
  return {
    byPost: new Map([...byPost].map(([post, items]) => [post, items.items])),
    byFeed: new Map(
      [...byFeed].map(([feedKey, { perPost, items }]) => [
        feedKey,
        { feedKey, perPost, items: items.items, openings: items.items.map(openingTokens) },
      ]),
    ),
  };
}

/** The per-post comment feeds still looking for their post whose feed URL is on `host` (what a page job of the host needs). */
export function pendingCommentFeeds(posts: CommentFeedPosts, host: string): PendingCommentFeed[] {
  return [...posts.byFeed].filter(([key]) => siteOf(`http://${key}`) === siteOf(`http://${host}`)).map(([, feed]) => feed);
}

/** An item's text identifies it on a page by its opening tokens: at most this many. ours. */
const ITEM_TEXT_MAX_TOKENS = 8;
/** ... and at least this many (a shorter comment, "Thanks!", may be on any page). ours. */
const ITEM_TEXT_MIN_TOKENS = 5;
const TOKEN = /[\p{L}\p{N}]+/gu;

function openingTokens(item: FeedItem): string | null {
  const tokens =
    htmlToText(item.content ?? item.description ?? '')
      .toLowerCase()
      .match(TOKEN) ?? [];
  return tokens.length < ITEM_TEXT_MIN_TOKENS ? null : tokens.slice(0, ITEM_TEXT_MAX_TOKENS).join(' ');
}

/** Every run of ITEM_TEXT_MIN_TOKENS to ITEM_TEXT_MAX_TOKENS words of the page text: an item's
 *  opening is on the page when it is one of them (a lookup per item, however many items). */
function openingRuns(pageText: string): Set<string> {
  const tokens = pageText.toLowerCase().match(TOKEN) ?? [];
  const runs = new Set<string>();
  for (let start = 0; start + ITEM_TEXT_MIN_TOKENS <= tokens.length; start++) {
    let run = tokens.slice(start, start + ITEM_TEXT_MIN_TOKENS - 1).join(' ');
    for (let end = start + ITEM_TEXT_MIN_TOKENS; end <= Math.min(tokens.length, start + ITEM_TEXT_MAX_TOKENS); end++) {
      run = `${run} ${tokens[end - 1]}`;
      runs.add(run);
    }
  }
  return runs;
}

/** Items of `feed` whose opening text the page text holds (`runs`: its `openingRuns`). */
function itemsOnPage(feed: PendingCommentFeed, runs: ReadonlySet<string>): FeedItem[] {
  return feed.items.filter((_, i) => {
    const opening = feed.openings[i];
    return opening !== null && opening !== undefined && runs.has(opening);
  });
}

/**
 * The comment items of a post page: those assigned to its URL; the items of every pending per-post
 * comment feed the page itself advertises (`rel=alternate`, the post page's own link) or whose
 * items' texts it mostly holds; and the pending items of site-wide feeds whose text it holds.
 * `pageText`: the page's visible text (empty: no text evidence).
 */
export function commentItemsOfPage(
  assigned: readonly FeedItem[],
  pending: readonly PendingCommentFeed[],
  advertisedFeedUrls: readonly string[],
  pageText = '',
): FeedItem[] {
  if (pending.length === 0) return [...assigned];
  const advertised = new Set(advertisedFeedUrls.map((u) => schemelessKey(u)));
  const out = new DistinctItems(assigned);
  let runs: Set<string> | null = null;
  for (const feed of pending) {
    if (feed.perPost && advertised.has(feed.feedKey)) {
      out.add(feed.items);
      continue;
    }
    if (pageText === '') continue;
    runs ??= openingRuns(pageText);
    const found = itemsOnPage(feed, runs);
    if (!feed.perPost) out.add(found);
    else if (found.length > 0 && found.length * 2 >= feed.items.length) out.add(feed.items);
  }
  return out.items;
}
