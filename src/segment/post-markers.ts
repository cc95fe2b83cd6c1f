/**
 * Markers inside a post: title nodes [002 step 2, "conditions for being a title node"], and the
 * permalink and author found "from the content of each extracted post using common patterns"
 * [002 step 3].
 */
import { type AnyNode, type Element, isTag, isText } from 'domhandler';
import { hintMatcher, NAME_PARTICLES, SIGNATURE_BY_WORDS, SIGNATURE_VERBS } from '../core/hint-vocabulary.js';
import { continueReadingLabel } from '../core/continue-reading.js';
import { canonicalUrl, hostOf } from '../core/url.js';
import {
  ARCHIVE_HREF,
  AUTHOR_MARKER,
  COMMENTS_HREF,
  MAX_AUTHOR_CHARS,
  MAX_DATE_TEXT_CHARS,
  PERMALINK_TEXT,
  TITLE_CLASS,
} from './constants.js';
import { anchorUrl, elementText, elementsUnder, isInvisible, parentElement } from './dom-text.js';

const HEADING = /^h[1-6]$/;
/** Longest title kept (characters): longer text is a paragraph. ours. */
const MAX_TITLE_CHARS = 300;
const BOOKMARK = /(^|\s)bookmark(\s|$)/i;

/**
 * How strongly an element marks a post title, 0 strongest, or null. Headings [002: "node that
 * matches one of our conditions for being a title node"], class / id naming a title (002's own
 * example), `rel=bookmark` (the hAtom permalink), then any link to another page of the site
 * (archive lists show titles as bare links).
 */
export function titleRank(el: Element, pageUrl: string): number | null {
  if (isInvisible(el)) return null;
  const text = elementText(el);
  if (text.length < 2 || text.length > MAX_TITLE_CHARS || !/\p{L}/u.test(text)) return null;
  if (HEADING.test(el.name)) return 0;
  if (TITLE_CLASS().test(el.attribs.class ?? '') || TITLE_CLASS().test(el.attribs.id ?? '')) return 1;
  if (el.name !== 'a') return null;
  if (BOOKMARK.test(el.attribs.rel ?? '')) return 2;
  const url = anchorUrl(el, pageUrl);
  if (url === null || hostOf(url) !== hostOf(pageUrl) || canonicalUrl(url) === canonicalUrl(pageUrl)) return null;
  // A link opening with a permalink label ("Permalink", "Read more »") is no title; a title holding
  // such words ("The full story of our trip") is one.
  if (continueReadingLabel('link-start').test(text) || COMMENTS_HREF().test(url) || insideAuthorMarker(el) || isSigned(el)) return null;
  return 3;
}

/** A signature ending the text before a link ("By", "Posted by": hint words). */
const SIGNATURE_BEFORE = hintMatcher(
  [SIGNATURE_VERBS, SIGNATURE_BY_WORDS],
  (verb, by) => `(?:^|\\s)(?:(?:${verb})\\s+)?(?:${by})\\s*:?\\s*$`,
  'iu',
);

/** A link its line signs ("<span>By <a href="/author/jane/">Jane</a></span>"): the author's, whatever its class names say. */
function isSigned(a: Element): boolean {
  const parent = parentElement(a);
  if (parent === null) return false;
  let before = '';
  for (const c of parent.children) {
    if (c === a) break;
    before += isText(c) ? c.data : isTag(c) ? elementText(c) : '';
  }
  return SIGNATURE_BEFORE().test(before);
}

function insideAuthorMarker(el: Element): boolean {
  for (let e: Element | null = el; e !== null; e = parentElement(e)) if (hasAuthorMarker(e)) return true;
  return false;
}

function hasAuthorMarker(el: Element): boolean {
  const a = el.attribs;
  return [a.class, a.id, a.itemprop, a.rel].some((v) => v !== undefined && AUTHOR_MARKER().test(v));
}

/** Elements of `nodes` (with descendants), in document order. */
export function elementsOf(nodes: readonly AnyNode[]): Element[] {
  return nodes.flatMap((n) => (isTag(n) ? elementsUnder(n) : []));
}

/** The anchors that hold or sit in an element. */
function anchorsAround(el: Element): Element[] {
  const out: Element[] = [];
  for (let e: Element | null = el; e !== null; e = parentElement(e)) if (e.name === 'a') out.push(e);
  return [...out, ...elementsUnder(el).filter((e) => e.name === 'a' && e !== el)];
}

/**
 * The permalink of a post, by priority: the title's link, `rel=bookmark`, a link named
 * "permalink" / "read more", the link on the date, a link to the comments, a link to an archive
 * [002: "Some patterns are given higher priority than others for matching against permalinks"].
 */
export function findPermalink(nodes: readonly AnyNode[], title: Element | null, date: Element | null, pageUrl: string): string | null {
  const self = canonicalUrl(pageUrl);
  const usable = (a: Element): string | null => {
    const url = anchorUrl(a, pageUrl);
    return url !== null && canonicalUrl(url) !== self ? url : null;
  };
  const anchors = elementsOf(nodes).filter((e) => e.name === 'a');
  const first = (list: readonly Element[]): string | null => {
    for (const a of list) {
      const url = usable(a);
      if (url !== null) return url;
    }
    return null;
  };
  return (
    (title !== null ? first(anchorsAround(title)) : null) ??
    first(anchors.filter((a) => BOOKMARK.test(a.attribs.rel ?? ''))) ??
    first(anchors.filter((a) => PERMALINK_TEXT().test(`${elementText(a)} ${a.attribs.title ?? ''}`))) ??
    (date !== null ? first(anchorsAround(date)) : null) ??
    first(anchors.filter((a) => COMMENTS_HREF().test(a.attribs.href ?? ''))) ??
    first(anchors.filter((a) => ARCHIVE_HREF().test(a.attribs.href ?? '')))
  );
}

/** A signature prefix ("Posted by", "By", "von", "par") before a name; the words are weak hints. */
const SIGNATURE_PREFIX = hintMatcher([SIGNATURE_VERBS, SIGNATURE_BY_WORDS], (verb, by) => `^(?:(?:${verb})\\s+)?(?:${by})\\b\\s*:?\\s*`);
/** A capitalised name of up to five words (particles allowed, hint list), at the start of a string. */
const NAME = hintMatcher(NAME_PARTICLES, (particles) => `^[\\p{Lu}][\\p{L}'’.-]*(?:\\s+(?:[\\p{Lu}][\\p{L}'’.-]*|${particles}))*`, 'u');
/** A signature inside a line: "Posted on <date> by Jane Doe". */
const SIGNATURE_IN_LINE = hintMatcher([SIGNATURE_VERBS, SIGNATURE_BY_WORDS], (verb, by) => `\\b(?:${verb})\\b.*?\\b(?:${by})\\s+(\\S.*)$`);

function nameAfterSignature(text: string): string | null {
  const m = NAME().exec(text.trim());
  if (m === null) return null;
  const name = m[0].replace(/[.,;:]+$/, '').trim();
  return name.length > 0 && name.length <= MAX_AUTHOR_CHARS ? name : null;
}

/**
 * The author of a post: an element marked as author (hCard `vcard`/`fn`, `rel=author`,
 * `itemprop=author`, class "author" / "byline"), else a "posted by" signature [002: "To find
 * authors, we look for patterns like 'posted by'"].
 */
export function findAuthor(nodes: readonly AnyNode[]): string | null {
  const elements = elementsOf(nodes);
  for (const el of elements) {
    if (!hasAuthorMarker(el) || isInvisible(el)) continue;
    const text = elementText(el).replace(SIGNATURE_PREFIX(), '');
    if (text === '' || text.length > MAX_AUTHOR_CHARS || /\d/.test(text)) continue;
    return text;
  }
  for (const el of elements) {
    if (isInvisible(el)) continue;
    const text = elementText(el);
    if (text.length > MAX_DATE_TEXT_CHARS) continue;
    const prefix = SIGNATURE_PREFIX().exec(text);
    if (prefix !== null && prefix[0].trim() !== '') {
      const name = nameAfterSignature(text.slice(prefix[0].length));
      if (name !== null) return name;
    }
    const inLine = SIGNATURE_IN_LINE().exec(text);
    if (inLine?.[1] !== undefined) {
      const name = nameAfterSignature(inLine[1]);
      if (name !== null) return name;
    }
  }
  return null;
}
