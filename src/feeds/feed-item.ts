import type { Enclosure, FeedItem } from './types.js';

/** Fields a format mapper fills; validity is computed afterwards for every format alike. */
export type RawItem = Omit<FeedItem, 'isValid' | 'invalidReason'>;

/** Fields of the channel/feed element a format mapper fills. */
export interface RawChannel {
  title: string | null;
  /** RSS channel description, Atom subtitle, JSON Feed description (plain text). */
  description: string | null;
  siteUrl: string | null;
  language: string | null;
}

export function emptyItem(): RawItem {
  return {
    guid: null,
    guidIsPermalink: false,
    link: null,
    origLink: null,
    title: null,
    author: null,
    published: null,
    updated: null,
    categories: [],
    description: null,
    content: null,
    commentsUrl: null,
    commentFeedUrl: null,
    commentCount: null,
    enclosures: [],
    inReplyTo: null,
  };
}

/** A non-negative integer count, or null. */
export function parseCount(s: string | null): number | null {
  if (s === null) return null;
  const n = Number.parseInt(s, 10);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

export function enclosure(url: string | null, type: string | null, length: string | null): Enclosure | null {
  if (url === null) return null;
  return { url, type: type === null || type === '' ? null : type, length: parseCount(length) };
}

/** Categories without blanks and duplicates, in order. */
export function uniqueCategories(values: Array<string | null>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const c = v?.replace(/\s+/g, ' ').trim();
    if (!c || seen.has(c)) continue;
    seen.add(c);
    out.push(c);
  }
  return out;
}

/** "jane@example.org (Jane Doe)" -> "Jane Doe"; "jane@example.org" stays; names are trimmed. */
export function authorName(s: string | null): string | null {
  if (s === null) return null;
  const inParens = /^\S+@\S+\s*\(([^)]+)\)$/.exec(s.trim());
  const name = (inParens?.[1] ?? s).replace(/\s+/g, ' ').trim();
  return name === '' ? null : name;
}
