import type { Document } from 'domhandler';
import { textContent } from 'domutils';
import { elementsNamed } from '../core/dom-text.js';
import { Parser } from 'htmlparser2';
import { absoluteUrl } from '../core/url.js';
import { AUTODISCOVERY_TYPE, COMMENT_FEED_TITLE, FEED_LINK_HREF, NOT_FEED_HREF } from './constants.js';

/** A feed a page refers to. */
export interface DiscoveredFeed {
  url: string;
  /** MIME type from the autodiscovery link, or guessed from the URL for anchors (null when unknown). */
  type: string | null;
  title: string | null;
  via: 'autodiscovery' | 'link-heuristic';
  isCommentFeed: boolean;
}

interface Candidate {
  href: string;
  type: string | null;
  title: string | null;
  via: DiscoveredFeed['via'];
}

/**
 * 002 "Feed discovery": first RSS autodiscovery (`<link rel="alternate" type="application/rss+xml">`
 * and its Atom / RDF / JSON Feed siblings), then hyperlinks filtered by heuristics (/feed, /rss,
 * .rss, .xml, atom, FeedBurner). Autodiscovered feeds come first; each URL once.
 */
export function discoverFeeds(html: string | Document, pageUrl: string): DiscoveredFeed[] {
  const { base, candidates } = typeof html === 'string' ? scanHtml(html) : scanDocument(html);
  const baseUrl = base === null ? pageUrl : (absoluteUrl(base, pageUrl) ?? pageUrl);
  const seen = new Set<string>();
  const found: DiscoveredFeed[] = [];
  const ordered = [...candidates.filter((c) => c.via === 'autodiscovery'), ...candidates.filter((c) => c.via === 'link-heuristic')];
  for (const c of ordered) {
    const url = absoluteUrl(c.href, baseUrl);
    if (url === undefined || !/^https?:/i.test(url)) continue;
    // Anchors to other sites' feeds (blogrolls, share buttons) are not this site's feeds; feed proxies are.
    if (c.via === 'link-heuristic' && !isSameSite(url, pageUrl) && !FEED_PROXY_HOST.test(url)) continue;
    const key = url.replace(/#.*$/, '');
    // A bare host (`http://feeds.feedburner.com/`) is a site, never a feed.
    if (c.via === 'link-heuristic' && new URL(key).pathname === '/' && new URL(key).search === '') continue;
    if (seen.has(key)) continue;
    seen.add(key);
    const title = c.title === null || c.title.trim() === '' ? null : c.title.replace(/\s+/g, ' ').trim();
    found.push({
      url: key,
      type: c.type ?? guessType(key),
      title,
      via: c.via,
      isCommentFeed: title !== null && COMMENT_FEED_TITLE().test(title),
    });
  }
  return found;
}

/** Streaming scan of HTML source: `<base>`, `<link rel=alternate>` and anchors (no tree built). */
function scanHtml(html: string): { base: string | null; candidates: Candidate[] } {
  let base: string | null = null;
  const candidates: Candidate[] = [];
  let anchor: { href: string; text: string; title: string | null } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'base' && base === null && attribs.href) base = attribs.href;
        else if (name === 'link') {
          const c = autodiscoveryCandidate(attribs.rel, attribs.type, attribs.href, attribs.title);
          if (c) candidates.push(c);
        } else if (name === 'a' && attribs.href && isFeedHref(attribs.href)) {
          anchor = { href: attribs.href, text: '', title: attribs.title ?? null };
        }
      },
      ontext(data) {
        if (anchor) anchor.text += data;
      },
      onclosetag(name) {
        if (name === 'a' && anchor) {
          candidates.push({ href: anchor.href, type: null, title: anchor.title ?? anchor.text, via: 'link-heuristic' });
          anchor = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return { base, candidates };
}

/** The same scan over an already parsed document (the extract stage shares its DOM): its `<base>`,
 *  `<link>` and `<a>` elements, each kind in document order. */
function scanDocument(doc: Document): { base: string | null; candidates: Candidate[] } {
  const base = elementsNamed(doc, 'base')[0];
  const links: Candidate[] = [];
  for (const { attribs } of elementsNamed(doc, 'link')) {
    const c = autodiscoveryCandidate(attribs.rel, attribs.type, attribs.href, attribs.title);
    if (c) links.push(c);
  }
  const anchors: Candidate[] = [];
  for (const node of elementsNamed(doc, 'a')) {
    const href = node.attribs.href;
    if (href !== undefined && isFeedHref(href))
      anchors.push({ href, type: null, title: node.attribs.title ?? textContent(node), via: 'link-heuristic' });
  }
  return { base: base?.attribs.href ?? null, candidates: [...links, ...anchors] };
}

function autodiscoveryCandidate(
  rel: string | undefined,
  type: string | undefined,
  href: string | undefined,
  title: string | undefined,
): Candidate | null {
  if (!rel || !href || !type) return null;
  const rels = rel.toLowerCase().split(/\s+/);
  if (!rels.includes('alternate') && !rels.includes('feed')) return null;
  const mime = type.trim().toLowerCase();
  if (!AUTODISCOVERY_TYPE.test(mime)) return null;
  // application/json alone is also used for oEmbed and REST links: only a feed when the URL says so.
  if (mime === 'application/json' && !/feed/i.test(href)) return null;
  return { href, type: mime, title: title ?? null, via: 'autodiscovery' };
}

function isFeedHref(href: string): boolean {
  const path = href.trim();
  return FEED_LINK_HREF().test(path) && !NOT_FEED_HREF().test(path.replace(/[?#].*$/, ''));
}

/** Hosts that serve other sites' feeds (FeedBurner and its Google successor). */
const FEED_PROXY_HOST = /^https?:\/\/(feeds\.feedburner\.com|feedproxy\.google\.com|feeds2\.feedburner\.com)\//i;

/** Same registrable domain, approximately: the last two labels, three under a two-letter ccTLD's second level (co.uk). */
function isSameSite(a: string, b: string): boolean {
  return siteKey(a) === siteKey(b);
}

function siteKey(url: string): string {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return url;
  }
  const labels = host.split('.');
  const tld = labels.at(-1) ?? '';
  const second = labels.at(-2) ?? '';
  const keep = tld.length === 2 && second.length <= 3 && labels.length > 2 ? 3 : 2;
  return labels.slice(-keep).join('.');
}

function guessType(url: string): string | null {
  if (/atom/i.test(url)) return 'application/atom+xml';
  if (/\.json(\?|$)|feed\.json/i.test(url)) return 'application/feed+json';
  if (/\.rdf(\?|$)|\/rdf\b/i.test(url)) return 'application/rdf+xml';
  if (/rss|\/feed\b|feedburner|feedproxy/i.test(url)) return 'application/rss+xml';
  return null;
}
