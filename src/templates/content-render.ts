/**
 * Visible text of page nodes as the template and E-mCST stages measure it (block sizes, property
 * values): no scripts, styles, forms or embedded frames, comment zones cut out (generic id/class
 * signals, `COMMENT_ZONE`). The objects' own text and HTML are rendered by extract's
 * `renderContentNode`.
 */
import { type AnyNode, type Element, isTag, isText } from 'domhandler';
import { plainText } from '../core/dom-text.js';
import { COMMENT_ZONE, NON_CONTENT_TAGS } from './constants.js';

/** Is `el` a comment zone (`#comments`, `.comment-respond`, `.reply`, `.discussion`...)? Never the
 *  page itself: `<html>` and `<body>` classes describe the page ("single comments-open"). */
function isCommentZone(el: Element): boolean {
  if (el.name === 'body' || el.name === 'html') return false;
  const id = el.attribs['id'];
  const cls = el.attribs['class'];
  if (id === undefined && cls === undefined) return false;
  const zone = COMMENT_ZONE();
  return (id !== undefined && zone.test(id)) || (cls !== undefined && zone.test(cls));
}

/** Elements left out of content: non-content tags, comment zones, hidden elements. */
export function isSkipped(el: Element): boolean {
  return NON_CONTENT_TAGS.has(el.name) || isCommentZone(el) || el.attribs['hidden'] !== undefined || el.attribs['aria-hidden'] === 'true';
}

/** Readable text of a node (the toolkit's `plainText`): block elements on their own lines, whitespace collapsed. */
export function renderText(root: Element): string {
  return plainText(root, { skip: isSkipped });
}

/**
 * Visible text length of a node (same skipping rules), without building the string twice. With
 * `atLeast`, the reading stops once that many characters are counted: the result is `>= atLeast`
 * exactly when the whole length is (a post's content need not be read whole to be long enough).
 */
export function textLength(root: Element, atLeast: number = Number.POSITIVE_INFINITY, skip: (el: Element) => boolean = isSkipped): number {
  let n = 0;
  const stack: AnyNode[] = [root];
  while (stack.length > 0 && n < atLeast) {
    const node = stack.pop() as AnyNode;
    if (isText(node)) n += node.data.replace(/\s+/g, ' ').trim().length;
    else if (isTag(node) && !skip(node)) for (const c of node.children) stack.push(c);
  }
  return n;
}

/** Plain text of a small property node (title, author, date), whitespace collapsed. */
export function propertyText(el: Element): string {
  return renderText(el).replace(/\s+/g, ' ').trim();
}
