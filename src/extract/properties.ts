/**
 * Locating the properties of an article in its page [000 §III-D]: the feed value is shrunk until
 * a node of `<body>` matches (with a minimum length), multiple matches are resolved by the longest
 * path prefix shared with the content node, and the path is generalised.
 */
import { type Element, isTag, isText } from 'domhandler';
import { compareDocumentPosition } from 'domutils';
import { elementsNamed } from '../core/dom-text.js';
import { AUTHOR_MARKER_WORDS, AUTHOR_ROLE_WORDS, hintMatcher, SIGNATURE_BY_WORDS } from '../core/hint-vocabulary.js';
import type { FeedItem } from '../feeds/index.js';
import { MAX_PROPERTY_NODE_WORDS, MAX_TITLE_WORDS, MIN_TITLE_WORDS } from './constants.js';
import { isBareDateText } from './comments/comment-dates.js';
import { isoDay, renderDateKeys } from './date-formats.js';
import { BLOCK_TAGS, contains, isIgnoredElement, nodeText, paddedBlockKey, textBlocks, withinAny } from './page-dom.js';
import { nodePath, sharedPrefixLength, templatePath } from './node-path.js';
import { collapseWhitespace, matchKey, tokenize } from './text-normalize.js';
import type { ExplainStep } from './types.js';

export interface PropertyMatch<T> {
  value: T;
  node: Element | null;
  path: string | null;
  /** 'page' when read from the page, 'feed' when the page lacks it and the feed value is kept. */
  source: 'page' | 'feed' | 'none';
}

const HEADING = /^h[1-6]$/;
const HEADING_GROUPS = new Set(['hgroup']);

/** Candidates resolved by the longest shared prefix with the content node [000 §III-D-1]. */
function resolveByPrefix<T extends { node: Element; rank: number }>(
  cands: T[],
  content: Element | null,
  tieBreak: (a: T, b: T) => number = () => 0,
): T | undefined {
  return cands.sort(
    (a, b) =>
      b.rank - a.rank ||
      (content === null ? 0 : sharedPrefixLength(b.node, content) - sharedPrefixLength(a.node, content)) ||
      tieBreak(a, b),
  )[0];
}

/**
 * Title [000 §III-D-b]: the longest contiguous part of the feed title (>= MIN_TITLE_WORDS words,
 * shrunk from the end and from the start) that is the whole text of a block; headings first.
 */
export function findTitle(
  root: Element,
  item: FeedItem,
  content: Element | null,
  head: Element | null,
  explain: ExplainStep[],
): PropertyMatch<string | null> & { full: boolean } {
  const feedTitle = item.title === null ? null : collapseWhitespace(item.title);
  const tokens = tokenize(feedTitle ?? '');
  if (tokens.length === 0) return { ...findTitleOnPage(root, content, head), full: false };
  const wanted = new Map<string, number>();
  const minLen = Math.min(MIN_TITLE_WORDS, tokens.length);
  for (let len = tokens.length; len >= minLen; len--)
    for (let i = 0; i + len <= tokens.length; i++) {
      const k = ` ${tokens.slice(i, i + len).join(' ')} `;
      if (!wanted.has(k)) wanted.set(k, len);
    }
  const cands: Array<{ node: Element; rank: number; len: number }> = [];
  for (const b of textBlocks(root)) {
    // A key of `wanted` is the whole block only with as many tokens (tokens hold no space).
    if (b.tokens.length > MAX_PROPERTY_NODE_WORDS || b.tokens.length < minLen || b.tokens.length > tokens.length) continue;
    const len = wanted.get(paddedBlockKey(b));
    if (len === undefined) continue;
    const heading = HEADING.test(b.element.name) ? 2 : 0;
    cands.push({ node: b.element, rank: len * 10 + heading + (b.element.name === 'h1' ? 1 : 0), len });
  }
  const best = resolveByPrefix(cands, content);
  if (best === undefined) {
    explain.push({ step: 'title', detail: 'not found on the page: feed title kept' });
    return { value: feedTitle, node: null, path: null, source: 'feed', full: false };
  }
  // Generalise: climb from h* to a heading group [000 §III-D-2].
  let node = best.node;
  while (node.parent !== null && isTag(node.parent) && HEADING_GROUPS.has(node.parent.name)) node = node.parent;
  const full = best.len === tokens.length;
  // Dirty feeds [000 §III-D-3]: a title holding the content too is replaced by the page's title.
  const value = full || tokens.length <= MAX_TITLE_WORDS ? feedTitle : collapseWhitespace(nodeText(best.node));
  explain.push({
    step: 'title',
    detail: `${full ? 'whole' : `${best.len}/${tokens.length} words of the`} feed title in ${nodePath(best.node)}`,
  });
  return { value, node: best.node, path: templatePath(node), source: 'page', full };
}

/**
 * Title without a feed title (E-mCST, an item without one): the heading nearest the content whose
 * whole text is part of the page's own title (`og:title`, else `<title>`, which add the site name
 * around it); else `og:title`; else the h1 nearest the content. The site's name (`og:site_name`)
 * is never the title.
 */
export function findTitleOnPage(root: Element, content: Element | null, head: Element | null): PropertyMatch<string | null> {
  const documentTitle = head === null ? undefined : (findMeta(head, ['og:title', 'twitter:title']) ?? titleElementText(head));
  const siteName = head === null ? undefined : findMeta(head, ['og:site_name', 'application-name']);
  const titleKey = ` ${tokenize(documentTitle ?? '').join(' ')} `;
  const siteKey = ` ${tokenize(siteName ?? '').join(' ')} `;
  const inTitle: Array<{ node: Element; rank: number }> = [];
  const h1: Array<{ node: Element; rank: number }> = [];
  for (const b of textBlocks(root)) {
    if (!HEADING.test(b.element.name) || b.tokens.length === 0 || b.tokens.length > MAX_TITLE_WORDS) continue;
    const key = paddedBlockKey(b);
    if (key === siteKey) continue;
    const inside = content !== null && contains(content, b.element) ? 1 : 0;
    if (titleKey.includes(key)) inTitle.push({ node: b.element, rank: inside });
    if (b.element.name === 'h1') h1.push({ node: b.element, rank: inside });
  }
  const best = resolveByPrefix(inTitle, content);
  if (best !== undefined)
    return { value: collapseWhitespace(nodeText(best.node)), node: best.node, path: templatePath(best.node), source: 'page' };
  const og = head === null ? undefined : findMeta(head, ['og:title']);
  if (og !== undefined) return { value: og, node: null, path: null, source: 'page' };
  const first = resolveByPrefix(h1, content);
  if (first === undefined) return { value: null, node: null, path: null, source: 'none' };
  return { value: collapseWhitespace(nodeText(first.node)), node: first.node, path: templatePath(first.node), source: 'page' };
}

function titleElementText(head: Element): string | undefined {
  const el = head.children.find((c): c is Element => isTag(c) && c.name === 'title');
  // textOf skips <title> (never part of a body), so its text nodes are read directly.
  return el === undefined ? undefined : collapseWhitespace(el.children.map((c) => (isText(c) ? c.data : '')).join(''));
}

/** The smallest element under `el` whose text still contains `key`. */
function smallestContaining(el: Element, key: string): Element {
  for (const c of el.children)
    if (isTag(c) && !isIgnoredElement(c) && matchKey(nodeText(c)).includes(key)) return smallestContaining(c, key);
  return el;
}

/** Author markup words (hint list): anywhere in class / rel / itemprop, and as a whole class token. */
const AUTHOR_ATTR = hintMatcher([AUTHOR_MARKER_WORDS, AUTHOR_ROLE_WORDS], (marker, role) => `${marker}|${role}`);
const AUTHOR_CLASS = hintMatcher(AUTHOR_MARKER_WORDS, (a) => `(?:^|[\\s_-])(?:${a})(?:$|[\\s_-])`);
/** domutils' `compareDocumentPosition` bit for a node after the other (`DocumentPosition.FOLLOWING`). */
const FOLLOWING = 4;

/** "by", "par", "von" before a byline's name (hint list). */
const BY_PREFIX = hintMatcher(SIGNATURE_BY_WORDS, (by) => `^\\s*(?:${by})\\s+`);

/** Author: the feed's author name found in a short block; else page byline markup. */
export function findAuthor(
  root: Element,
  item: FeedItem,
  content: Element | null,
  head: Element | null,
  comments: readonly Element[] = [],
): PropertyMatch<string | null> {
  const key = matchKey(item.author ?? '');
  if (key !== '') {
    const cands: Array<{ node: Element; rank: number }> = [];
    const padded = ` ${key} `;
    // A commenter's name is not the post's author [004 §4.2: comments are tracked apart from the article].
    const zones = new Set(comments);
    for (const b of textBlocks(root)) {
      if (b.tokens.length > MAX_PROPERTY_NODE_WORDS || !paddedBlockKey(b).includes(padded) || withinAny(b.element, zones)) continue;
      const node = smallestContaining(b.element, key);
      cands.push({
        node,
        rank: AUTHOR_ATTR().test(`${node.attribs.class ?? ''} ${node.attribs.rel ?? ''} ${node.attribs.itemprop ?? ''}`) ? 1 : 0,
      });
    }
    const best = resolveByPrefix(cands, content);
    return {
      value: collapseWhitespace(item.author ?? ''),
      node: best?.node ?? null,
      path: best === undefined ? null : templatePath(best.node),
      source: best === undefined ? 'feed' : 'page',
    };
  }
  return findAuthorOnPage(root, content, head, comments);
}

/** Author without a feed author: byline markup (rel/itemprop/class) nearest the content, else the
 *  page's `author` meta. */
export function findAuthorOnPage(
  root: Element,
  content: Element | null,
  head: Element | null,
  comments: readonly Element[] = [],
): PropertyMatch<string | null> {
  const cands: Array<{ node: Element; rank: number }> = [];
  const zones = new Set(comments);
  const authorClass = AUTHOR_CLASS();
  const isMarked = (el: Element): boolean => {
    const a = el.attribs;
    return a.rel === 'author' || a.itemprop === 'author' || (a.class !== undefined && authorClass.test(a.class));
  };
  /** A marked part inside `el`: the name itself, where `el` is the byline around it ("By <a rel=author>Ruth</a> · 3 May"). */
  const holdsMarked = (el: Element): boolean => el.children.some((c) => isTag(c) && (isMarked(c) || holdsMarked(c)));
  /** A marked part printing a name: 1 to 6 words, not only a date (a byline's date part). */
  const printsName = (el: Element): boolean => {
    const t = collapseWhitespace(nodeText(el)).replace(BY_PREFIX(), '');
    const n = tokenize(t).length;
    return n >= 1 && n <= 6 && !isBareDateText(t);
  };
  const visit = (el: Element): void => {
    if (isIgnoredElement(el) || zones.has(el)) return;
    const marked = isMarked(el);
    // A marked part holding a marked part is the byline around the name: the inner part first.
    if (marked && !holdsMarked(el) && printsName(el)) {
      cands.push({ node: el, rank: 0 });
      return;
    }
    const before = cands.length;
    for (const c of el.children) if (isTag(c)) visit(c);
    // No part inside prints a name ("<span class=author>Posted by</span>" in it): the byline is the name.
    if (marked && cands.length === before && printsName(el)) cands.push({ node: el, rank: 0 });
  };
  visit(root);
  // Of marked parts as near the content, a linked name first: engines link the author to their
  // posts; a marked label beside it ("<span class=meta-prep-author>Posted on</span>") links nowhere.
  const linked = (el: Element): number => (el.name === 'a' || holdsLink(el) ? 1 : 0);
  const best = resolveByPrefix(cands, content, (a, b) => linked(b.node) - linked(a.node));
  // A marked name outside the post's <article> (a review's author in a sidebar widget) yields to
  // the article's own signed byline when its class names say nothing ("By Tess Albright · 4 May").
  const article = content === null ? null : articleOf(content);
  const signed = article === null || (best !== undefined && contains(article, best.node)) ? null : signedByline(article, zones);
  if (signed !== null) return { value: signed.name, node: signed.node, path: templatePath(signed.node), source: 'page' };
  if (best !== undefined)
    return {
      value: collapseWhitespace(nodeText(best.node)).replace(BY_PREFIX(), ''),
      node: best.node,
      path: templatePath(best.node),
      source: 'page',
    };
  const meta = head === null ? undefined : findMeta(head, ['author', 'article:author', 'dc.creator']);
  return { value: meta ?? null, node: null, path: null, source: meta === undefined ? 'none' : 'page' };
}

/** The `<article>` holding the post's content (HTML §4.3.2: a self-contained composition), if any. */
function articleOf(content: Element): Element | null {
  for (let e: Element | null = content; e !== null; e = e.parent !== null && isTag(e.parent) ? e.parent : null)
    if (e.name === 'article') return e;
  return null;
}

/** Words a signed byline has at most ("By Tess Albright · March 4, 2025 · 4 min read"). ours. */
const MAX_SIGNED_BYLINE_WORDS = 12;
/** What ends the name in a byline: a separator, a comma, a dash between spaces. */
const BYLINE_NAME_END = /\s+[·|–—•]\s*|,\s|\s+-\s+/;

/** The first line of `root` opening with a signature ("By ...", hint words), its name the words up to the first separator. */
function signedByline(root: Element, comments: ReadonlySet<Element>): { name: string; node: Element } | null {
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const el = stack.pop() as Element;
    if (isIgnoredElement(el) || comments.has(el)) continue;
    const children = el.children.filter(isTag);
    // A line holds no block: its text is read, blocks are entered (each element's text read once at most).
    if (children.some((c) => BLOCK_TAGS.has(c.name))) {
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Element);
      continue;
    }
    const text = collapseWhitespace(nodeText(el));
    if (tokenize(text).length > MAX_SIGNED_BYLINE_WORDS || !BY_PREFIX().test(text)) continue;
    const name = (text.replace(BY_PREFIX(), '').split(BYLINE_NAME_END)[0] ?? '').trim();
    const words = tokenize(name).length;
    if (words >= 1 && words <= 6 && !isBareDateText(name)) return { name, node: nameElement(el, name) ?? el };
  }
  return null;
}

/** The innermost element under `line` printing exactly `name` (the part a template reads again), if any. */
function nameElement(line: Element, name: string): Element | null {
  let found: Element | null = null;
  const stack: Element[] = [line];
  while (stack.length > 0) {
    const el = stack.pop() as Element;
    if (collapseWhitespace(nodeText(el)) === name) found = el;
    for (const c of el.children) if (isTag(c)) stack.push(c);
  }
  return found;
}

/** Whether a link is inside `el`. */
function holdsLink(el: Element): boolean {
  return el.children.some((c) => isTag(c) && (c.name === 'a' || holdsLink(c)));
}

/** The page's own date of its last edit (`article:modified_time`): a post's `updated` where the
 *  feed gives none, whichever method found the post. */
export function findModified(head: Element | null): string | null {
  return head === null ? null : (findMeta(head, ['article:modified_time']) ?? null);
}

/** The page's own date of publication (`article:published_time`, schema.org `datePublished`). */
export function findPublished(head: Element | null): string | null {
  return head === null ? null : (findMeta(head, ['article:published_time', 'datepublished']) ?? null);
}

/** `<meta name|property=... content>` in the head. */
export function findMeta(head: Element, names: string[]): string | undefined {
  for (const c of head.children) {
    if (!isTag(c) || c.name !== 'meta') continue;
    const n = (c.attribs.name ?? c.attribs.property ?? '').toLowerCase();
    if (names.includes(n) && c.attribs.content !== undefined && c.attribs.content.trim() !== '')
      return collapseWhitespace(c.attribs.content);
  }
  return undefined;
}

/** Published date [000 §V]: `<time datetime>` of that day, else the date printed in a common format;
 *  none inside the page's comment zones (`comments`). */
export function findDate(
  root: Element,
  iso: string | null,
  language: string | null,
  content: Element | null,
  comments: readonly Element[] = [],
): PropertyMatch<string | null> {
  if (iso === null) return { value: null, node: null, path: null, source: 'none' };
  const day = isoDay(iso);
  const zones = new Set(comments);
  const cands: Array<{ node: Element; rank: number }> = [];
  // `<time>` elements after the content (not in it) are the comments' when the post prints its
  // date as text before it: read last, after the printed date.
  const later: Array<{ node: Element; rank: number }> = [];
  if (day !== null)
    for (const el of elementsNamed(root, 'time'))
      if ((el.attribs.datetime ?? '').startsWith(day) && isShown(el, root, zones))
        (content !== null && follows(el, content) ? later : cands).push({ node: el, rank: 2 });
  if (cands.length === 0) {
    const keys = renderDateKeys(iso, language);
    // Whole tokens only: a key matches between spaces (padded once, not per block).
    const padded = keys.map((key) => ` ${key} `);
    // Every key prints the year in most languages: a block without it holds none.
    const year = String(new Date(iso).getUTCFullYear());
    const needsYear = keys.every((key) => key.includes(year));
    for (const b of textBlocks(root)) {
      if (b.tokens.length > MAX_PROPERTY_NODE_WORDS || withinAny(b.element, zones)) continue;
      // The year holds no space: the block's key holds it when one of its tokens does.
      if (needsYear && !b.tokens.some((t) => t.includes(year))) continue;
      const text = paddedBlockKey(b);
      const at = padded.findIndex((key) => text.includes(key));
      if (at >= 0) cands.push({ node: smallestContaining(b.element, keys[at] as string), rank: 1 });
    }
  }
  const best = resolveByPrefix(cands.length > 0 ? cands : later, content);
  return {
    value: iso,
    node: best?.node ?? null,
    path: best === undefined ? null : templatePath(best.node),
    source: best === undefined ? 'feed' : 'page',
  };
}

/** Whether `el` comes after `content` in the page and outside it (domutils' bit says the first
 *  node follows the second). */
function follows(el: Element, content: Element): boolean {
  return !contains(content, el) && (compareDocumentPosition(el, content) & FOLLOWING) !== 0;
}

/** Whether no element from `el` up to `root` is ignored (`isIgnoredElement`) or one of `comments`. */
function isShown(el: Element, root: Element, comments: ReadonlySet<Element>): boolean {
  for (let e: Element = el; ; e = e.parent as Element) {
    if (isIgnoredElement(e) || comments.has(e)) return false;
    if (e === root) return true;
  }
}

/** Categories: links whose text is a feed category; the path is their lowest common ancestor. */
export function findCategories(root: Element, categories: string[], content: Element | null): PropertyMatch<string[]> {
  const keys = new Set(categories.map(matchKey).filter((k) => k !== ''));
  const links: Element[] = [];
  const pageTags: string[] = [];
  const visit = (el: Element): void => {
    if (isIgnoredElement(el)) return;
    if (el.name === 'a') {
      const isTagLink = /\btag\b|\bcategory\b/.test(el.attribs.rel ?? '');
      // Without categories in the feed only tag links are read.
      if (keys.size === 0 && !isTagLink) return;
      const t = nodeText(el);
      if (keys.has(matchKey(t))) links.push(el);
      if (isTagLink) pageTags.push(collapseWhitespace(t));
      return;
    }
    for (const c of el.children) if (isTag(c)) visit(c);
  };
  visit(root);
  if (links.length === 0) {
    return keys.size > 0
      ? { value: categories, node: null, path: null, source: 'feed' }
      : { value: [...new Set(pageTags)], node: null, path: null, source: pageTags.length > 0 ? 'page' : 'none' };
  }
  // Links nearest the content first, then their common ancestor.
  const near =
    content === null
      ? links
      : links.filter((l) => sharedPrefixLength(l, content) === Math.max(...links.map((x) => sharedPrefixLength(x, content))));
  let lca: Element = near[0] as Element;
  for (const l of near.slice(1)) while (!contains(lca, l) && lca.parent !== null && isTag(lca.parent)) lca = lca.parent;
  return { value: keys.size > 0 ? categories : pageTags, node: lca, path: templatePath(lca), source: 'page' };
}
