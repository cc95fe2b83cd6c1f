/**
 * In-reply-to markers: a reply printing, as a line of its own, a link that names the author of the
 * comment it answers ("▶ farah_haddad", "@jane"; Discourse's `a.in-reply-to`). What makes it one is
 * the zone's own evidence, no words: the link's name, symbols aside, is the author of another entry
 * of the same zone. Such a line is the reply's metadata, not its text (`Comment.text`: bylines,
 * dates and reply links left out).
 */
import type { Element } from 'domhandler';
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
 * of the zone.
 */
export function replyMarkersOf(entries: readonly ReadEntry[]): Array<Element | null> {
  const authors = new Map<string, number>();
  for (const e of entries) if (e.author !== null) authors.set(e.author, (authors.get(e.author) ?? 0) + 1);
  if (authors.size === 0) return entries.map(() => null);
  return entries.map((own) => {
    // Entries by this name other than `own`.
    const others = (name: string): number => (authors.get(name) ?? 0) - (own.author === name ? 1 : 0);
    const lines = new Set(own.text.split('\n'));
    for (const el of own.elements) {
      if (el.name !== 'a' || el.attribs.href === undefined) continue;
      const line = collapseWhitespace(nodeText(el, { separator: ' ' }));
      const name = line.replace(AROUND_NAME, '');
      if (name !== '' && others(name) > 0 && lines.has(line) && !isInParagraph(el, own.entry)) return el;
    }
    return null;
  });
}
