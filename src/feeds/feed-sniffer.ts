import { FEED_MIME, FEED_ROOT, FEED_URL_HINT, HTML_ROOT, JSON_FEED_VERSION, PAGE_MIME, SNIFF_CHARS, SNIFFABLE_MIME } from './constants.js';

/** Leading noise before the root: BOM, whitespace, XML declaration, comments, PIs, DOCTYPE. */
const PROLOG = /^(?:\uFEFF|\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>)*/i;

/**
 * Whether a capture is a feed, decided cheaply (it runs on every feed-ish capture of the index
 * pass): by MIME type when it names a feed format, else by sniffing the first bytes for an RSS,
 * RDF or Atom root element or a JSON Feed version. HTML pages are never feeds.
 * `head` is the start of the decoded body; the URL is not trusted on its own.
 */
export function looksLikeFeed(mime: string | null, _url: string, head: string): boolean {
  const type = (mime ?? '').trim();
  const start = head.length > SNIFF_CHARS ? head.slice(0, SNIFF_CHARS) : head;
  if (type !== '' && FEED_MIME.test(type)) return sniffRoot(start) !== 'html';
  if (type !== '' && !SNIFFABLE_MIME.test(type)) return false;
  return sniffRoot(start) === 'feed';
}

/** What the body starts with: a feed root, an HTML root, or something else. */
export function sniffRoot(head: string): 'feed' | 'html' | 'other' {
  const trimmed = head.replace(PROLOG, '');
  const first = trimmed.charAt(0);
  if (first === '{') return JSON_FEED_VERSION.test(trimmed) ? 'feed' : 'other';
  if (first !== '<') return 'other';
  if (FEED_ROOT.test(trimmed)) return 'feed';
  if (HTML_ROOT.test(trimmed)) return 'html';
  return 'other';
}

/**
 * Whether a capture's body is worth reading to sniff for a feed (pass 1 reads only these): no MIME
 * type, a feed MIME type, a sniffable non-page MIME type, or any type under a feed-like URL.
 * The same MIME tables as `looksLikeFeed`, so pass 1 never skips what the sniffer would accept.
 */
export function isFeedCandidate(mime: string | null, url: string): boolean {
  const type = (mime ?? '').trim();
  if (type === '' || FEED_MIME.test(type)) return true;
  if (SNIFFABLE_MIME.test(type) && !PAGE_MIME.test(type)) return true;
  return FEED_URL_HINT.test(url);
}
