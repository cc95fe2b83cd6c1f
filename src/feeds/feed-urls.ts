import { absoluteUrl } from '../core/url.js';

/** Resolve a URL found in a feed against its base (xml:base or the feed URL); null when unusable. */
export function resolveUrl(href: string | null | undefined, base: string): string | null {
  if (href === null || href === undefined) return null;
  const trimmed = href.trim();
  if (trimmed === '') return null;
  return absoluteUrl(trimmed, base) ?? null;
}

/** Whether a string is an absolute http(s) URL. */
export function isHttpUrl(s: string | null): boolean {
  return s !== null && /^https?:\/\/[^\s/]+/i.test(s);
}

const RELATIVE_REF = /(\s(?:href|src|poster)\s*=\s*)(["'])([^"']*)\2/gi;
const ABSOLUTE_REF = /^([a-z][a-z0-9+.-]*:|#|\/\/)/i;

/** Make the href/src attributes of an HTML fragment absolute against `base` (feeds may use relative ones). */
export function absolutiseHtml(html: string, base: string): string {
  if (!html.includes('=')) return html;
  return html.replace(RELATIVE_REF, (whole, lead: string, quote: string, ref: string) => {
    if (ref === '' || ABSOLUTE_REF.test(ref)) return whole;
    const resolved = absoluteUrl(ref, base);
    return resolved === undefined ? whole : `${lead}${quote}${resolved}${quote}`;
  });
}
