/**
 * The segmentation pass of a build (issue #8), run after the feed-guided and templates passes of
 * one crawl: every channel page (home, pagination, category / tag / date archives) is cut into the
 * posts it shows [002 "Segmenting weblogs into posts"], feed-guided first and model-based as the
 * fallback, and the segments are written to `segments`. A post shown on channel pages whose own
 * page gave no object (not captured, or not recognised) becomes an object with method
 * `segmentation` and a lower confidence; a post that has an object already is linked to it.
 *
 * Channel pages: the captures the templates pass marked non-post (`page_matches.is_post = 0`).
 * When that pass left no decision for the crawl, every HTML capture not extracted as a post that
 * links at least two known post URLs (002 weblog model: "Weblog: Entry+"; one link proves no list).
 */
import type { Diagnostics } from '../core/diagnostics.js';
import { isInputError } from '../core/errors.js';
import { canonicalUrl, hostOf } from '../core/url.js';
import type { ParsedPage } from '../extract/index.js';
import type { FeedItem } from '../feeds/index.js';
import { type Segment, type SegmentationMethod, segmentByFeed, segmentByModel } from '../segment/index.js';
import { type ChannelCaptureRow, type Db, type OverlayWriter, SegmentStore } from '../store/index.js';

/**
 * Confidence of an object known only from channel pages: the text is what the list shows (often
 * an excerpt), and the boundaries come from a model. ours: below the calibrated page extractions
 * (#3), feed-guided above model-based because the feed confirms the post.
 */
export const SEGMENT_CONFIDENCE: Readonly<Record<SegmentationMethod, number>> = { 'feed-guided': 0.6, 'model-based': 0.45 };
/** Known post URLs a page must link to count as a channel page when no page decision exists. ours, see header. */
export const MIN_POST_LINKS = 2;

export interface SegmentStageInput {
  db: Db;
  writer: OverlayWriter;
  crawlId: number;
  diagnostics: Diagnostics;
  /** Article-feed items of this crawl by host (lower-cased), for feed-guided segmentation. */
  itemsByHost: ReadonlyMap<string, readonly FeedItem[]>;
  /** Read and parse one capture (revisits resolved); null when it holds no page. InputErrors are reported and the page skipped. */
  loadPage(captureId: number): Promise<ParsedPage | null>;
}

export interface SegmentStageReport {
  /** Where the channel pages came from. */
  channelPagesFrom: 'page-matches' | 'post-links';
  pages: number;
  pagesSegmented: number;
  segments: { 'feed-guided': number; 'model-based': number };
  /** Pages whose feed-guided segmentation failed on overlapping enclosing nodes [002]. */
  feedOverlaps: number;
  feedOverlapExamples: string[];
  objectsCreated: number;
  objectsLinked: number;
  unreadable: number;
}

interface PostSighting {
  segment: Segment;
  method: SegmentationMethod;
  capture: ChannelCaptureRow;
  /** (capture id, position) of every segment showing the post in this crawl. */
  rows: Array<[number, number]>;
}

/** Channel pages of the crawl, and whether they are proven (page decisions) or still to be checked by their links. */
function channelCandidates(
  store: SegmentStore,
  crawlId: number,
): { from: SegmentStageReport['channelPagesFrom']; captures: ChannelCaptureRow[] } {
  if (store.hasPageDecisions(crawlId)) return { from: 'page-matches', captures: store.nonPostPages(crawlId) };
  return { from: 'post-links', captures: store.pagesWithoutVersion(crawlId) };
}

/** Distinct known post URLs a page links to. */
function knownPostLinks(page: ParsedPage, isKnownPost: (canonical: string) => boolean): number {
  const found = new Set<string>();
  const stack = [...page.document.children];
  while (stack.length > 0) {
    const n = stack.pop();
    if (n === undefined || !('children' in n)) continue;
    if (n.type === 'tag' && n.name === 'a' && n.attribs.href !== undefined) {
      const url = canonicalUrl(n.attribs.href, page.url);
      if (url !== canonicalUrl(page.url) && isKnownPost(url)) found.add(url);
    }
    stack.push(...n.children);
  }
  return found.size;
}

/** Cut one page: feed-guided when it succeeds and finds at least as many posts, else model-based [002 process flow]. */
function segmentPage(
  page: ParsedPage,
  capture: ChannelCaptureRow,
  items: readonly FeedItem[],
  report: SegmentStageReport,
): { method: SegmentationMethod; segments: Segment[] } | null {
  const model = segmentByModel(page, { captureTime: capture.time });
  if (items.length > 0) {
    const feed = segmentByFeed(page, items, { captureTime: capture.time });
    if (feed.overlaps.length > 0) {
      report.feedOverlaps++;
      if (report.feedOverlapExamples.length < 5) report.feedOverlapExamples.push(`${capture.url}: ${feed.reason}`);
    }
    if (feed.ok && feed.segments.length >= model.segments.length) return { method: 'feed-guided', segments: feed.segments };
  }
  return model.ok ? { method: 'model-based', segments: model.segments } : null;
}

/**
 * Run the segmentation pass for one crawl (see the file header). Idempotent: segments are upserted
 * on (capture, position) and surplus positions of an earlier run deleted; object versions are
 * upserted on (object, crawl, method).
 */
export async function runSegmentStage(input: SegmentStageInput): Promise<SegmentStageReport> {
  const { crawlId } = input;
  const store = new SegmentStore(input.db);
  const { from, captures } = channelCandidates(store, crawlId);
  const report: SegmentStageReport = {
    channelPagesFrom: from,
    pages: 0,
    pagesSegmented: 0,
    segments: { 'feed-guided': 0, 'model-based': 0 },
    feedOverlaps: 0,
    feedOverlapExamples: [],
    objectsCreated: 0,
    objectsLinked: 0,
    unreadable: 0,
  };
  const sightings = new Map<string, PostSighting>();

  for (const capture of captures) {
    let page: ParsedPage | null;
    try {
      page = await input.loadPage(capture.id);
    } catch (error) {
      if (!isInputError(error)) throw error;
      input.diagnostics.report(error);
      page = null;
    }
    if (page === null) {
      report.unreadable++;
      continue;
    }
    if (from === 'post-links' && knownPostLinks(page, (u) => store.hasObject(u)) < MIN_POST_LINKS) continue;
    report.pages++;
    const cut = segmentPage(page, capture, input.itemsByHost.get(hostOf(capture.url)) ?? [], report);
    const segments = cut?.segments ?? [];
    store.replaceSegments(
      capture.id,
      segments.map((s) => ({
        captureId: capture.id,
        position: s.position,
        method: cut?.method ?? '',
        permalink: s.permalink,
        title: s.title,
        author: s.author,
        published: s.published,
        text: s.text,
        keyPath: s.keyPath,
      })),
    );
    if (cut === null || segments.length === 0) continue;
    report.pagesSegmented++;
    report.segments[cut.method] += segments.length;
    for (const s of segments) {
      if (s.permalink === null) continue;
      const key = canonicalUrl(s.permalink);
      const seen = sightings.get(key);
      if (seen === undefined) sightings.set(key, { segment: s, method: cut.method, capture, rows: [[capture.id, s.position]] });
      else {
        seen.rows.push([capture.id, s.position]);
        // The fullest showing of the post speaks for it (a tag page may show more than the home page).
        if (s.text.length > seen.segment.text.length) Object.assign(seen, { segment: s, method: cut.method, capture });
      }
    }
  }
  linkOrCreateObjects(input, store, sightings, report);
  return report;
}

/**
 * Posts with an object from a page or feed are linked to it; the others become `segmentation`
 * objects [issue #8: "posts also found on their own page are linked, not duplicated"]. A permalink
 * that the templates pass classified as a non-post page (a category link taken for a title) makes
 * no object.
 */
function linkOrCreateObjects(
  input: SegmentStageInput,
  store: SegmentStore,
  sightings: Map<string, PostSighting>,
  report: SegmentStageReport,
): void {
  const { writer, crawlId } = input;
  for (const [canonical, seen] of sightings) {
    const existing = store.objectWithPageVersions(canonical);
    let objectId: number;
    if (existing !== undefined && existing.pageVersions > 0) {
      objectId = existing.id;
      report.objectsLinked++;
    } else {
      if (store.isNonPostPage(canonical, crawlId)) continue;
      const s = seen.segment;
      const versionId = writer.addVersion({
        canonicalUrl: canonical,
        url: s.permalink ?? canonical,
        feedId: null,
        guid: null,
        crawlId,
        captureId: seen.capture.id,
        captureTime: seen.capture.time,
        pageDigest: null,
        object: {
          method: 'segmentation',
          confidence: SEGMENT_CONFIDENCE[seen.method],
          title: s.title,
          author: s.author,
          published: s.published,
          updated: null,
          categories: [],
          text: s.text,
          html: s.html,
          references: [],
          paths: { content: s.keyPath, title: null, author: null, date: null, categories: null },
        },
        comments: [],
      });
      const created = store.objectOfVersion(versionId);
      if (created === undefined) continue;
      objectId = created;
      report.objectsCreated++;
    }
    store.linkSegments(objectId, seen.rows);
  }
}
