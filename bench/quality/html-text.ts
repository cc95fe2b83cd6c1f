/**
 * Plain text of a baseline's article HTML with a line break at every block boundary, so words of
 * two paragraphs (`...end.</p><p>Start...`) never fuse into one token. Both baselines go through
 * this same conversion: the project's own `plainText` (one block-tag table, `core/dom-text.ts`).
 */
import { parseDocument } from 'htmlparser2';
import { plainText } from '../../src/core/dom-text.js';

const SKIPPED_TAGS = new Set(['script', 'style', 'noscript', 'template']);

export function htmlToText(html: string): string {
  return plainText(parseDocument(html).children, { skip: (el) => SKIPPED_TAGS.has(el.name) });
}
