/**
 * Rows of `export --what objects|pages|changes` (DESIGN.md "Command line") and the segments of the
 * pages export, keyed the way the gold is: crawl = basename of the input WARC, key = canonical URL
 * without scheme and `www.`.
 */
import { basename } from 'node:path';
import { schemelessKey } from '../../src/core/url.js';
import { readJsonLines } from './cli-runner.js';

export interface ExportedComment {
  author: string | null;
  published: string | null;
  text: string;
  /** The byline as the page prints it (null for feed-only comments and older exports). */
  byline?: string | null;
}

/** The fields of an exported object version the benchmark scores (html is dropped on reading). */
export interface ExportedObject {
  url: string;
  crawl: string;
  key: string;
  title: string | null;
  author: string | null;
  published: string | null;
  text: string;
  comments: ExportedComment[];
  method: string;
  confidence: number;
}

/** Method of the object copied from a full-content feed: the page-extracted version is preferred. */
export const FULL_FEED_METHOD = 'full-feed';

export const crawlKey = (crawl: string, key: string): string => `${crawl}\u0000${key}`;

/**
 * One object per (crawl, page): the page-extracted version when there is one (the page is the
 * archived truth; DESIGN "full-content feeds get the page-extracted version too"), else the feed
 * copy; among equals the most confident.
 */
export async function readObjects(file: string): Promise<Map<string, ExportedObject>> {
  const chosen = new Map<string, ExportedObject>();
  for await (const row of readJsonLines<Record<string, unknown>>(file)) {
    const object = toObject(row);
    const id = crawlKey(object.crawl, object.key);
    const current = chosen.get(id);
    if (current === undefined || isPreferred(object, current)) chosen.set(id, object);
  }
  return chosen;
}

function isPreferred(candidate: ExportedObject, current: ExportedObject): boolean {
  const candidateFromPage = candidate.method !== FULL_FEED_METHOD;
  const currentFromPage = current.method !== FULL_FEED_METHOD;
  if (candidateFromPage !== currentFromPage) return candidateFromPage;
  return candidate.confidence > current.confidence;
}

function toObject(row: Record<string, unknown>): ExportedObject {
  const url = String(row.url ?? '');
  const comments = Array.isArray(row.comments) ? (row.comments as Array<Record<string, unknown>>) : [];
  return {
    url,
    crawl: basename(String(row.crawl ?? '')),
    key: schemelessKey(String(row.canonical_url ?? url)),
    title: stringOrNull(row.title),
    author: stringOrNull(row.author),
    published: stringOrNull(row.published),
    text: typeof row.text === 'string' ? row.text : '',
    comments: comments.map((c) => ({
      author: stringOrNull(c.author),
      published: stringOrNull(c.published),
      text: String(c.text ?? ''),
      byline: stringOrNull(c.byline),
    })),
    method: String(row.method ?? ''),
    confidence: typeof row.confidence === 'number' ? row.confidence : 0,
  };
}

export interface ExportedPage {
  crawl: string;
  key: string;
  isPost: boolean;
  method: string | null;
}

/** `export --what pages`, keyed by crawl and page; a page captured twice in a crawl is a post when either capture is. */
export async function readPages(file: string): Promise<Map<string, ExportedPage>> {
  const pages = new Map<string, ExportedPage>();
  for await (const row of readJsonLines<Record<string, unknown>>(file)) {
    const page: ExportedPage = {
      crawl: basename(String(row.crawl ?? '')),
      key: schemelessKey(String(row.url ?? '')),
      isPost: row.is_post === true,
      method: stringOrNull(row.method),
    };
    const id = crawlKey(page.crawl, page.key);
    if (!pages.get(id)?.isPost) pages.set(id, page);
  }
  return pages;
}

/** A post the overlay found on a channel page (`segments` of `export --what pages`). */
export interface ExportedSegment {
  /** `feed-guided` or `model-based`. */
  method: string;
  permalink: string | null;
  title: string | null;
  published: string | null;
}

/** Segments per (crawl, page); of the capture showing the most posts when a page was captured twice in a crawl. */
export async function readSegments(file: string): Promise<Map<string, ExportedSegment[]>> {
  const segments = new Map<string, ExportedSegment[]>();
  for await (const row of readJsonLines<Record<string, unknown>>(file)) {
    const rows = Array.isArray(row.segments) ? (row.segments as Array<Record<string, unknown>>) : [];
    const id = crawlKey(basename(String(row.crawl ?? '')), schemelessKey(String(row.url ?? '')));
    if (rows.length <= (segments.get(id)?.length ?? 0)) continue;
    segments.set(
      id,
      rows.map((s) => ({
        method: String(s.method ?? ''),
        permalink: stringOrNull(s.permalink),
        title: stringOrNull(s.title),
        published: stringOrNull(s.published),
      })),
    );
  }
  return segments;
}

export interface ExportedChange {
  key: string;
  kinds: string[];
}

/** `export --what changes`: the kinds reported per page between consecutive versions. */
export async function readChanges(file: string): Promise<ExportedChange[]> {
  const changes: ExportedChange[] = [];
  for await (const row of readJsonLines<Record<string, unknown>>(file)) {
    const kinds = Array.isArray(row.kinds) ? row.kinds.map(String) : typeof row.kind === 'string' ? [row.kind] : [];
    changes.push({ key: schemelessKey(String(row.canonical_url ?? row.url ?? '')), kinds });
  }
  return changes;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
