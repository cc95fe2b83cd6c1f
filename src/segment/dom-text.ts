/**
 * DOM reading shared by both segmenters: visible text of elements (cached, the DOM is shared and
 * never mutated), block-separated text (the toolkit's `plainText`) and HTML of a post's nodes, and
 * element walks.
 */
import render from 'dom-serializer';
import { type AnyNode, type Element, isTag } from 'domhandler';
import { nodeText, plainText } from '../core/dom-text.js';
import { absoluteUrl } from '../core/url.js';

export { contains, lowestCommonAncestor } from '../core/dom-text.js';

/** Elements that never show text. */
const INVISIBLE = new Set([
  'script',
  'style',
  'noscript',
  'noframes',
  'noembed',
  'template',
  'svg',
  'math',
  'head',
  'title',
  'meta',
  'link',
  'select',
  'option',
  'textarea',
  'input',
  'button',
  'iframe',
  'object',
  'embed',
]);

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

export function isInvisible(el: Element): boolean {
  const a = el.attribs;
  return (
    INVISIBLE.has(el.name) || a.hidden !== undefined || a['aria-hidden'] === 'true' || (a.style !== undefined && HIDDEN_STYLE.test(a.style))
  );
}

const textCache = new WeakMap<Element, string>();

/** Visible text of an element, whitespace collapsed. */
export function elementText(el: Element): string {
  let t = textCache.get(el);
  if (t === undefined) {
    t = nodeText(el, { skip: isInvisible }).replace(/\s+/g, ' ').trim();
    textCache.set(el, t);
  }
  return t;
}

/** Readable text of a post's nodes: one line per block, inner whitespace collapsed. */
export function nodesText(nodes: readonly AnyNode[]): string {
  return plainText(nodes, { skip: isInvisible });
}

/** HTML of a post's nodes, scripts and styles left out. */
export function nodesHtml(nodes: readonly AnyNode[]): string {
  return nodes
    .filter((n) => !(isTag(n) && isInvisible(n)))
    .map((n) => render(n, { decodeEntities: false }))
    .join('\n');
}

/** Every element under `root` (itself included) in document order. */
export function elementsUnder(root: AnyNode): Element[] {
  const out: Element[] = [];
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop() as AnyNode;
    if (!isTag(n)) continue;
    out.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as AnyNode);
  }
  return out;
}

/** The parent element, or null at the top. */
export function parentElement(el: AnyNode): Element | null {
  const p = el.parent;
  return p !== null && isTag(p) ? p : null;
}

/** Absolute, fragment-free URL of an anchor, or null for in-page, mail and script links. */
export function anchorUrl(a: Element, pageUrl: string): string | null {
  const href = a.attribs.href?.trim();
  if (href === undefined || href === '' || href.startsWith('#')) return null;
  const url = absoluteUrl(href, pageUrl);
  if (url === undefined || !/^https?:/i.test(url)) return null;
  return url.replace(/#.*$/, '');
}
