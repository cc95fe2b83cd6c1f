import { decodeHTML } from 'entities';
import { decodeXmlText } from './feed-text.js';

/** A parsed XML element as fast-xml-parser gives it: attributes under `@_`, text under `#text`. */
export type XmlNode = Record<string, unknown>;

/** Canonical prefixes for the namespaces feeds use, so `c:encoded` reads as `content:encoded`. */
const CANONICAL_PREFIX: Record<string, string> = {
  'http://purl.org/rss/1.0/modules/content/': 'content',
  'http://purl.org/dc/elements/1.1/': 'dc',
  'http://purl.org/dc/terms/': 'dcterms',
  'http://www.w3.org/2005/Atom': 'atom',
  'http://purl.org/atom/ns#': 'atom',
  'http://wellformedweb.org/CommentAPI/': 'wfw',
  'http://purl.org/rss/1.0/modules/slash/': 'slash',
  'http://purl.org/syndication/thread/1.0': 'thr',
  'http://rssnamespace.org/feedburner/ext/1.0': 'feedburner',
  'http://search.yahoo.com/mrss/': 'media',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#': 'rdf',
  'http://www.itunes.com/dtds/podcast-1.0.dtd': 'itunes',
  'http://www.w3.org/1999/xhtml': 'xhtml',
  'http://purl.org/rss/1.0/': 'rss1',
  'http://my.netscape.com/rdf/simple/0.9/': 'rss1',
};
/** Namespaces whose elements are the feed's own vocabulary, read without a prefix. */
const OWN_VOCABULARY = new Set(['atom', 'rss1']);

const XMLNS_DECLARATION = /\sxmlns:([\w.-]+)\s*=\s*["']([^"']*)["']/g;
const DEFAULT_XMLNS = /\sxmlns\s*=\s*["']([^"']*)["']/;
const ROOT_START_SEARCH_CHARS = 16 * 1024;

/**
 * Map each declared prefix to its canonical one ('' for the feed's own vocabulary). Declarations
 * are read from the start of the document, where generators put them on the root element.
 */
export function prefixMap(xml: string): Map<string, string> {
  const head = xml.slice(0, ROOT_START_SEARCH_CHARS);
  const rootIsAtom = /<([\w-]+:)?feed[\s>]/.test(head) && !/<([\w-]+:)?(rss|RDF)[\s>]/.test(head);
  const map = new Map<string, string>();
  for (const [, prefix, uri] of head.matchAll(XMLNS_DECLARATION)) {
    if (prefix === undefined || uri === undefined) continue;
    const canonical = CANONICAL_PREFIX[uri.trim()] ?? CANONICAL_PREFIX[`${uri.trim()}/`];
    if (canonical === undefined) continue;
    // Atom elements are unprefixed inside an Atom feed but stay `atom:` inside RSS.
    const isOwn = OWN_VOCABULARY.has(canonical) && (canonical === 'rss1' || rootIsAtom);
    map.set(prefix, isOwn ? '' : canonical);
  }
  return map;
}

/** The default namespace of the root element ('' when none is declared). */
export function defaultNamespace(xml: string): string {
  return DEFAULT_XMLNS.exec(xml.slice(0, ROOT_START_SEARCH_CHARS))?.[1] ?? '';
}

/** Rename `prefix:local` with the canonical prefix (`local` alone for the feed's own vocabulary). */
export function canonicalName(name: string, prefixes: Map<string, string>): string {
  const colon = name.indexOf(':');
  if (colon < 0) return name;
  const canonical = prefixes.get(name.slice(0, colon));
  if (canonical === undefined) return name;
  return canonical === '' ? name.slice(colon + 1) : `${canonical}${name.slice(colon)}`;
}

/** The value as a list (fast-xml-parser gives one child as a value, several as an array). */
export function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** The first child element of that name. */
export function first(node: unknown, name: string): unknown {
  if (!isNode(node)) return undefined;
  return list(node[name])[0];
}

export function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An attribute value, or null. */
export function attr(node: unknown, name: string): string | null {
  if (!isNode(node)) return null;
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value.trim() : null;
}

/** An HTML named entity left by the XML parser (feeds use `&eacute;` without declaring it). */
const NAMED_ENTITY = /&[a-zA-Z][a-zA-Z0-9]*;/;

/** Text of a parsed (XML-entity-decoded) element, or null when empty. */
export function text(node: unknown): string | null {
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean') {
    const raw = String(node);
    const s = (NAMED_ENTITY.test(raw) ? decodeHTML(raw) : raw).trim();
    return s === '' ? null : s;
  }
  if (isNode(node)) return text(node['#text']);
  return null;
}

/** Text of an element kept raw by the parser (a stop node): CDATA unwrapped, entities decoded. */
export function rawText(node: unknown): string | null {
  const raw = typeof node === 'string' ? node : isNode(node) && typeof node['#text'] === 'string' ? node['#text'] : null;
  if (raw === null) return null;
  const decoded = decodeXmlText(raw);
  return decoded === '' ? null : decoded;
}

/** Raw inner markup of a stop node (Atom type="xhtml"), without the wrapping xhtml div. */
export function rawMarkup(node: unknown): string | null {
  const raw = typeof node === 'string' ? node : isNode(node) && typeof node['#text'] === 'string' ? node['#text'] : null;
  if (raw === null) return null;
  const inner = raw.trim().replace(/^<([\w-]+:)?div\b[^>]*>([\s\S]*)<\/([\w-]+:)?div>$/i, '$2');
  // Prefixed XHTML elements (`<xhtml:p>`) read as plain HTML.
  const html = inner.replace(/<(\/?)[\w-]+:([\w-]+)/g, '<$1$2').trim();
  return html === '' ? null : html;
}
