/**
 * Segmentation of channel pages (issue #8) against the truth: per channel page, the posts it lists
 * (channel-listings.ts) against the segments `export --what pages` gives it. A segment is matched to
 * a listed post by its permalink, else by its title (whitespace-normalised, exact), one to one.
 * Recall = matched / listed, precision = matched / segments, pooled over the pages; date = share of
 * matched segments carrying a date whose date is right (property-metrics `isDateRight`). Scored
 * over all channel pages and per segmentation method (a page is cut by one method, 002 process
 * flow); a channel page without segments counts in `all` only.
 */
import { schemelessKey } from '../../src/core/url.js';
import type { ChannelPage } from './channel-listings.js';
import { crawlKey, type ExportedSegment } from './export-rows.js';
import type { GoldPage } from './gold.js';
import { isDateRight, isTitleExact } from './property-metrics.js';

/** The methods of the segments table (src/segment SegmentationMethod), always reported. */
export const SEGMENTATION_METHODS = ['feed-guided', 'model-based'] as const;
/** Pages listed in the JSON report, worst recall first. */
const WORST_PAGES_KEPT = 10;

export interface SegmentScores {
  pages: number;
  listed: number;
  segments: number;
  matched: number;
  recall: number | null;
  precision: number | null;
  /** Matched segments that carry a date. */
  dated: number;
  date: number | null;
}

export interface SegmentPageDetail {
  crawl: string;
  url: string;
  method: string | null;
  listed: number;
  segments: number;
  matched: number;
  missed: string[];
}

export interface SegmentationResult {
  all: SegmentScores;
  byMethod: Record<string, SegmentScores>;
  /** Channel pages that got no segment. */
  unsegmented: string[];
  worstPages: SegmentPageDetail[];
}

interface PageTally {
  page: ChannelPage;
  method: string | null;
  segments: number;
  matched: number;
  dated: number;
  datesRight: number;
  missed: GoldPage[];
}

export function scoreSegmentation(
  channels: readonly ChannelPage[],
  segmentsOf: ReadonlyMap<string, ExportedSegment[]>,
): SegmentationResult {
  const tallies = channels.map((page) => tallyPage(page, segmentsOf.get(crawlKey(page.crawl, page.key)) ?? []));
  const byMethod: Record<string, SegmentScores> = {};
  const methods = new Set<string>([...SEGMENTATION_METHODS, ...tallies.flatMap((t) => (t.method === null ? [] : [t.method]))]);
  for (const method of methods) byMethod[method] = pool(tallies.filter((t) => t.method === method));
  return {
    all: pool(tallies),
    byMethod,
    unsegmented: tallies.filter((t) => t.segments === 0).map((t) => `${t.page.crawl} ${t.page.url}`),
    worstPages: tallies
      .map((t) => ({
        crawl: t.page.crawl,
        url: t.page.url,
        method: t.method,
        listed: t.page.listed.length,
        segments: t.segments,
        matched: t.matched,
        missed: t.missed.map((p) => p.url),
      }))
      .sort((a, b) => a.matched / a.listed - b.matched / b.listed || b.segments - b.matched - (a.segments - a.matched))
      .slice(0, WORST_PAGES_KEPT),
  };
}

function tallyPage(page: ChannelPage, segments: readonly ExportedSegment[]): PageTally {
  const unmatched = new Set(page.listed);
  const pairs: Array<{ post: GoldPage; segment: ExportedSegment }> = [];
  const take = (segment: ExportedSegment, isSame: (post: GoldPage) => boolean): boolean => {
    const post = [...unmatched].find(isSame);
    if (post === undefined) return false;
    unmatched.delete(post);
    pairs.push({ post, segment });
    return true;
  };
  const withoutLink: ExportedSegment[] = [];
  for (const s of segments) {
    const key = s.permalink === null ? null : schemelessKey(s.permalink);
    if (key === null || !take(s, (p) => p.key === key)) withoutLink.push(s);
  }
  for (const s of withoutLink) {
    const title = s.title;
    if (title !== null) take(s, (p) => p.title !== null && p.title !== '' && isTitleExact(p.title, title));
  }
  const dated = pairs.filter((p) => p.segment.published !== null && p.post.published !== null);
  return {
    page,
    method: segments[0]?.method ?? null,
    segments: segments.length,
    matched: pairs.length,
    dated: dated.length,
    datesRight: dated.filter((p) => isDateRight(p.post.published ?? '', p.segment.published)).length,
    missed: [...unmatched],
  };
}

function pool(tallies: readonly PageTally[]): SegmentScores {
  const sum = (of: (t: PageTally) => number) => tallies.reduce((n, t) => n + of(t), 0);
  const listed = sum((t) => t.page.listed.length);
  const segments = sum((t) => t.segments);
  const matched = sum((t) => t.matched);
  const dated = sum((t) => t.dated);
  return {
    pages: tallies.length,
    listed,
    segments,
    matched,
    recall: listed === 0 ? null : matched / listed,
    precision: segments === 0 ? null : matched / segments,
    dated,
    date: dated === 0 ? null : sum((t) => t.datesRight) / dated,
  };
}
