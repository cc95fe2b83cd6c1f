import { decodeHTML } from 'entities';
import { FEED_ADS } from './constants.js';

const CDATA = /<!\[CDATA\[([\s\S]*?)(?:\]\]>|$)/g;
const TAG = /<\/?[a-zA-Z][^>]*>|<!--[\s\S]*?-->/g;
const SCRIPT_OR_STYLE = /<(script|style)\b[\s\S]*?<\/\1\s*>/gi;
const BLOCK_BREAK = /<\/?(p|br|div|li|h[1-6]|blockquote|pre|tr|section|article)\b[^>]*>/gi;

/**
 * Text of an element kept raw by the XML parser: CDATA sections as they are, everything else with
 * entities decoded (HTML named entities too: feeds use `&nbsp;` and `&hellip;` without declaring them).
 */
export function decodeXmlText(raw: string): string {
  let out = '';
  let last = 0;
  for (const match of raw.matchAll(CDATA)) {
    out += decodeHTML(raw.slice(last, match.index));
    out += match[1] ?? '';
    last = match.index + match[0].length;
  }
  out += decodeHTML(raw.slice(last));
  return out.trim();
}

/** Recent htmlToText results: classification asks for the text of the same bodies several times. */
const textCache = new Map<string, string>();
const TEXT_CACHE_ENTRIES = 256;

/** Plain text of an HTML fragment: tags dropped, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html.replace(/\s+/g, ' ').trim();
  const cached = textCache.get(html);
  if (cached !== undefined) return cached;
  const text = decodeHTML(html.replace(SCRIPT_OR_STYLE, ' ').replace(BLOCK_BREAK, ' ').replace(TAG, '')).replace(/\s+/g, ' ').trim();
  if (textCache.size >= TEXT_CACHE_ENTRIES) textCache.clear();
  textCache.set(html, text);
  return text;
}

/** Word count of an HTML fragment's text. */
export function countWords(html: string): number {
  const text = htmlToText(html);
  if (text === '') return 0;
  let words = 1;
  for (let i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1)) words++;
  return words;
}

/** An item body without feed advertising and tracking pixels (002: "FeedBurner ads are removed"). */
export function stripFeedAds(html: string): string {
  if (!html.includes('<img') && !html.includes('feedflare')) return html;
  let out = html;
  for (const pattern of FEED_ADS) out = out.replace(pattern, '');
  return out.trim();
}
