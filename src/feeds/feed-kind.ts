import {
  COMMENT_ANCHOR,
  COMMENT_FEED_TITLE,
  COMMENT_ITEM_SHARE,
  COMMENT_ITEM_TITLE,
  COMMENT_PERMALINK_PATH,
  COMMENT_QUERY_PARAM,
  MIN_ONE_TARGET_ITEMS,
  PER_POST_COMMENT_TITLE,
} from './constants.js';
import type { RawChannel, RawItem } from './feed-item.js';
import type { FeedKind } from './types.js';

export interface KindDecision {
  kind: FeedKind;
  reason: string;
  /** A comment feed of one post (its items all answer the same post). */
  isPerPost: boolean;
  /** The post a per-post comment feed answers, when the feed itself names its page: its items'
   *  one common target or its channel link, never the site root. Null when only the title names it. */
  postUrl: string | null;
  /** The title of the post a per-post comment feed names ("Comments on <title>"), else null. */
  postTitle: string | null;
}

/**
 * Comment feeds give reader comments and must never make articles (000 "comment feeds must not
 * distort post templates"). A comment feed is recognised by what it is, never by its URL (URL
 * schemes are one engine's): items declaring thr:in-reply-to, a channel title or description
 * "Comments on/for ..." (in any of the languages of the hint list), items titled "By: X" /
 * "Re: ...", item links to a comment anchor, or several distinct items all linking to one and
 * the same page (an article feed lists distinct posts; a post's comment feed links each reply to
 * the post, its anchor or the site root).
 */
export function classifyKind(_feedUrl: string, channel: RawChannel, items: RawItem[]): KindDecision {
  const n = items.length;
  const title = channel.title ?? '';
  const description = channel.description ?? '';
  const share = (count: number): boolean => n > 0 && count / n >= COMMENT_ITEM_SHARE;
  const target = oneTarget(items);
  const comments = (reason: string): KindDecision => {
    const named = namedPost(title) ?? namedPost(description);
    const postUrl = [target, channel.siteUrl].find((u): u is string => isPostUrl(u)) ?? null;
    const perPost =
      named !== null ||
      (target !== null && isPostUrl(target)) ||
      (postUrl !== null && items.every((i) => isOnPage(i.link, postUrl, channel.siteUrl)));
    return { kind: 'comments', reason, isPerPost: perPost, postUrl: perPost ? postUrl : null, postTitle: named };
  };

  const replies = items.filter((i) => i.inReplyTo !== null).length;
  if (share(replies)) return comments(`${replies}/${n} items declare thr:in-reply-to`);
  if (COMMENT_FEED_TITLE().test(title)) return comments(`channel title "${title}" names comments`);
  if (COMMENT_FEED_TITLE().test(description)) return comments(`channel description "${clip(description)}" names comments`);
  const byLines = items.filter((i) => i.title !== null && COMMENT_ITEM_TITLE().test(i.title)).length;
  if (share(byLines)) return comments(`${byLines}/${n} item titles are by-lines ("By: X", "Re: ...", "Comment on X by Y")`);
  const anchored = items.filter((i) => i.link !== null && commentTarget(i.link) !== null).length;
  if (share(anchored)) return comments(`${anchored}/${n} item links point at a comment anchor`);
  const repeated = anchorsOnSharedPages(items);
  if (share(repeated))
    return comments(`${repeated}/${n} item links point at anchors of pages several items link to: replies on posts, not posts`);
  if (target !== null) return comments(`${n} distinct items all link to one page (${target}): replies, not posts`);
  return {
    kind: 'article',
    reason: n === 0 ? 'no comment-feed signal (no items)' : 'no comment-feed signal in title, description or items',
    isPerPost: false,
    postUrl: null,
    postTitle: null,
  };
}

/** "Comments on: Some post" -> "Some post" (the per-post phrases of the hint list), else null. */
function namedPost(text: string): string | null {
  const m = PER_POST_COMMENT_TITLE().exec(text.trim());
  if (m === null) return null;
  const rest = text
    .trim()
    .slice(m[0].length)
    .replace(/^[\s:«"“„'‘]+|[\s»"”'’]+$/g, '');
  return rest === '' ? null : rest;
}

function clip(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
}

/**
 * Items with distinct texts linking to an anchor on a page, counted when some page gets several of
 * them: a site-wide comment feed links each recent comment to its anchor on its post, several on
 * one post; an article feed links each post to its own page.
 */
function anchorsOnSharedPages(items: readonly RawItem[]): number {
  const anchored = items.filter((i) => i.link !== null && hasFragment(i.link));
  const texts = new Set(anchored.map(itemText));
  if (texts.size < anchored.length) return 0;
  const pages = new Set(anchored.map((i) => withoutFragment(i.link as string)));
  return pages.size < anchored.length ? anchored.length : 0;
}

/** An item's title and text, to tell distinct items apart. */
const itemText = (i: RawItem): string => `${i.title ?? ''}|${i.content ?? i.description ?? ''}`;

function hasFragment(link: string): boolean {
  const at = link.indexOf('#');
  return at >= 0 && at < link.length - 1;
}

/** The one page (fragment dropped) every linked item points at, when there are at least
 *  `MIN_ONE_TARGET_ITEMS` items with distinct texts; else null. */
function oneTarget(items: readonly RawItem[]): string | null {
  const linked = items.filter((i) => i.link !== null);
  if (linked.length < MIN_ONE_TARGET_ITEMS || linked.length < items.length) return null;
  const texts = new Set(linked.map(itemText));
  if (texts.size < linked.length) return null;
  const targets = new Set(linked.map((i) => withoutFragment(i.link as string)));
  return targets.size === 1 ? ([...targets][0] as string) : null;
}

function withoutFragment(link: string): string {
  try {
    const url = new URL(link);
    url.hash = '';
    return url.toString();
  } catch {
    return link.replace(/#.*$/, '');
  }
}

/** Whether an item link points at `postUrl` (or its anchor), at a comment's own page, or at the site root. */
function isOnPage(link: string | null, postUrl: string, siteUrl: string | null): boolean {
  if (link === null) return true;
  const page = withoutFragment(link);
  if (page === withoutFragment(postUrl)) return true;
  if (siteUrl !== null && !sameHost(page, siteUrl)) return false;
  return !isPostUrl(page) || isCommentPermalink(page);
}

function isCommentPermalink(url: string): boolean {
  try {
    return COMMENT_PERMALINK_PATH.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

function sameHost(a: string, b: string): boolean {
  try {
    return new URL(a).host === new URL(b).host;
  } catch {
    return false;
  }
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
  let isComment = COMMENT_ANCHOR().test(url.hash);
  for (const key of [...url.searchParams.keys()]) {
    if (COMMENT_QUERY_PARAM().test(key)) {
      url.searchParams.delete(key);
      isComment = true;
    }
  }
  if (!isComment || COMMENT_PERMALINK_PATH.test(url.pathname)) return null;
  url.hash = '';
  return url.toString();
}

/**
 * Fill `inReplyTo` of comment items that do not say: the post their comment anchor points into,
 * else the post the per-post feed names by a page (`postUrl`). Items of a feed naming its post
 * only by title stay null: the build resolves them (by the title or the post page's own
 * `rel=alternate` link). Never the site root: a home page answers no comment.
 */
export function fillInReplyTo(items: RawItem[], decision: KindDecision): void {
  for (const item of items) {
    if (item.inReplyTo !== null) continue;
    // A comment anchor ("#comment-12"), or in a comment feed any anchor on a post page ("#r3").
    const fromLink = item.link === null ? null : (commentTarget(item.link) ?? (hasFragment(item.link) ? withoutFragment(item.link) : null));
    item.inReplyTo = (decision.isPerPost ? decision.postUrl : null) ?? (isPostUrl(fromLink) ? fromLink : null);
  }
}

/** A page below the site root (a home page answers no comment). */
function isPostUrl(url: string | null | undefined): url is string {
  if (url === null || url === undefined) return false;
  try {
    const u = new URL(url);
    return u.pathname.replace(/\/+$/, '') !== '' || u.search !== '';
  } catch {
    return false;
  }
}
