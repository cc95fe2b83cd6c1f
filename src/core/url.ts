/**
 * URL canonicalisation, shared by the index (canonical url column) and pairing.
 * Two URLs that a reader would call "the same page" get the same canonical form:
 * scheme and host lower-cased, default port dropped, fragment dropped, tracking parameters
 * removed, remaining query parameters sorted, percent-encoding normalised, trailing slash
 * dropped from non-root paths, `index.html`-style directory indexes folded.
 */

/** Query parameters that never change what page is served (analytics and feed-proxy tags). */
const TRACKING_PARAM =
  /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|_gl|yclid|igshid|ref_src|spm|__twitter_impression|ncid|cmpid|sr_share)$/i;

/** Directory index file names that servers serve for the directory itself. */
const DIRECTORY_INDEX = /\/(index|default)\.(html?|php|aspx?)$/i;

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** Parse a URL, resolving it against `base` when relative. Returns undefined when not a URL. */
export function parseUrl(raw: string, base?: string): URL | undefined {
  try {
    return new URL(raw.trim(), base);
  } catch {
    return undefined;
  }
}

/** Re-encode a path or query component so that %7E and ~ (and case of escapes) compare equal. */
function normalisePercentEncoding(s: string): string {
  return s.replace(/%[0-9a-fA-F]{2}/g, (encoded) => {
    const code = Number.parseInt(encoded.slice(1), 16);
    const ch = String.fromCharCode(code);
    // Unreserved characters (RFC 3986 §2.3) are decoded; everything else keeps an upper-case escape.
    return /[A-Za-z0-9\-._~]/.test(ch) ? ch : encoded.toUpperCase();
  });
}

/**
 * The canonical form of a URL, or the trimmed input when it does not parse.
 * The scheme is kept (http and https may serve different archives), but see `schemelessKey`.
 */
export function canonicalUrl(raw: string, base?: string): string {
  const url = parseUrl(raw, base);
  return url === undefined ? raw.trim() : canonicalForm(url);
}

/**
 * True when an http(s) URL's href is already its canonical form: no query or fragment (not even
 * an empty `?` or `#`), no trailing dot on the host, a path without escapes, empty segments, a
 * directory index or a trailing slash (the root aside). WHATWG parsing has already lower-cased
 * the host and dropped the default port of these schemes. Most crawled page URLs are like this,
 * and the setters below cost ~1 KB and a few µs per URL on the index pass (issue #15).
 */
function isAlreadyCanonical(url: URL): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const href = url.href;
  if (href.includes('?') || href.includes('#') || url.hostname.endsWith('.')) return false;
  const path = url.pathname;
  if (path.includes('%') || path.includes('//') || DIRECTORY_INDEX.test(path)) return false;
  return path.length === 1 || !path.endsWith('/');
}

/** `canonicalUrl` of a URL already parsed (a caller that reads other parts of it parses once); `url` is changed. */
export function canonicalForm(url: URL): string {
  if (isAlreadyCanonical(url)) return url.href;
  url.hash = '';
  url.hostname = url.hostname.toLowerCase().replace(/\.$/, '');
  if (DEFAULT_PORTS[url.protocol] === url.port) url.port = '';
  const kept = [...url.searchParams.entries()].filter(([k]) => !TRACKING_PARAM.test(k));
  kept.sort((a, b) => (a[0] === b[0] ? a[1].localeCompare(b[1]) : a[0].localeCompare(b[0])));
  url.search = kept.length > 0 ? `?${new URLSearchParams(kept).toString()}` : '';
  let path = normalisePercentEncoding(url.pathname).replace(/\/{2,}/g, '/');
  path = path.replace(DIRECTORY_INDEX, '/');
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  url.pathname = path;
  return url.toString();
}

/** Canonical URL without its scheme and a leading `www.`: the key used to pair across http/https. */
export function schemelessKey(raw: string, base?: string): string {
  return canonicalUrl(raw, base)
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/^www\./, '');
}

/** `schemelessKey` of the URL without its query: the page a query-parameter copy (`?replytocom=`) is of. */
export function pathKey(raw: string): string {
  const url = parseUrl(raw);
  if (url === undefined) return schemelessKey(raw);
  url.search = '';
  return schemelessKey(url.href);
}

/**
 * The spellings of one page across the two web schemes and a leading `www.` (`canonical` first), the
 * parts `schemelessKey` folds, as SURT keys do: a site moved to https, or captured with and without
 * `www.`, still shows the same objects. Always four entries (repeated for other URLs), for a
 * `canonical_url IN (?, ?, ?, ?)` lookup.
 */
export function spellingsOf(canonical: string): [string, string, string, string] {
  const url = parseUrl(canonical);
  const prefix = url === undefined ? '' : `${url.protocol}//${url.host}`;
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || !canonical.startsWith(prefix))
    return [canonical, canonical, canonical, canonical];
  const rest = `${url.port === '' ? '' : `:${url.port}`}${canonical.slice(prefix.length)}`;
  const bare = url.hostname.replace(/^www\./, '');
  const other = url.protocol === 'http:' ? 'https:' : 'http:';
  const otherHost = url.hostname === bare ? `www.${bare}` : bare;
  return [canonical, `${url.protocol}//${otherHost}${rest}`, `${other}//${url.hostname}${rest}`, `${other}//${otherHost}${rest}`];
}

/** Host of a URL, lower-cased, without port; '' when it does not parse. */
export function hostOf(raw: string): string {
  return parseUrl(raw)?.hostname.toLowerCase() ?? '';
}

/** Host of a URL without a leading `www.` (as `schemelessKey` compares sites); '' when it does not parse. */
export function siteOf(raw: string): string {
  return siteOfHost(hostOf(raw));
}

/** The site of a host (`hostOf`): without a leading `www.`. */
export function siteOfHost(host: string): string {
  return host.replace(/^www\./, '');
}

/** Make `href` absolute against `base`; returns undefined for javascript:, data: and bad URLs. */
export function absoluteUrl(href: string, base: string): string | undefined {
  const url = parseUrl(href, base);
  if (url === undefined) return undefined;
  if (url.protocol === 'javascript:' || url.protocol === 'data:') return undefined;
  return url.toString();
}
