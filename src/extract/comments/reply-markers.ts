/**
 * In-reply-to markers: a reply printing, as a line of its own, a link that names the author of the
 * comment it answers ("▶ farah_haddad", "@jane"; Discourse's `a.in-reply-to`). What makes it one is
 * the zone's own evidence, no words: the link's name, symbols aside, is the author of another entry
 * of the same zone. Such a line is the reply's metadata, not its text (`Comment.text`: bylines,
 * dates and reply links left out), and, in a thread printed flat, its place in the thread
 * (`answeredEntriesOf`).
 */
import type { Element } from 'domhandler';
import { absoluteUrl } from '../../core/url.js';
import { nodeText } from '../page-dom.js';
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
 * among the earlier entries by the author the marker names, the one the marker's link points at (its
 * permalink, or one of its own links: Discourse's date link and "1 Reply" button lead to the post the
 * marker links), else the nearest one.
 */
export function answeredEntriesOf(entries: readonly LinkedEntry[], markers: ReadonlyArray<Element | null>, baseUrl: string): number[] {
  const targets: Array<Set<string | null | undefined>> = [];
  // Where an entry's links lead, its own marker aside (it leads to the entry that one answers).
  const targetsOf = (j: number): Set<string | null | undefined> => {
    const e = entries[j] as LinkedEntry;
    const links = e.elements.filter((el) => el.name === 'a' && el !== markers[j]);
    targets[j] ??= new Set([e.permalink, ...links.map((el) => absoluteUrl(el.attribs.href ?? '', baseUrl))]);
    return targets[j];
  };
  return entries.map((_, i) => {
    const marker = markers[i] ?? null;
    if (marker === null) return -1;
    const name = nameOf(collapseWhitespace(nodeText(marker, { separator: ' ' })));
    const target = absoluteUrl(marker.attribs.href ?? '', baseUrl);
    let nearest = -1;
    for (let j = i - 1; j >= 0; j--) {
      if (entries[j]?.author !== name) continue;
      if (target !== undefined && targetsOf(j).has(target)) return j;
      if (nearest < 0) nearest = j;
    }
    return nearest;
  });
}
