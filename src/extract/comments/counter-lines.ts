/**
 * Lines a zone's entries print alike are the records' template, not the comments' text; the
 * zone's own entries decide, no words:
 * - counter lines: a short line with a number that most entries print alike, numbers masked
 *   (`templateKey`: "6 points ·" and "12 points ·"), each record's own count (a score, a like
 *   count); the changes stage compares comments without such lines for the same reason
 *   (`commentTemplateLinesOf`);
 * - control links: a short link leading nowhere (`isControlLink`) whose text most entries print
 *   (a "Like" or "Flag" button by whatever name), and a bar of two or more such links on any entry,
 *   a lone one too. A link leading nowhere whose text differs from entry to entry (a comment's own
 *   title that folds it) stays text;
 * - a short link to the page's reply form (`#respond`, `#otvet`: its target holds the form with a
 *   `<textarea>`, or is the heading just before it), on any entry, a lone one too: it answers, it
 *   says nothing; so does a short link to the entry's own address (where its date links).
 */
import { type AnyNode, type Element, isTag, isText } from 'domhandler';
import { elementsNamed, leadsNowhere } from '../../core/dom-text.js';
import { contains } from '../page-dom.js';
import { templateKey } from '../../core/template-key.js';
import { collapseWhitespace, countWordsUpTo } from '../text-normalize.js';
import { isCounterLike, isInParagraph, pathInEntry, printedText } from './comment-entry.js';
import { MAX_CONTROL_BAR_NODES, MAX_COUNTER_LINE_WORDS, MIN_COUNTER_LINE_ENTRIES, MIN_COUNTER_LINE_SHARE } from './constants.js';
import { linkAround, type ReadEntry } from './reply-markers.js';

/** Whether `el` prints a line of the entry apart from its text: not one of its top nodes, no
 *  paragraph and in none. */
function isEntryLine(el: Element, e: ReadEntry): boolean {
  return el.name !== 'p' && !e.entry.nodes.includes(el) && !isInParagraph(el, e.entry);
}

/** For each entry of the zone, the elements printing one of its counter lines (empty when none). */
export function counterLinesOf(entries: readonly ReadEntry[]): Element[][] {
  const none = entries.map((): Element[] => []);
  if (entries.length < MIN_COUNTER_LINE_ENTRIES) return none;
  const keys = entries.map((e) => new Set(e.text.split('\n').filter(isCounterLike).map(templateKey)));
  const counts = new Map<string, number>();
  for (const ks of keys) for (const k of ks) counts.set(k, (counts.get(k) ?? 0) + 1);
  const template = new Set([...counts].filter(([, n]) => n > MIN_COUNTER_LINE_SHARE * entries.length).map(([k]) => k));
  if (template.size === 0) return none;
  const found = entries.map((e) => {
    const lines = new Set(e.text.split('\n').filter((l) => template.has(templateKey(l))));
    const counters: Element[] = [];
    for (const el of e.elements) {
      if (lines.size === 0) break;
      if (isEntryLine(el, e) && lines.delete(printedText(el))) counters.push(el);
    }
    return counters;
  });
  // A count printed where the other entries print theirs, its words another form of theirs, is one
  // too ("1 point" among "2 points", "1 Punkt" among "3 Punkte"): the place and the stems decide.
  const places = new Set(found.flatMap((counters, i) => counters.map((el) => pathInEntry(el, (entries[i] as ReadEntry).entry))));
  const templateKeys = [...template];
  const isTemplateForm = (line: string): boolean => templateKeys.some((key) => sameStems(templateKey(line), key));
  return entries.map((e, i) => {
    const counters = found[i] as Element[];
    const lines = new Set(e.text.split('\n').filter((l) => isCounterLike(l) && isTemplateForm(l)));
    for (const el of e.elements) {
      if (lines.size === 0) break;
      if (counters.includes(el) || !isEntryLine(el, e) || !places.has(pathInEntry(el, e.entry))) continue;
      if (lines.delete(printedText(el))) counters.push(el);
    }
    return counters;
  });
}

/** Letters an inflected ending may change (point/points, reply/replies, балл/баллов). ours. */
const MAX_ENDING_CHANGE = 3;

/** Whether two lines' words are the same words in other forms: word by word, equal, or sharing all
 *  but the last `MAX_ENDING_CHANGE` letters of the longer one (at least three). */
function sameStems(a: string, b: string): boolean {
  const wa = a.split(' ');
  const wb = b.split(' ');
  if (wa.length !== wb.length) return false;
  return wa.every((x, i) => {
    const y = wb[i] as string;
    if (x === y) return true;
    let common = 0;
    while (common < x.length && common < y.length && x[common] === y[common]) common++;
    return common >= Math.max(3, Math.max(x.length, y.length) - MAX_ENDING_CHANGE);
  });
}

/** For each entry of the zone, its control links and control bars (empty when none). */
export function controlLinksOf(entries: readonly ReadEntry[]): Element[][] {
  const isShortControl = (el: Element): boolean => isControlLink(el) && isShortLink(el);
  const controls = entries.map((e) => new Map(e.elements.filter(isShortControl).map((el) => [el, collapseWhitespace(printedText(el))])));
  const counts = new Map<string, number>();
  for (const lines of controls) for (const line of new Set(lines.values())) counts.set(line, (counts.get(line) ?? 0) + 1);
  const isRepeated = (line: string): boolean =>
    entries.length >= MIN_COUNTER_LINE_ENTRIES && line !== '' && (counts.get(line) ?? 0) > MIN_COUNTER_LINE_SHARE * entries.length;
  return entries.map((e, i) => {
    const bars = e.elements.filter((el) => el.name !== 'a' && isControlBar(el, isShortControl));
    const outer = bars.filter((bar) => !bars.some((other) => other !== bar && contains(other, bar)));
    const links = [...(controls[i] ?? [])].filter(([el, line]) => isRepeated(line) && !outer.some((bar) => contains(bar, el)));
    const toForm = e.elements.filter((el) => isFormLink(el) && !outer.some((bar) => contains(bar, el)));
    const toSelf = ownAddressLinks(e).filter((el) => !outer.some((bar) => contains(bar, el)));
    return [...outer, ...links.map(([el]) => el), ...toForm, ...toSelf];
  });
}

/**
 * Short links, outside the entry's paragraphs, to the address its date links (the comment's own
 * page or anchor), apart from that date link ("1 Reply" opening the entry's thread, "Share"): a
 * link leading to the entry itself says nothing of it, on any entry, a lone one too.
 */
function ownAddressLinks(e: ReadEntry): Element[] {
  const dated = linkAround(e.entry.marker, e.entry.nodes);
  const own = dated?.attribs.href?.trim();
  if (leadsNowhere(own)) return [];
  return e.elements.filter(
    (el) => el.name === 'a' && el !== dated && el.attribs.href?.trim() === own && isShortLink(el) && !isInParagraph(el, e.entry),
  );
}

/** An element printing nothing but control links (`isShortControl`, or links to a place inside their
 *  own entry) and at most one counter ("6 points · Reply", "Reply · Like", whichever the words), two
 *  parts at least: the widget's bar, even on a lone entry. */
function isControlBar(el: Element, isShortControl: (a: Element) => boolean): boolean {
  let parts = 0;
  let outside = '';
  let nodes = 0;
  const onlyControls = (node: AnyNode): boolean => {
    // A bar is a few links: a larger subtree is none, read no further (bounds the work on hostile pages).
    if (++nodes > MAX_CONTROL_BAR_NODES) return false;
    if (isText(node)) {
      outside += node.data;
      // More words than a counter's: no bar, read no further.
      return countWordsUpTo(outside, MAX_COUNTER_LINE_WORDS) <= MAX_COUNTER_LINE_WORDS;
    }
    if (!isTag(node)) return true;
    if (node.name === 'a') {
      if (!isShortControl(node) && !isSelfLink(node)) return false;
      parts++;
      outside += ' ';
      return true;
    }
    return node.children.every(onlyControls);
  };
  if (!el.children.every(onlyControls)) return false;
  if (WORD.test(outside)) {
    if (!isCounterLike(outside)) return false;
    parts++;
  }
  return parts >= 2;
}

/** A short link to an element holding it (`#c12` inside `li#c12`): it leads nowhere new. */
function isSelfLink(a: Element): boolean {
  const href = a.attribs.href?.trim() ?? '';
  if (!href.startsWith('#') || href.length < 2 || !isShortLink(a)) return false;
  const id = href.slice(1);
  for (let e = a.parent; e !== null && isTag(e); e = e.parent) if (e.attribs.id === id) return true;
  return false;
}

/** Elements by id, per document: a link's target looked up once per page. */
const idsOf = new WeakMap<AnyNode, Map<string, Element>>();

function elementById(from: Element, id: string): Element | null {
  let root: AnyNode = from;
  while (root.parent !== null) root = root.parent;
  let ids = idsOf.get(root);
  if (ids === undefined) {
    const found = new Map<string, Element>();
    const stack: AnyNode[] = [root];
    while (stack.length > 0) {
      const n = stack.pop() as AnyNode;
      if (isTag(n) && n.attribs.id !== undefined && !found.has(n.attribs.id)) found.set(n.attribs.id, n);
      if ('children' in n) for (const c of n.children) stack.push(c);
    }
    ids = found;
    idsOf.set(root, ids);
  }
  return ids.get(id) ?? null;
}

/** Whether the element is a `<textarea>` or holds one (the page's listed elements, one walk per page). */
const holdsReplyForm = (el: Element): boolean => el.name === 'textarea' || elementsNamed(el, 'textarea').length > 0;

/** A short link to this page's reply form: `#id` (a query before it allowed), its target holding a
 *  `<textarea>` or the element just before one that does (a "Leave a reply" heading). */
function isFormLink(el: Element): boolean {
  if (el.name !== 'a') return false;
  const href = el.attribs.href?.trim() ?? '';
  const at = href.indexOf('#');
  if (at < 0 || at === href.length - 1 || !(at === 0 || href.startsWith('?')) || !isShortLink(el)) return false;
  const target = elementById(el, href.slice(at + 1));
  if (target === null) return false;
  let next: AnyNode | null = target.next;
  while (next !== null && !isTag(next)) next = next.next;
  return holdsReplyForm(target) || (next !== null && isTag(next) && holdsReplyForm(next));
}

/** A link printing no more words than a counter line. */
function isShortLink(a: Element): boolean {
  return countWordsUpTo(printedText(a), MAX_COUNTER_LINE_WORDS) <= MAX_COUNTER_LINE_WORDS;
}

const WORD = /[\p{L}\p{N}]/u;

/** A link that leads nowhere: `role="button"`, or an `href` that is empty, `#` or `javascript:`. */
function isControlLink(el: Element): boolean {
  if (el.name !== 'a') return false;
  return el.attribs.role === 'button' || (el.attribs.href !== undefined && leadsNowhere(el.attribs.href));
}
