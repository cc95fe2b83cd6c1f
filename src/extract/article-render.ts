/**
 * The article of a wrapper node as text, cleaned HTML and references [004 Algorithm 1:
 * "dob.setFullTextAndRefsFrom(wrapperNode)"]: hidden parts, scripts, forms, event handlers and
 * boilerplate zones (comments, share widgets, related posts, navigation, ads) are left out.
 */
import { COMMENT_COUNTER_LABELS, hintMatcher } from '../core/hint-vocabulary.js';
import { type AnyNode, type Element, isTag, isText } from 'domhandler';
import { escapeText } from 'entities';
import { endTag, type StartTagOptions, startTag, VOID_TAGS } from '../core/html-serialize.js';
import { boilerplateReason, isBoilerplateIn } from './boilerplate.js';
import {
  FORM_ZONE_LINES_PER_CONTROL,
  FRAGMENT_ZONE_MAX_TEXT_SHARE,
  FRAGMENT_ZONE_MIN_LINES,
  SENTENCE_MIN_WORDS,
  TEASER_LINE_MIN_LINK_SHARE,
} from './constants.js';
import { type PostPage, postLinkOf, postPageOf } from '../core/url-shape.js';
import {
  breaksLine,
  contains,
  isArticleParagraph,
  isHiddenByClass,
  isIgnoredElement,
  nodeText,
  textBlocks,
  wordCount,
} from './page-dom.js';
import { commentNodesInside } from './comments/comment-strip.js';
import { collapseSpaces } from './text-normalize.js';
import { pageBaseUrl } from './parse-page.js';
import type { ParsedPage, Reference } from './types.js';

/** The comment zone and entry nodes found on a page (a `CommentExtraction`'s). */
export interface CommentNodes {
  zone: Element | null;
  entryNodes: readonly Element[];
}

export interface RenderedArticle {
  text: string;
  html: string;
  references: Reference[];
}

/** Attributes kept in the cleaned HTML (URLs made absolute). */
const KEPT_ATTRIBUTES = new Set([
  'href',
  'src',
  'alt',
  'title',
  'colspan',
  'rowspan',
  'datetime',
  'cite',
  'lang',
  'dir',
  'width',
  'height',
]);
/** Leftover counters like "12 comments" / "Leave a comment" / "3 Kommentare" inside the article (hint list). */
const COMMENT_COUNTER = hintMatcher(COMMENT_COUNTER_LABELS, (a) => `^\\s*(?:${a})\\s*$`);
const MEDIA_TAGS = new Set(['iframe', 'video', 'audio', 'source', 'embed', 'object']);
const SAFE_URL = /^(?:https?:|mailto:|data:image\/|ftp:)/i;

export interface RenderOptions {
  baseUrl: string;
  /** Nodes left out of the text and HTML (e.g. the title heading, shown apart). */
  skip?: ReadonlySet<Element>;
  /** The matched article zone: its ancestors are never left out, whatever their class says. */
  core?: Element;
  /** Where the item was recognised (semantic nodes, title): a boilerplate-looking zone holding
   *  one of them and most of the text is the article. */
  evidence?: readonly Element[];
  /** The page's own URL, parsed (`postPageOf`): a line linking another post of its site is a teaser. */
  postPage?: PostPage;
}

function absolute(url: string, base: string): string | null {
  try {
    const u = new URL(url.trim(), base);
    return SAFE_URL.test(u.href) ? u.href : null;
  } catch {
    return null;
  }
}

/** Whether an element inside the wrapper is left out, and why. */
function isLeftOut(el: Element, wrapper: Element, opts: RenderOptions): boolean {
  if (isIgnoredElement(el) || opts.skip?.has(el) === true || isHiddenByClass(el)) return true;
  if (isBoilerplateIn(el, wrapper, opts.evidence ?? [])) return opts.core === undefined || !contains(el, opts.core);
  if (el.name === 'a' && COMMENT_COUNTER().test(nodeText(el))) return true;
  if (FRAGMENT_ZONE_TAGS.has(el.name) && isSideZone(el, wrapper, opts)) return true;
  return false;
}

/** Containers that may be side zones (lists and tables are content even when terse). */
const FRAGMENT_ZONE_TAGS = new Set(['div', 'section', 'aside']);

interface ZoneText {
  lines: number;
  chars: number;
  linkChars: number;
  hasSentence: boolean;
}

/** Lines, characters and whether a sentence is present, per element under a wrapper. */
const zoneTextCache = new WeakMap<Element, Map<Element, ZoneText>>();
function zoneTexts(wrapper: Element): Map<Element, ZoneText> {
  let zones = zoneTextCache.get(wrapper);
  if (zones !== undefined) return zones;
  zones = new Map();
  for (const b of textBlocks(wrapper)) {
    const sentence = isArticleParagraph(b) || (b.linkChars === 0 && wordCount(b) >= SENTENCE_MIN_WORDS);
    for (let e: Element | null = b.element; e !== null; e = e.parent as Element | null) {
      const z = zones.get(e) ?? { lines: 0, chars: 0, linkChars: 0, hasSentence: false };
      z.lines++;
      z.chars += b.text.length;
      z.linkChars += b.linkChars;
      z.hasSentence ||= sentence;
      zones.set(e, z);
      if (e === wrapper) break;
    }
  }
  zoneTextCache.set(wrapper, zones);
  return zones;
}

/** Inputs a reader fills in; a hidden input, or a bare submit button, asks nothing of them. */
const NON_FILLABLE_INPUT_TYPES = new Set(['hidden', 'submit', 'button', 'image', 'reset']);

function isFillableControl(el: Element): boolean {
  if (el.name === 'textarea' || el.name === 'select') return true;
  return el.name === 'input' && !NON_FILLABLE_INPUT_TYPES.has((el.attribs.type ?? 'text').trim().toLowerCase());
}

/** Fillable form controls per element under a wrapper. */
const formControlsCache = new WeakMap<Element, Map<Element, number>>();
function formControls(wrapper: Element): Map<Element, number> {
  const cached = formControlsCache.get(wrapper);
  if (cached !== undefined) return cached;
  const counts = new Map<Element, number>();
  const visit = (el: Element): void => {
    if (!isFillableControl(el)) {
      for (const c of el.children) if (isTag(c)) visit(c);
      return;
    }
    for (let e: Element | null = el; e !== null; e = e.parent as Element | null) {
      counts.set(e, (counts.get(e) ?? 0) + 1);
      if (e === wrapper) break;
    }
  };
  visit(wrapper);
  formControlsCache.set(wrapper, counts);
  return counts;
}

/**
 * A container beside the article's text, neither where the item was recognised nor most of the
 * wrapper's text, whose lines are not the article's (ours, in the spirit of Readability's
 * conditional cleaning): a fragment zone, several short lines and no sentence (chart labels,
 * counters, link grids, "more from" boxes), or a form zone, more fillable controls than one per
 * FORM_ZONE_LINES_PER_CONTROL lines (a newsletter sign-up, a comment form, a poll: Readability
 * removes a node with more inputs than a third of its paragraphs).
 */
function isSideZone(el: Element, wrapper: Element, opts: RenderOptions): boolean {
  const zones = zoneTexts(wrapper);
  const z = zones.get(el);
  const fragment = z !== undefined && !z.hasSentence && (z.lines >= FRAGMENT_ZONE_MIN_LINES || isTeaserLine(el, z, opts.postPage));
  const form = (formControls(wrapper).get(el) ?? 0) > Math.floor((z?.lines ?? 0) / FORM_ZONE_LINES_PER_CONTROL);
  if ((!fragment && !form) || (z?.chars ?? 0) >= (zones.get(wrapper)?.chars ?? 0) * FRAGMENT_ZONE_MAX_TEXT_SHARE) return false;
  // Notes the article's text links to ("<a href=#fn:1>1</a>" -> "<li id=fn:1>"): the reader follows them from it.
  if (!form && isLinkedFromOutside(el, wrapper)) return false;
  return !(opts.core !== undefined && contains(el, opts.core)) && !(opts.evidence ?? []).some((e) => contains(el, e));
}

/**
 * A box of one line, mostly the text of a link to another post of the page's own site ("Read more:
 * <a>another headline</a>" between two parts of a body): a teaser of that post, not this article's
 * text. The other post is told by its URL's pattern (`postLinkOf`), not by words. ours.
 */
function isTeaserLine(el: Element, z: ZoneText, page: PostPage | undefined): boolean {
  if (z.lines !== 1 || z.linkChars < z.chars * TEASER_LINE_MIN_LINK_SHARE || page === undefined) return false;
  const visit = (e: Element): boolean =>
    (e.name === 'a' && postLinkOf(e.attribs.href, page) === 'other') || e.children.some((c) => isTag(c) && visit(c));
  return visit(el);
}

/** Per wrapper: the ids its in-page links (`href="#id"`) point at, with those links. */
const inPageLinksCache = new WeakMap<Element, Map<string, Element[]>>();
function inPageLinks(wrapper: Element): Map<string, Element[]> {
  let links = inPageLinksCache.get(wrapper);
  if (links !== undefined) return links;
  const found = new Map<string, Element[]>();
  const visit = (el: Element): void => {
    const href = el.name === 'a' ? el.attribs.href?.trim() : undefined;
    if (href !== undefined && href.length > 1 && href.startsWith('#')) {
      const id = href.slice(1);
      const to = found.get(id);
      if (to === undefined) found.set(id, [el]);
      else to.push(el);
    }
    for (const c of el.children) if (isTag(c)) visit(c);
  };
  visit(wrapper);
  links = found;
  inPageLinksCache.set(wrapper, links);
  return links;
}

/** Whether an element inside `el` is the target of an in-page link of the wrapper outside `el`. */
function isLinkedFromOutside(el: Element, wrapper: Element): boolean {
  const links = inPageLinks(wrapper);
  if (links.size === 0) return false;
  const visit = (e: Element): boolean => {
    const id = e.attribs.id;
    if (id !== undefined && (links.get(id) ?? []).some((a) => !contains(el, a))) return true;
    return e.children.some((c) => isTag(c) && visit(c));
  };
  return visit(el);
}

export function renderArticle(wrapper: Element, opts: RenderOptions): RenderedArticle {
  const lines: string[] = [];
  let current = '';
  const html: string[] = [];
  const references: Reference[] = [];
  const seen = new Set<string>();
  // A link's or image's URL is resolved for its reference and again for its start tag: once here.
  const resolved = new Map<string, string | null>();
  const resolve = (url: string): string | null => {
    let abs = resolved.get(url);
    if (abs === undefined) {
      abs = absolute(url, opts.baseUrl);
      resolved.set(url, abs);
    }
    return abs;
  };
  const tagOptions: StartTagOptions = { keep: KEPT_ATTRIBUTES, resolveUrl: resolve };
  const newline = (): void => {
    if (current.trim() !== '') lines.push(current);
    current = '';
  };
  const addRef = (kind: Reference['kind'], url: string | undefined, text: string | null): string | null => {
    if (url === undefined || url.trim() === '' || url.startsWith('#')) return null;
    const abs = resolve(url);
    if (abs === null) return null;
    const key = `${kind} ${abs}`;
    if (!seen.has(key)) {
      seen.add(key);
      references.push({ kind, url: abs, text });
    }
    return abs;
  };
  const visit = (node: AnyNode, inPre: boolean): void => {
    if (isText(node)) {
      if (inPre) {
        const parts = node.data.split('\n');
        parts.forEach((p, i) => {
          if (i > 0) newline();
          current += p;
        });
      } else current += node.data;
      html.push(escapeText(node.data));
      return;
    }
    if (!isTag(node)) return;
    if (MEDIA_TAGS.has(node.name) && boilerplateReason(node) === null)
      addRef('media', node.attribs.src ?? node.attribs['data-src'], node.attribs.title ?? null);
    if (isLeftOut(node, wrapper, opts)) return;
    const name = node.name;
    const block = breaksLine(name);
    if (block) newline();
    if (name === 'a') addRef('link', node.attribs.href, collapseSpaces(nodeText(node)) || null);
    else if (name === 'img') addRef('image', node.attribs.src ?? node.attribs['data-src'], node.attribs.alt ?? null);
    html.push(startTag(node, tagOptions));
    if (VOID_TAGS.has(name)) {
      if (block) newline();
      return;
    }
    for (const c of node.children) visit(c, inPre || name === 'pre');
    html.push(endTag(node));
    if (block) newline();
  };
  for (const c of wrapper.children) visit(c, false);
  newline();
  const text = lines
    .map(collapseSpaces)
    .filter((l) => l !== '')
    .join('\n');
  return { text, html: html.join(''), references };
}

/**
 * A content node found without a feed item (a template's content path, an E-mCST block) rendered
 * like a feed-guided wrapper: hidden copies, widgets and the comments inside it left out, and the
 * title when the template found it inside (a feed-guided wrapper leaves its title out too: the
 * versions of one post compare alike whichever way a crawl found it). `comments`: the zone and entry
 * nodes the comment extractor found on the page, left out as well (a zone without any comment hint).
 */
export function renderContentNode(
  page: ParsedPage,
  node: Element,
  title: Element | null = null,
  comments: CommentNodes | null = null,
): RenderedArticle {
  const skip = new Set(commentNodesInside(node, comments?.zone ?? null, comments?.entryNodes ?? []));
  if (title !== null && title !== node && contains(node, title)) skip.add(title);
  const postPage = postPageOf(page.url);
  return renderArticle(node, { baseUrl: pageBaseUrl(page), skip, ...(postPage === undefined ? {} : { postPage }) });
}
