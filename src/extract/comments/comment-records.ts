/**
 * Undated comment records: data-record mining (ours; the "generalised nodes" of one shape that
 * MDR finds, as 004 §2 recalls it). Without a date, a comment id or a comment feed, a thread is
 * still a run of sibling subtrees of one tag/class shape, each opening with a short name line (a
 * bold, link or cite, the text beside an avatar) followed by free text, or free text closed by such
 * a line (a signature: "— <cite>Rui Alves</cite>", guestbook-like engines); replies are records of
 * the same shape nested one level down. The records of one run print their names in one place.
 * Comments stay records of their own, apart from the article [004 §4.2, end]. The page alone never
 * decides: such a zone is the site's comment structure only when the same structure recurs on
 * several post pages of the host (`decideStructureOnlyZone`). A name line alone in its element may
 * also pair with the text of its sibling: before it (`<dt>Ana</dt><dd>text</dd>`, the div
 * equivalent) or after it (a quote, then its signature); a record is then that pair of two shapes.
 */
import { type AnyNode, type Element, isTag, isText, type Text } from 'domhandler';
import { breaksLine, contains, isIgnoredElement } from '../page-dom.js';
import { countWordsUpTo } from '../text-normalize.js';
import { MAX_AUTHOR_WORDS, MIN_RECORD_TEXT_WORDS } from './constants.js';
import { hasDateText } from './comment-dates.js';
import { SENTENCE_END, textsUpTo } from './comment-entry.js';

/** How a record group is found (`EntryGroup.how`): what tells a record zone's structure apart. */
export const RECORDS_HOW = 'records on';

/** Where a record prints its name line: opening the record, or closing it (a signature). */
type NamePlace = 'opening' | 'closing';

/** A record's name line at each place (null where it prints none), and for a line alone in its
 *  record, the sibling whose text it introduces or signs (`textOfSibling`; null otherwise). */
type NameLines = Record<NamePlace, Element | null> & { alone: Record<NamePlace, Element | null> };

/** What one search reads once per element: its first text, and its name lines as a record (an
 *  element is asked both as a reply inside a record and as a record of its own parent). */
interface Readings {
  firstTexts: Map<Element, Text | null>;
  names: Map<Element, NameLines>;
}

/** One record of a run. */
export interface FoundRecord {
  /** The record's subtree holding its name line (replies nested in it included, read apart). */
  top: Element;
  /** What the record prints, in page order: `top`, or, when `top` prints its name line alone, `top`
   *  and the sibling whose text the name introduces or signs. */
  nodes: Element[];
}

/** One run of records: the top-level records under one container and the replies nested in them. */
export interface RecordRun {
  /** The parent of the top-level records: the zone. */
  container: Element;
  /** Each record's name line, in document order (top-level records and nested replies). */
  names: Element[];
  /** Each name's record, in the same order (`FoundRecord`). */
  records: FoundRecord[];
  /** `RECORDS_HOW` and the container's and records' shapes. */
  how: string;
}

const HEADING = /^h[1-6]$/;
const NON_SPACE = /\S/;

/**
 * The record runs under `root`, outermost first. `prune`: subtrees never searched (the article,
 * sidebars, forms); `shapeOf`: an element's tag and classes with the per-entry variants left out
 * (`signatureStep`: `tag` or `tag.class.class`). Records are not searched inside records: a comment's own paragraphs are no run.
 * `after` (the article): the subtrees wholly before it are not searched either, since a run there
 * would open before the article (a thread follows it); they are still records of the runs beside it.
 */
export function findRecordRuns(
  root: Element,
  prune: (el: Element) => boolean,
  shapeOf: (el: Element) => string,
  after: Element | null = null,
): RecordRun[] {
  const runs: RecordRun[] = [];
  const readings: Readings = { firstTexts: new Map(), names: new Map() };
  const aroundAfter = new Set<AnyNode>();
  for (let e: AnyNode | null = after; e !== null; e = e.parent) aroundAfter.add(e);
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const parent = stack.pop() as Element;
    if (isIgnoredElement(parent) || prune(parent)) continue;
    const byShape = new Map<string, Array<[Element, NameLines]>>();
    for (const c of parent.children) {
      // What holds the article is the page's main column, no record (a `<main>` printed as a `<div>`
      // among the page's other top-level `<div>`s): it is searched inside.
      if (!isTag(c) || isIgnoredElement(c) || prune(c) || aroundAfter.has(c)) continue;
      const shape = shapeOf(c);
      const lines = recordNames(c, shape, shapeOf, readings);
      if (lines.opening === null && lines.closing === null) continue;
      const list = byShape.get(shape);
      if (list === undefined) byShape.set(shape, [[c, lines]]);
      else list.push([c, lines]);
    }
    const inRecords = new Set<Element>();
    for (const [shape, found] of byShape) {
      const place = placeOfNames(found, shape, shapeOf);
      const tops = found.flatMap(([top, lines]): Array<[Element, Element]> => (lines[place] === null ? [] : [[top, lines[place]]]));
      const names: Element[] = [];
      const records: FoundRecord[] = [];
      for (const [top, name] of tops) {
        names.push(name);
        records.push({ top, nodes: recordNodes(top, place, readings) });
        for (const [reply, replyName] of nestedRecords(top, name, { shape, shapeOf, prune, place }, readings)) {
          names.push(replyName);
          records.push({ top: reply, nodes: recordNodes(reply, place, readings) });
        }
      }
      // A run signed at its records' ends is another structure than one opening with the names.
      const how = `${RECORDS_HOW} ${shapeOf(parent)}|${shape}${place === 'closing' ? ' signed' : ''}`;
      runs.push({ container: parent, names, records, how });
      // A lone record may be the list itself (a thread without a heading opens with its first
      // name): its records are searched for inside it.
      if (names.length >= 2) for (const [top] of tops) inRecords.add(top);
    }
    // Inside the article's ancestors, the children before its branch are before it.
    const first = aroundAfter.has(parent) ? parent.children.findIndex((c) => aroundAfter.has(c)) : 0;
    for (let i = parent.children.length - 1; i >= first; i--) {
      const c = parent.children[i];
      if (c !== undefined && isTag(c) && !inRecords.has(c)) stack.push(c);
    }
  }
  return runs;
}

/** Whether `el` has the record shape `shape` (tag, then classes: the tag is compared first, and most
 *  elements of a record's subtree stop there). */
function hasShape(el: Element, shape: string, shapeOf: (el: Element) => string): boolean {
  const n = el.name.length;
  return shape.startsWith(el.name) && (shape.length === n || shape[n] === '.') && shapeOf(el) === shape;
}

/** The nodes of the record `top` (its name lines read, `recordNames`): itself, or, when it prints
 *  its name line alone, the name line and the sibling whose text it introduces (opening) or signs (closing). */
function recordNodes(top: Element, place: NamePlace, readings: Readings): Element[] {
  const text = readings.names.get(top)?.alone[place] ?? null;
  if (text === null) return [top];
  return place === 'opening' ? [top, text] : [text, top];
}

/** Where the records of one shape print their names: where more of them print one; on a tie,
 *  opening (a closing "Reply" link is no signature when the names open the records) unless the
 *  first record signs the text of the sibling before it (ours: names alone between texts pair
 *  with the text on the side the first one does; a text after the last signature makes the tie). */
function placeOfNames(found: ReadonlyArray<[Element, NameLines]>, shape: string, shapeOf: (el: Element) => string): NamePlace {
  const closing = found.filter(([, l]) => l.closing !== null).length;
  const opening = found.filter(([, l]) => l.opening !== null).length;
  if (closing !== opening) return closing > opening ? 'closing' : 'opening';
  const [first, lines] = found[0] ?? [];
  return first !== undefined && lines?.closing != null && textOfSibling(first, 'prev', shape, shapeOf) !== null ? 'closing' : 'opening';
}

/** A run's record shape, where its records print their names, and what is never searched. */
interface RecordShape {
  shape: string;
  shapeOf: (el: Element) => string;
  prune: (el: Element) => boolean;
  place: NamePlace;
}

/** The records of `shape` nested in `top` (replies) and their name lines, in document order. A box
 *  of the same shape inside a record that opens with the record's own name line is part of it. */
function nestedRecords(
  top: Element,
  topName: Element,
  { shape, shapeOf, prune, place }: RecordShape,
  readings: Readings,
): Array<[Element, Element]> {
  const out: Array<[Element, Element]> = [];
  const claimed = new Set([topName]);
  // Whether an element is searched: neither it nor one between it and `top` is ignored or pruned
  // (asked of the record's shape only: most elements are another one).
  const searched = new Map<Element, boolean>([[top, true]]);
  const isSearched = (el: Element): boolean => {
    let known = searched.get(el);
    if (known === undefined) {
      known = !isIgnoredElement(el) && !prune(el) && isSearched(el.parent as Element);
      searched.set(el, known);
    }
    return known;
  };
  const stack: Element[] = [...top.children].filter(isTag).reverse();
  while (stack.length > 0) {
    const el = stack.pop() as Element;
    const name = hasShape(el, shape, shapeOf) && isSearched(el) ? recordNames(el, shape, shapeOf, readings)[place] : null;
    if (name !== null && !claimed.has(name)) {
      out.push([el, name]);
      claimed.add(name);
    }
    for (let i = el.children.length - 1; i >= 0; i--) {
      const c = el.children[i];
      if (c !== undefined && isTag(c)) stack.push(c);
    }
  }
  return out;
}

/**
 * The name lines of `record`: opening it (on its first text) or closing it (on its last text
 * outside its nested replies), each when the record says at least `MIN_RECORD_TEXT_WORDS` more
 * words besides it and those replies. A line alone in its record introduces the text of the
 * sibling just after it instead ("<dt>Rui</dt><dd>text</dd>"), or signs the text of the sibling
 * just before it ("<blockquote>text</blockquote><p><cite>Rui</cite></p>").
 */
function recordNames(record: Element, shape: string, shapeOf: (el: Element) => string, readings: Readings): NameLines {
  const known = readings.names.get(record);
  if (known !== undefined) return known;
  const { firstTexts } = readings;
  // A name line kept, and the sibling text it pairs with when it says too little in its record.
  const read = (name: Element | null, side: 'prev' | 'next'): [Element | null, Element | null] => {
    if (name === null) return [null, null];
    if (name !== record && wordsBeside(record, name, shape, shapeOf) >= MIN_RECORD_TEXT_WORDS) return [name, null];
    const text = textOfSibling(record, side, shape, shapeOf);
    return text === null ? [null, null] : [name, text];
  };
  const [opening, openingText] = read(nameLine(firstTextOf(record, firstTexts), record, firstTexts), 'next');
  const [closing, closingText] = read(nameLine(lastTextOf(record, shape, shapeOf), record, firstTexts), 'prev');
  const lines: NameLines = { opening, closing, alone: { opening: openingText, closing: closingText } };
  readings.names.set(record, lines);
  return lines;
}

/** The element just before (`prev`) or after (`next`) `record` when it is the free text the
 *  record's name line signs or introduces: another shape than the records', no heading, at least
 *  `MIN_RECORD_TEXT_WORDS` words, no loose text between them. */
function textOfSibling(record: Element, side: 'prev' | 'next', shape: string, shapeOf: (el: Element) => string): Element | null {
  for (let k = record[side]; k !== null; k = k[side]) {
    if (isText(k) && NON_SPACE.test(k.data)) return null;
    if (!isTag(k) || isIgnoredElement(k)) continue;
    // textsUpTo gives null past its limit: more than MIN_RECORD_TEXT_WORDS - 1 words.
    const isFreeText = !hasShape(k, shape, shapeOf) && !HEADING.test(k.name) && textsUpTo(k, MIN_RECORD_TEXT_WORDS - 1) === null;
    return isFreeText ? k : null;
  }
  return null;
}

/**
 * The name line of `record` that `text` is on, when it is one: a short line of its own (at most
 * `MAX_AUTHOR_WORDS` words, no date, no sentence end, not a heading: a heading titles a section
 * or a post).
 */
function nameLine(text: Text | null, record: Element, firstTexts: Map<Element, Text | null>): Element | null {
  const holder = text?.parent;
  if (holder === null || holder === undefined || !isTag(holder)) return null;
  // The name's own element, or the block of a short line it shares ("<b>Ana</b> disse:", "— <cite>Rui</cite>"),
  // or the record itself, printing that line alone.
  const name = isOwnLine(holder, record, firstTexts) ? holder : lineBlockOf(holder, record);
  const words = textsUpTo(name, MAX_AUTHOR_WORDS);
  if (words === null || words.length === 0) return null;
  const line = words.join(' ').trim();
  return SENTENCE_END.test(line) || hasDateText(line) || isInHeading(name, record) ? null : name;
}

/** The last text node showing text under `record`, its nested records of `shape` (replies) and
 *  ignored elements left out. */
function lastTextOf(record: Element, shape: string, shapeOf: (el: Element) => string): Text | null {
  const stack: AnyNode[] = [...record.children];
  while (stack.length > 0) {
    const n = stack.pop() as AnyNode;
    if (isText(n) && NON_SPACE.test(n.data)) return n;
    if (isTag(n) && !isIgnoredElement(n) && !hasShape(n, shape, shapeOf)) stack.push(...n.children);
  }
  return null;
}

/** The first text node showing text under `el` (ignored elements left out), memoised per element. */
function firstTextOf(el: Element, memo: Map<Element, Text | null>): Text | null {
  const known = memo.get(el);
  if (known !== undefined) return known;
  let found: Text | null = null;
  for (const c of el.children) {
    if (isText(c) && NON_SPACE.test(c.data)) found = c;
    else if (isTag(c) && !isIgnoredElement(c)) found = firstTextOf(c, memo);
    if (found !== null) break;
  }
  memo.set(el, found);
  return found;
}

/** Whether `el` is a heading or lies in one below `record`. */
function isInHeading(el: Element, record: Element): boolean {
  if (el === record) return HEADING.test(el.name);
  for (let e: Element | null = el; e !== null && e !== record; e = e.parent as Element | null) if (HEADING.test(e.name)) return true;
  return false;
}

/** The block below `record` that `el` opens (`record` when `el` sits directly in it). */
function lineBlockOf(el: Element, record: Element): Element {
  for (let e: Element | null = el; e !== null && e !== record; e = e.parent as Element | null) if (breaksLine(e.name)) return e;
  return record;
}

/**
 * Whether `el` prints a line of its own inside `record`: from `el` up to its block, no sibling on
 * either side shows text before a line break (a block, a `<br>`). An avatar (no text) may stand
 * beside it; "<strong>Note:</strong> the text" is a lead-in, not a name line.
 */
function isOwnLine(el: Element, record: Element, firstTexts: Map<Element, Text | null>): boolean {
  for (let e: Element = el; !breaksLine(e.name) && e !== record; ) {
    const parent = e.parent;
    if (parent === null || !isTag(parent)) return true;
    const kids = parent.children;
    const at = kids.indexOf(e);
    if (!isBlankUntilBreak(kids, at, -1, firstTexts) || !isBlankUntilBreak(kids, at, 1, firstTexts)) return false;
    e = parent;
  }
  return true;
}

function isBlankUntilBreak(kids: readonly AnyNode[], from: number, step: 1 | -1, firstTexts: Map<Element, Text | null>): boolean {
  for (let i = from + step; i >= 0 && i < kids.length; i += step) {
    const k = kids[i] as AnyNode;
    if (isText(k)) {
      if (NON_SPACE.test(k.data)) return false;
    } else if (isTag(k) && !isIgnoredElement(k)) {
      if (breaksLine(k.name)) return true;
      if (firstTextOf(k, firstTexts) !== null) return false;
    }
  }
  return true;
}

/** Words of `record` outside its name line and its nested records of `shape` (replies), counted up to `MIN_RECORD_TEXT_WORDS`. */
function wordsBeside(record: Element, name: Element, shape: string, shapeOf: (el: Element) => string): number {
  let words = 0;
  const stack: AnyNode[] = [...record.children];
  while (stack.length > 0 && words < MIN_RECORD_TEXT_WORDS) {
    const n = stack.pop() as AnyNode;
    if (isText(n)) words += countWordsUpTo(n.data, MIN_RECORD_TEXT_WORDS);
    // A box of the record's shape holding its name line is its own wrapper; one without it, a reply.
    else if (isTag(n) && n !== name && !isIgnoredElement(n) && (!hasShape(n, shape, shapeOf) || contains(n, name)))
      stack.push(...n.children);
  }
  return words;
}
