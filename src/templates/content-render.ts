/**
 * Text and cleaned HTML of a matched content node: no scripts, styles, forms or embedded frames,
 * comment zones cut out (generic id/class signals, `COMMENT_ZONE`), URLs made absolute.
 */
import { type AnyNode, type Element, isTag, isText } from 'domhandler';
import { escapeAttribute, escapeText } from 'entities';
import { absoluteUrl } from '../core/url.js';
import type { Reference } from '../extract/index.js';
import { BLOCK_TAGS, COMMENT_ZONE, NON_CONTENT_TAGS } from './constants.js';

/** Attributes kept in the cleaned HTML; URL attributes are made absolute. */
const KEPT_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'datetime', 'colspan', 'rowspan', 'cite', 'lang', 'dir']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);
const VOID_TAGS = new Set(['br', 'hr', 'img', 'source', 'track', 'wbr', 'col', 'area']);

/** Is `el` a comment zone (`#comments`, `.comment-respond`, `.reply`, `.discussion`...)? */
export function isCommentZone(el: Element): boolean {
  const id = el.attribs['id'];
  const cls = el.attribs['class'];
  return (id !== undefined && COMMENT_ZONE.test(id)) || (cls !== undefined && COMMENT_ZONE.test(cls));
}

/** Elements left out of content: non-content tags, comment zones, hidden elements. */
export function isSkipped(el: Element): boolean {
  return NON_CONTENT_TAGS.has(el.name) || isCommentZone(el) || el.attribs['hidden'] !== undefined || el.attribs['aria-hidden'] === 'true';
}

/** Readable text of a node: block elements on their own lines, whitespace collapsed. */
export function renderText(root: Element): string {
  const parts: string[] = [];
  const stack: Array<AnyNode | '\n'> = [root];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode | '\n';
    if (node === '\n') {
      parts.push('\n');
      continue;
    }
    if (isText(node)) parts.push(node.data);
    else if (isTag(node) && !isSkipped(node)) {
      const block = BLOCK_TAGS.has(node.name);
      if (block) {
        parts.push('\n');
        stack.push('\n');
      }
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
    }
  }
  return parts
    .join('')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '')
    .join('\n');
}

/** Visible text length of a node (same skipping rules), without building the string twice. */
export function textLength(root: Element): number {
  let n = 0;
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (isText(node)) n += node.data.replace(/\s+/g, ' ').trim().length;
    else if (isTag(node) && !isSkipped(node)) for (const c of node.children) stack.push(c);
  }
  return n;
}

/** Cleaned HTML of a node's children with absolute URLs, and the references (links, images, media) in it. */
export function renderHtml(root: Element, baseUrl: string): { html: string; references: Reference[] } {
  const references: Reference[] = [];
  const out: string[] = [];
  const walk = (node: AnyNode): void => {
    if (isText(node)) {
      out.push(escapeText(node.data));
      return;
    }
    if (!isTag(node) || isSkipped(node)) return;
    const attrs: string[] = [];
    for (const [name, raw] of Object.entries(node.attribs)) {
      if (!KEPT_ATTRIBUTES.has(name)) continue;
      let value: string | undefined = raw;
      if (URL_ATTRIBUTES.has(name)) value = absoluteUrl(raw, baseUrl);
      if (value !== undefined) attrs.push(` ${name}="${escapeAttribute(value)}"`);
    }
    const href = node.name === 'a' ? node.attribs['href'] : undefined;
    const src = node.attribs['src'];
    if (href !== undefined) {
      const url = absoluteUrl(href, baseUrl);
      if (url !== undefined) references.push({ kind: 'link', url, text: renderText(node) || null });
    } else if (src !== undefined && (node.name === 'img' || node.name === 'video' || node.name === 'audio' || node.name === 'source')) {
      const url = absoluteUrl(src, baseUrl);
      if (url !== undefined) references.push({ kind: node.name === 'img' ? 'image' : 'media', url, text: node.attribs['alt'] ?? null });
    }
    out.push(`<${node.name}${attrs.join('')}>`);
    if (VOID_TAGS.has(node.name)) return;
    for (const c of node.children) walk(c);
    out.push(`</${node.name}>`);
  };
  for (const c of root.children) walk(c);
  return { html: out.join('').trim(), references };
}

/** Plain text of a small property node (title, author, date), whitespace collapsed. */
export function propertyText(el: Element): string {
  return renderText(el).replace(/\s+/g, ' ').trim();
}
