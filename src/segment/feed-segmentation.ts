/**
 * Feed-guided weblog segmentation [002 "Feed-guided weblog segmentation"]: each feed item's text
 * (summarisation artefacts removed) is looked for on the channel page, and the enclosing node of
 * the match, joined with the item's title link when the page has one, is the item's post. If the
 * enclosing nodes of successive items overlap, segmentation has failed for the page ("we throw an
 * error indicating that feed-guided segmentation has failed") and the caller falls back on
 * model-based segmentation.
 */
import { type Element, isTag } from 'domhandler';
import { parseHtml } from '../core/html-parse.js';
import { canonicalUrl } from '../core/url.js';
import { nodePath, type ParsedPage } from '../extract/index.js';
import type { FeedItem } from '../feeds/index.js';
import { stripContinueReading } from '../core/continue-reading.js';
import { FEED_PROBE_WORDS, SUMMARY_TITLE_WORDS } from './constants.js';
import { comparePosition } from './date-lists.js';
import { findDateNodes } from './date-nodes.js';
import { anchorUrl, contains, elementText, elementsUnder, lowestCommonAncestor, nodesHtml, nodesText, parentElement } from './dom-text.js';
import { pageBody } from './model-segmentation.js';
import { findAuthor } from './post-markers.js';
import type { FeedSegmentation } from './types.js';

/** Lower-cased words (letters and digits) joined by one space, padded so `includes` matches whole words. */
function wordKey(text: string): string {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return ` ${words.join(' ')} `;
}

const keyCache = new WeakMap<Element, string>();
function elementKey(el: Element): string {
  let k = keyCache.get(el);
  if (k === undefined) {
    k = wordKey(elementText(el));
    keyCache.set(el, k);
  }
  return k;
}

/** The opening words of an item's text, artefacts ("…", "Continue reading") removed [002]. */
function itemProbe(item: FeedItem): string | null {
  const html = item.description ?? item.content;
  if (html === null) return null;
  const text = parseHtml(html)
    .document.children.map((n) => (isTag(n) ? elementText(n) : 'data' in n ? String(n.data) : ''))
    .join(' ');
  const words = wordKey(stripContinueReading(text, SUMMARY_TITLE_WORDS))
    .trim()
    .split(' ')
    .filter((w) => w !== '');
  if (words.length === 0) return null;
  return ` ${words.slice(0, FEED_PROBE_WORDS).join(' ')} `;
}

function itemUrl(item: FeedItem): string | null {
  return item.origLink ?? item.link ?? (item.guidIsPermalink ? item.guid : null);
}

/** The lowest element whose text holds the probe. */
function findTextNode(elements: readonly Element[], probe: string): Element | null {
  let best: Element | null = null;
  for (const el of elements) {
    const key = elementKey(el);
    // Ties go to the later element in document order: the deeper one.
    if (key.includes(probe) && (best === null || key.length <= elementKey(best).length)) best = el;
  }
  return best;
}

/** An absolute URL (scheme first): its canonical form does not depend on the page it is read on. */
const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:/i;
/** Canonical permalink of each item, computed once however many channel pages it is looked for on. */
const itemTargetCache = new WeakMap<FeedItem, string | null>();

/** The canonical permalink of an item (null when it has none). */
function itemTarget(item: FeedItem, pageUrl: string): string | null {
  const cached = itemTargetCache.get(item);
  if (cached !== undefined) return cached;
  const url = itemUrl(item);
  const target = url !== null ? canonicalUrl(url, pageUrl) : null;
  if (url === null || ABSOLUTE_URL.test(url)) itemTargetCache.set(item, target);
  return target;
}

/** The page's links by canonical target, built once per page (each anchor's URL parsed once). */
function anchorsByTarget(anchors: readonly Element[], pageUrl: string): Map<string, Element[]> {
  const byTarget = new Map<string, Element[]>();
  for (const a of anchors) {
    const u = anchorUrl(a, pageUrl);
    if (u === null) continue;
    const key = canonicalUrl(u);
    const list = byTarget.get(key);
    if (list === undefined) byTarget.set(key, [a]);
    else list.push(a);
  }
  return byTarget;
}

/**
 * The item's enclosing node: its text match joined with the nearest link to its permalink.
 * The link is looked up first (a map lookup): an item the page does not link is never searched
 * for by text, so a feed of 20,000 items costs 20,000 lookups per page, not 20,000 page scans.
 */
function enclosingNode(elements: readonly Element[], links: readonly Element[], item: FeedItem): Element | null {
  // Not found: "we punt on the post" [002]. A title link alone is no proof (sidebars list titles
  // too), and neither is the text alone: a channel page links each post it shows (ours).
  if (links.length === 0) return null;
  const probe = itemProbe(item);
  const text = probe !== null ? findTextNode(elements, probe) : null;
  if (text === null) return null;
  let best: Element = text;
  let bestDepth = -1;
  for (const link of links) {
    const lca = lowestCommonAncestor([text, link]);
    const depth = lca === null ? -1 : depthOf(lca);
    if (lca !== null && depth > bestDepth) {
      best = lca;
      bestDepth = depth;
    }
  }
  return best;
}

function depthOf(el: Element): number {
  let d = 0;
  for (let e = parentElement(el); e !== null; e = parentElement(e)) d++;
  return d;
}

export interface FeedSegmentationOptions {
  /** When the page was captured (ISO); lets a post without a feed date take the date its page shows. */
  captureTime?: string;
}

export function segmentByFeed(page: ParsedPage, items: readonly FeedItem[], opts: FeedSegmentationOptions = {}): FeedSegmentation {
  const body = pageBody(page);
  const empty = (reason: string): FeedSegmentation => ({
    ok: false,
    reason,
    segments: [],
    unmatched: items.map((_, i) => i),
    overlaps: [],
  });
  if (body === null) return empty('no body');
  const elements = elementsUnder(body);
  const anchors = anchorsByTarget(
    elements.filter((e) => e.name === 'a'),
    page.url,
  );
  const found: Array<{ itemIndex: number; node: Element }> = [];
  const unmatched: number[] = [];
  items.forEach((item, itemIndex) => {
    const target = itemTarget(item, page.url);
    const node = enclosingNode(elements, target === null ? [] : (anchors.get(target) ?? []), item);
    if (node === null || node === body) unmatched.push(itemIndex);
    else found.push({ itemIndex, node });
  });
  if (found.length === 0) return { ...empty('no item found on the page'), unmatched };
  found.sort((a, b) => comparePosition(a.node, b.node));
  const overlaps: Array<[number, number]> = [];
  for (let i = 1; i < found.length; i++) {
    const a = found[i - 1] as (typeof found)[number];
    const b = found[i] as (typeof found)[number];
    if (contains(a.node, b.node) || contains(b.node, a.node)) overlaps.push([a.itemIndex, b.itemIndex]);
  }
  if (overlaps.length > 0) {
    return {
      ok: false,
      reason: `enclosing nodes of ${overlaps.length} successive item pair(s) overlap`,
      segments: [],
      unmatched,
      overlaps,
    };
  }
  const nodes = found.map((f) => f.node);
  const segments = found.map((f, position) => {
    // Widen to the highest ancestor that holds no other item (date, byline and footer come along).
    let root = f.node;
    if (found.length > 1) {
      for (
        let p = parentElement(root);
        p !== null && p !== body && !nodes.some((n) => n !== f.node && contains(p as Element, n));
        p = parentElement(p)
      )
        root = p;
    }
    const item = items[f.itemIndex] as FeedItem;
    const url = itemUrl(item);
    const pageDate = opts.captureTime !== undefined ? findDateNodes(root, page.language, opts.captureTime)[0]?.iso : undefined;
    const published = item.published ?? pageDate ?? null;
    return {
      itemIndex: f.itemIndex,
      position,
      title: item.title,
      permalink: url !== null ? (anchorUrlOf(url, page.url) ?? null) : null,
      author: item.author ?? findAuthor([root]),
      published,
      text: nodesText([root]),
      html: nodesHtml([root]),
      keyPath: nodePath(root),
      nodes: [root],
    };
  });
  return { ok: true, reason: `${segments.length} of ${items.length} items found, no overlap`, segments, unmatched, overlaps };
}

function anchorUrlOf(url: string, base: string): string | null {
  try {
    const u = new URL(url, base);
    u.hash = '';
    return u.toString();
  } catch {
    return null;
  }
}
