/**
 * Does a page whose main block E-mCST found look like one post? 001 §3 assumes its page cluster
 * holds posts only; an archive holds channel pages and static pages too. Deviation from 001: the
 * main block is kept only when the page shows what a post is made of [002 §2: post = {date, title,
 * content, permalink, author}] and nothing of a list: a publication date, a title that is not a link
 * to another entry, and a block that is prose rather than links.
 */
import * as chrono from 'chrono-node/en';
import { type AnyNode, type Element, isTag, isText } from 'domhandler';
import { DATE_META_NAMES, hintMatcher } from '../core/hint-vocabulary.js';
import { canonicalUrl, hostOf, parseUrl } from '../core/url.js';
import type { ParsedPage } from '../extract/index.js';
import {
  CHANNEL_MIN_HEADING_LINKS,
  MAX_BLOCK_LINK_SHARE,
  MAX_DATE_TEXT_CHARS,
  MAX_TITLE_ASCENT,
  MIN_TITLE_LINK_SHARE,
} from './constants.js';
import { isSkipped, propertyText, textLength } from './content-render.js';

const HEADING = /^h[1-6]$/;
/** Names of metadata holding a publication date (Open Graph, schema.org, Dublin Core, publishing tools: `publishdate`, `parsely-pub-date`). */
const DATE_META = hintMatcher(DATE_META_NAMES, (a) => a);
/** A dated permalink: `/2026/10/` or `2026-10-28` in the path. */
const DATED_PATH = /\/(19|20)\d\d\/(0?[1-9]|1[0-2])\/|(19|20)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])/;
const HAS_YEAR = /\b(19|20)\d\d\b/;

/** A machine-readable date (ISO 8601 and the like) or a full date in words. */
function isDate(value: string): boolean {
  const v = value.trim();
  return v !== '' && HAS_YEAR.test(v) && (!Number.isNaN(Date.parse(v)) || chrono.strict.parseDate(v) !== null);
}

export interface PostSignal {
  isPost: boolean;
  reason: string;
}

/** Share of the block's visible text that is link text. */
export function linkTextShare(block: Element): number {
  const total = textLength(block);
  if (total === 0) return 1;
  let linked = 0;
  const stack: AnyNode[] = [...block.children];
  while (stack.length > 0) {
    const n = stack.pop() as AnyNode;
    if (!isTag(n)) continue;
    if (n.name === 'a') linked += textLength(n);
    else stack.push(...n.children);
  }
  return Math.min(1, linked / total);
}

/** Headings with text under `root`, in document order. */
function headingsIn(root: Element): Element[] {
  const out: Element[] = [];
  const stack: AnyNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const n = stack.pop() as AnyNode;
    if (!isTag(n)) continue;
    if (HEADING.test(n.name)) {
      if (textLength(n) > 0) out.push(n);
      continue;
    }
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as AnyNode);
  }
  return out;
}

/** The first text node under `root` (skipped zones left out), to tell whether a block opens with a heading. */
function firstTextHolder(root: Element): Element | null {
  const stack: AnyNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const n = stack.pop() as AnyNode;
    if (isText(n) && n.data.trim() !== '') return n.parent as Element;
    if (!isTag(n) || isSkipped(n)) continue;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as AnyNode);
  }
  return null;
}

/**
 * The block's title: the heading the block opens with, else the nearest heading before the block
 * within its ancestors, at most `MAX_TITLE_ASCENT` levels up and never in the whole body (a site
 * banner is no title). A heading further down the block is a section heading, not its title.
 */
function blockTitle(block: Element): Element | null {
  for (let e: Element | null = firstTextHolder(block); e !== null && e !== block; e = e.parent as Element | null) {
    if (HEADING.test(e.name)) return e;
  }
  let child: Element = block;
  for (let up = 0; up < MAX_TITLE_ASCENT; up++) {
    const parent = child.parent;
    if (parent === null || !isTag(parent) || parent.name === 'body' || parent.name === 'html') return null;
    const before = parent.children.slice(0, parent.children.indexOf(child));
    for (let i = before.length - 1; i >= 0; i--) {
      const sibling = before[i] as AnyNode;
      if (!isTag(sibling)) continue;
      if (HEADING.test(sibling.name) && textLength(sibling) > 0) return sibling;
      const inner = headingsIn(sibling);
      if (inner.length > 0) return inner[inner.length - 1] as Element;
    }
    child = parent;
  }
  return null;
}

/** Is `href` (on `pageUrl`) another page of the same host than the page itself and the home page? */
function otherEntryUrl(href: string | undefined, pageUrl: string): string | null {
  const h = href?.trim();
  if (h === undefined || h === '' || h.startsWith('#')) return null;
  const url = canonicalUrl(h, pageUrl);
  const parsed = parseUrl(url);
  return url !== canonicalUrl(pageUrl) && hostOf(url) === hostOf(pageUrl) && parsed !== undefined && parsed.pathname !== '/' ? url : null;
}

/** The URL of another entry the title links to (an enclosing or inner anchor), if any. */
function entryLinkOf(title: Element, pageUrl: string): string | null {
  for (let e: Element | null = title; e !== null && isTag(e); e = e.parent as Element | null) {
    if (e.name === 'a') {
      const url = otherEntryUrl(e.attribs['href'], pageUrl);
      if (url !== null) return url;
    }
  }
  const stack: AnyNode[] = [...title.children];
  while (stack.length > 0) {
    const n = stack.pop() as AnyNode;
    if (!isTag(n)) continue;
    const url = n.name === 'a' ? otherEntryUrl(n.attribs['href'], pageUrl) : null;
    if (url !== null) return url;
    stack.push(...n.children);
  }
  return null;
}

/** Is the heading's text (nearly) all link text, as an entry title linking to its post is? */
function isLinkedText(heading: Element): boolean {
  for (let e: Element | null = heading.parent as Element | null; e !== null && isTag(e); e = e.parent as Element | null)
    if (e.name === 'a') return true;
  const total = textLength(heading);
  let linked = 0;
  const stack: AnyNode[] = [...heading.children];
  while (stack.length > 0) {
    const n = stack.pop() as AnyNode;
    if (!isTag(n)) continue;
    if (n.name === 'a') linked += textLength(n);
    else stack.push(...n.children);
  }
  return total > 0 && linked >= MIN_TITLE_LINK_SHARE * total;
}

/**
 * Distinct other entries linked from headings inside the block: a block holding several is a list
 * container. A heading is an `<h1>`–`<h6>`, or an entry's title line however it is marked up: the
 * first element printing text in its parent, all of it one link's, with the entry's text after it
 * (`<div><div><a href="/post/">Title</a></div><div>Mar 4</div><div>text</div></div>`, a site
 * without heading tags or class names).
 */
function entryHeadingsIn(block: Element, pageUrl: string): number {
  const targets = new Set<string>();
  const stack: AnyNode[] = [...block.children];
  while (stack.length > 0) {
    const n = stack.pop() as AnyNode;
    if (!isTag(n)) continue;
    if (HEADING.test(n.name) || isTitleLine(n)) {
      const url = entryLinkOf(n, pageUrl);
      if (url !== null) targets.add(url);
    } else stack.push(...n.children);
  }
  return targets.size;
}

/** Characters an entry's title line has at most, and its text after it at least (a teaser's sentence). ours. */
const MAX_TITLE_LINE_CHARS = 200;
const MIN_ENTRY_TEXT_CHARS = 40;

/** An entry's title line (`entryHeadingsIn`): a short block that is its parent's first element
 *  printing text, whose text is all link text, followed in its parent by a sentence or more. */
function isTitleLine(el: Element): boolean {
  const parent = el.parent;
  if (el.name === 'a' || parent === null || !isTag(parent) || textLength(el, MAX_TITLE_LINE_CHARS + 1) > MAX_TITLE_LINE_CHARS) return false;
  let after = -1;
  for (const sibling of parent.children) {
    if (sibling === el) after = 0;
    else if (isTag(sibling) || (isText(sibling) && sibling.data.trim() !== '')) {
      const chars = isTag(sibling) ? textLength(sibling, MIN_ENTRY_TEXT_CHARS) : sibling.data.trim().length;
      if (chars === 0) continue;
      if (after < 0) return false;
      after += chars;
      if (after >= MIN_ENTRY_TEXT_CHARS) return isLinkedText(el);
    }
  }
  return false;
}

/**
 * Why the main block is part of a list rather than one post, or null: mostly link text (an archive
 * index, a tag cloud), several entry headings inside it (a list container), or a title linking to
 * another entry (one entry of a list, e.g. an archive holding a single post).
 */
export function listingSignal(page: ParsedPage, block: Element): string | null {
  const share = linkTextShare(block);
  if (share >= MAX_BLOCK_LINK_SHARE) return `${(share * 100).toFixed(0)}% of the main block's text is links (a list of pages)`;
  const entries = entryHeadingsIn(block, page.url);
  if (entries >= CHANNEL_MIN_HEADING_LINKS) return `the main block holds ${entries} headings linking to other entries (a list)`;
  const title = blockTitle(block);
  const entry = title === null || !isLinkedText(title) ? null : entryLinkOf(title, page.url);
  if (entry !== null) return `the main block's title links to another entry (${entry}): a list entry`;
  return null;
}

/** Where the page states its publication date: meta/microdata, a `<time>`, a dated permalink, or a short dated text near the block. */
function publicationDateSignal(page: ParsedPage, block: Element): string | null {
  const stack: AnyNode[] = [...page.document.children];
  while (stack.length > 0) {
    const n = stack.pop() as AnyNode;
    if (!isTag(n)) continue;
    if (n.name === 'time' && textLength(n) + (n.attribs['datetime']?.length ?? 0) > 0) return '<time> element';
    const meta = n.attribs['property'] ?? n.attribs['name'] ?? n.attribs['itemprop'];
    if (meta !== undefined && DATE_META().test(meta) && isDate(n.attribs['content'] ?? n.attribs['datetime'] ?? propertyText(n)))
      return `${meta} metadata`;
    for (const c of n.children) stack.push(c);
  }
  if (DATED_PATH.test(parseUrl(page.url)?.pathname ?? '')) return 'dated permalink';
  // A short text with a full date (day, month, year) around the block: "Posted on March 3, 2026".
  let scope = block;
  for (let up = 0; up < MAX_TITLE_ASCENT; up++) {
    const parent = scope.parent;
    if (parent === null || !isTag(parent) || parent.name === 'body' || parent.name === 'html') break;
    scope = parent;
  }
  const texts: AnyNode[] = [scope];
  while (texts.length > 0) {
    const n = texts.pop() as AnyNode;
    if (isText(n)) {
      const t = n.data.trim();
      if (t.length > 0 && t.length <= MAX_DATE_TEXT_CHARS && isDate(t)) return `dated text "${t}"`;
    } else if (isTag(n)) texts.push(...n.children);
  }
  return null;
}

/** Does the page, whose main block is `block`, look like one post? With the reason. */
export function looksLikePost(page: ParsedPage, block: Element): PostSignal {
  const listing = listingSignal(page, block);
  if (listing !== null) return { isPost: false, reason: listing };
  const date = publicationDateSignal(page, block);
  if (date === null) return { isPost: false, reason: 'no publication date on the page (a static page)' };
  return { isPost: true, reason: `publication date from ${date}` };
}
