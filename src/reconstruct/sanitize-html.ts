/**
 * Sanitises stored article and comment HTML again on output: the store holds what extraction
 * produced from hostile pages, so the reconstructed page keeps only an allowlist of inert
 * elements and attributes (no scripts, event handlers, javascript: URLs, iframes, forms, styles).
 */
import render from 'dom-serializer';
import { type AnyNode, type Element, isTag, isText } from 'domhandler';
import { parseHtml } from '../core/html-parse.js';
import { MAX_ARTICLE_HTML_CHARS, MAX_SANITIZE_DEPTH } from './constants.js';
import { safeUrl } from './html-escape.js';

/** Elements kept (with their allowed attributes); any other element is unwrapped to its children. */
const ALLOWED: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  p: [], br: [], hr: [], div: [], span: [], section: [], article: [], header: [], footer: [], aside: [],
  h1: [], h2: [], h3: [], h4: [], h5: [], h6: [],
  ul: [], ol: ['start'], li: [], dl: [], dt: [], dd: [],
  blockquote: ['cite'], q: ['cite'], pre: [], code: [], kbd: [], samp: [], var: [],
  em: [], strong: [], b: [], i: [], u: [], s: [], del: [], ins: [], sub: [], sup: [], small: [], mark: [],
  abbr: ['title'], cite: [], time: ['datetime'], figure: [], figcaption: [],
  table: [], thead: [], tbody: [], tfoot: [], tr: [], th: ['colspan', 'rowspan', 'scope'], td: ['colspan', 'rowspan'],
  caption: [],
};

/** Elements dropped with everything inside them. */
const DROPPED = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'form', 'input', 'button',
  'select', 'textarea', 'option', 'noscript', 'template', 'svg', 'math', 'link', 'meta', 'base', 'head', 'title',
  'canvas', 'audio', 'video', 'source', 'track', 'portal', 'dialog',
]);

const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);

function clean(nodes: AnyNode[], depth: number): AnyNode[] {
  const out: AnyNode[] = [];
  for (const node of nodes) {
    if (isText(node)) {
      out.push(node);
      continue;
    }
    if (!isTag(node)) continue; // comments, directives, CDATA
    const name = node.name.toLowerCase();
    if (DROPPED.has(name) || depth >= MAX_SANITIZE_DEPTH) continue;
    const children = clean(node.children, depth + 1);
    const allowed = ALLOWED[name];
    if (allowed === undefined) {
      out.push(...children);
      continue;
    }
    node.attribs = keepAttributes(node, allowed);
    node.children = children;
    for (const c of children) c.parent = node;
    out.push(node);
  }
  return out;
}

function keepAttributes(el: Element, allowed: readonly string[]): Record<string, string> {
  const attribs: Record<string, string> = {};
  for (const name of allowed) {
    const v = el.attribs[name];
    if (v === undefined) continue;
    attribs[name] = URL_ATTRIBUTES.has(name) ? safeUrl(v) : v;
  }
  if (el.name === 'a' && attribs.href !== undefined) attribs.rel = 'noopener noreferrer nofollow';
  if (el.name === 'img') attribs.loading = 'lazy';
  return attribs;
}

/** Sanitised HTML (never throws; input past MAX_ARTICLE_HTML_CHARS is cut first). */
export function sanitizeHtml(html: string): string {
  const doc = parseHtml(html.length > MAX_ARTICLE_HTML_CHARS ? html.slice(0, MAX_ARTICLE_HTML_CHARS) : html).document;
  return render(clean(doc.children, 0), { encodeEntities: 'utf8' });
}
