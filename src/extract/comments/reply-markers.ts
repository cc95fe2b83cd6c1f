/**
 * In-reply-to markers: a reply printing, as a line of its own, a link that names the author of the
 * comment it answers ("▶ farah_haddad", "@jane"; Discourse's `a.in-reply-to`). What makes it one is
 * the zone's own evidence, no words: the link's name, symbols aside, is the author of another entry
 * of the same zone. Such a line is the reply's metadata, not its text (`Comment.text`: bylines,
 * dates and reply links left out), and, in a thread printed flat, its place in the thread
 * (`answeredEntriesOf`).
 */
import { type Element, isTag } from 'domhandler';
import { absoluteUrl } from '../../core/url.js';
import { nodeText } from '../page-dom.js';
import { hasDateAttribute, hasDateText } from './comment-dates.js';
import { collapseWhitespace } from '../text-normalize.js';
import { type Entry, isInParagraph } from './comment-entry.js';

/** One entry of a zone as read: what `replyMarkersOf` and `counterLinesOf` look at. */
export interface ReadEntry {
  entry: Entry;
  /** The entry's elements, the other entries' left out (`elementsOf`). */
  elements: readonly Element[];
  author: string | null;
  text: string;
}

/** Symbols, punctuation and spaces around a name ("▶ ", "@", "» "). */
const AROUND_NAME = /^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu;

/**
 * For each entry of a zone, its link that is an in-reply-to marker, or null: a link printed as a
 * whole line of the entry's text, outside its paragraphs (a name linked inside the text is the
 * commenter's own words), whose text, symbols and punctuation aside, is the author of another entry
 * of the zone, not the entry's own (its name link, the same name printed as a signature line, is its byline).
 */
export function replyMarkersOf(entries: readonly ReadEntry[]): Array<Element | null> {
  const authors = new Set(entries.map((e) => e.author));
  authors.delete(null);
  if (authors.size === 0) return entries.map(() => null);
  return entries.map((own) => {
    const lines = new Set(own.text.split('\n'));
    for (const el of own.elements) {
      if (el.name !== 'a' || el.attribs.href === undefined) continue;
      const line = collapseWhitespace(nodeText(el, { separator: ' ' }));
      const name = nameOf(line);
      if (name !== own.author && authors.has(name) && lines.has(line) && !isInParagraph(el, own.entry)) return el;
    }
    return null;
  });
}

/** A marker's line, symbols and punctuation aside: the author it names. */
function nameOf(line: string): string {
  return line.replace(AROUND_NAME, '');
}

/** An entry as `answeredEntriesOf` reads it: its permalink besides. */
export interface LinkedEntry extends ReadEntry {
  permalink: string | null;
}

/**
 * For each entry, the index of the earlier entry its in-reply-to marker (`markers`) answers, or -1:
 * the earlier entry by the author the marker names whose own address the marker links: its
 * permalink, or the link of its date (the date link most engines print leads to the comment;
 * Discourse's to the post the marker links). A
 * link to anything else (the author's profile) or a name alone threads nothing: an author may have
 * several entries.
 */
export function answeredEntriesOf(entries: readonly LinkedEntry[], markers: ReadonlyArray<Element | null>, baseUrl: string): number[] {
  if (markers.every((m) => m === null)) return entries.map(() => -1);
  const addresses = entries.map((e) => {
    const dated = linkAround(e.entry.marker) ?? e.elements.find((el) => el.name === 'a' && isDateLink(el));
    return new Set([e.permalink, dated === undefined ? undefined : absoluteUrl(dated.attribs.href ?? '', baseUrl)]);
  });
  return entries.map((_, i) => {
    const marker = markers[i] ?? null;
    const target = marker === null ? undefined : absoluteUrl(marker.attribs.href ?? '', baseUrl);
    if (marker === null || target === undefined) return -1;
    const name = nameOf(collapseWhitespace(nodeText(marker, { separator: ' ' })));
    for (let j = i - 1; j >= 0; j--) if (entries[j]?.author === name && addresses[j]?.has(target) === true) return j;
    return -1;
  });
}

/** The link `el` (an entry's date node) is or sits in; with `within` (the entry's nodes), only a link inside them. */
export function linkAround(el: Element, within?: readonly Element[]): Element | undefined {
  for (let e: Element | null = el; e !== null && isTag(e); e = e.parent as Element | null) {
    if (e.name === 'a') return e;
    if (within?.includes(e) === true) return undefined;
  }
  return undefined;
}

/** A link printing a date (a comment's date linking its permalink, as most engines print it). */
function isDateLink(a: Element): boolean {
  return hasDateAttribute(a) || hasDateText(collapseWhitespace(nodeText(a, { separator: ' ' })));
}
