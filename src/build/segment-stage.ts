/**
 * The segmentation pass of a build (issue #8), run with the templates pass of one crawl (each
 * page cut as soon as that pass decides it is no post, while it is still parsed) and finished
 * after it: every channel page (home, pagination, category / tag / date archives) is cut into the
 * posts it shows [002 "Segmenting weblogs into posts"], feed-guided first and model-based as the
 * fallback, and the segments are written to `segments`. A post shown on channel pages whose own
 * page gave no object (not captured, or not recognised) becomes an object with method
 * `segmentation` and a lower confidence; a post that has an object already is linked to it.
 *
 * Channel pages: the captures the templates pass marked non-post (`page_matches.is_post = 0`).
 * When that pass left no decision for the crawl, every HTML capture not extracted as a post that
 * links at least two known post URLs (002 weblog model: "Weblog: Entry+"; one link proves no list).
 */
import { detachedCopy } from '../core/detached-string.js';
import type { Diagnostics } from '../core/diagnostics.js';
import { isInputError } from '../core/errors.js';
import { canonicalUrl, hostOf, parseUrl, siteOf, siteOfHost } from '../core/url.js';
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

/** A segment as a sighting keeps it: without its DOM nodes, which hold their page's whole DOM. Its
 *  text and HTML are copied out of the page's strings they may be slices of. */
type SightedSegment = Omit<Segment, 'nodes'>;

function sighted({ position, title, permalink, author, published, text, html, keyPath }: Segment): SightedSegment {
  return { position, title, permalink, author, published, text: detachedCopy(text), html: detachedCopy(html), keyPath };
}

/**
 * The showings of one post in this crawl: the fullest on a page of its own site (null while only
 * other sites' pages showed it: they link it, never make it an object) and every segment showing it.
 */
interface PostSighting {
  fullest: { segment: SightedSegment; method: SegmentationMethod; capture: ChannelCaptureRow } | null;
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
  return new SegmentPass(input).finish();
}

/**
 * The segmentation pass, host by host: `host(h)` cuts the channel pages of host `h` right after
 * the templates pass decided them, while their parsed pages are still held (DESIGN "Pipeline":
 * each page parsed once), and links or creates the objects of a site's posts once its last host
 * is cut (`expectHosts`); `finish()` cuts the channel pages left (all of them when no page
 * decisions exist), then links or creates the objects not settled yet. The result does not depend
 * on the order pages are cut in: the fullest showing of a post on its own site wins, ties to the
 * first capture.
 */
export class SegmentPass {
  readonly #input: SegmentStageInput;
  readonly #store: SegmentStore;
  readonly #cut = new Set<number>();
  /** The posts shown, by the site of their permalink, then by permalink. */
  readonly #sightings = new Map<string, Map<string, PostSighting>>();
  /** Per site, its hosts the templates pass has still to decide (`expectHosts`): a site's posts are
   *  linked or made objects once none is left, and its sightings let go (work per site, #15). */
  readonly #hostsLeft = new Map<string, number>();
  readonly report: SegmentStageReport = {
    channelPagesFrom: 'page-matches',
    pages: 0,
    pagesSegmented: 0,
    segments: { 'feed-guided': 0, 'model-based': 0 },
    feedOverlaps: 0,
    feedOverlapExamples: [],
    objectsCreated: 0,
    objectsLinked: 0,
    unreadable: 0,
  };

  constructor(input: SegmentStageInput) {
    this.#input = input;
    this.#store = new SegmentStore(input.db);
  }

  /** Cut one page the templates pass decided is not a post (a channel page when it shows posts), while it is held. */
  async nonPost(capture: ChannelCaptureRow): Promise<void> {
    if (!this.#cut.has(capture.id)) await this.#cutPage(capture, 'page-matches');
  }

  /** The hosts the templates pass will decide, each then given to `host`: a site whose hosts are
   *  all decided has every object its posts may link to (its pages are extracted host by host). */
  expectHosts(hosts: readonly string[]): void {
    this.#hostsLeft.clear();
    for (const site of [...new Set(hosts)].map(siteOfHost)) this.#hostsLeft.set(site, (this.#hostsLeft.get(site) ?? 0) + 1);
  }

  /** Cut the channel pages of `host` the templates pass has decided and `nonPost` did not get (none
   *  while the crawl has no page decisions); after the last host of its site, settle the site's posts. */
  async host(host: string): Promise<void> {
    if (this.#store.hasPageDecisions(this.#input.crawlId)) {
      for (const capture of this.#store.nonPostPagesOfHost(this.#input.crawlId, host))
        if (!this.#cut.has(capture.id)) await this.#cutPage(capture, 'page-matches');
    }
    const site = siteOfHost(host);
    const left = this.#hostsLeft.get(site);
    if (left === undefined) return;
    if (left > 1) this.#hostsLeft.set(site, left - 1);
    else {
      this.#hostsLeft.delete(site);
      this.#settle(site);
    }
  }

  /** Cut the channel pages not cut yet, then link or create the objects of the posts they show. */
  async finish(): Promise<SegmentStageReport> {
    const { from, captures } = channelCandidates(this.#store, this.#input.crawlId);
    this.report.channelPagesFrom = from;
    for (const capture of captures) if (!this.#cut.has(capture.id)) await this.#cutPage(capture, from);
    for (const site of [...this.#sightings.keys()]) this.#settle(site);
    return this.report;
  }

  /** Links or creates the objects of the posts of `site` shown so far, and lets their sightings go. */
  #settle(site: string): void {
    const sightings = this.#sightings.get(site);
    if (sightings === undefined) return;
    this.#sightings.delete(site);
    linkOrCreateObjects(this.#input, this.#store, sightings, this.report);
  }

  async #cutPage(capture: ChannelCaptureRow, from: SegmentStageReport['channelPagesFrom']): Promise<void> {
    const input = this.#input;
    const report = this.report;
    const store = this.#store;
    this.#cut.add(capture.id);
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
      return;
    }
    if (from === 'post-links' && knownPostLinks(page, (u) => store.hasObject(u)) < MIN_POST_LINKS) return;
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
    if (cut === null || segments.length === 0) return;
    report.pagesSegmented++;
    report.segments[cut.method] += segments.length;
    for (const s of segments) {
      if (s.permalink === null) continue;
      const key = canonicalUrl(s.permalink);
      const site = siteOf(key);
      let ofSite = this.#sightings.get(site);
      if (ofSite === undefined) {
        ofSite = new Map();
        this.#sightings.set(site, ofSite);
      }
      const seen = ofSite.get(key) ?? { fullest: null, rows: [] };
      ofSite.set(key, seen);
      seen.rows.push([capture.id, s.position]);
      // A site's channel page lists its own posts [002 §3]: another site's page showing one (a link
      // blog's pick) is no evidence of it. The fullest showing on its own site speaks for the post
      // (a tag page may show more than the home page), ties to the first.
      if (siteOf(capture.url) !== site) continue;
      const best = seen.fullest;
      if (best === null || showsMore([capture.id, s], [best.capture.id, best.segment]))
        seen.fullest = { segment: sighted(s), method: cut.method, capture };
    }
  }
}

const isBefore = (a: [number, number], b: [number, number]): boolean => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** Whether a showing (capture id, segment) shows more of its post than another: longer text, ties to the first. */
function showsMore([aId, a]: [number, SightedSegment], [bId, b]: [number, SightedSegment]): boolean {
  const fuller = a.text.length - b.text.length;
  return fuller > 0 || (fuller === 0 && isBefore([aId, a.position], [bId, b.position]));
}

/** Whether `canonical` is a known object's URL with a query added. */
function isQueryOfObject(store: SegmentStore, canonical: string): boolean {
  const url = parseUrl(canonical);
  if (url === undefined || url.search === '') return false;
  url.search = '';
  return store.hasObject(canonicalUrl(url.href));
}

/**
 * Posts with an object from a page or feed are linked to it; the others become `segmentation`
 * objects [issue #8: "posts also found on their own page are linked, not duplicated"]. A permalink
 * that the templates pass classified as a non-post page (a category link taken for a title), or
 * shown only by other sites' pages, makes no object.
 */
function linkOrCreateObjects(
  input: SegmentStageInput,
  store: SegmentStore,
  sightings: Map<string, PostSighting>,
  report: SegmentStageReport,
): void {
  const { writer, crawlId } = input;
  // In the order of the captures that first show each post, whatever order the pages were cut in.
  for (const seen of sightings.values()) seen.rows.sort((x, y) => (isBefore(x, y) ? -1 : isBefore(y, x) ? 1 : 0));
  const ordered = [...sightings].sort(([, x], [, y]) => (isBefore(x.rows[0] as [number, number], y.rows[0] as [number, number]) ? -1 : 1));
  for (const [canonical, seen] of ordered) {
    const existing = store.objectWithPageVersions(canonical);
    let objectId: number;
    // Other sites' pages showing a post its own site made an object this crawl link it too, whichever
    // were cut first.
    const linked =
      existing !== undefined && (existing.pageVersions > 0 || (seen.fullest === null && store.isSegmentedIn(existing.id, crawlId)));
    if (linked) {
      objectId = existing.id;
      report.objectsLinked++;
    } else {
      // Only other sites' pages showed the post (a source, a link blog's pick): a reference, no post.
      // One linking a known object with a query (a comment's "Reply" link to `post/?replytocom=12`)
      // is a part of that object.
      if (seen.fullest === null || store.isNonPostPage(canonical, crawlId) || isQueryOfObject(store, canonical)) continue;
      const { segment: s, method, capture } = seen.fullest;
      const versionId = writer.addVersion({
        canonicalUrl: canonical,
        url: s.permalink ?? canonical,
        feedId: null,
        guid: null,
        crawlId,
        captureId: capture.id,
        captureTime: capture.time,
        pageDigest: null,
        object: {
          method: 'segmentation',
          confidence: SEGMENT_CONFIDENCE[method],
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
