/**
 * Matching a page against a host's templates [000 §III-E]: the page is a post when a template's
 * key-path finds its node; the properties come from the first non-empty match of each property
 * path. Guards against channel pages (several posts listed) follow 000 Listing 4 path 3.
 */
import type { Element } from 'domhandler';
import * as chrono from 'chrono-node/en';
import { BoundedMemo } from '../core/bounded-memo.js';
import { contains } from '../core/dom-text.js';
import { isIsoDay } from '../core/iso-day.js';
import {
  type ArticleProperties,
  findModified,
  findPublished,
  type NumericDateOrder,
  numericDateOrderOf,
  type ParsedPage,
  pageHead,
  readPrintedDate,
  renderContentNode,
} from '../extract/index.js';
import { entryLinksUnder, linksElsewhere } from './channel-page.js';
import { propertyText, textLength } from './content-render.js';
import { CHANNEL_MIN_REPEATS, MIN_CONTENT_CHARS, TEMPLATE_CONFIDENCE, TEMPLATE_MISSING_PROPERTY_PENALTY } from './constants.js';
import { type CompiledKeyPath, compileKeyPath, findAllNodes } from './key-path-match.js';
import { parseKeyPath } from './key-path.js';
import type { PageMatch, PostTemplate } from './types.js';

/** Index of each path in a compiled template; null when the template has no such path. */
interface CompiledTemplate {
  key: CompiledKeyPath | null;
  content: CompiledKeyPath | null;
  title: CompiledKeyPath | null;
  author: CompiledKeyPath | null;
  date: CompiledKeyPath | null;
  categories: CompiledKeyPath | null;
}

const compiled = new WeakMap<PostTemplate, CompiledTemplate>();

/** ours: more distinct paths than any build's templates hold. */
const MAX_COMPILED_PATHS = 10_000;
/** Compiled paths by notation: the template objects of a host are made anew for each of its pages. */
const compiledPaths = new BoundedMemo<string, CompiledKeyPath | null>(MAX_COMPILED_PATHS);

function compileNotation(notation: string): CompiledKeyPath | null {
  const kp = parseKeyPath(notation);
  return kp === null || kp.steps.length === 0 ? null : compileKeyPath(kp);
}

function compile(path: string | null): CompiledKeyPath | null {
  return path === null ? null : compiledPaths.get(path, compileNotation);
}

/** Paths are parsed and compiled once per notation, and looked up once per template object. */
function compiledTemplate(t: PostTemplate): CompiledTemplate {
  let c = compiled.get(t);
  if (c === undefined) {
    c = {
      key: compile(t.keyPath),
      content: compile(t.contentPath),
      title: compile(t.propertyPaths.title),
      author: compile(t.propertyPaths.author),
      date: compile(t.propertyPaths.date),
      categories: compile(t.propertyPaths.categories),
    };
    compiled.set(t, c);
  }
  return c;
}

type Slot = keyof CompiledTemplate;
const SLOTS: Slot[] = ['key', 'content', 'title', 'author', 'date', 'categories'];

/** One walk of the page for every path of every template, each distinct path matched once (candidate
 *  templates share most of their paths; a path's nodes are read, never changed, by each template). */
function matchAllPaths(page: ParsedPage, templates: readonly PostTemplate[]): Array<Record<Slot, Element[]>> {
  const paths: CompiledKeyPath[] = [];
  const indexOf = new Map<CompiledKeyPath, number>();
  const where: Array<Record<Slot, number>> = [];
  for (const t of templates) {
    const c = compiledTemplate(t);
    const idx = {} as Record<Slot, number>;
    for (const slot of SLOTS) {
      const p = c[slot];
      if (p === null) {
        idx[slot] = -1;
        continue;
      }
      let i = indexOf.get(p);
      if (i === undefined) {
        i = paths.push(p) - 1;
        indexOf.set(p, i);
      }
      idx[slot] = i;
    }
    where.push(idx);
  }
  const found = findAllNodes(page.document, paths);
  return where.map((idx) => {
    const r = {} as Record<Slot, Element[]>;
    for (const slot of SLOTS) r[slot] = idx[slot] < 0 ? [] : (found[idx[slot]] ?? []);
    return r;
  });
}

const firstNonEmpty = (nodes: Element[]): Element | null => nodes.find((n) => textLength(n, 1) > 0) ?? null;

/** ISO date of a date node: machine-readable attribute first, then the text (chrono-node).
 *  `order`: the template's learnt order of numeric dates (`learnDateOrder`). */
export function dateOf(el: Element, order: NumericDateOrder | null = null): string | null {
  for (const attr of ['datetime', 'content', 'title']) {
    const v = el.attribs[attr]?.trim();
    if (v !== undefined) {
      const t = Date.parse(v);
      // A machine-readable day without a time ("2025-03-13") is that day, not its midnight.
      if (!Number.isNaN(t)) return isIsoDay(v) ? v : new Date(t).toISOString();
    }
  }
  const inner =
    el.name === 'time' ? null : (el.children.find((c) => c.type === 'tag' && (c as Element).name === 'time') as Element | undefined);
  if (inner !== undefined && inner !== null) return dateOf(inner, order);
  const text = propertyText(el);
  if (text === '') return null;
  // Printed dates in the usual languages first ("19. März 2025 um 09:15"); chrono reads English
  // phrasings, and only a date naming its day and year (a bare time would be read as today). A day
  // printed without its time is a day ("2025-03-19"), not that day's midnight: the feed's exact
  // time for the same post is the same date (changes' `isSameDate`).
  const printed = readPrintedDate(text, null, order);
  if (printed !== null) return printed.timed ? printed.iso : printed.iso.slice(0, 10);
  // In UTC, as every date of the overlay (else the machine's time zone shifts printed times).
  const [found] = chrono.parse(text, { instant: new Date(), timezone: 0 });
  if (found === undefined || !found.start.isCertain('day') || !found.start.isCertain('year')) return null;
  const parsed = found.start.date();
  // chrono builds a Date from whatever year the text names; out of range it is an Invalid Date.
  if (Number.isNaN(parsed.getTime())) return null;
  return found.start.isCertain('hour') ? parsed.toISOString() : parsed.toISOString().slice(0, 10);
}

/** Author name without a leading "By". */
function authorOf(el: Element): string | null {
  const text = propertyText(el)
    .replace(/^by\s+/i, '')
    .trim();
  return text === '' ? null : text;
}

/** Category names: the anchors of each matched node, else its text. */
/** Category names under the categories path; a wide path (a post footer) also holds the byline and date: those are not categories. */
function categoriesOf(nodes: Element[], other: ReadonlyArray<Element | null>): string[] {
  const out: string[] = [];
  const skip = new Set(other.filter((e): e is Element => e !== null));
  for (const n of nodes) {
    const anchors: Element[] = [];
    const stack: Element[] = [n];
    while (stack.length > 0) {
      const e = stack.pop() as Element;
      if (skip.has(e) && e !== n) continue;
      if (e.name === 'a') anchors.push(e);
      for (const c of e.children) if (c.type === 'tag') stack.push(c as Element);
    }
    const names = anchors.length > 0 ? anchors.map(propertyText) : [propertyText(n)];
    for (const name of names) if (name !== '' && !out.includes(name)) out.push(name);
  }
  return out;
}

/** The article properties of a page given the matched nodes of template `t`. */
function propertiesOf(page: ParsedPage, t: PostTemplate, content: Element, m: Record<Slot, Element[]>): ArticleProperties {
  const title = firstNonEmpty(m.title);
  const author = firstNonEmpty(m.author);
  const date = firstNonEmpty(m.date);
  const { text, html, references } = renderContentNode(page, content, title);
  const head = pageHead(page);
  return {
    title: title === null ? null : propertyText(title),
    author: author === null ? null : authorOf(author),
    // The page's own statement of its publication first: a live blog's template date path, learnt
    // where the feed's date hid it, finds the newest entry's time; elsewhere both agree.
    published: findPublished(head) ?? (date === null ? null : dateOf(date, t.dateOrder ?? null)),
    updated: findModified(head),
    categories: categoriesOf(
      m.categories.filter((n) => textLength(n, 1) > 0),
      [author, date],
    ),
    text,
    html,
    references,
  };
}

const PROPERTY_SLOTS = ['title', 'author', 'date', 'categories'] as const;

/** TEMPLATE_CONFIDENCE, lowered by the share of the template's property paths that found nothing on the page. */
function matchConfidence(t: PostTemplate, m: Record<Slot, Element[]>): number {
  const declared = PROPERTY_SLOTS.filter((p) => t.propertyPaths[p] !== null);
  if (declared.length === 0) return TEMPLATE_CONFIDENCE * (1 - TEMPLATE_MISSING_PROPERTY_PENALTY);
  const missing = declared.filter((p) => firstNonEmpty(m[p]) === null).length;
  return Math.round(TEMPLATE_CONFIDENCE * (1 - (TEMPLATE_MISSING_PROPERTY_PENALTY * missing) / declared.length) * 1000) / 1000;
}

/** Characters a printed date line has at most ("Tuesday, 4 March 2025 at 11:12 am"). ours. */
const MAX_DATE_LINE_CHARS = 80;

/** A date node: a short line with a number in it (a date in any language: "4 במרץ 2025"), else one
 *  the date reader reads. The cheap test first: every page a template is validated on asks. */
function looksLikeDate(node: Element, t: PostTemplate): boolean {
  if (textLength(node, MAX_DATE_LINE_CHARS + 1) <= MAX_DATE_LINE_CHARS && /\p{N}/u.test(propertyText(node))) return true;
  return dateOf(node, t.dateOrder ?? null) !== null;
}

/**
 * Of several nodes a content path finds, the post's content when the page's one key node, the
 * post's title, tells it: the only one holding the title, while no other one holds an entry link (a heading or
 * `rel=bookmark` anchor leading to another page of the host, as the entries of a list do). Where
 * class names tell nothing apart (none, or the same utility classes on every `<div>`), the article's
 * block and the comments' block after it are one step of the path [000 §III-B]; the key node says
 * which one the post is. Null when nothing tells: a list of posts. ours.
 */
function keyedContent(page: ParsedPage, t: PostTemplate, keyNodes: readonly Element[], contentNodes: readonly Element[]): Element | null {
  const [key] = keyNodes;
  if (key === undefined || keyNodes.length > 1 || t.keyPath !== t.propertyPaths.title) return null;
  const holding = contentNodes.filter((n) => contains(n, key));
  const own = holding.length === 1 ? (holding[0] as Element) : null;
  if (own === null) return null;
  const others = contentNodes.filter((n) => n !== own && !contains(n, own) && !contains(own, n));
  return entryLinksUnder(others, page.url).size === 0 ? own : null;
}

/** What one template says of a page: a post (with its content node), not a post (a channel page), or nothing (try the next). */
type Verdict = { kind: 'post'; content: Element } | { kind: 'no'; reason: string } | { kind: 'next'; reason: string };

function judge(page: ParsedPage, t: PostTemplate, m: Record<Slot, Element[]>): Verdict {
  if (m.key.length === 0) return { kind: 'next', reason: '' };
  const keyNodes = m.key.filter((n) => textLength(n, 1) > 0);
  if (keyNodes.length >= CHANNEL_MIN_REPEATS)
    return { kind: 'no', reason: `channel page: key-path of template ${t.id} matches ${keyNodes.length} non-empty nodes` };
  const contentNodes = m.content.filter((n) => textLength(n, MIN_CONTENT_CHARS) >= MIN_CONTENT_CHARS);
  const content = contentNodes.length >= CHANNEL_MIN_REPEATS ? keyedContent(page, t, keyNodes, contentNodes) : contentNodes[0];
  if (content === null)
    return { kind: 'no', reason: `channel page: content path of template ${t.id} matches ${contentNodes.length} nodes` };
  if (content === undefined)
    return {
      kind: 'next',
      reason: `template ${t.id}: key-path matches but content path finds no node with >= ${MIN_CONTENT_CHARS} characters`,
    };
  // A required date must look like one: prose where every post prints its date (an "About" page
  // on the post template) is no date.
  const found = (p: (typeof t.requiredProperties)[number]): boolean => {
    const node = firstNonEmpty(m[p]);
    return node !== null && (p !== 'date' || looksLikeDate(node, t));
  };
  const missing = t.requiredProperties.filter((p) => !found(p));
  if (missing.length > 0)
    return { kind: 'next', reason: `template ${t.id}: no ${missing.join(', ')} found, though every page it was learnt from has them` };
  const title = firstNonEmpty(m.title);
  if (title !== null && linksElsewhere(title, page.url))
    return { kind: 'no', reason: `channel page: title of template ${t.id} links to another page (a list entry)` };
  return { kind: 'post', content };
}

/**
 * The order of day and month in the numeric dates a template's date path prints ("10.03.2025"),
 * voted by the pages it was learnt from, each against its feed item's date (000 §V finds the date
 * node from the feed's date; here the same pair says how the site writes it). Null when no page
 * tells or as many say one order as the other: the page's language decides then.
 */
export function learnDateOrder(
  t: PostTemplate,
  pages: ReadonlyArray<{ page: ParsedPage; published: string | null }>,
): NumericDateOrder | null {
  const path = compiledTemplate(t).date;
  if (path === null) return null;
  let dayFirst = 0;
  let monthFirst = 0;
  for (const { page, published } of pages) {
    if (published === null) continue;
    const node = firstNonEmpty(findAllNodes(page.document, [path])[0] ?? []);
    const order = node === null ? null : numericDateOrderOf(propertyText(node), published);
    if (order === 'day-first') dayFirst++;
    else if (order === 'month-first') monthFirst++;
  }
  return dayFirst > monthFirst ? 'day-first' : monthFirst > dayFirst ? 'month-first' : null;
}

/**
 * Is `page` a post of one of `templates` (best first: higher support first), and its properties.
 * Not a post when no key-path matches, when the key-path or content path finds several non-empty
 * nodes (a channel page lists several posts), when a property found on every learnt page is missing
 * (a static page in the post theme), or when the title links to another page (a list entry).
 */
export function matchPage(page: ParsedPage, templates: readonly PostTemplate[]): PageMatch {
  const ordered = [...templates].sort((a, b) => b.support - a.support);
  const matches = matchAllPaths(page, ordered);
  let reason = templates.length === 0 ? 'no template for this host' : 'no template key-path matches';
  for (const [i, t] of ordered.entries()) {
    const m = matches[i] as Record<Slot, Element[]>;
    const v = judge(page, t, m);
    if (v.kind === 'next') {
      if (v.reason !== '') reason = v.reason;
      continue;
    }
    if (v.kind === 'no')
      return { isPost: false, templateId: t.id, properties: null, content: null, reason: v.reason, confidence: TEMPLATE_CONFIDENCE };
    const properties = propertiesOf(page, t, v.content, m);
    const confidence = matchConfidence(t, m);
    const content = { node: v.content, title: firstNonEmpty(m.title) };
    return { isPost: true, templateId: t.id, properties, content, reason: `key-path of template ${t.id} matches`, confidence };
  }
  return { isPost: false, templateId: null, properties: null, content: null, reason, confidence: 0 };
}

/**
 * Whether each template on its own accepts `page` as a post (`matchPage(page, [t]).isPost`), from
 * one walk of the page for all of them and without reading the properties: what validating
 * candidate templates on many pages needs.
 */
export function acceptsEach(page: ParsedPage, templates: readonly PostTemplate[]): boolean[] {
  const matches = matchAllPaths(page, templates);
  return templates.map((t, i) => judge(page, t, matches[i] as Record<Slot, Element[]>).kind === 'post');
}
