/**
 * The comment zone of a page and its entries. Entries are found by their dates, like the posts of
 * a multi-post page [002 §4.2: dates on a common relative path mark entry boundaries], or by
 * per-comment ids; the zone is where they gather: a list after the article that repeats article
 * concepts in smaller proportion, with per-entry author and date patterns [004 §4.3, Figure 6].
 * Hints (comment words in id/class, schema.org Comment, permalink/reply anchors, the `#comments`
 * fragment of the feed's `comments` URL) decide between candidates; they never make a zone alone.
 */
import { COMMENT_VARIANT_TOKENS, hintMatcher } from '../../core/hint-vocabulary.js';
import { nodePath } from '../node-path.js';
import { type AnyNode, type ChildNode, type Element, isTag, isText, type ParentNode } from 'domhandler';
import { BLOCK_TAGS, contains, elementChildrenUpTo, isIgnoredElement, lowestCommonAncestor, textBlocks } from '../page-dom.js';
import { collapseSpaces, tokenize } from '../text-normalize.js';
import { MAX_DATE_LINE_WORDS, MIN_INTERLEAVE_SWITCHES, MIN_LONE_COMMENT_WORDS, SIGNATURE_STEPS } from './constants.js';
import { hasDateAttribute, hasDateText } from './comment-dates.js';
import { type Entry, firstBrokenLine, textsUpTo } from './comment-entry.js';
import { commentIdOf, hasCommentHint, isCommentItem, isOneCommentNamed, isZoneHinted, sidebarTest } from './comment-hints.js';
import { findRecordRuns, RECORDS_HOW } from './comment-records.js';

/** Entries found one way (one date signature, or per-comment ids), with the zone they span. */
export interface EntryGroup {
  entries: Entry[];
  /** Lowest common ancestor of the entries (or the hinted list around a lone entry). */
  lca: Element;
  /** How the entries were found, e.g. 'dates on time|a|div.comment-metadata'. */
  how: string;
}

/** Class tokens that vary between entries of one list (parity, thread depth, author and state
 *  flags; a counter: "c1", "c2", and "c" where the count is 0). */
const VARIANT_TOKEN = hintMatcher(COMMENT_VARIANT_TOKENS, (a) => a);

/** Each classed element's step, read once per page: every entry group, record run and reply search asks again. */
const steps = new WeakMap<Element, string>();

function signatureStep(el: Element): string {
  // Most elements have no class: their step is their tag, cheaper than a memo's lookup.
  if (el.attribs.class === undefined) return el.name;
  let step = steps.get(el);
  if (step === undefined) {
    const cls = el.attribs.class
      .split(/\s+/)
      .filter((t) => t !== '' && !VARIANT_TOKEN().test(t))
      .sort()
      .join('.');
    step = cls === '' ? el.name : `${el.name}.${cls}`;
    steps.set(el, step);
  }
  return step;
}

/** Appends `value` to the list under `key` (in place: a list copied per item is quadratic). */
function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

const LIST_TAGS = new Set(['ul', 'ol', 'dl']);

/** The local structure around a node, shared by the same node in every entry: its own tag and
 *  classes, its ancestors' (a list's classes differ between top-level and nested replies). */
function signature(el: Element): string {
  const steps: string[] = [signatureStep(el)];
  for (
    let e = el.parent as Element | null, i = 1;
    e !== null && e.type === 'tag' && i < SIGNATURE_STEPS;
    e = e.parent as Element | null, i++
  ) {
    steps.push(LIST_TAGS.has(e.name) ? e.name : signatureStep(e));
  }
  return steps.reverse().join('|');
}

/** Date nodes under `root`: machine-readable dates, and short text blocks printing a date. */
function dateNodes(root: Element): Element[] {
  const out: Element[] = [];
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const el = stack.pop() as Element;
    if (isIgnoredElement(el)) continue;
    if (hasDateAttribute(el)) {
      out.push(el);
      continue;
    }
    for (const c of el.children) if (isTag(c)) stack.push(c);
  }
  // A block holding a machine-readable date node is marked by that node: the nodes and their
  // ancestors up to `root`, looked up once per block.
  const holdingDateAttribute = new Set<AnyNode>();
  for (const d of out)
    for (let e: AnyNode | null = d; e !== null && !holdingDateAttribute.has(e); e = e.parent) holdingDateAttribute.add(e);
  for (const b of textBlocks(root)) {
    if (holdingDateAttribute.has(b.element)) continue;
    // Inline nodes are joined with spaces: "Roger Wohlner<span>August 6, 2012</span>" holds a date.
    // A longer block whose first <br> line is dated ("1. Jane on 12/03/2025<br>text") is marked too.
    const line =
      b.tokens.length > MAX_DATE_LINE_WORDS
        ? firstBrokenLine(b.element, MAX_DATE_LINE_WORDS)?.text
        : holdsOneText(b.element)
          ? b.text
          : spacedText(b.element);
    if (line !== undefined && hasDateText(line)) out.push(b.element);
  }
  return out;
}

/** Whether one text node holds all the text under `el`: its `spacedText` is then its text block's text. */
function holdsOneText(el: Element): boolean {
  let texts = 0;
  const stack: Element[] = [el];
  while (stack.length > 0) {
    for (const c of (stack.pop() as Element).children) {
      if (isText(c)) {
        if (NON_SPACE.test(c.data) && ++texts > 1) return false;
      } else if (isTag(c) && !isIgnoredElement(c)) stack.push(c);
    }
  }
  return true;
}

const NON_SPACE = /\S/;

/** The text of an element with its text nodes joined by spaces. */
export function spacedText(el: Element): string {
  const parts: string[] = [];
  const visit = (n: AnyNode): void => {
    if (n.type === 'text') parts.push((n as unknown as { data: string }).data);
    else if (isTag(n) && !isIgnoredElement(n)) for (const c of n.children) visit(c);
  };
  visit(el);
  return collapseSpaces(parts.join(' '));
}

/** Elements whose id (or anchor name) names one comment ("comment-12"), or microdata Comment items. */
function idNodes(root: Element): Element[] {
  const out: Element[] = [];
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const el = stack.pop() as Element;
    if (isIgnoredElement(el)) continue;
    if (commentIdOf(el) !== null || isCommentItem(el)) out.push(el);
    for (const c of el.children) if (isTag(c)) stack.push(c);
  }
  return out;
}

function ancestorCount(n: AnyNode): number {
  let d = 0;
  for (let x = n.parent; x !== null; x = x.parent) d++;
  return d;
}

/** Negative when `a` comes first in the document (an ancestor comes before its descendants): the
 *  two climbed to one depth, then together to the children of their lowest common ancestor. */
function documentOrder(a: Element, b: Element): number {
  if (a === b) return 0;
  let x: AnyNode = a;
  let y: AnyNode = b;
  const da = ancestorCount(a);
  const db = ancestorCount(b);
  for (let d = da; d > db; d--) x = x.parent as ParentNode;
  for (let d = db; d > da; d--) y = y.parent as ParentNode;
  if (x === y) return da < db ? -1 : 1;
  while (x.parent !== y.parent) {
    x = x.parent as ParentNode;
    y = y.parent as ParentNode;
  }
  const parent = x.parent as ParentNode;
  return parent.children.indexOf(x as ChildNode) - parent.children.indexOf(y as ChildNode);
}

export function sortInDocumentOrder<T>(items: T[], node: (t: T) => Element): T[] {
  return items.sort((x, y) => documentOrder(node(x), node(y)));
}

/** Whether the element shows any text (what `textBlocks` would find, without collecting it). */
function hasText(el: Element): boolean {
  return !isIgnoredElement(el) && el.children.some(showsText);
}

/** Whether a node shows text: a non-blank text node, or an element with text (`hasText`). */
function showsText(n: AnyNode): boolean {
  return isText(n) ? n.data.trim() !== '' : isTag(n) && hasText(n);
}

/**
 * Entries of one marker group: each marker climbs to its largest ancestor holding no other marker
 * (the entry); entries split from their text (date line and text as siblings) take the sibling
 * elements up to the next entry, before or after depending on where the list's text begins.
 */
function entriesOf(markers: Element[], stopAt: Element, dateLines: DateLines): { entries: Entry[]; lca: Element } | null {
  // Markers at or below each node (one walk up per marker): an ancestor of a marker holds another
  // marker when it holds two.
  const held = new Map<AnyNode, number>();
  for (const m of new Set(markers)) for (let a: AnyNode | null = m; a !== null; a = a.parent) held.set(a, (held.get(a) ?? 0) + 1);
  const tops = markers.map((m) => {
    let e = m;
    for (;;) {
      const p = e.parent;
      if (p === null || !isTag(p) || p === stopAt) return e;
      if ((held.get(p) ?? 0) >= 2) return ownRecordOf(m, e, p, markers);
      e = p;
    }
  });
  // A top holding only its date line (a <dt> byline) owns the text that follows it (its <dd>): a
  // later entry that climbed into that sibling is lowered back below it.
  tops.forEach((top, i) => {
    if (!dateLines.holdsOnly(top, markers[i] as Element)) return;
    const next = nextElementSibling(top);
    const j = next === null ? -1 : tops.indexOf(next);
    const marker = markers[j] as Element;
    if (next === null || j < 0 || j === i || next === marker) return;
    let lowered = marker;
    while (lowered.parent !== next) lowered = lowered.parent as Element;
    tops[j] = lowered;
  });
  const lca = lowestCommonAncestor(tops);
  if (lca === null) return null;
  const entries: Entry[] = tops.map((t, i) => ({ nodes: [t], marker: markers[i] as Element }));
  attachLooseSiblings(entries, dateLines);
  return { entries, lca };
}

/**
 * The top of a marker whose climb stopped under `stop` (an element holding another marker). A climb
 * that passed an element of `stop`'s shape (`recordShape`) and then took in text printed
 * before its path has left its own record for the record it is nested in (a reply's card inside its
 * parent's contents): it is lowered back to that element when the enclosing record opens with its
 * byline (its first child showing text holds a date and ends with it), whose text then follows as a
 * loose sibling. A record opening with its text, or printing it after the byline in one child, holds
 * its own: the text before the nested path is the nested entry's (its name, a "Replies" label). An
 * element without classes is shaped by its children's tags too (`recordShape`). ours: issue #12.
 */
function ownRecordOf(marker: Element, top: Element, stop: Element, markers: readonly Element[]): Element {
  const shape = recordShape(stop);
  let record: Element | null = null;
  for (let e = marker; e !== top; e = e.parent as Element) if (recordShape(e) === shape) record = e;
  if (record === null) return top;
  let textBefore = false;
  for (let e = record; e !== top && !textBefore; e = e.parent as Element) textBefore = hasTextBefore(e);
  if (!textBefore) return top;
  const opening = stop.children.find((c): c is Element => isTag(c) && hasText(c));
  const byline = opening === undefined || opening === top ? undefined : markers.find((m) => contains(opening, m));
  return byline !== undefined && !hasTextAfter(byline, opening as Element) ? record : top;
}

/** Each bare element's `recordShape`, read once per page (a list of thousands of entries is each one's `stop`). */
const bareShapes = new WeakMap<Element, string>();

/**
 * A record's shape as `ownRecordOf` compares it: its tag and classes (`signatureStep`); for an
 * element without classes, its tag and its element children's tags (a card of a header and its
 * contents, whatever its nesting prints of its replies).
 */
function recordShape(el: Element): string {
  const step = signatureStep(el);
  if (step !== el.name) return step;
  let shape = bareShapes.get(el);
  if (shape === undefined) {
    const kids: string[] = [];
    for (const c of el.children) if (isTag(c) && !isIgnoredElement(c)) kids.push(c.name);
    shape = `${step}(${kids.join(',')})`;
    bareShapes.set(el, shape);
  }
  return shape;
}

/** Whether `el` is followed by text inside `within` (its ancestor). */
function hasTextAfter(el: Element, within: Element): boolean {
  for (let e = el; e !== within; e = e.parent as Element) for (let k = e.next; k !== null; k = k.next) if (showsText(k)) return true;
  return false;
}

/** Whether a sibling before `el` shows text. */
function hasTextBefore(el: Element): boolean {
  for (let k = el.prev; k !== null; k = k.prev) if (showsText(k)) return true;
  return false;
}

/**
 * `holdsOnlyItsDateLine` of one page's entries, each read once: the same entry tops are asked about
 * by every group holding them (a date signature, the interleaved list) and again as their loose
 * siblings attach.
 */
class DateLines {
  readonly #byTop = new Map<Element, Map<Element, boolean>>();

  holdsOnly(top: Element, marker: Element): boolean {
    let byMarker = this.#byTop.get(top);
    if (byMarker === undefined) {
      byMarker = new Map();
      this.#byTop.set(top, byMarker);
    }
    let only = byMarker.get(marker);
    if (only === undefined) {
      only = holdsOnlyItsDateLine(top, marker);
      byMarker.set(marker, only);
    }
    return only;
  }
}

/**
 * Whether `top` prints nothing but the line its date `marker` is on (a `<dt>` byline): no text
 * outside that line. A short comment (its text block, then its date line) is a whole entry.
 */
function holdsOnlyItsDateLine(top: Element, marker: Element): boolean {
  const printed = textsUpTo(top, MAX_DATE_LINE_WORDS);
  if (printed === null || !hasDateText(printed.join(' '))) return false;
  let line = marker;
  while (line !== top && !BLOCK_TAGS.has(line.name) && line.parent !== null && isTag(line.parent)) line = line.parent;
  // The date in the line's own inline run: its line is that run, not the whole block; a block child
  // showing text ("<h4>Jane</h4> <time>…</time> <div>text</div>") lies outside it, whether the block
  // is the top or a record inside the top's wrappers (a reply in its <blockquote>).
  const runOnly = !line.children.some((c) => isTag(c) && BLOCK_TAGS.has(c.name) && !contains(c, marker) && hasText(c));
  if (line === top || !runOnly) return runOnly;
  const hasTextOutside = (n: AnyNode): boolean => {
    if (n === line) return false;
    if (isText(n)) return n.data.trim() !== '';
    return isTag(n) && !isIgnoredElement(n) && n.children.some(hasTextOutside);
  };
  return !hasTextOutside(top);
}

/**
 * Entries whose top is a sibling of the others and holds only the date line get their text from
 * the neighbouring siblings that hold no marker (a `<dt>` byline and its `<dd>` text).
 */
function attachLooseSiblings(entries: Entry[], dateLines: DateLines): void {
  const byParent = new Map<Element, Entry[]>();
  for (const e of entries) {
    const p = e.nodes[0]?.parent;
    if (p === null || p === undefined || !isTag(p)) continue;
    addTo(byParent, p, e);
  }
  const depthOf = (el: Element): number => {
    let d = 0;
    for (let e: AnyNode | null = el; e !== null; e = e.parent) d++;
    return d;
  };
  // Outer lists first: a list nested in a node an outer entry took belongs to that entry (a <dd>
  // holding its text and a list of replies), except a reply whose top holds nothing but its
  // byline deeper inside, or a reply under a record shaped like its taker's (`isClaimed`): it
  // still gets its text (the outer entry's reading skips it).
  const claimed = new Map<Element, string>();
  const entryTops = new Set(entries.map((e) => e.nodes[0] as Element));
  for (const [parent, group] of [...byParent].sort((a, b) => depthOf(a[0]) - depthOf(b[0]))) {
    // Replies nested right under an entry ("<div class=comment><div>its text</div><div>replies</div>"):
    // the entry's own parts are its own, not loose siblings of its replies.
    if (claimed.has(parent) || entryTops.has(parent)) continue;
    const bylines = group.some((e) => dateLines.holdsOnly(e.nodes[0] as Element, e.marker));
    if (!bylines && isClaimed(parent, claimed)) continue;
    const kids = parent.children.filter((c): c is Element => isTag(c) && !isIgnoredElement(c));
    const tops = new Set(group.map((g) => g.nodes[0] as Element));
    // The first entry's top as found (entries get loose siblings prepended below).
    const firstTop = group[0]?.nodes[0];
    const isLoose = (k: Element): boolean => !tops.has(k) && hasText(k) && !isSeparateEntry(k, firstTop) && !isFormOrHeading(k);
    // An entry's text never crosses a heading or a form ("Comments", "Post a comment"): each run
    // of siblings between them is read on its own (an article and its comments as siblings).
    for (const section of splitAtHeadingsAndForms(kids, tops)) {
      const entries = group.filter((e) => section.includes(e.nodes[0] as Element));
      if (entries.length > 0) for (const k of attachInSection(section, entries, tops, isLoose)) claimed.set(k, signatureStep(parent));
    }
  }
}

/**
 * Whether `parent` lies in a node an entry took as a loose sibling (`claimed`: each node with the
 * `signatureStep` of its taker's parent), its entries then part of that entry's text. Not when
 * `parent` has the classed shape of its taker's parent: it is a record of the same kind, its entry
 * split from its text by its own replies (a card's header, its contents holding its text and reply
 * cards, nested in the contents its parent card took). A bare tag is no shape of its own. ours: issue #12.
 */
function isClaimed(parent: Element, claimed: ReadonlyMap<Element, string>): boolean {
  const shape = signatureStep(parent);
  for (const [node, takerShape] of claimed) if (contains(node, parent) && (takerShape !== shape || shape === parent.name)) return true;
  return false;
}

/** Runs of siblings between headings and forms; an entry's own node (a reply box inside it) is no boundary. */
function splitAtHeadingsAndForms(kids: Element[], tops: ReadonlySet<Element>): Element[][] {
  const sections: Element[][] = [[]];
  for (const k of kids) {
    if (!tops.has(k) && isFormOrHeading(k)) sections.push([]);
    else sections[sections.length - 1]?.push(k);
  }
  return sections.filter((s) => s.length > 0);
}

/** Gives each entry the loose siblings up to the next entry: after its top, or before it when the
 *  list's text comes first (byline printed after the text). Returns the siblings attached. */
function attachInSection(kids: Element[], entries: Entry[], tops: ReadonlySet<Element>, isLoose: (k: Element) => boolean): Element[] {
  const positions = kids.map((k, i) => (tops.has(k) ? i : -1)).filter((i) => i >= 0);
  const first = positions[0] as number;
  const last = positions[positions.length - 1] as number;
  const before = kids.slice(0, first).some(isLoose);
  const between = positions.some((p, j) => j > 0 && kids.slice((positions[j - 1] as number) + 1, p).some(isLoose));
  const after = kids.slice(last + 1).some(isLoose);
  // Several entries own text only when text lies between them; a lone entry, when on one side only.
  if (positions.length > 1 ? !between : before === after) return [];
  const metaLast = before && !after;
  const attached: Element[] = [];
  entries.forEach((entry, j) => {
    const at = positions[j] as number;
    const from = metaLast ? (j === 0 ? 0 : (positions[j - 1] as number) + 1) : at + 1;
    const to = metaLast ? at : j + 1 < positions.length ? (positions[j + 1] as number) : kids.length;
    const extra = kids.slice(from, to).filter(isLoose);
    entry.nodes = metaLast ? [...extra, ...entry.nodes] : [...entry.nodes, ...extra];
    attached.push(...extra);
  });
  return attached;
}

const HEADING = /^h[1-6]$/;

function nextElementSibling(el: Element): Element | null {
  const p = el.parent;
  if (p === null) return null;
  const kids = p.children;
  for (let i = kids.indexOf(el) + 1; i < kids.length; i++) {
    const k = kids[i];
    if (k !== undefined && isTag(k) && !isIgnoredElement(k)) return k;
  }
  return null;
}

/** Inside a form (a comment form's preview of the comment being written), never a comment. A form
 *  around the article (or the post's main block, `anchor`) is the page's own (ASP.NET pages wrap
 *  everything in one). */
function isInForm(el: Element, anchor: Element | null): boolean {
  for (let e: AnyNode | null = el; e !== null; e = e.parent) {
    if (isTag(e) && e.name === 'form') return anchor === null || !contains(e, anchor);
  }
  return false;
}

/** Forms (reply boxes) and headings ("3 comments") are never part of an entry. */
function isFormOrHeading(k: Element): boolean {
  return HEADING.test(k.name) || holdsForm(k);
}

/** Whether `k` is or holds a form or a text box (a comment box). */
function holdsForm(k: Element): boolean {
  const stack: Element[] = [k];
  while (stack.length > 0) {
    const e = stack.pop() as Element;
    if (e.name === 'form' || e.name === 'textarea') return true;
    for (const c of e.children) if (isTag(c)) stack.push(c);
  }
  return false;
}

/** A sibling shaped like an entry (same tag and classes; a hinted one without classes, the same
 *  children's tags too: `recordShape`) is an entry of its own, never text to attach. */
function isSeparateEntry(k: Element, top: Element | undefined): boolean {
  if (top === undefined || signatureStep(k) !== signatureStep(top)) return false;
  return k.name === 'li' || k.name === 'dd' || k.name === 'article' || (hasCommentHint(k) && recordShape(k) === recordShape(top));
}

/**
 * Date groups whose signatures differ only in their ancestors' classes and that alternate in page
 * order are one list whose entries are styled apart (`li.commentpost` and the blog owner's
 * `li.authorpost`): they make one more candidate. ours.
 */
function interleavedGroups(
  byCoarse: ReadonlyMap<string, Array<[string, Element]>>,
  knownToSite: (coarse: string) => boolean,
): Array<[string, Element[]]> {
  const out: Array<[string, Element[]]> = [];
  for (const [coarse, tagged] of byCoarse) {
    const fines = new Set(tagged.map(([fine]) => fine));
    // One style only, and no class to drop: the date group itself is this list.
    if (fines.size === 1 && fines.has(coarse)) continue;
    const ordered = sortInDocumentOrder(tagged, ([, m]) => m);
    // The site's other posts print their comments so (rows styled in turn): a page with too few
    // comments to alternate, one even, shows the same list.
    const switches = ordered.filter(([fine], i) => i > 0 && fine !== ordered[i - 1]?.[0]).length;
    if (knownToSite(coarse) || (fines.size >= 2 && switches >= MIN_INTERLEAVE_SWITCHES)) out.push([coarse, ordered.map(([, m]) => m)]);
  }
  return out;
}

/** The date nodes of each date group (`signature`) by their coarse signature, each with its group's. */
function byCoarseSignature(bySignature: ReadonlyMap<string, Element[]>): Map<string, Array<[string, Element]>> {
  const byCoarse = new Map<string, Array<[string, Element]>>();
  for (const [fine, markers] of bySignature) for (const m of markers) addTo(byCoarse, coarseSignature(m), [fine, m]);
  return byCoarse;
}

/**
 * Replies printed beside the comments they answer, each set apart by wrappers of its own (one
 * `<blockquote>` or `<div>` per level): their date nodes have the comments' shape (tag and classes)
 * but other ancestors, so they make date groups of their own. Groups whose every date node reaches
 * one element through wrappers holding nothing else (one element each) join the date nodes of that
 * shape printed right in that element (the comments answered; not the article's date line, which
 * may share their shape elsewhere on the page): one more candidate, the thread. ours.
 */
function wrappedReplyGroups(bySignature: ReadonlyMap<string, Element[]>): Array<[string, Element[]]> {
  const byStep = new Map<string, Element[][]>();
  for (const markers of bySignature.values()) addTo(byStep, signatureStep(markers[0] as Element), markers);
  const out: Array<[string, Element[]]> = [];
  for (const [step, groups] of byStep) {
    if (groups.length < 2) continue;
    // Each group under wrappers, by the element its wrappers stand in: one pass over the groups
    // (a page of many date groups costs their markers' depth, not the square of their number).
    const byFrame = new Map<Element, Element[][]>();
    for (const g of groups) {
      const frame = wrapperFrameOf(g);
      if (frame !== null) addTo(byFrame, frame, g);
    }
    const byParent = new Map<ParentNode | null, Element[]>();
    for (const g of groups) for (const m of g) addTo(byParent, m.parent, m);
    for (const [frame, wrapped] of byFrame) {
      const answered = byParent.get(frame) ?? [];
      if (answered.length > 0) out.push([`${step} in ${signatureStep(frame)}`, [...answered, ...wrapped.flat()]]);
    }
  }
  return out;
}

/** The element every date node of a group reaches through one or more wrappers holding one element
 *  each (pure wrappers), or null when a node has no such wrapper or the nodes reach different ones. */
function wrapperFrameOf(markers: readonly Element[]): Element | null {
  let frame: Element | null = null;
  for (const m of markers) {
    let e = m.parent;
    if (e === null || !isTag(e) || elementChildrenUpTo(e, 1) !== 1) return null;
    while (e !== null && isTag(e) && elementChildrenUpTo(e, 1) === 1) e = e.parent;
    if (e === null || !isTag(e) || (frame !== null && e !== frame)) return null;
    frame = e;
  }
  return frame;
}

/** Tags of list entries: a date node that is a whole entry may carry the entry's styling class. */
const ENTRY_TAGS = new Set(['li', 'dt', 'dd', 'article']);

/** A date node's tag and classes (only its tag when it is a list entry), its ancestors' tag names. */
function coarseSignature(el: Element): string {
  const steps: string[] = [ENTRY_TAGS.has(el.name) ? el.name : signatureStep(el)];
  for (
    let e = el.parent as Element | null, i = 1;
    e !== null && e.type === 'tag' && i < SIGNATURE_STEPS;
    e = e.parent as Element | null, i++
  )
    steps.push(e.name);
  return steps.reverse().join('|');
}

/** A comment zone's structure as compared across the pages of a site: its key-path and how its
 *  entries were found, numbers generalised (ids and counters differ from page to page). */
export function structureKey(zone: Element, how: string): string {
  return `${nodePath(zone).replace(/\d+/g, '#')} ${signatureKey(how)}`;
}

/** How entries were found (`EntryGroup.how`), numbers generalised: the last part of a `structureKey`. */
export function signatureKey(how: string): string {
  return how.replace(/\d+/g, '#');
}

/** Whether a site's comment structure (`structureKey`) is one of undated records (`findRecordGroups`). */
export function isRecordStructure(structure: string): boolean {
  return structure.includes(` ${RECORDS_HOW} `);
}

/** Whether a site's comment structure (`structureKey`) was found the way `signature` (`signatureKey`) says. */
export function isStructureOfSignature(structure: string, signature: string): boolean {
  return structure.endsWith(` ${signature}`);
}

/**
 * A lone dated entry in a zone of one of the site's comment structures (`structureKey`): the
 * ancestor of the date whose structure the site shows on other post pages holds it (issue #12: a
 * post with one comment, the structure learnt from the site's other pages).
 */
function siteEntry(
  marker: Element,
  article: Element | null,
  root: Element,
  how: string,
  structures: ReadonlySet<string>,
  dateLines: DateLines,
): { entries: Entry[]; lca: Element } | null {
  for (let child: Element = marker, p = marker.parent; p !== null && isTag(p) && p !== root; child = p, p = p.parent) {
    if (article !== null && contains(child, article)) return null;
    // The zone may hold the article too (entries as its siblings, as a group of several finds them);
    // no zone lies further up.
    const holdsArticle = article !== null && contains(p, article);
    if (structures.has(structureKey(p, how))) {
      // A <dd> is the value of the <dt> terms just before it (HTML "name-value groups"): a lone
      // "<dt>Ana said...</dt><dd>text, date</dd>" prints its name in them.
      const entries: Entry[] = [{ nodes: [...termsBefore(child), child], marker }];
      // A lone <dt> byline: its text is the <dd> after it. A table row is one line of a grid: a
      // record printed over rows (a name and date row, then a text row) takes its other rows.
      if (dateLines.holdsOnly(child, marker) || child.name === 'tr') attachLooseSiblings(entries, dateLines);
      return { entries, lca: p };
    }
    if (holdsArticle) return null;
  }
  return null;
}

/** The <dt> elements of the name-value group a <dd> ends (none for any other element):
 *  its element siblings just before it that are <dt>, in page order (HTML §4.4.9 <dl>). */
function termsBefore(el: Element): Element[] {
  if (el.name !== 'dd') return [];
  const terms: Element[] = [];
  for (let k = el.prev; k !== null; k = k.prev) {
    if (!isTag(k)) {
      if (isText(k) && k.data.trim() !== '') break;
      continue;
    }
    if (k.name !== 'dt') break;
    terms.unshift(k);
  }
  return terms;
}

/**
 * Entry groups under `root` (dates by signature, then per-comment ids), best candidates first, and
 * the signatures (`signatureKey`) of every candidate: what a reading with the site's comment structures
 * could accept on this page. `anchor`: the article's wrapper, else the post's main block (the
 * `<aside>` following it is no sidebar, `sidebarTest`).
 */
export function findEntryGroups(
  root: Element,
  article: Element | null,
  siteStructures: ReadonlySet<string> = new Set(),
  anchor: Element | null = article,
): { groups: EntryGroup[]; signatures: string[] } {
  const groups: EntryGroup[] = [];
  const signatures = new Set<string>();
  const bySignature = new Map<string, Element[]>();
  const dateLines = new DateLines();
  const isInSidebar = sidebarTest(article, anchor);
  for (const d of dateNodes(root)) if (!isInSidebar(d) && !isInForm(d, anchor)) addTo(bySignature, signature(d), d);
  const ids = idNodes(root).filter((e) => !isInSidebar(e) && !isInForm(e, anchor));
  const idGroups = new Map<string, Element[]>();
  for (const e of ids) addTo(idGroups, signatureStep(e), e);
  const byCoarse = byCoarseSignature(bySignature);
  const knownToSite = (coarse: string): boolean =>
    [...siteStructures].some((s) => isStructureOfSignature(s, signatureKey(`dates on ${coarse}`)));
  const candidates: Array<[string, Element[]]> = [
    ...[...bySignature].map(([s, m]): [string, Element[]] => [`dates on ${s}`, m]),
    ...interleavedGroups(byCoarse, knownToSite).map(([s, m]): [string, Element[]] => [`dates on ${s}`, m]),
    ...wrappedReplyGroups(bySignature).map(([s, m]): [string, Element[]] => [`dates on ${s}`, m]),
    ...[...idGroups].map(([s, m]): [string, Element[]] => [`comment ids on ${s}`, m]),
  ];
  // Rows styled in turn make one list only when they alternate often enough; a page showing too
  // few of them still offers that list to a reading with the site's structures.
  for (const coarse of byCoarse.keys()) signatures.add(signatureKey(`dates on ${coarse}`));
  for (const [how, found] of candidates) {
    let markers = sortInDocumentOrder(found, (m) => m);
    // A date of the article itself (byline) is not an entry of the comment list.
    if (article !== null && markers.some((m) => !contains(article, m))) {
      const lca = lowestCommonAncestor(markers);
      if (lca !== null && contains(lca, article) && lca !== article) markers = markers.filter((m) => !contains(article, m));
    }
    if (markers.length === 0) continue;
    signatures.add(signatureKey(how));
    if (markers.length === 1) {
      const lone =
        loneEntry(markers[0] as Element, article, root, dateLines) ??
        (siteStructures.size === 0 ? null : siteEntry(markers[0] as Element, article, root, how, siteStructures, dateLines));
      if (lone !== null) groups.push({ ...lone, how });
      continue;
    }
    const found2 = entriesOf(markers, root, dateLines);
    if (found2 === null) continue;
    // Entries all inside the article wrapper (a wrapper grown over its comments) stay one group.
    if (article === null || found2.lca === article || !contains(found2.lca, article)) {
      groups.push({ ...found2, how });
      continue;
    }
    // Entries on both sides of the article (comments and pingbacks in two lists around it): the
    // entries before it and those after it are candidates of their own; entries in the branch
    // holding the article belong to neither.
    const sides = new Map<string, Entry[]>();
    for (const e of found2.entries) {
      let b: AnyNode = e.nodes[0] as Element;
      while (b.parent !== found2.lca && b.parent !== null) b = b.parent;
      if (contains(b as Element, article)) continue;
      const side = documentOrder(b as Element, article) < 0 ? 'before' : 'after';
      addTo(sides, side, e);
    }
    for (const entries of sides.values()) {
      // One dated entry on its side is a lone entry: the site's structures may hold it (a post with
      // one comment, whose date shares its signature with the article's own date line).
      const [only] = entries;
      const lone =
        entries.length === 1 && only !== undefined && siteStructures.size > 0
          ? siteEntry(only.marker, article, root, how, siteStructures, dateLines)
          : null;
      if (lone !== null) {
        groups.push({ ...lone, how });
        continue;
      }
      const lca = lowestCommonAncestor(entries.map((e) => e.nodes[0] as Element));
      if (lca !== null) groups.push({ entries, lca: entries.length === 1 ? ((lca.parent as Element | null) ?? lca) : lca, how });
    }
  }
  return { groups, signatures: [...signatures] };
}

/**
 * A single dated entry: it climbs to the child of the nearest hinted comment list, or, without
 * one, to the outermost element named as one comment (`class="comment"`, `id="comment-12"`).
 */
function loneEntry(
  marker: Element,
  article: Element | null,
  root: Element,
  dateLines: DateLines,
): { entries: Entry[]; lca: Element } | null {
  let named: Element | null = null;
  // Below the first ancestor holding a comment box beside it: that box is the list's (a widget's
  // "Add a comment" above its cards), never the comment's.
  let boxed: Element | null = null;
  let e = marker;
  for (;;) {
    if (isOneCommentNamed(e)) named = e;
    const p = e.parent;
    if (p === null || !isTag(p) || p === root || (article !== null && contains(p, article))) break;
    if (boxed === null && p.children.some((c) => c !== e && isTag(c) && holdsForm(c))) boxed = e;
    if (isZoneHinted(p)) {
      // The element named as the comment, when the list's child also holds the list's header.
      const top = named ?? boxed ?? e;
      const entries: Entry[] = [{ nodes: [top], marker }];
      // Its text beside it only when it prints nothing but its byline (a `<dt>` before its `<dd>`): an
      // entry printing its own text takes no sibling (a "Reply by email" line after the list's one comment).
      if (dateLines.holdsOnly(top, marker)) attachLooseSiblings(entries, dateLines);
      return { entries, lca: p };
    }
    e = p;
  }
  const parent = named?.parent ?? null;
  if (named === null || parent === null || !isTag(parent)) return null;
  // A comment says more than its date line ("Published on ... - 9 Comments" is a counter).
  const ownWords = tokenize(spacedText(named)).length - tokenize(spacedText(marker)).length;
  return ownWords < MIN_LONE_COMMENT_WORDS ? null : { entries: [{ nodes: [named], marker }], lca: parent };
}

/**
 * Undated record groups under `root` (comment-records.ts: repeated sibling records, each a name line
 * and free text), tried when no date or comment id made a zone; the zone is the records'
 * container. The signatures (`signatureKey`) of every run, a lone record's too: a reading with the
 * site's comment structures may accept it. Groups of a lone record only when `siteStructures`
 * holds a record structure (a post with one comment, the structure learnt from other posts).
 */
export function findRecordGroups(
  root: Element,
  article: Element | null,
  siteStructures: ReadonlySet<string> = new Set(),
): { groups: EntryGroup[]; signatures: string[] } {
  const isInSidebar = sidebarTest(article);
  const prune = (el: Element): boolean =>
    el === article || isInSidebar(el) || (el.name === 'form' && (article === null || !contains(el, article)));
  const lone = [...siteStructures].some(isRecordStructure);
  const groups: EntryGroup[] = [];
  const signatures = new Set<string>();
  for (const run of findRecordRuns(root, prune, signatureStep, article)) {
    signatures.add(signatureKey(run.how));
    if (run.names.length < 2 && !lone) continue;
    // A thread follows its article (read before it, records are the page's own lists), never inside it.
    if (article !== null && (documentOrder(run.names[0] as Element, article) < 0 || run.names.some((n) => contains(article, n)))) continue;
    // Each entry is its whole record, the replies nested in it read apart; its top marks its thread level.
    const entries = run.records.map(({ top, nodes }, i): Entry => ({ nodes, marker: top, name: run.names[i] as Element }));
    groups.push({ entries, lca: run.container, how: run.how });
  }
  return { groups, signatures: [...signatures] };
}
