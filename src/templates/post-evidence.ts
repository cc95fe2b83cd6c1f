/**
 * Negative evidence against "this page is a post", learnt from the site's own feeds (issue #12
 * item 2). A template match [000 §III-E] or an E-mCST main block [001 §3] says a page is built like
 * a post; on engines where every page shares one template (wikis, static generators) home, about,
 * tag and month pages are built so too. What the site itself says against a page:
 * - it is the channel link of one of the site's feeds (the page the feed describes: a home page);
 * - it holds the texts of several feed items (a page listing posts: home, tag and month archives
 *   print excerpts or whole bodies of the posts they list) [002 §3: a page showing several entries];
 * - it lies outside the URL shape shared by the feed-linked posts of the site (learnt from the
 *   site's feed links, no engine's URL scheme written down), or, when only a main block (no post
 *   template) says it is a post, it fits only a shape every URL of its depth fits (`/*`), or it
 *   fits only shapes the feed's channel link fits too (a wiki: `/wiki/Main_Page` and the posts are
 *   all `/wiki/*`, the URL says nothing), or its content holds the text of one other page's feed
 *   item (a "latest post" page printing it whole); each unless the site links it as a post: as an
 *   entry (a heading or `rel=bookmark` link, as post lists link their posts) or from the content of
 *   a page the evidence above shows to list posts.
 * Each rule returns its reason as data. Across the pages of a host: of two pages showing one
 * content, the one naming the other its canonical URL is a copy of it (`canonicalCopies`), so is
 * one whose URL is the other's with a query (`queryCopies`), else the one linking to the other is
 * a list of that one entry (`oneEntryListings`); and a post under another post's URL with a query
 * and that post's title is a further page of it (`queryPages`).
 */
import { canonicalUrl, parseUrl, pathKey, schemelessKey } from '../core/url.js';
import { htmlToText } from '../feeds/index.js';
import { MIN_ITEM_TEXT_TOKENS, MIN_LISTED_ITEMS, MIN_PATHS_OF_SERVED_CONTENT } from './constants.js';
import type { CompiledKeyPath } from './key-path-match.js';
import { describeUrlShape, isSpecificShape, learnUrlShapes, shapesFitting, type UrlShape, urlShapesOf } from '../core/url-shape.js';

/** A feed item as negative evidence: the page it links to and the opening tokens of its text. */
export interface ItemEvidence {
  /** Schemeless key of the item's page. */
  pageKey: string;
  /** Opening tokens of its description or content (plain text, lower-cased). */
  tokens: string[];
}

/** What the site's feeds say, for the pages of one host. */
export interface SiteEvidence {
  urlShapes: UrlShape[];
  /** Shapes a channel link of the site's feeds fits too, with that link: they tell no post from the home page. */
  channelShapes: Array<{ shape: UrlShape; channelLink: string }>;
  /** Schemeless keys of the channel links of the host's feeds. */
  channelLinks: Set<string>;
  items: ItemEvidence[];
  /** Blocks where the site's own posts show other posts' item texts (`learnTeaserPaths`): left out
   *  of a page's text before it is counted as a list. */
  teaserPaths: readonly CompiledKeyPath[];
}

export interface NegativeEvidence {
  /** True: the page is not a post whatever its template says. */
  isNotPost: boolean;
  /** Only its URL or one repeated item text speaks against it: the caller may overrule it with a
   *  link as entry. Strong evidence (a channel link, several feed items' texts) shows the page lists posts. */
  isWeak: boolean;
  reason: string;
}

export const TOKEN = /[\p{L}\p{N}]+/gu;

export function tokensOf(text: string): string[] {
  return text.toLowerCase().match(TOKEN) ?? [];
}

/** Feed items as evidence: items whose text opens with at least `MIN_ITEM_TEXT_TOKENS` tokens. */
export function itemEvidence(items: ReadonlyArray<{ link: string | null; text: string }>): ItemEvidence[] {
  const out: ItemEvidence[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (item.link === null) continue;
    const tokens = tokensOf(item.text).slice(0, MIN_ITEM_TEXT_TOKENS);
    const key = tokens.join(' ');
    if (tokens.length < MIN_ITEM_TEXT_TOKENS || seen.has(key)) continue;
    seen.add(key);
    out.push({ pageKey: schemelessKey(item.link), tokens });
  }
  return out;
}

/** The items of a list by their first and second tokens (their indexes), built once per list. */
const byOpeningTokens = new WeakMap<readonly ItemEvidence[], Map<string, Map<string, number[]>>>();

function openingTokenIndex(items: readonly ItemEvidence[]): Map<string, Map<string, number[]>> {
  let index = byOpeningTokens.get(items);
  if (index === undefined) {
    index = new Map();
    for (const [i, item] of items.entries()) {
      const [first, second] = item.tokens as [string, string];
      let bySecond = index.get(first);
      if (bySecond === undefined) {
        bySecond = new Map();
        index.set(first, bySecond);
      }
      const list = bySecond.get(second);
      if (list === undefined) bySecond.set(second, [i]);
      else list.push(i);
    }
    byOpeningTokens.set(items, index);
  }
  return index;
}

/** Whether `tokens` holds `phrase` at `at` (its first two tokens known to be there). */
function holdsAt(tokens: readonly string[], at: number, phrase: readonly string[]): boolean {
  if (at + phrase.length > tokens.length) return false;
  for (let k = 2; k < phrase.length; k++) if (tokens[at + k] !== phrase[k]) return false;
  return true;
}

/**
 * Pages (other than this one) whose feed item's opening text the page's text holds, in the items'
 * order. One pass over the page's tokens, looking up the items that open with each two tokens: a
 * site with many feed items costs little more per page than one with few.
 */
export function listedItems(pageUrl: string, pageText: string, items: readonly ItemEvidence[]): string[] {
  return items.length === 0 ? [] : listedItemsIn(pageUrl, tokensOf(pageText), items);
}

/** `listedItems` of a page's text read as `tokens` (`tokensOf`). */
export function listedItemsIn(pageUrl: string, tokens: readonly string[], items: readonly ItemEvidence[]): string[] {
  if (items.length === 0) return [];
  const self = schemelessKey(pageUrl);
  const index = openingTokenIndex(items);
  const found = new Set<number>();
  for (let at = 0; at + 1 < tokens.length; at++) {
    const candidates = index.get(tokens[at] as string)?.get(tokens[at + 1] as string);
    if (candidates === undefined) continue;
    for (const i of candidates) if (!found.has(i) && holdsAt(tokens, at, (items[i] as ItemEvidence).tokens)) found.add(i);
  }
  const pages = new Set<string>();
  for (const i of [...found].sort((a, b) => a - b)) {
    const key = (items[i] as ItemEvidence).pageKey;
    if (key !== self) pages.add(key);
  }
  return [...pages];
}

/**
 * Negative evidence against a page found to be built like a post; null when there is none.
 * `pageText`: the page's visible text (its teaser blocks left out); `contentText`: the text of its post content, when known.
 */
export function negativePostEvidence(
  pageUrl: string,
  pageText: string,
  site: SiteEvidence,
  builtLike: 'template' | 'main-block' = 'template',
  contentText: string | null = null,
): NegativeEvidence | null {
  const strong = (reason: string): NegativeEvidence => ({ isNotPost: true, isWeak: false, reason });
  const weak = (reason: string): NegativeEvidence => ({ isNotPost: true, isWeak: true, reason });
  if (site.channelLinks.has(schemelessKey(pageUrl))) {
    return strong('the channel link of a feed of the site (the page the feed describes), not a post');
  }
  const listed = listedItems(pageUrl, pageText, site.items);
  if (listed.length >= MIN_LISTED_ITEMS) {
    return strong(`holds the texts of ${listed.length} feed items of other pages (a page listing posts), not a post`);
  }
  const { fitting, outside } = urlShapesOf(pageUrl, site.urlShapes);
  if (outside) {
    return weak(`outside the URL shape of the site's feed-linked posts (${site.urlShapes.map(describeUrlShape).join(', ')})`);
  }
  // Its content is another post's: a page printing that post whole (the latest post, a month of one post).
  const repeated = contentText === null ? [] : listedItems(pageUrl, contentText, site.items);
  if (repeated.length > 0) return weak(`its content holds the text of the feed item of ${repeated[0]}, another page`);
  // The home page fits every shape this page fits: on this site the URL tells no post from other pages.
  const shared = fitting.map((shape) => site.channelShapes.find((c) => c.shape === shape));
  if (fitting.length > 0 && shared.every((c) => c !== undefined)) {
    const shapes = fitting.map(describeUrlShape).join(', ');
    return weak(
      `fits the URL shape ${shapes} of the site's feed-linked posts as the feed's channel link ${shared[0]?.channelLink} does (here the URL tells no post apart)`,
    );
  }
  // A post no feed links that only a main block says is one (no post template matches it), fitting
  // only shapes that any URL of its depth fits: the URL says nothing for it either, so the site's
  // links must (the caller keeps it a post when other pages link it as an entry).
  if (builtLike === 'main-block' && fitting.length > 0 && !fitting.some(isSpecificShape)) {
    const shapes = fitting.map(describeUrlShape).join(', ');
    return weak(
      `no post template matches it and it fits only the URL shape ${shapes} of the site's feed-linked posts, which every URL of its depth fits`,
    );
  }
  return null;
}

/** The evidence of one host: URL shapes of its feed-linked posts, its feeds' channel links, its feed items. */
export function buildSiteEvidence(
  feedLinkedUrls: readonly string[],
  channelLinks: readonly string[],
  items: ReadonlyArray<{ link: string | null; description: string | null; content: string | null }>,
): SiteEvidence {
  const urlShapes = learnUrlShapes(feedLinkedUrls);
  const channelShapes: SiteEvidence['channelShapes'] = [];
  for (const link of channelLinks) {
    const url = parseUrl(canonicalUrl(link));
    if (url !== undefined) for (const shape of shapesFitting(url, urlShapes)) channelShapes.push({ shape, channelLink: link });
  }
  return {
    urlShapes,
    channelShapes,
    channelLinks: new Set(channelLinks.map((u) => schemelessKey(u))),
    items: itemEvidence(items.map((i) => ({ link: i.link, text: htmlToText(i.description ?? i.content ?? '') }))),
    teaserPaths: [],
  };
}

/** A post's content as a key: its tokens (null when too short to tell pages apart). */
export function contentKey(text: string): string | null {
  const tokens = tokensOf(text);
  return tokens.length < MIN_ITEM_TEXT_TOKENS ? null : tokens.join(' ');
}

/** A page found to be a post, with the schemeless keys of the pages it links to. */
export interface LinkingPage {
  url: string;
  links: ReadonlySet<string>;
  /** Schemeless key of the other page its `rel=canonical` names (`canonicalElsewhere`), else null. */
  canonical: string | null;
}

/**
 * Of pages of one host showing one content, those whose `rel=canonical` names another of them:
 * copies of that page (a print or mobile copy; RFC 6596), one object with it, not another post.
 * Returns copy URL → the URL of the page it names.
 */
export function canonicalCopies(pages: ReadonlyArray<Pick<LinkingPage, 'url' | 'canonical'>>): Map<string, string> {
  const { indexOf } = keyIndex(pages);
  const copies = new Map<string, string>();
  for (const [i, page] of pages.entries()) {
    const j = page.canonical === null ? undefined : indexOf.get(page.canonical);
    if (j !== undefined && j !== i) copies.set(page.url, (pages[j] as (typeof pages)[number]).url);
  }
  return copies;
}

/** Each page's schemeless key, and the index of the first page under each key: every URL
 *  canonicalised once, however many pages show one content. */
function keyIndex(pages: ReadonlyArray<{ url: string }>): { keys: string[]; indexOf: Map<string, number> } {
  const keys = pages.map((p) => schemelessKey(p.url));
  const indexOf = new Map<string, number>();
  keys.forEach((key, i) => {
    if (!indexOf.has(key)) indexOf.set(key, i);
  });
  return { keys, indexOf };
}

/**
 * Whether one content shown by `urls` (pages of one host) is a page the site serves under many
 * URLs: at least MIN_PATHS_OF_SERVED_CONTENT paths, queries aside (a calendar's empty days, a
 * not-found page on the post template). Returns how many paths, or null when fewer.
 */
export function servedUnderManyPaths(urls: readonly string[]): number | null {
  const paths = new Set(urls.map(pathKey)).size;
  return paths >= MIN_PATHS_OF_SERVED_CONTENT ? paths : null;
}

/**
 * Of pages of one host showing one content, those whose URL is another's with a query added or
 * changed (the same path): one page served again under a parameter (a reply link's
 * `?replytocom=`, a share or sort parameter) is a copy, not another post. The page without a query
 * is the post when it is there, else the shortest URL. Returns copy URL → the URL of that page.
 */
export function queryCopies(pages: ReadonlyArray<Pick<LinkingPage, 'url'>>): Map<string, string> {
  const byPath = new Map<string, string[]>();
  for (const { url } of pages) {
    const path = pathKey(url);
    const urls = byPath.get(path);
    if (urls === undefined) byPath.set(path, [url]);
    else urls.push(url);
  }
  const copies = new Map<string, string>();
  for (const urls of byPath.values()) {
    if (urls.length < 2) continue;
    const [post, ...others] = [...urls].sort((a, b) => queryLength(a) - queryLength(b) || a.length - b.length || a.localeCompare(b));
    for (const copy of others) copies.set(copy, post as string);
  }
  return copies;
}

/**
 * Of the posts of a host, those whose URL is another's without its query plus one, under the same
 * title (case, punctuation and spacing aside): a later page of a paginated article (`?page=2`) or
 * the post again under a parameter, not another post. A query alone proves nothing (`?p=12` sites
 * serve every post under one path); the title shared with the page without a query does. Returns
 * page URL → the URL of that post.
 */
export function queryPages(posts: ReadonlyArray<{ url: string; title: string | null }>): Map<string, string> {
  const bare = new Map<string, { url: string; title: string }>();
  for (const p of posts)
    if (p.title !== null && queryLength(p.url) === 0) bare.set(pathKey(p.url), { url: p.url, title: titleKey(p.title) });
  const pages = new Map<string, string>();
  for (const p of posts) {
    if (p.title === null || queryLength(p.url) === 0) continue;
    const post = bare.get(pathKey(p.url));
    if (post !== undefined && post.title !== '' && post.title === titleKey(p.title)) pages.set(p.url, post.url);
  }
  return pages;
}

/** A title as compared: its tokens. */
function titleKey(title: string): string {
  return tokensOf(title).join(' ');
}

/** Characters of a URL's query (0 without one). */
function queryLength(url: string): number {
  return parseUrl(url)?.search.length ?? 0;
}

/**
 * Of pages of one host showing one content (same `contentKey`), those that list another of them:
 * a tag or month page printing its one post whole links to the post, as every entry of a channel
 * page links its permalink [002 weblog model]. Returns page URL → the URL of the post it lists.
 * Two pages linking each other (or neither) tell nothing: both stay posts.
 */
export function oneEntryListings(pages: ReadonlyArray<Pick<LinkingPage, 'url' | 'links'>>): Map<string, string> {
  const { keys, indexOf } = keyIndex(pages);
  const listings = new Map<string, string>();
  for (const [i, page] of pages.entries()) {
    // The first other page (in `pages` order) this one links and that does not link back: read from
    // the page's links, not by trying every page (a content a thousand pages show).
    let first: number | undefined;
    for (const link of page.links) {
      const j = indexOf.get(link);
      if (j === undefined || j === i || (first !== undefined && j > first)) continue;
      if (!(pages[j] as (typeof pages)[number]).links.has(keys[i] as string)) first = j;
    }
    if (first !== undefined) listings.set(page.url, (pages[first] as (typeof pages)[number]).url);
  }
  return listings;
}
