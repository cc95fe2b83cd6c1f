/**
 * E-mCST [001 §3, Figure 3, Algorithm 1]: learn the primary and secondary content block markers of
 * a host's page cluster with mCST, then extract a page's main block by marker filtering, with mCST
 * itself as the last resort. This is the fallback when no template applies; its confidence is lower.
 */
import { type AnyNode, type Document, type Element, isTag } from 'domhandler';
import {
  type ArticleProperties,
  commentNodesInside,
  findAuthorOnPage,
  findModified,
  findTitleOnPage,
  isIgnoredElement,
  isNeverRendered,
  pageBody,
  pageHead,
  type ParsedPage,
  renderContentNode,
} from '../extract/index.js';
import { textLength } from './content-render.js';
import {
  CHANNEL_MIN_REPEATS,
  LINKED_POST_MCST_CONFIDENCE,
  MARKER_CONFIDENCE,
  MAX_MARKERS,
  MCST_CONFIDENCE,
  MIN_CONTENT_CHARS,
  MIN_MARKER_SHARE,
} from './constants.js';
import { mcstMainBlock } from './mcst.js';
import { dateOf } from './page-matcher.js';
import { listingSignal, looksLikePost } from './post-signals.js';
import type { ContentMarker, ContentMarkers, MainBlock } from './types.js';

const NUMBERED = /\d+$/;

/** `div|class|entry-content`, the notation of 001 Table 1. */
export function markerKey(m: ContentMarker): string {
  return `${m.tag}|${m.attribute}|${m.value}`;
}

function parseMarkerKey(key: string): ContentMarker | null {
  const [tag, attribute, ...rest] = key.split('|');
  if (tag === undefined || (attribute !== 'id' && attribute !== 'class') || rest.length === 0) return null;
  return { tag, attribute, value: rest.join('|') };
}

function hasMarker(el: Element, m: ContentMarker): boolean {
  if (el.name !== m.tag) return false;
  const raw = el.attribs[m.attribute];
  if (raw === undefined) return false;
  return m.attribute === 'id' ? raw.trim() === m.value : raw.split(/\s+/).includes(m.value);
}

/** Elements of the page carrying marker `m` (HTMLFilter of 001 §3). */
function elementsWithMarker(root: Document, m: ContentMarker): Element[] {
  const out: Element[] = [];
  const stack: AnyNode[] = [...root.children];
  while (stack.length > 0) {
    const n = stack.pop() as AnyNode;
    if (!isTag(n)) continue;
    if (hasMarker(n, m)) out.push(n);
    for (const c of n.children) stack.push(c);
  }
  return out;
}

/**
 * GetTheRootMarker of 001 Algorithm 1: the block's id, else one of its class tokens, that no other
 * element of the page carries. Values ending in a number (`post-37`) are left out: they name one
 * post, not the cluster's block. Null when the block has no unique marker.
 */
function rootMarker(block: Element, root: Document): ContentMarker | null {
  const candidates: ContentMarker[] = [];
  const id = block.attribs['id']?.trim();
  if (id !== undefined && id !== '' && !NUMBERED.test(id)) candidates.push({ tag: block.name, attribute: 'id', value: id });
  for (const token of (block.attribs['class'] ?? '').split(/\s+/)) {
    if (token !== '' && !NUMBERED.test(token)) candidates.push({ tag: block.name, attribute: 'class', value: token });
  }
  return candidates.find((m) => elementsWithMarker(root, m).length === 1) ?? null;
}

/**
 * Algorithm 1 (mCST_MarkerDetector) of 001 §3 over a host's pages, one page at a time (the cluster
 * need not be in memory): each page's mCST main block votes for its root marker when it is unique in
 * the page; the two most frequent markers are the primary and secondary markers. Deviation: channel
 * pages (listings) are left out of the cluster, since the paper's cluster holds posts only; a marker
 * needs `MIN_MARKER_SHARE` of the votes cast.
 */
export class MarkerVotes {
  readonly #counts = new Map<string, number>();
  #pages = 0;

  add(page: ParsedPage): void {
    const block = mcstMainBlock(page.document);
    if (block === null || listingSignal(page, block) !== null) return;
    this.#pages++;
    const m = rootMarker(block, page.document);
    if (m !== null) this.#counts.set(markerKey(m), (this.#counts.get(markerKey(m)) ?? 0) + 1);
  }

  markers(): ContentMarkers {
    const votes = [...this.#counts.entries()]
      .map(([marker, count]) => ({ marker, count }))
      .sort((a, b) => b.count - a.count || (a.marker < b.marker ? -1 : 1));
    const cast = votes.reduce((n, v) => n + v.count, 0);
    const kept = votes.filter((v) => v.count >= MIN_MARKER_SHARE * cast).slice(0, MAX_MARKERS);
    return {
      primary: kept[0] === undefined ? null : parseMarkerKey(kept[0].marker),
      secondary: kept[1] === undefined ? null : parseMarkerKey(kept[1].marker),
      votes,
      pages: this.#pages,
    };
  }
}

/** The markers of a host's page cluster (`MarkerVotes` over `pages`). */
export function learnMarkers(pages: Iterable<ParsedPage>): ContentMarkers {
  const votes = new MarkerVotes();
  for (const page of pages) votes.add(page);
  return votes.markers();
}

/** The page's first machine-readable publication date (`time[datetime]`), if any. */
function publishedOf(root: Document): string | null {
  const stack: AnyNode[] = [...root.children];
  while (stack.length > 0) {
    const n = stack.pop() as AnyNode;
    if (!isTag(n)) continue;
    if (n.name === 'time' && n.attribs['datetime'] !== undefined) return dateOf(n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as AnyNode);
  }
  return null;
}

/** The block's properties; title and author as the page prints them around it [000 §III-D, without a feed]. */
function properties(page: ParsedPage, block: Element): ArticleProperties {
  const { text, html, references } = renderContentNode(page, block);
  const body = pageBody(page);
  const head = pageHead(page);
  return {
    title: body === null ? null : findTitleOnPage(body, block, head).value,
    author: body === null ? null : findAuthorOnPage(body, block, head, commentNodesInside(body)).value,
    published: publishedOf(page.document),
    updated: findModified(head),
    categories: [],
    text,
    html,
    references,
  };
}

/**
 * The main block of a page by E-mCST (001 Figure 3 b): the unique element with the primary marker,
 * else the secondary marker, else the mCST main block. Not a post: a page repeating a marker block
 * (a channel page lists several posts, 000 Listing 4 path 3), a page without a block of
 * `MIN_CONTENT_CHARS`, and a page failing `looksLikePost` (a list, or no publication date).
 */
export function extractMainBlock(page: ParsedPage, markers: ContentMarkers | null): MainBlock {
  const no = (reason: string): MainBlock => ({ isPost: false, properties: null, content: null, confidence: 0, reason });
  let found: { block: Element; confidence: number; how: string } | null = null;
  for (const [rank, m] of [markers?.primary ?? null, markers?.secondary ?? null].entries()) {
    if (m === null || found !== null) continue;
    const blocks = elementsWithMarker(page.document, m).filter((b) => textLength(b) >= MIN_CONTENT_CHARS);
    if (blocks.length >= CHANNEL_MIN_REPEATS) return no(`a listing: ${blocks.length} blocks with marker ${markerKey(m)}`);
    if (blocks.length === 1)
      found = {
        block: blocks[0] as Element,
        confidence: MARKER_CONFIDENCE,
        how: `${rank === 0 ? 'primary' : 'secondary'} marker ${markerKey(m)}`,
      };
  }
  if (found === null) {
    const block = mcstMainBlock(page.document);
    if (block === null || textLength(block) < MIN_CONTENT_CHARS) return no(`no main block with ${MIN_CONTENT_CHARS} characters of text`);
    found = { block, confidence: MCST_CONFIDENCE, how: `mCST main block <${block.name}> (no marker found)` };
  }
  const signal = looksLikePost(page, found.block);
  if (!signal.isPost) return no(`${found.how}, but ${signal.reason}`);
  return {
    isPost: true,
    properties: properties(page, found.block),
    content: { node: found.block, title: null },
    confidence: found.confidence,
    reason: `${found.how}; ${signal.reason}`,
  };
}

/**
 * Readings of a linked post's page, from the strictest: the usual one (comment zones, forms and
 * hidden elements left out); then what the extraction reads (`isIgnoredElement`: forms and
 * comment-named zones entered, for a `<form>` around the whole page as ASP.NET WebForms prints it,
 * or a wrapper whose class names comments); then what the browser shows once the page's scripts
 * have run (`isNeverRendered`: hidden elements entered too, for a page hidden behind an open
 * dialog's `aria-hidden`, or a `hidden` main shown by a script).
 */
const LINKED_POST_READINGS: ReadonlyArray<{ skip?: (el: Element) => boolean; how: string }> = [
  { how: '' },
  { skip: isIgnoredElement, how: ', read with forms and comment-named zones entered' },
  { skip: isNeverRendered, how: ', read with forms, comment-named zones and hidden elements entered' },
];

/**
 * The mCST main block [001 §3] of a page a feed item links, so known to be a post (no post guard):
 * the fallback when feed-guided extraction finds no wrapper; the least confident of all methods.
 * The first reading whose main block has `MIN_CONTENT_CHARS` of text is taken: a page whose post
 * sits where the usual reading skips would otherwise keep a footer line as its post.
 * Deviation from the unlinked case: no `MIN_CONTENT_CHARS` floor. That floor tells a post from an
 * empty page when nothing else vouches for it; here the feed item does, and short posts are real
 * (a one-line notice, a photo's caption): when no reading reaches it, the longest text is kept.
 */
export function mainBlockOfLinkedPost(page: ParsedPage): MainBlock {
  let best: { block: Element; length: number; how: string } | null = null;
  for (const reading of LINKED_POST_READINGS) {
    const block = mcstMainBlock(page.document, reading.skip);
    if (block === null) continue;
    const length = textLength(block, MIN_CONTENT_CHARS, reading.skip);
    if (length > (best?.length ?? 0)) best = { block, length, how: reading.how };
    if (length >= MIN_CONTENT_CHARS) break;
  }
  if (best === null) return { isPost: false, properties: null, content: null, confidence: 0, reason: 'no main block with any text' };
  return {
    isPost: true,
    properties: properties(page, best.block),
    content: { node: best.block, title: null },
    confidence: LINKED_POST_MCST_CONFIDENCE,
    reason: `mCST main block <${best.block.name}>${best.how}`,
  };
}
