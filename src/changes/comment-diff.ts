/**
 * Comments are tracked apart from the article [004 §4.2, items 1-2]: a new comment is not an
 * article edit. Comments are matched by hash; the rest by author + text (same comment, re-hashed
 * because of noise or a re-formatted date), then by author + date (the same comment, edited).
 */
import { normalizeField, normalizeNoise } from './noise-normalize.js';
import type { CommentChange, CommentSnapshot } from './types.js';

export interface CommentDiff {
  added: number;
  removed: number;
  edited: number;
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
const byAuthorText: KeyOf = (c) => `${normalizeField(c.author) ?? ''}\u0000${normalizeNoise(c.text)}`;
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

export function diffComments(prev: CommentSnapshot[], next: CommentSnapshot[]): CommentDiff {
  const sameHash = pairBy(prev, next, byHash);
  const sameText = pairBy(sameHash.prevLeft, sameHash.nextLeft, byAuthorText);
  const sameDate = pairBy(sameText.prevLeft, sameText.nextLeft, byAuthorDate);
  const changes: CommentChange[] = [];
  for (const [, after] of sameDate.pairs) changes.push({ op: 'edited', hash: after.hash, author: after.author });
  for (const c of sameDate.nextLeft) changes.push({ op: 'added', hash: c.hash, author: c.author });
  for (const c of sameDate.prevLeft) changes.push({ op: 'removed', hash: c.hash, author: c.author });
  return {
    added: sameDate.nextLeft.length,
    removed: sameDate.prevLeft.length,
    edited: sameDate.pairs.length,
    changes,
  };
}
