import {
  BLOCK_MARKUP,
  EXCERPT_MAX_LENGTH_VARIATION,
  EXCERPT_MIN_ITEMS,
  FULL_CONTENT_FIELD_SHARE,
  FULL_MARKUP_MIN_WORDS,
  FULL_MARKUP_SHARE,
  FULL_PLAIN_MIN_WORDS,
  PARTIAL_TRUNCATED_SHARE,
  TRAILING_LINK,
  TRAILING_LINK_TAIL_CHARS,
  TRUNCATION_TAIL_CHARS,
} from './constants.js';
import { continueReadingLabel } from '../core/continue-reading.js';
import type { RawItem } from './feed-item.js';
import { countWords, htmlToText } from './feed-text.js';

/** 002 "Full content vs. partial content feeds": an item is valid iff date-posted AND (content OR description). */
export function itemValidity(item: RawItem): { isValid: boolean; invalidReason: string | null } {
  const hasDate = item.published !== null || item.updated !== null;
  const hasBody = hasText(item.content) || hasText(item.description);
  if (hasDate && hasBody) return { isValid: true, invalidReason: null };
  const missing = [hasDate ? null : 'no date', hasBody ? null : 'no content or description'].filter((m) => m !== null);
  return { isValid: false, invalidReason: missing.join(', ') };
}

function hasText(html: string | null): boolean {
  return html !== null && htmlToText(html) !== '';
}

/** The body a reader gets from an item: the content field when present, else the description. */
export function itemBody(item: RawItem): string | null {
  return hasText(item.content) ? item.content : hasText(item.description) ? item.description : null;
}

/**
 * Whether an item's body ends the way cut excerpts end ("…", "[…]", "Read more", "Continue reading"),
 * or with a "read more" link, which engines follow with the post title ("Continue reading
 * <span>Title</span>" in WordPress, "Read more<span> about Title</span>" in Drupal) or which is a
 * bare ellipsis (weak hints, core/continue-reading).
 */
export function isTruncated(html: string): boolean {
  if (continueReadingLabel('text-end').test(htmlToText(html).slice(-TRUNCATION_TAIL_CHARS))) return true;
  const trailingLink = TRAILING_LINK.exec(html.trimEnd().slice(-TRAILING_LINK_TAIL_CHARS));
  return trailingLink !== null && continueReadingLabel('link-start').test(htmlToText(trailingLink[1] ?? ''));
}

/**
 * 002: "The feed classifier ... takes as input features of the content and description text, such
 * as: presence/absence of HTML tags; % posts ending in ellipses; and type of feed ... Other features
 * could be added, such as the variance in the length of text". Decided in this order:
 * 1. most bodies end in a truncation marker -> partial;
 * 2. bodies of nearly equal word counts (cut at a fixed length) -> partial;
 * 3. most items carry an uncut content field at least as long as the description -> full;
 * 4. bodies are marked-up HTML of post length -> full;
 * 5. plain-text bodies long enough to be whole posts -> full; else partial.
 */
export function classifyContent(items: RawItem[]): { isFullContent: boolean; reason: string } {
  const bodies = items.map(itemBody).filter((b): b is string => b !== null);
  if (bodies.length === 0) return { isFullContent: false, reason: 'no item has content or description' };
  const n = bodies.length;
  const truncated = bodies.filter(isTruncated).length;
  if (truncated / n > PARTIAL_TRUNCATED_SHARE) {
    return { isFullContent: false, reason: `${truncated}/${n} bodies end in a truncation marker (ellipsis, [...], read more)` };
  }
  const words = bodies.map(countWords);
  const medianWords = median(words);
  const variation = coefficientOfVariation(words);
  if (n >= EXCERPT_MIN_ITEMS && variation < EXCERPT_MAX_LENGTH_VARIATION && medianWords < FULL_PLAIN_MIN_WORDS) {
    return {
      isFullContent: false,
      reason: `bodies of nearly equal length (median ${medianWords} words, variation ${variation.toFixed(2)})`,
    };
  }
  // A separate content field at least as long as the description, and never cut, is the full post.
  const withContentField = items.filter(
    (i) => i.content !== null && hasText(i.content) && countWords(i.content) >= countWords(i.description ?? '') && !isTruncated(i.content),
  ).length;
  if (withContentField / items.length >= FULL_CONTENT_FIELD_SHARE) {
    return {
      isFullContent: true,
      reason: `${withContentField}/${items.length} items carry an uncut content field at least as long as the description`,
    };
  }
  const marked = bodies.filter((b) => BLOCK_MARKUP.test(b)).length;
  if (marked / n >= FULL_MARKUP_SHARE && medianWords >= FULL_MARKUP_MIN_WORDS) {
    return { isFullContent: true, reason: `${marked}/${n} bodies are HTML with block markup, median ${medianWords} words` };
  }
  if (medianWords >= FULL_PLAIN_MIN_WORDS) {
    return { isFullContent: true, reason: `median body length ${medianWords} words >= ${FULL_PLAIN_MIN_WORDS}` };
  }
  return { isFullContent: false, reason: `short bodies (median ${medianWords} words, ${marked}/${n} with block markup)` };
}

/**
 * The same evidence for one item, for feeds that mix whole posts and excerpts: a cut ending ->
 * partial; an uncut content field at least as long as the description, or a body of post length
 * (marked-up or plain) -> full.
 */
export function classifyItemContent(item: RawItem): { isFullContent: boolean; reason: string } {
  const body = itemBody(item);
  if (body === null) return { isFullContent: false, reason: 'no content or description' };
  if (isTruncated(body)) return { isFullContent: false, reason: 'body ends in a truncation marker' };
  const words = countWords(body);
  if (item.content !== null && body === item.content && countWords(item.description ?? '') <= words) {
    return { isFullContent: true, reason: 'uncut content field at least as long as the description' };
  }
  if (BLOCK_MARKUP.test(body) && words >= FULL_MARKUP_MIN_WORDS) return { isFullContent: true, reason: `HTML body of ${words} words` };
  if (words >= FULL_PLAIN_MIN_WORDS) return { isFullContent: true, reason: `body of ${words} words` };
  return { isFullContent: false, reason: `short body (${words} words)` };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : Math.round(((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2);
}

function coefficientOfVariation(values: number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  if (mean === 0) return 0;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance) / mean;
}
