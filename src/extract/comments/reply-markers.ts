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

/** One entry of a zone as read: what `replyMarkerOf` looks at. */
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
 * The link of `entries[i]` that is an in-reply-to marker, or null: a link printed as a whole line
 * of the entry's text, outside its paragraphs (a name linked inside the text is the commenter's
 * own words), whose text, symbols and punctuation aside, is the author of another entry of the zone.
 */
export function replyMarkerOf(entries: readonly ReadEntry[], i: number): Element | null {
  const own = entries[i];
  if (own === undefined) return null;
  const names = new Set(entries.filter((e, j) => j !== i && e.author !== null).map((e) => e.author as string));
  if (names.size === 0) return null;
  const lines = new Set(own.text.split('\n'));
  for (const el of own.elements) {
    if (el.name !== 'a' || el.attribs.href === undefined) continue;
    const line = collapseWhitespace(nodeText(el, { separator: ' ' }));
    const name = line.replace(AROUND_NAME, '');
    if (name !== '' && names.has(name) && lines.has(line) && !isInParagraph(el, own.entry)) return el;
  }
  return null;
}
