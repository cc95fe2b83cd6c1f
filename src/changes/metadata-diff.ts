/**
 * Title, author, dates, categories and references of two versions, compared modulo noise:
 * typography (see noise-normalize.ts), date notation (same instant), category order, case and a
 * hashtag's `#`, tracking parameters and other URL spellings (canonicalUrl).
 */
import { isIsoDay } from '../core/iso-day.js';
import { instantKey } from './comment-diff.js';
import { normalizeField } from './noise-normalize.js';
import type { MetadataChange, VersionSnapshot } from './types.js';
import { referenceKey } from './volatile-params.js';

/** Two dates are the same when they name the same instant, or the same day if one has no time. */
export function isSameDate(a: string | null, b: string | null): boolean {
  const x = normalizeField(a);
  const y = normalizeField(b);
  if (x === null || y === null) return x === y;
  if (isIsoDay(x) || isIsoDay(y)) return x.slice(0, 10) === y.slice(0, 10);
  return instantKey(x) === instantKey(y);
}

/** A category as compared: case folded, and a hashtag's `#` left out (a page prints "#marsh" for the feed's "marsh"). */
export function categoryKey(category: string): string | null {
  const normal = normalizeField(category)?.replace(/^#+/, '');
  return normal === undefined || normal === null || normal === '' ? null : normal.toLowerCase();
}

function categorySet(categories: string[]): Set<string> {
  const set = new Set<string>();
  for (const c of categories) {
    const key = categoryKey(c);
    if (key !== null) set.add(key);
  }
  return set;
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

export function diffMetadata(prev: VersionSnapshot, next: VersionSnapshot): MetadataChange[] {
  const changes: MetadataChange[] = [];
  if (normalizeField(prev.author) !== normalizeField(next.author)) {
    changes.push({ field: 'author', from: prev.author, to: next.author });
  }
  for (const field of ['published', 'updated'] as const) {
    if (!isSameDate(prev[field], next[field])) changes.push({ field, from: prev[field], to: next[field] });
  }
  if (!sameSet(categorySet(prev.categories), categorySet(next.categories))) {
    changes.push({
      field: 'categories',
      from: prev.categories.length > 0 ? prev.categories.join(', ') : null,
      to: next.categories.length > 0 ? next.categories.join(', ') : null,
    });
  }
  return changes;
}

/** Map reference key (`referenceKey`: canonical URL, the host's volatile parameters left out) -> first spelling seen. */
function referenceMap(references: string[], volatile: ReadonlySet<string>): Map<string, string> {
  const map = new Map<string, string>();
  for (const ref of references) {
    const key = referenceKey(ref, volatile);
    if (key !== '' && !map.has(key)) map.set(key, ref);
  }
  return map;
}

export function diffReferences(
  prev: string[],
  next: string[],
  volatile: ReadonlySet<string> = new Set(),
): { added: string[]; removed: string[]; union: number } {
  const before = referenceMap(prev, volatile);
  const after = referenceMap(next, volatile);
  const added = [...after].filter(([k]) => !before.has(k)).map(([, v]) => v);
  const removed = [...before].filter(([k]) => !after.has(k)).map(([, v]) => v);
  return { added, removed, union: before.size + added.length };
}
