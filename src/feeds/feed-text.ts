import { decodeHTML } from 'entities';
import { FEED_ADS, FEED_FLARE_WORD } from './constants.js';

const CDATA = /<!\[CDATA\[([\s\S]*?)(?:\]\]>|$)/g;
/** A tag name right after `<` or `</`. */
const TAG_START = /^<\/?[a-zA-Z]/;
/** Tags whose place becomes a space (block boundaries). */
const BLOCK_BREAK_NAME = /^<\/?(p|br|div|li|h[1-6]|blockquote|pre|tr|section|article)\b/i;
/** The start of a script or style element, whose content is not text. */
const RAW_START = /^<(script|style)\b/i;
const CLOSE_SCRIPT = /<\/script\s*>/gi;
const CLOSE_STYLE = /<\/style\s*>/gi;

/**
 * Tags, comments, scripts and styles out of an HTML fragment, in one pass: each part of the text is
 * searched at most once, so hostile input (50,000 unclosed `<script` or `<a`) costs linear time;
 * the regex version was quadratic (8,000 unclosed `<script` took 1 s). Block tags become a space.
 */
function stripTags(html: string): string {
  let out = '';
  let i = 0;
  let last = 0;
  // Once a search for a closing part fails, no later one can succeed: remember it.
  let hasTagEnd = true;
  let hasCommentEnd = true;
  const hasRawEnd = { script: true, style: true };
  for (i = html.indexOf('<'); i >= 0; i = html.indexOf('<', i)) {
    const ahead = html.slice(i, i + 16);
    let end = -1;
    let replacement = '';
    if (ahead.startsWith('<!--')) {
      if (hasCommentEnd) {
        const close = html.indexOf('-->', i + 4);
        if (close < 0) hasCommentEnd = false;
        else end = close + 3;
      }
    } else if (TAG_START.test(ahead)) {
      const raw = RAW_START.exec(ahead)?.[1]?.toLowerCase() as 'script' | 'style' | undefined;
      if (raw !== undefined && hasRawEnd[raw]) {
        const closer = raw === 'script' ? CLOSE_SCRIPT : CLOSE_STYLE;
        closer.lastIndex = i;
        const m = closer.exec(html);
        if (m === null) hasRawEnd[raw] = false;
        else {
          end = m.index + m[0].length;
          replacement = ' ';
        }
      }
      if (end < 0 && hasTagEnd) {
        const close = html.indexOf('>', i);
        if (close < 0) hasTagEnd = false;
        else {
          end = close + 1;
          replacement = BLOCK_BREAK_NAME.test(ahead) ? ' ' : '';
        }
      }
    }
    if (end < 0) {
      i++;
      continue;
    }
    out += html.slice(last, i) + replacement;
    i = end;
    last = end;
  }
  return out + html.slice(last);
}

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
  const text = decodeHTML(stripTags(html)).replace(/\s+/g, ' ').trim();
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
  if (!html.includes('<img') && !FEED_FLARE_WORD().test(html)) return html;
  let out = html;
  for (const pattern of FEED_ADS) out = out.replace(pattern(), '');
  return out.trim();
}
