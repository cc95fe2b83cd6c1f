/**
 * Reading one comment entry (its nodes, without the entries nested in it): author, author URL,
 * date, permalink/id, and the body as text + cleaned HTML with the byline, date line, avatar,
 * reply/permalink links and forms left out.
 */
import { type AnyNode, type Element, isTag, isText } from 'domhandler';
import { escapeText } from 'entities';
import { endTag, type StartTagOptions, startTag, VOID_TAGS } from '../../core/html-serialize.js';
import {
  BYLINE_LABEL_WORDS,
  COMMENT_AUTHOR_PART_WORDS,
  COMMENT_BODY_PART_TOKENS,
  COMMENT_DEPTH_WORDS,
  COMMENT_META_PART_WORDS,
  COMMENT_META_TOKENS,
  COMMENT_NAME_PART_WORDS,
  COMMENT_SAYS_VERBS,
  COMMENT_SIGNATURE_VERBS,
  hintMatcher,
  NAME_DATE_JOINERS,
  NOT_A_NAME_LABELS,
  NOT_AUTHOR_PART_WORDS,
  SIGNATURE_BY_WORDS,
  SIGNATURE_VERBS,
  WEEKDAY_ABBREVIATIONS,
  WEEKDAY_NAMES,
} from '../../core/hint-vocabulary.js';
import { BLOCK_TAGS, breaksLine, contains, elementChildrenUpTo, isHiddenByClass, isIgnoredElement, nodeText } from '../page-dom.js';
import { collapseWhitespace, countWordsUpTo } from '../text-normalize.js';
import { MAX_AUTHOR_WORDS, MAX_BYLINE_WORDS, MAX_COUNTER_LINE_WORDS, MAX_META_WORDS } from './constants.js';
import { NUMBER_MASK, templateKey } from '../../core/template-key.js';
import { dateAttributeIso, dateTextIndex, hasDateAttribute, hasDateText, parseDateText, parseYearlessDate } from './comment-dates.js';
import { COMMENT_WIDGET_TEXT, commentIdOf, isPermalinkHref } from './comment-hints.js';

/** Nodes a reading of an entry does not enter: the other entries' nodes (replies nested inside). */
export interface SkippedNodes {
  has(el: Element): boolean;
}

/** One comment entry on the page: its top nodes (document order) and its date node. */
export interface Entry {
  nodes: Element[];
  /** The date node (or the entry's own element when entries were found by id, or the subtree of
   *  an undated record holding its name line). */
  marker: Element;
  /** An undated record's name line (comment-records.ts): the author, whatever else the entry prints. */
  name?: Element;
}

export interface EntryContent {
  id: string | null;
  permalink: string | null;
  author: string | null;
  /** The author was only read as the words printed before the date: a related-post list's titles
   *  read so too, so such a name is no evidence that the entries are comments. */
  authorGuessed: boolean;
  /** Where the author's name sits: the tag path from the entry's own node down to it ('' = that node). */
  authorPath: string | null;
  authorUrl: string | null;
  text: string;
  /** The byline as printed (author, date line, permalink), in page order. */
  byline: string | null;
  html: string;
  /** Characters of `text` inside links. */
  linkChars: number;
  /** A class `depth-N` / `level-N` on the entry, as 0-based depth. */
  depthHint: number | null;
}

/** Last word of a class token naming meta parts of an entry (hint list). */
const META_PART = hintMatcher(COMMENT_META_PART_WORDS, (a) => `(?:^|[-_])(?:${a})$`);
/** Whole class tokens of a meta part (hint list). */
const META_TOKEN = hintMatcher(COMMENT_META_TOKENS, (a) => `^(?:${a})$`);
/** Class token naming the body of an entry ("comment-body", "comment_text"; not "secondary-text"). */
const BODY_PART = hintMatcher(COMMENT_BODY_PART_TOKENS, (part) => `^(?:(?:[a-z]+[-_])?comment[-_]?(?:${part})|${part})$`);
/** Class / itemprop tokens of an author name. */
const AUTHOR_PART = hintMatcher(COMMENT_AUTHOR_PART_WORDS, (a) => `(?:^|[-_])(?:${a})$`);
const NOT_AUTHOR = hintMatcher(NOT_AUTHOR_PART_WORDS, (a) => a);
/** Class tokens of the bare name inside an author part (hint list). */
const NAME_PART = hintMatcher(COMMENT_NAME_PART_WORDS, (a) => `(?:^|[-_])(?:${a})$`);
/** Link labels standing where a name would ("Profile" next to the avatar). */
const NOT_A_NAME = hintMatcher(NOT_A_NAME_LABELS, (a) => `^(?:${a})$`);
/** A line ending a sentence ("Gostei muito.", "ありがとう。") is text, not a name; an initial ("Ana L.") is not. */
export const SENTENCE_END = /(?:[!?…。！？]|\p{L}{3,}\.)$/u;
/** Link relations of a commenter's own site. */
const AUTHOR_REL = /\b(?:external|ugc|author)\b/i;
const NOFOLLOW_REL = /\bnofollow\b/i;
const HEADING = /^h[1-6]$/;
/** What HTML says holds "information about its section": who wrote it, links to related documents. */
const SECTION_META_TAGS = new Set(['header', 'footer']);
const LEFT_OUT_TAGS = new Set(['form', 'button', 'textarea', 'input', 'select', 'nav', 'script', 'style', 'noscript', 'img', 'svg']);
const KEPT_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'cite', 'datetime']);
/** Layout containers: their content is kept, the tags themselves are not (the HTML is the comment body). */
const UNWRAPPED_TAGS = new Set(['div', 'article', 'section', 'main', 'header', 'footer', 'span', 'font', 'center', 'dl', 'dt', 'dd']);
/** "says:", Blogger's "said..." after the name. */
const SAYS = hintMatcher(COMMENT_SAYS_VERBS, (verbs) => `\\s*(?:${verbs})\\s*(?:[:,]|\\.{2,}|…)?\\s*$`);
/** The site a Disqus / Livefyre byline prints before the name ("http://twitter.com/x Asha"). */
const URL_PREFIX = /^(?:https?:\/\/\S+\s+)+/i;
/** A byline label after the name ("Tony | Posted at 12:57pm"). */
const LABEL_TAIL = hintMatcher(
  [SIGNATURE_VERBS, COMMENT_SIGNATURE_VERBS],
  (verbs, more) => `\\s*[|,–—-]?\\s*\\b(?:${verbs}|${more})\\b.*$`,
);
/** "Posted by", "Commented by:", "von" before the name (hint lists). */
const BY_PREFIX = hintMatcher(
  [SIGNATURE_VERBS, COMMENT_SIGNATURE_VERBS, SIGNATURE_BY_WORDS],
  (verbs, more, by) => `^\\s*(?:(?:${verbs}|${more})\\s+)?(?:${by}):?\\s+`,
);
const BYLINE_AUTHOR = hintMatcher(
  [SIGNATURE_VERBS, SIGNATURE_BY_WORDS, NAME_DATE_JOINERS],
  (verbs, by, joiners) => `^\\s*(?:(?:${verbs})\\s+)?(?:${by}):?\\s+(.+?)(?:\\s+(?:${joiners}|@|\\|)\\s.*|\\s*[,|@(].*|\\s+\\d.*)?$`,
);
/** "posted on October 24, 2012 at 7:26 PM by Darren": the name after the date. */
const DATE_THEN_AUTHOR = hintMatcher(SIGNATURE_BY_WORDS, (by) => `\\d.*?\\b(?:${by}):?\\s+([^|,@(\\d]+?)\\s*$`);
const SAYS_AUTHOR = hintMatcher(COMMENT_SAYS_VERBS, (verbs) => `^\\s*(.+?)\\s+(?:${verbs})(?![\\p{L}\\p{N}])`, 'iu');
/** A list number before the name ("1.", "#12", "3)"). */
const ORDINAL_PREFIX = /^\s*#?\d+[.)]?\s+/;
/** What stands between a name and its date: separators, "on"/"at", a weekday (the date's own first
 *  word: "Wed, 03/19/2025" is a date with no name before it). */
const NAME_DATE_GLUE = hintMatcher(
  [NAME_DATE_JOINERS, WEEKDAY_NAMES, WEEKDAY_ABBREVIATIONS],
  (joiners, weekdays, abbreviations) =>
    `(?:[\\s|,:@–—·•-]+|\\s+(?:${joiners})|(?:^|\\s+)(?:${weekdays}|(?:${abbreviations})(?=[.,])\\.?))+$`,
);
/** Words no commenter's name holds: the byline's own labels. */
const BYLINE_LABEL = hintMatcher(BYLINE_LABEL_WORDS, (a) => `\\b(?:${a})\\b`);
/** A class `depth-N` / `level-N` naming an entry's nesting depth (hint list). */
const DEPTH_CLASS = hintMatcher(COMMENT_DEPTH_WORDS, (a) => `(?:^|\\s)(?:${a})[-_]?(\\d+)(?:\\s|$)`);

const NO_TOKENS: readonly string[] = [];

function classTokens(el: Element): readonly string[] {
  const { class: cls, itemprop } = el.attribs;
  // Most elements of a comment body (p, a, em, br) have neither.
  if (cls === undefined && itemprop === undefined) return NO_TOKENS;
  return `${cls ?? ''} ${itemprop ?? ''}`.split(/\s+/).filter((t) => t !== '');
}

function isMetaElement(el: Element): boolean {
  return classTokens(el).some((t) => META_TOKEN().test(t) || META_PART().test(t));
}

/** Whether the element, or one inside it, is named as the comment's body ("comment-body", "comment_text"). */
function holdsBodyPart(el: Element): boolean {
  const stack: Element[] = [el];
  while (stack.length > 0) {
    const e = stack.pop() as Element;
    if (classTokens(e).some((t) => BODY_PART().test(t))) return true;
    for (const c of e.children) if (isTag(c)) stack.push(c);
  }
  return false;
}

/** Text with a space between sibling nodes (a byline's parts stay words apart). */
const plainText = (n: AnyNode): string => nodeText(n, { separator: ' ' });

/**
 * The texts of the element's text nodes in document order (ignored elements left out), or null as
 * soon as they hold more than `max` words (`tokenize`). Every block of an entry is tested for a
 * byline or date line: reading each one whole would be quadratic in the entry's depth. `plainText`
 * puts a space between siblings, so no word spans two text nodes and their counts add up.
 */
export function textsUpTo(el: Element, max: number): string[] | null {
  const parts: string[] = [];
  if (isIgnoredElement(el)) return parts;
  let words = 0;
  const stack: AnyNode[] = [];
  for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i] as AnyNode);
  while (stack.length > 0) {
    const n = stack.pop() as AnyNode;
    if (isText(n)) {
      words += countWordsUpTo(n.data, max - words);
      if (words > max) return null;
      parts.push(n.data);
    } else if (isTag(n) && !isIgnoredElement(n)) {
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as AnyNode);
    }
  }
  return parts;
}

/** Whether the element's text (`plainText`) has at most `max` words, not read past the word after `max`. */
const atMostWords = (el: Element, max: number): boolean => textsUpTo(el, max) !== null;

/** The element's text, whitespace collapsed (= `collapseWhitespace(plainText(el))`), when it has at most `max` words; null for a longer block. */
function shortLine(el: Element, max: number): string | null {
  const parts = textsUpTo(el, max);
  return parts === null ? null : collapseWhitespace(parts.join(' '));
}

/**
 * The first line of a block whose lines are `<br>`-separated ("1. Jane on 12/03/2025 at 14:22<br>
 * text..."), when it has at most `max` words: its text and how many of the block's children it
 * spans (the `<br>` included). Null for a block without a `<br>` of its own.
 */
export function firstBrokenLine(el: Element, max: number): { text: string; children: number } | null {
  const at = el.children.findIndex((c) => isTag(c) && c.name === 'br');
  if (at <= 0) return null;
  const parts: string[] = [];
  for (const c of el.children.slice(0, at)) {
    const texts = isText(c) ? [c.data] : isTag(c) ? textsUpTo(c, max) : [];
    if (texts === null) return null;
    parts.push(...texts);
  }
  const text = collapseWhitespace(parts.join(' '));
  return text === '' || countWordsUpTo(text, max) > max ? null : { text, children: at + 1 };
}

/** An entry's first `<br>` line that holds its author's name and ends with a colon or an ellipsis,
 *  as a signature does before the text it introduces ("<cite>Jane</cite> Says:", "Ana escribió:"). */
function signatureLine(el: Element, authorNode: Element | null): { text: string; children: number } | null {
  if (authorNode === null) return null;
  const line = firstBrokenLine(el, MAX_BYLINE_WORDS);
  if (line === null || !/(?::|\.{2,}|…)$/.test(line.text)) return null;
  return el.children.slice(0, line.children - 1).some((c) => c === authorNode || (isTag(c) && contains(c, authorNode))) ? line : null;
}

/** A byline printed as a block's first `<br>` line, in a block holding the comment's text too. */
function firstLineByline(el: Element, max: number): string | null {
  return BLOCK_TAGS.has(el.name) ? (firstBrokenLine(el, max)?.text ?? null) : null;
}

/** The text a reader sees in a byline part, without its reply / counter widgets. */
export function printedText(el: Element): string {
  const parts: string[] = [];
  const visit = (n: AnyNode): void => {
    if (isText(n)) parts.push(n.data);
    else if (
      isTag(n) &&
      !isIgnoredElement(n) &&
      !LEFT_OUT_TAGS.has(n.name) &&
      !(n.name === 'a' && COMMENT_WIDGET_TEXT().test(plainText(n)))
    )
      n.children.forEach(visit);
  };
  visit(el);
  return collapseWhitespace(parts.join(' '));
}

/** A short block that is only a date / byline line (the entry's meta, not its text). */
function isDateLine(el: Element): boolean {
  const t = shortLine(el, 14);
  return t !== null && (hasDateAttribute(el) || hasDateText(t) || el.name === 'time');
}

function absolute(url: string, base: string): string | null {
  try {
    const u = new URL(url.trim(), base);
    return /^(?:https?:|mailto:)/i.test(u.href) ? u.href : null;
  } catch {
    return null;
  }
}

/** Elements of the entry, depth first, not entering `skip` subtrees (listed once per entry: the
 *  author, permalink and date readings go through them several times). */
export function elementsOf(nodes: readonly Element[], skip: SkippedNodes): Element[] {
  const out: Element[] = [];
  const stack = [...nodes].reverse();
  while (stack.length > 0) {
    const el = stack.pop() as Element;
    if (skip.has(el) || isIgnoredElement(el)) continue;
    out.push(el);
    for (let i = el.children.length - 1; i >= 0; i--) {
      const c = el.children[i];
      if (c !== undefined && isTag(c)) stack.push(c);
    }
  }
  return out;
}

function cleanAuthor(raw: string): string | null {
  const t = collapseWhitespace(raw)
    .replace(URL_PREFIX, '')
    .replace(BY_PREFIX(), '')
    .replace(LABEL_TAIL(), '')
    .replace(SAYS(), '')
    .replace(/^[\s:|,–—·•-]+|[\s:|,–—·•-]+$/g, '')
    .trim();
  const n = countWordsUpTo(t, MAX_AUTHOR_WORDS);
  return n === 0 || n > MAX_AUTHOR_WORDS || hasDateText(t) || NOT_A_NAME().test(t) ? null : t;
}

/** Separators between the parts of a printed byline ("Jane Roe — Submitted at 14:05 on 4 March"). */
const BYLINE_SEPARATOR = /\s+[|–—·•]\s+|\s+-\s+/;
/** A body line of nothing but those separators: the glue of byline parts left out ("<b>Jane</b> · <span>3 days ago</span>"). */
const SEPARATORS_ONLY = /^[\s|–—·•-]+$/;

/**
 * A dated byline split on its separators: the first part, when it holds no date and the rest does,
 * is the name. Structure only (no words of any language): "<name> — <label> <date>".
 */
function nameBeforeSeparator(byline: string): string | null {
  const parts = collapseWhitespace(byline).split(BYLINE_SEPARATOR);
  if (parts.length < 2) return null;
  const [first, ...rest] = parts as [string, ...string[]];
  if (hasDateText(first) || !rest.some((r) => hasDateText(r))) return null;
  return cleanAuthor(first.replace(ORDINAL_PREFIX, ''));
}

/** "1. James Cannon - October 26, 2012", "nomaduk 10.29.2012": the name printed before the date. */
function nameBeforeDate(byline: string): string | null {
  const at = dateTextIndex(byline);
  if (at <= 0) return null;
  const name = byline.slice(0, at).replace(ORDINAL_PREFIX, '').replace(NAME_DATE_GLUE(), '');
  return BYLINE_LABEL().test(name) ? null : cleanAuthor(name);
}

/** `elements`: `elementsOf(nodes, skip)`. */
function findAuthor(
  nodes: readonly Element[],
  elements: readonly Element[],
  skip: SkippedNodes,
  baseUrl: string,
): { name: string | null; url: string | null; node: Element | null; guessed: boolean } {
  const link = (el: Element): string | null =>
    authorUrlOf(el.name === 'a' ? el : elementsOf([el], skip).find((e) => e.name === 'a'), baseUrl);
  // 1. An element whose class / itemprop names the author (vcard fn, comment-author, username).
  for (const el of elements) {
    if (!classTokens(el).some((t) => AUTHOR_PART().test(t) && !NOT_AUTHOR().test(t.replace(/author/i, '')))) continue;
    // The innermost named part holds the bare name ("comment-author" > "fn").
    const inner = elementsOf([el], skip)
      .reverse()
      .find((e) => e !== el && classTokens(e).some((t) => NAME_PART().test(t)));
    const name = cleanAuthor(plainText(inner ?? el));
    if (name !== null) return { name, url: link(inner ?? el), node: el, guessed: false };
    // A named box of lines (name, date, reply link): its first line that is a name.
    for (const line of el.children) {
      if (!isTag(line) || !BLOCK_TAGS.has(line.name) || skip.has(line)) continue;
      const text = plainText(line);
      const first = BYLINE_LABEL().test(text) || COMMENT_WIDGET_TEXT().test(text) ? null : cleanAuthor(text);
      if (first !== null) return { name: first, url: link(line), node: el, guessed: false };
    }
  }
  // 2. <cite>, or a link to the commenter's site (rel external / ugc, or nofollow in the meta line).
  const inMeta = (el: Element): boolean => {
    for (let e = el.parent; e !== null && isTag(e) && !nodes.includes(e); e = e.parent) {
      if (isMetaElement(e)) return true;
    }
    return false;
  };
  for (const el of elements) {
    if (el.name !== 'cite' && el.name !== 'a') continue;
    const rel = el.attribs.rel ?? '';
    const named =
      el.name === 'cite' ||
      AUTHOR_REL.test(rel) ||
      (NOFOLLOW_REL.test(rel) && inMeta(el) && !BYLINE_LABEL().test(plainText(el)) && !COMMENT_WIDGET_TEXT().test(plainText(el)));
    if (named) {
      const name = cleanAuthor(plainText(el)) ?? (el.name === 'cite' ? nameBeforeSeparator(plainText(el)) : null);
      if (name !== null) return { name, url: link(el), node: el, guessed: false };
    }
  }
  // 3. A byline: "by X on <date>", "X says:", "<date> by X"; 4. failing that, "X <date>".
  const bylines = elements.filter((el) => BLOCK_TAGS.has(el.name) || el.name === 'span' || el.name === 'strong' || el.name === 'b');
  // '' for a line longer than a byline; read when a rule comes to it (the first rule that names
  // the author ends the reading).
  const printed: Array<string | undefined> = [];
  const printedAt = (i: number, el: Element): string =>
    (printed[i] ??= shortLine(el, MAX_BYLINE_WORDS) ?? firstLineByline(el, MAX_BYLINE_WORDS) ?? '');
  const short = (t: string): boolean => t !== '';
  for (const [i, el] of bylines.entries()) {
    const t = printedAt(i, el);
    if (!short(t)) continue;
    const m = BYLINE_AUTHOR().exec(t) ?? SAYS_AUTHOR().exec(t) ?? (hasDateText(t) ? DATE_THEN_AUTHOR().exec(t) : null);
    const name = m?.[1] === undefined ? null : cleanAuthor(m[1]);
    if (name !== null) return { name, url: link(el), node: el, guessed: false };
  }
  // Only a line of its own (no blocks inside): a whole short entry reads "<title> <date>" too.
  for (const [i, el] of bylines.entries()) {
    const t = printedAt(i, el);
    const line = !el.children.some((c) => isTag(c) && BLOCK_TAGS.has(c.name));
    const name = line && short(t) ? (nameBeforeSeparator(t) ?? nameBeforeDate(t)) : null;
    if (name !== null) return { name: markedNameIn(el, name) ?? name, url: link(el), node: el, guessed: true };
  }
  // 5. A block's first line running up to its first block child ("<strong>Jane</strong> <span>3
  // days ago</span><div>text</div>"): the element printing the words before the date, first, the
  // date in an element of its own (both left out of the text).
  for (const el of bylines) {
    const run = leadingInlineRun(el, skip) ?? [];
    const t = collapseWhitespace(run.map((n) => (isText(n) ? n.data : isTag(n) ? plainText(n) : '')).join(' '));
    if (t === '' || countWordsUpTo(t, MAX_BYLINE_WORDS) > MAX_BYLINE_WORDS) continue;
    const before = nameBeforeDate(t);
    const name = before !== null && t.startsWith(before) ? before : null;
    const holder = name === null ? undefined : run.find((n): n is Element => isTag(n) && cleanAuthor(plainText(n)) === name);
    const dated = run.some((n) => isTag(n) && n !== holder && hasDateText(plainText(n)));
    if (name !== null && holder !== undefined && dated) return { name, url: link(holder), node: holder, guessed: true };
  }
  // 5b. The entry's first line is one element alone, its date printed elsewhere in the entry
  // ("<img><a>Jane</a><p>text</p><span>3 days ago</span>"): a record of avatar, name, text and date.
  const first = nodes.length === 1 ? soleLeadingElement(nodes[0] as Element, skip) : null;
  const firstName = first === null ? null : cleanAuthor(plainText(first));
  if (
    first !== null &&
    firstName !== null &&
    !SENTENCE_END.test(firstName) &&
    elements.some((el) => !contains(first, el) && isEntryDateLine(el))
  )
    return { name: firstName, url: link(first), node: first, guessed: true };
  // 6. Name, date and text each a line of its own ("<h4>Jane</h4><time>4 Mar</time><div>text</div>"):
  // the short line just before the entry's first date line, when nothing but empty elements (an
  // avatar) stands between them and the text follows the date (a short text signed by a date line
  // after it is no name). Guessed: the zone then needs the names alike or the site's records.
  const dateLine = elements.find((el) => el.name !== 'span' && isEntryDateLine(el));
  const before = dateLine === undefined || !hasTextAfter(dateLine, elements) ? null : lineBeforeWrapped(dateLine, nodes, skip);
  const name = before === null ? null : cleanAuthor(shortLine(before, MAX_AUTHOR_WORDS) ?? '');
  if (before !== null && name !== null && !SENTENCE_END.test(name)) return { name, url: link(before), node: before, guessed: true };
  // 7. A byline row: a short block of one-line parts, the first a name, a later one dated by its
  // text or its tooltip ("<div><div>Jane</div><span>March 3, 2025</span></div>",
  // "<div><a>Jane</a><a title="Tue, 4 Mar 2025 10:45">Mar 4</a></div>"), the text after it.
  for (const el of elements) {
    const row = bylineRow(el, skip);
    if (row !== null && hasTextAfter(el, elements)) return { name: row.name, url: link(row.holder), node: el, guessed: true };
  }
  // 8. A name linking where the entry's avatar links (a profile): a link printing only images, and a
  // short link of its own line to the same address, outside the text's paragraphs, the text after
  // it. Guessed: a related-post list links each thumbnail and its title alike.
  const avatarLinks = new Set(elements.filter((el) => el.name === 'a' && printsOnlyImages(el)).map((el) => el.attribs.href));
  avatarLinks.delete(undefined);
  for (const el of elements) {
    if (el.name !== 'a' || !avatarLinks.has(el.attribs.href) || printsOnlyImages(el) || inParagraphOf(el, nodes)) continue;
    const name = cleanAuthor(plainText(el));
    if (name !== null && !SENTENCE_END.test(name) && hasTextAfter(el, elements)) return { name, url: link(el), node: el, guessed: true };
  }
  return { name: null, url: null, node: null, guessed: false };
}

/**
 * The name a byline line marks up as an element of its own when the words read as the name run on
 * past it in loose text ("<span>Bram Kok</span> replied to <a>…</a>": a label in any language, the
 * link it introduces left out of the line as another entry's anchor): the element's text. ours: issue #12.
 */
function markedNameIn(line: Element, name: string): string | null {
  for (let el: Element = line; ; ) {
    const first = el.children.find((c) => (isText(c) ? c.data.trim() !== '' : isTag(c) && !isIgnoredElement(c) && plainText(c) !== ''));
    if (first === undefined || !isTag(first)) return null;
    const printed = collapseWhitespace(plainText(first));
    if (printed === name) return null;
    if (name.startsWith(`${printed} `)) {
      let next = first.next;
      while (next !== null && isTag(next) && isIgnoredElement(next)) next = next.next;
      return next !== null && isText(next) && next.data.trim() !== '' ? cleanAuthor(printed) : null;
    }
    // An element printing more than the name is the line's wrapper: its own first part is looked at.
    el = first;
  }
}

/** Whether `el` holds images and prints no text (an avatar's link). */
function printsOnlyImages(el: Element): boolean {
  if (plainText(el) !== '') return false;
  const stack: Element[] = [el];
  while (stack.length > 0) {
    for (const c of (stack.pop() as Element).children) {
      if (!isTag(c)) continue;
      if (c.name === 'img') return true;
      stack.push(c);
    }
  }
  return false;
}

/** Loose text between a byline row's parts: a few words, no number (a number is a part's, a date's or a count's). */
const isRowLabel = (text: string): boolean =>
  !/\p{N}/u.test(text) && countWordsUpTo(text, MAX_NAME_LINE_LABEL_WORDS) <= MAX_NAME_LINE_LABEL_WORDS;

/** A block (or a `<span>` line) printing at most a byline's words as parts of one line each (no block inside a part),
 *  the first a name (`cleanAuthor`), a later one a date (its text, or a date attribute or tooltip in it). */
function bylineRow(el: Element, skip: SkippedNodes): { name: string; holder: Element } | null {
  if ((!BLOCK_TAGS.has(el.name) && el.name !== 'span') || skip.has(el) || !atMostWords(el, MAX_BYLINE_WORDS)) return null;
  const parts: Element[] = [];
  for (const c of el.children) {
    if (isText(c)) {
      // Glue between the parts: separators, or a short label in any language ("commented", "schrieb am").
      if (c.data.trim() !== '' && !SEPARATORS_ONLY.test(c.data) && !isRowLabel(c.data)) return null;
      continue;
    }
    if (!isTag(c) || skip.has(c) || isIgnoredElement(c) || textsUpTo(c, 0)?.join('').trim() === '') continue;
    if (c.children.some((k) => isTag(k) && BLOCK_TAGS.has(k.name))) return null;
    parts.push(c);
  }
  const [first, ...rest] = parts;
  if (first === undefined || rest.length === 0) return null;
  const name = cleanAuthor(plainText(first));
  if (name === null || SENTENCE_END.test(name)) return null;
  const dated = (p: Element): boolean => hasDateText(plainText(p)) || elementsOf([p], skip).some(hasDateAttribute);
  return rest.some(dated) ? { name, holder: first } : null;
}

/** Whether an element of the entry after `el` (`elements`: the entry's, in document order), not
 *  inside it, prints text. */
function hasTextAfter(el: Element, elements: readonly Element[]): boolean {
  return elements.slice(elements.indexOf(el) + 1).some((k) => !contains(el, k) && textsUpTo(k, 0) === null);
}

/** The element sibling just before `el` printing text, past elements that print none (an avatar);
 *  null when loose text or nothing comes first. */
function lineBefore(el: Element, skip: SkippedNodes): Element | null {
  for (let k = el.prev; k !== null; k = k.prev) {
    if (isText(k)) {
      if (k.data.trim() !== '') return null;
      continue;
    }
    if (!isTag(k) || isIgnoredElement(k) || skip.has(k)) continue;
    if (textsUpTo(k, 0)?.join('').trim() === '') continue;
    return k;
  }
  return null;
}

/** `lineBefore` of the date line, or of the layout wrapper around it that prints nothing else
 *  (`<div>Jane</div><div class="group"><div>4 Mar 2025</div></div>`, a block theme's row), within
 *  the entry's `nodes`; past counter lines ("2 points": the entry's score printed between its name
 *  and its date, `isCounterLike`), no names. */
function lineBeforeWrapped(dateLine: Element, nodes: readonly Element[], skip: SkippedNodes): Element | null {
  const isCounter = (k: Element): boolean => isCounterLike(printedText(k));
  for (let el = dateLine; ; ) {
    let before = lineBefore(el, skip);
    while (before !== null && isCounter(before)) before = lineBefore(before, skip);
    if (before !== null) return before;
    const parent = el.parent;
    if (parent === null || !isTag(parent) || nodes.includes(el) || !printsOnly(parent, el, skip, isCounter)) return null;
    el = parent;
  }
}

/** Whether `child` is the only child of `parent` that prints text (ignored and skipped elements, and
 *  those `aside` names, aside). */
function printsOnly(parent: Element, child: Element, skip: SkippedNodes, aside: (el: Element) => boolean): boolean {
  for (const c of parent.children) {
    if (c === child) continue;
    if (isText(c)) {
      if (c.data.trim() !== '') return false;
      continue;
    }
    if (isTag(c) && !isIgnoredElement(c) && !skip.has(c) && !aside(c) && textsUpTo(c, 0)?.join('').trim() !== '') return false;
  }
  return true;
}

/** Letters a letter avatar may print: a name's initials. */
const MAX_AVATAR_LETTERS = 3;
const LETTERS_ONLY = /^\p{L}+$/u;

/**
 * The line just before the name line printing the name's initial, or its initials ("H", "HS" for
 * Hana Sato): an avatar drawn as letters, a byline part. ours: issue #12.
 */
function letterAvatarBefore(line: Element, name: string, skip: SkippedNodes): Element | null {
  const before = lineBefore(line, skip);
  if (before === null) return null;
  const printed = [...plainText(before).replace(/\s+/g, '').toLocaleUpperCase()];
  if (printed.length === 0 || printed.length > MAX_AVATAR_LETTERS || !LETTERS_ONLY.test(printed.join(''))) return null;
  const initials = name
    .split(/\s+/)
    .filter((w) => w !== '')
    .map((w) => [...w.toLocaleUpperCase()][0] as string);
  const same = (n: number): boolean => printed.length === n && printed.every((c, i) => c === initials[i]);
  return same(1) || same(initials.length) ? before : null;
}

/** A short line holding a number and a word (`templateKey` masked a number in it): a count. */
export function isCounterLike(line: string): boolean {
  const key = templateKey(line);
  return key.includes(NUMBER_MASK) && key !== line.trim() && countWordsUpTo(line, MAX_COUNTER_LINE_WORDS) <= MAX_COUNTER_LINE_WORDS;
}

/** The one element printing text in a block's first line (`leadingInlineRun`), past elements that
 *  print none (an avatar); null when loose text or more than one element prints it. */
function soleLeadingElement(el: Element, skip: SkippedNodes): Element | null {
  const printing = (leadingInlineRun(el, skip) ?? []).filter((n) =>
    isText(n) ? n.data.trim() !== '' : isTag(n) && textsUpTo(n, 0) === null,
  );
  const [only] = printing;
  return printing.length === 1 && only !== undefined && isTag(only) ? only : null;
}

/** A date line of an entry: a `<time>`, or a block or span printing nothing but a short dated line. */
function isEntryDateLine(el: Element): boolean {
  return (el.name === 'time' || el.name === 'span' || BLOCK_TAGS.has(el.name)) && printsOnlyADateLine(el);
}

/** An element with no block inside, printing a short dated line. */
function printsOnlyADateLine(el: Element): boolean {
  return !el.children.some((c) => isTag(c) && BLOCK_TAGS.has(c.name)) && isDateLine(el);
}

/** The nodes a block prints before its first block child, when it has one (its first line). */
function leadingInlineRun(el: Element, skip: SkippedNodes): AnyNode[] | null {
  if (!BLOCK_TAGS.has(el.name)) return null;
  const at = el.children.findIndex((c) => isTag(c) && BLOCK_TAGS.has(c.name));
  return at <= 0 ? null : el.children.slice(0, at).filter((c) => !(isTag(c) && (skip.has(c) || isIgnoredElement(c))));
}

/** The entry's date (ISO), read in its elements (`elementsOf`); `postDate`: the post's date, the year
 *  of comment dates printed without one; `language`: the page's, for month words the date patterns
 *  do not know (`parseDateText`). */
export function entryDate(elements: readonly Element[], postDate: string | null, language: string | null = null): string | null {
  return findDate(elements, postDate, language);
}

function findDate(elements: readonly Element[], postDate: string | null, language: string | null): string | null {
  // Both passes below read the short lines of the blocks: each is read once.
  const lines = new Map<Element, string | null>();
  const lineOf = (el: Element): string | null => {
    let t = lines.get(el);
    if (t === undefined) {
      t = shortLine(el, 20);
      lines.set(el, t);
    }
    return t;
  };
  let fromText: string | null = null;
  for (const el of elements) {
    if (hasDateAttribute(el)) {
      const iso = dateAttributeIso(el);
      if (iso !== null) return iso;
    }
    if (fromText === null && BLOCK_TAGS.has(el.name) === false && el.children.length > 0) continue;
    if (fromText === null) {
      const t = lineOf(el);
      if (t !== null && hasDateText(t)) fromText = parseDateText(t, language);
    }
  }
  if (fromText !== null) return fromText;
  // Inline date lines ("<span>July 7, 2012 at 12:27 am</span>", a first line before a <br>) inside a longer block.
  for (const el of elements) {
    const t = lineOf(el) ?? firstLineByline(el, 20);
    if (t !== null && hasDateText(t)) {
      const iso = parseDateText(t, language);
      if (iso !== null) return iso;
    }
  }
  if (postDate === null) return null;
  // A byline printing the day and time but not the year (Slashdot, "On Thursday, November 1 at 2:57 pm").
  for (const el of elements) {
    const t = shortLine(el, MAX_BYLINE_WORDS);
    const iso = t !== null && !holdsBodyPart(el) ? parseYearlessDate(t, postDate) : null;
    if (iso !== null) return iso;
  }
  return null;
}

/** `elements`: `elementsOf(entry.nodes, skip)`. */
function findPermalink(entry: Entry, elements: readonly Element[], baseUrl: string): { id: string | null; permalink: string | null } {
  for (const el of elements) {
    const href = el.name === 'a' ? el.attribs.href : undefined;
    if (href !== undefined && isPermalinkHref(href) && href.includes('#') && !/replytocom/i.test(href)) {
      return { id: href.slice(href.indexOf('#') + 1), permalink: absolute(href, baseUrl) };
    }
  }
  // An id on the entry, or on its nearest ancestor holding only it.
  const candidates: Element[] = [...elements];
  for (let e = entry.nodes[0]?.parent ?? null; e !== null && isTag(e) && candidates.length < 200; e = e.parent) {
    candidates.unshift(e);
    if (elementChildrenUpTo(e, 2) > 2) break;
  }
  for (const e of candidates) {
    const id = commentIdOf(e);
    if (id !== null) return { id, permalink: absolute(`#${id}`, baseUrl) };
  }
  return { id: null, permalink: null };
}

/** An entry node's record without the wrappers around it, and how many there are: down through
 *  elements holding one element and no text of their own (a reply printed inside one `<blockquote>`
 *  per thread level). */
export function unwrapEntry(node: Element): { record: Element; wrappers: number } {
  let record = node;
  let wrappers = 0;
  for (;;) {
    const kids = record.children.filter((c) => isTag(c) || (isText(c) && c.data.trim() !== ''));
    const [only] = kids;
    if (kids.length !== 1 || only === undefined || !isTag(only)) return { record, wrappers };
    record = only;
    wrappers++;
  }
}

/** The entry's body: every node except the meta parts, as text lines and cleaned HTML. */
function renderBody(
  entry: Entry,
  skip: SkippedNodes,
  authorNode: Element | null,
  baseUrl: string,
  metaLines: ReadonlySet<Element>,
): { text: string; byline: string | null; html: string; linkChars: number } {
  const lines: string[] = [];
  const html: string[] = [];
  let current = '';
  let linkChars = 0;
  const tagOptions: StartTagOptions = { keep: KEPT_ATTRIBUTES, resolveUrl: (url) => absolute(url, baseUrl) };
  const newline = (): void => {
    if (current.trim() !== '') lines.push(current);
    current = '';
  };
  const bylineParts: string[] = [];
  const records = new Set(entry.nodes.map((n) => unwrapEntry(n).record));
  const isEntryChild = (el: Element): boolean => el.parent !== null && isTag(el.parent) && records.has(el.parent);
  /** Left out of the body; a byline part (author, date line, meta) is kept as the printed byline. */
  const isLeftOut = (el: Element): boolean => {
    if (skip.has(el) || isIgnoredElement(el) || LEFT_OUT_TAGS.has(el.name) || isHiddenByClass(el)) return true;
    const isByline =
      el === authorNode ||
      metaLines.has(el) ||
      // A meta-named element holding the body too ("comment-author" around the whole comment) is entered.
      (isMetaElement(el) && atMostWords(el, MAX_META_WORDS) && !holdsBodyPart(el)) ||
      (HEADING.test(el.name) && atMostWords(el, 12)) ||
      // An entry's own <header> / <footer>: its byline, reply and permalink links (HTML §4.3.8-9).
      (SECTION_META_TAGS.has(el.name) && atMostWords(el, MAX_META_WORDS) && !holdsBodyPart(el)) ||
      isEntryDateLine(el) ||
      // An inline date element of the entry's own (`<small>`, `<em>` beside the name), not one inside
      // its text; or the date node that found the entry, wherever it sits (a lone entry's list around it).
      ((isEntryChild(el) || el === entry.marker) && printsOnlyADateLine(el));
    if (isByline) {
      bylineParts.push(printedText(el));
      return true;
    }
    if (el.name === 'a' && isPermalinkHref(el.attribs.href ?? '')) {
      bylineParts.push(printedText(el));
      return true;
    }
    return el.name === 'a' && COMMENT_WIDGET_TEXT().test(plainText(el));
  };
  const visit = (node: AnyNode, inLink: boolean, inPre = false): void => {
    if (isText(node)) {
      // A <pre> block's lines stay lines (code, verse), as in the article's text.
      if (inPre)
        node.data.split('\n').forEach((part, i) => {
          if (i > 0) newline();
          current += part;
        });
      else current += node.data;
      if (inLink) linkChars += node.data.trim().length;
      html.push(escapeText(node.data.trim() === '' ? (node.data === '' ? '' : ' ') : node.data));
      return;
    }
    if (!isTag(node) || isLeftOut(node)) return;
    const block = breaksLine(node.name);
    if (block) newline();
    const unwrapped = UNWRAPPED_TAGS.has(node.name);
    if (!unwrapped) html.push(startTag(node, tagOptions));
    if (!VOID_TAGS.has(node.name)) {
      for (const c of node.children) visit(c, inLink || node.name === 'a', inPre || node.name === 'pre');
      if (!unwrapped) html.push(endTag(node));
    }
    if (block) newline();
  };
  for (const n of entry.nodes) {
    if (entry.nodes.length > 1) visit(n, false);
    else {
      // The entry's own first <br> line as its byline ("1. Jane on <date><br>text"), or a first <br>
      // line holding the name and ending as a signature does ("<cite>Jane</cite> Says:<br>"): left out.
      const byline = n === authorNode ? firstBrokenLine(n, MAX_BYLINE_WORDS) : signatureLine(n, authorNode);
      if (byline !== null) bylineParts.push(byline.text);
      for (const c of n.children.slice(byline?.children ?? 0)) visit(c, false);
    }
  }
  newline();
  const text = lines
    .map(collapseWhitespace)
    .filter((l) => l !== '' && !SEPARATORS_ONLY.test(l) && !COMMENT_WIDGET_TEXT().test(l))
    .join('\n');
  const byline = bylineParts
    .map(collapseWhitespace)
    .filter((l) => l !== '')
    .join(' ');
  return {
    text,
    byline: byline === '' ? null : byline,
    html: html
      .join('')
      .replace(/\s*(<\/?(?:p|ul|ol|blockquote|pre|h[1-6]|table|tr|td|th)\b[^>]*>)\s*/g, '$1')
      .trim(),
    linkChars,
  };
}

/** A class `depth-N` / `level-N` from the entry's date node up to its item, as 0-based depth (`EntryContent.depthHint`). */
export function depthHintOf(entry: Entry): number | null {
  // From the date node up to just above the entry: the class sits on the item holding the entry.
  const stop = entry.nodes[0]?.parent ?? null;
  for (let e: AnyNode | null = entry.marker; e !== null && isTag(e); e = e.parent) {
    const m = DEPTH_CLASS().exec(e.attribs.class ?? '');
    if (m !== null) return Math.max(0, Number(m[1]) - 1);
    if (e === stop) break;
  }
  return null;
}

/** Whether a `<p>` of the entry holds `el` (a line of the comment's own paragraphs). */
export function isInParagraph(el: Element, entry: Entry): boolean {
  return inParagraphOf(el, entry.nodes);
}

/** Whether a `<p>` inside the entry's `nodes` holds `el`. */
function inParagraphOf(el: Element, nodes: readonly Element[]): boolean {
  for (let e = el.parent; e !== null && isTag(e); e = e.parent) {
    if (e.name === 'p') return true;
    if (nodes.includes(e)) return false;
  }
  return false;
}

/**
 * Tag path from the entry node holding `node` down to it ("div/b"; '' for the entry node itself),
 * the wrappers the entry opens with left out (elements holding one element and nothing else): a
 * reply set apart by a `<blockquote>` per level of the thread prints its name where a comment
 * does, as `wrappedReplyGroups` reads it. ours: issue #12.
 */
export function pathInEntry(node: Element, entry: Entry): string {
  const steps: Element[] = [];
  for (let e: Element = node; !entry.nodes.includes(e) && e.parent !== null && isTag(e.parent); e = e.parent) steps.push(e);
  steps.reverse();
  // Each step's parent is an element (the entry node for the first step).
  let from = 0;
  while (from < steps.length - 1 && wrapsOneElement(steps[from]?.parent as Element)) from++;
  return steps
    .slice(from)
    .map((e) => e.name)
    .join('/');
}

/** Whether `el` holds one element and no text of its own (a layout wrapper). */
function wrapsOneElement(el: Element): boolean {
  return elementChildrenUpTo(el, 1) === 1 && !el.children.some((c) => isText(c) && c.data.trim() !== '');
}

/** Words besides the name a line may hold and still be the name's line ("says:", "wrote"). ours. */
const MAX_NAME_LINE_LABEL_WORDS = 3;

/**
 * The line the author's name sits in, when it holds nothing else but a short label and the text
 * follows it ("<div><cite>Jane</cite> <span>says:</span></div><p>text</p>"): the whole line is the
 * byline, whatever the label's language. Else the name's own node.
 */
function nameLine(node: Element, entry: Entry, elements: readonly Element[]): Element {
  let line: Element = node;
  while (!BLOCK_TAGS.has(line.name) && !entry.nodes.includes(line) && line.parent !== null && isTag(line.parent)) line = line.parent;
  if (line === node || entry.nodes.includes(line) || line.children.some((c) => isTag(c) && BLOCK_TAGS.has(c.name))) return node;
  const all = textsUpTo(line, MAX_AUTHOR_WORDS + MAX_NAME_LINE_LABEL_WORDS);
  if (all === null) return node;
  const text = collapseWhitespace(all.join(' '));
  const rest = countWordsUpTo(text, Number.POSITIVE_INFINITY) - countWordsUpTo(plainText(node), Number.POSITIVE_INFINITY);
  return rest <= MAX_NAME_LINE_LABEL_WORDS && !SENTENCE_END.test(text) && hasTextAfter(line, elements) ? line : node;
}

/** An undated record's name line as its author, with the link it carries (null when it is no name). */
function recordAuthor(line: Element, baseUrl: string): { name: string; url: string | null; node: Element; guessed: boolean } | null {
  const name = cleanAuthor(plainText(line));
  if (name === null) return null;
  let a = elementsOf([line], { has: () => false }).find((e) => e.name === 'a');
  // "<a><strong>Name</strong></a>": the link around the line.
  for (let e = line.parent; a === undefined && e !== null && isTag(e) && !BLOCK_TAGS.has(e.name); e = e.parent) if (e.name === 'a') a = e;
  return { name, url: authorUrlOf(a, baseUrl), node: line, guessed: false };
}

/** The commenter's own site from the link on their name: none for an anchor on the page or a permalink. */
function authorUrlOf(a: Element | undefined, baseUrl: string): string | null {
  const href = a?.attribs.href;
  return href === undefined || href.startsWith('#') || isPermalinkHref(href) ? null : absolute(href, baseUrl);
}

const NO_META_LINES: ReadonlySet<Element> = new Set();

/** Everything a comment entry says but its date (`entryDate`: read for the chosen zone's entries
 *  only). `skip`: the other entries' nodes (replies nested inside); `elements`: `elementsOf(entry.nodes, skip)`;
 *  `metaLines`: elements the zone showed to be the entry's metadata (`replyMarkersOf`, `counterLinesOf`), left out of
 *  its body as byline parts. */
export function readEntry(
  entry: Entry,
  elements: readonly Element[],
  skip: SkippedNodes,
  baseUrl: string,
  metaLines: ReadonlySet<Element> = NO_META_LINES,
): EntryContent {
  const author = (entry.name === undefined ? null : recordAuthor(entry.name, baseUrl)) ?? findAuthor(entry.nodes, elements, skip, baseUrl);
  const line = author.node === null ? null : nameLine(author.node, entry, elements);
  const avatar = line === null || author.name === null ? null : letterAvatarBefore(line, author.name, skip);
  const body = renderBody(entry, skip, line, baseUrl, avatar === null ? metaLines : new Set([...metaLines, avatar]));
  const { id, permalink } = findPermalink(entry, elements, baseUrl);
  return {
    id,
    permalink,
    author: author.name,
    authorGuessed: author.guessed,
    authorPath: author.node === null ? null : pathInEntry(author.node, entry),
    authorUrl: author.url,
    text: body.text,
    byline: body.byline,
    html: body.html,
    linkChars: body.linkChars,
    depthHint: depthHintOf(entry),
  };
}
