/**
 * Sanitises stored article, comment and feed-item HTML on output: the store holds what extraction
 * produced from hostile pages and feeds, so every archived fragment shown outside the sandboxed
 * replay keeps only an allowlist of inert elements and attributes (no scripts, event handlers,
 * javascript: URLs, iframes, forms, styles, meta refresh).
 *
 * The filtering is sanitize-html's (a maintained sanitiser; docs/dependencies.md says why this one):
 * it escapes all text it emits and writes only allowlisted tags and attributes, so the browser
 * parses exactly the tree that was checked. Raw-text and foreign-content elements (`<xmp>`,
 * `<noembed>`, `<noframes>`, `<plaintext>`, `<noscript>`, `<svg>`, `<math>`, `<style>`, ...) are
 * dropped with everything inside them: their content means different things to different parsers.
 * The fragment is first parsed with the depth-capped parser (core/html-parse.ts) so that a DOM bomb
 * costs linear time here too.
 */
import { createRequire } from 'node:module';
import render from 'dom-serializer';
import sanitize from 'sanitize-html';
import { parseHtml } from '../core/html-parse.js';
import { MAX_ARTICLE_HTML_CHARS, MAX_SANITIZE_DEPTH } from './constants.js';
import { safeUrl } from './html-escape.js';

/** Elements kept (with their allowed attributes); any other element is unwrapped to its children. */
const ALLOWED: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  p: [],
  br: [],
  hr: [],
  div: [],
  span: [],
  section: [],
  article: [],
  header: [],
  footer: [],
  aside: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: ['start'],
  li: [],
  dl: [],
  dt: [],
  dd: [],
  blockquote: ['cite'],
  q: ['cite'],
  pre: [],
  code: [],
  kbd: [],
  samp: [],
  var: [],
  em: [],
  strong: [],
  b: [],
  i: [],
  u: [],
  s: [],
  del: [],
  ins: [],
  sub: [],
  sup: [],
  small: [],
  mark: [],
  abbr: ['title'],
  cite: [],
  time: ['datetime'],
  figure: [],
  figcaption: [],
  table: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  caption: [],
};

/** Elements dropped with everything inside them (raw text, foreign content, active or embedded content). */
const DROPPED = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'option',
  'noscript',
  'template',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'head',
  'title',
  'canvas',
  'audio',
  'video',
  'source',
  'track',
  'portal',
  'dialog',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'listing',
  'iframe',
  'param',
];

/**
 * The attributes option lists only the elements that keep some: sanitize-html writes no attribute
 * of an element it does not list, as of one listed with none, and it rebuilds its lookup tables from
 * this option on every call (once per article and per comment).
 */
const ALLOWED_ATTRIBUTES: Record<string, string[]> = Object.fromEntries(Object.entries(ALLOWED).filter(([, names]) => names.length > 0));

const OPTIONS: sanitize.IOptions = {
  allowedTags: Object.keys(ALLOWED),
  allowedAttributes: ALLOWED_ATTRIBUTES,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED,
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  nestingLimit: MAX_SANITIZE_DEPTH,
  parser: { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href === undefined ? attribs : { ...attribs, href: safeUrl(attribs.href), rel: 'noopener noreferrer nofollow' },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: safeUrl(attribs.src), loading: 'lazy' } }),
  },
};
// `rel` and `loading` are ours (added above), so they must pass the attribute filter that runs after.
(OPTIONS.allowedAttributes as Record<string, string[]>).a = [...(ALLOWED.a ?? []), 'rel'];
(OPTIONS.allowedAttributes as Record<string, string[]>).img = [...(ALLOWED.img ?? []), 'loading'];

/** The sanitiser release in use: a page rendered by another one is rendered again (page-writer.ts). */
export const SANITIZER_VERSION: string = createRequire(import.meta.url)('sanitize-html/package.json').version;

/** Number of `<` in a string (an upper bound on its tags, hence on its nesting depth). */
function countTags(html: string): number {
  let n = 0;
  for (let i = html.indexOf('<'); i >= 0; i = html.indexOf('<', i + 1)) n++;
  return n;
}

/** Sanitised HTML (never throws; input past MAX_ARTICLE_HTML_CHARS is cut first). */
export function sanitizeHtml(html: string): string {
  const cut = html.length > MAX_ARTICLE_HTML_CHARS ? html.slice(0, MAX_ARTICLE_HTML_CHARS) : html;
  // sanitize-html's own parser is quadratic in nesting depth: a fragment with more tags than the
  // depth cap could nest deeper, so it is parsed with the cap and serialised first.
  const bounded =
    countTags(cut) > MAX_SANITIZE_DEPTH
      ? render(parseHtml(cut, {}, { maxDepth: MAX_SANITIZE_DEPTH, maxElements: Number.MAX_SAFE_INTEGER }).document.children, {
          encodeEntities: 'utf8',
        })
      : cut;
  return sanitize(bounded, OPTIONS);
}
