/**
 * Comments are tracked apart from the article [004 §4.2, items 1-2]: a new comment is not an
 * article edit. Comments are matched by hash; the rest by author + text (same comment, re-hashed
 * because of noise or a re-formatted date), then by author + date (the same comment, edited).
 */
import { hostOf } from '../core/url.js';
import { COMMENT_WINDOW_MIN_PAGES } from './constants.js';
import { normalizeField, normalizeNoise } from './noise-normalize.js';
import { withoutTemplateLines } from './template-lines.js';
import type { CommentChange, CommentSnapshot } from './types.js';

export interface CommentDiff {
  added: number;
  removed: number;
  edited: number;
  /** Older comments pushed off a page that shows only its newest `window` ones: not removed. */
  outOfWindow: number;
  changes: CommentChange[];
}

/** A date as an instant when it parses, else its normalised text. */
export function instantKey(value: string | null): string {
  if (value === null) return '';
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? normalizeNoise(value) : String(ms);
}

type KeyOf = (c: CommentSnapshot) => string;

const byHash: KeyOf = (c) => c.hash;
/** Author and text, the host's comment counter lines (`commentTemplateLinesOf`) left out. */
const byAuthorText =
  (template: ReadonlySet<string>): KeyOf =>
  (c) =>
    `${normalizeField(c.author) ?? ''}\u0000${normalizeNoise(withoutTemplateLines(c.text, template))}`;
const byAuthorDate: KeyOf = (c) => `${normalizeField(c.author) ?? ''}\u0000${instantKey(c.published)}`;

/** Pair comments of both sides with equal keys (in order); return the pairs and the leftovers. */
function pairBy(prev: CommentSnapshot[], next: CommentSnapshot[], key: KeyOf) {
  const waiting = new Map<string, CommentSnapshot[]>();
  for (const c of prev) {
    const k = key(c);
    const list = waiting.get(k);
    if (list === undefined) waiting.set(k, [c]);
    else list.push(c);
  }
  const pairs: [CommentSnapshot, CommentSnapshot][] = [];
  const nextLeft: CommentSnapshot[] = [];
  for (const c of next) {
    const match = waiting.get(key(c))?.shift();
    if (match === undefined) nextLeft.push(c);
    else pairs.push([match, c]);
  }
  const prevLeft = [...waiting.values()].flat();
  return { pairs, prevLeft, nextLeft };
}

export function diffComments(
  prev: CommentSnapshot[],
  next: CommentSnapshot[],
  window: number | null = null,
  template: ReadonlySet<string> = new Set(),
): CommentDiff {
  const sameHash = pairBy(prev, next, byHash);
  const sameText = pairBy(sameHash.prevLeft, sameHash.nextLeft, byAuthorText(template));
  const sameDate = pairBy(sameText.prevLeft, sameText.nextLeft, byAuthorDate);
  const outOfWindow = movedWindow(prev, next, sameDate.prevLeft, sameDate.nextLeft, window) ? sameDate.prevLeft : [];
  const removed = outOfWindow.length > 0 ? [] : sameDate.prevLeft;
  const changes: CommentChange[] = [];
  for (const [, after] of sameDate.pairs) changes.push({ op: 'edited', hash: after.hash, author: after.author });
  for (const c of sameDate.nextLeft) changes.push({ op: 'added', hash: c.hash, author: c.author });
  for (const c of removed) changes.push({ op: 'removed', hash: c.hash, author: c.author });
  return {
    added: sameDate.nextLeft.length,
    removed: removed.length,
    edited: sameDate.pairs.length,
    outOfWindow: outOfWindow.length,
    changes,
  };
}

/**
 * Whether the comments gone from a page that shows only its newest `window` comments just left
 * that window: they are the oldest end of the earlier list and the new ones the newest end of the
 * later list, the rest in the same order; as many new ones or more when both versions were full, any
 * number when the earlier version showed more than the window (the site began paginating its
 * comments between the crawls). A site paginating its comments moves them to another page, it does
 * not delete them.
 */
function movedWindow(
  prev: readonly CommentSnapshot[],
  next: readonly CommentSnapshot[],
  gone: readonly CommentSnapshot[],
  added: readonly CommentSnapshot[],
  window: number | null,
): boolean {
  if (window === null || next.length !== window || gone.length === 0 || prev.length < window) return false;
  if (prev.length === window && added.length < gone.length) return false;
  const isGone = new Set(gone);
  const isAdded = new Set(added);
  const atStart = (list: readonly CommentSnapshot[], part: Set<CommentSnapshot>): boolean =>
    list.slice(0, part.size).every((c) => part.has(c));
  const atEnd = (list: readonly CommentSnapshot[], part: Set<CommentSnapshot>): boolean =>
    list.slice(list.length - part.size).every((c) => part.has(c));
  // Oldest first (gone at the start, new at the end) or newest first (the reverse).
  return (atStart(prev, isGone) && atEnd(next, isAdded)) || (atEnd(prev, isGone) && atStart(next, isAdded));
}

/**
 * Per host, how many comments its pages show at most when that is a cap: several post pages of the
 * crawl show exactly that many and none more (the site shows its newest comments only). Decided
 * from the site's own pages [000 §III: the structure recurring on many pages of a site].
 */
export function commentWindowsOf(pages: Iterable<{ url: string; comments: number }>): Map<string, number> {
  const most = new Map<string, { comments: number; pages: number }>();
  for (const { url, comments } of pages) {
    const host = hostOf(url);
    const seen = most.get(host);
    if (seen === undefined || comments > seen.comments) most.set(host, { comments, pages: 1 });
    else if (comments === seen.comments) seen.pages++;
  }
  const windows = new Map<string, number>();
  for (const [host, { comments, pages }] of most) if (comments > 1 && pages >= COMMENT_WINDOW_MIN_PAGES) windows.set(host, comments);
  return windows;
}
