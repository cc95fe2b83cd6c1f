import type { Element } from 'domhandler';
import { Diagnostics } from '../core/diagnostics.js';
import { type HintSelection, selectedHints, selectHints } from '../core/hint-vocabulary.js';
import { InputError, isInputError, UsageError } from '../core/errors.js';
import { evenSample } from '../core/even-sample.js';
import { collectAbove } from '../core/heap-guard.js';
import { canonicalUrl, hostOf, schemelessKey } from '../core/url.js';
import {
  type CommentExtraction,
  type ParsedPage,
  type PropertyPaths,
  extractComments,
  feedContentObject,
  languageFromAttribute,
  pageBody,
  parsePage,
} from '../extract/index.js';
import {
  assignCommentItems,
  type CommentFeedPosts,
  commentItemsOfPage,
  discoverFeeds,
  type Feed,
  type FeedItem,
  pendingCommentFeeds,
  withDeclaredCommentFeeds,
} from '../feeds/index.js';
import { pairItem } from '../pairing/index.js';
import { renderText } from '../templates/index.js';
import {
  type ArchiveInput,
  type DigestPolicy,
  type IndexEntry,
  listArchiveInputs,
  readCapture,
  readWarcinfo,
  scanArchive,
  type ScannedRecord,
  type ScanStats,
} from '../warc/index.js';
import {
  type CaptureSummaryRow,
  crawlCaptureLookup,
  CrawlStore,
  type Db,
  OverlayWriter,
  type PayloadSource,
  readCommentEvidence,
  resolvePayloadSource,
  WriteBatch,
  writeCommentEvidence,
} from '../store/index.js';
import { CommentSites, type CommentTally, type HeldComments, heldCommentsOf, parseCommentEvidence } from './comment-sites.js';
import { crawlIdentity } from './crawl-identity.js';
import { FeedItemPool, feedOfCapture as feedOf, mayHoldFeed as wantFeedBody } from './feed-capture.js';
import { runChangesStage } from './changes-stage.js';
import { runFuseStage } from './fuse-stage.js';
import {
  coreLeftForMainThread,
  defaultWorkers,
  inProcessRunner,
  MIN_PAGES_FOR_WORKERS,
  READ_AHEAD_RECORDS,
  READ_AHEAD_WINDOW,
  workerPoolRunner,
} from './extract-pool.js';
import { PageCache } from './page-cache.js';
import { type PageJob, type RecordRead, runPageJob, startRecordRead, warcConfigOf } from './page-job.js';
import { openWritableOverlay, writeOverlayPages } from './overlay-session.js';
import { SegmentPass } from './segment-stage.js';
import { type FeedLinkedPage, MAX_FEED_PAGES_IN_MEMORY, runTemplateStage } from './template-stage.js';

export interface BuildOptions {
  inputs: string[];
  outDir: string;
  /** Print the decision trail for pages whose URL contains this string. */
  explainUrl?: string;
  diagnostics?: Diagnostics;
  onProgress?: (p: BuildProgress) => void;
  /** Receives the decision trail (printable lines) of each page whose URL contains `explainUrl`. */
  onExplain?: (url: string, lines: string[]) => void;
  onLog?: (message: string) => void;
  /** Worker threads for the extraction pass (default: one per core but one; 1 = in the main thread). */
  workers?: number;
  /** Heap bound of each extraction worker thread, MB (default WORKER_HEAP_MB; a page needing more is not read by its feed item, `extract.worker-failed`). */
  workerHeapMb?: number;
  /** Write the reconstructed pages of every object version under `<outDir>/pages/` (default true). */
  writePages?: boolean;
  /** Which records get their WARC digests checked (WarcConfig.verifyDigests; default 'auto'). */
  verifyDigests?: DigestPolicy;
  /** Weak hints used (core/hint-vocabulary): all (default), or the generic ones only (the ablation of bench:quality). */
  commentHints?: HintSelection;
  /** One crawl label per input (with crawlBy 'input'); default: the input's file name. */
  crawlLabels?: readonly string[];
  /** How records are grouped into crawls (default 'input': each input file is one crawl). */
  crawlBy?: CrawlBy;
}

/**
 * What makes a crawl. `input` (default): each input file (WARC, WARC.gz or WACZ) is one crawl;
 * `file`: each WARC file is one, also each WARC inside a WACZ; `warcinfo`: WARC files whose
 * warcinfo record names the same `isPartOf` (else the file) form one; `day`: the records of one
 * input captured on the same UTC day form one. Crawls are numbered in the order their first
 * record is read.
 */
export const CRAWL_BY = ['input', 'file', 'warcinfo', 'day'] as const;
export type CrawlBy = (typeof CRAWL_BY)[number];

export interface BuildProgress {
  crawl: string;
  phase: 'index' | 'extract' | 'templates' | 'segments' | 'changes';
  bytesRead: number;
  bytesTotal: number;
  records: number;
  pagesDone: number;
  pagesTotal: number;
}

/** What one crawl contributed (printed by the CLI at the end of a build). */
export interface CrawlReport {
  name: string;
  skipped: boolean;
  records: number;
  recordsByType: Record<string, number>;
  captures: number;
  feeds: { article: number; comments: number; fullContent: number };
  items: { article: number; paired: number; unpaired: number; unpairedExamples: string[] };
  objects: {
    fullFeed: number;
    pageExtracted: number;
    unchanged: number;
    template: number;
    mcst: number;
    segmentation: number;
    failed: number;
    failedExamples: string[];
  };
  /** Site templates [000 §III]: per host how its other pages were classified. */
  templates: { hosts: string[]; posts: number; nonPosts: number };
  /** Channel pages segmented into the posts they show [002]. */
  segments: { channelPages: number; feedGuided: number; modelBased: number; linked: number };
  comments: number;
  /** HTML pages parsed in pass 2. A page read by several passes is parsed once while held
   *  (DESIGN "Pipeline"); more parses than pages read come from hosts with more pages than are held. */
  pageParses: number;
  /** Feeds advertised by archived pages [002 "Feed discovery"], and those the archive lacks. */
  discoveredFeeds: { advertised: number; missing: number; missingExamples: string[] };
  /** Change kinds against the previous crawl of the same sites (empty for a first crawl). */
  changes: Record<string, number>;
  seconds: number;
}

export interface BuildReport {
  crawls: CrawlReport[];
  errors: ReturnType<Diagnostics['summary']>;
  errorCount: number;
}

interface FoundFeed {
  feed: Feed;
  entry: IndexEntry;
}

/**
 * Build (or extend) an overlay: for each input crawl, pass 1 streams every record once into the
 * capture index and parses the feeds; then items are paired with page captures; pass 2 reads only
 * the paired pages by offset and extracts their data objects and comments (DESIGN "Pipeline").
 */
export async function buildOverlay(options: BuildOptions): Promise<BuildReport> {
  const diagnostics = options.diagnostics ?? new Diagnostics();
  const inputs = await listArchiveInputs(options.inputs, diagnostics);
  if (inputs.length === 0) {
    const problems = diagnostics.summary().flatMap((e) => e.examples);
    throw new UsageError(
      `no readable WARC, WARC.gz or WACZ input in ${options.inputs.join(', ')}${problems.length ? `: ${problems.join('; ')}` : ''}`,
    );
  }
  const crawlBy = options.crawlBy ?? 'input';
  if (options.crawlLabels !== undefined) {
    if (crawlBy !== 'input') throw new UsageError(`--crawl labels name whole inputs; they cannot be combined with --crawl-by ${crawlBy}`);
    if (options.crawlLabels.length !== inputs.length) {
      throw new UsageError(`${options.crawlLabels.length} --crawl label(s) for ${inputs.length} input file(s): give one label per input`);
    }
    if (new Set(options.crawlLabels).size !== options.crawlLabels.length)
      throw new UsageError('--crawl labels must differ: one crawl per input');
  }
  const previousHints = selectedHints();
  selectHints(options.commentHints ?? 'all');
  try {
    return await runCrawls(options, diagnostics, async (run) => {
      for (const [i, input] of inputs.entries()) {
        const identity = await crawlIdentity(input);
        if (crawlBy !== 'input') {
          run.reports.push(...(await buildSplitInput(run, identity, input, crawlBy, diagnostics, options)));
          run.crawlId = null;
          continue;
        }
        const label = options.crawlLabels?.[i] ?? input.name;
        const crawlId = beginCrawl(run, identity, label, input.bytes, options, input.name);
        if (crawlId === null) continue;
        const indexed = await indexCrawl(run.db, run.writer, crawlId, input, label, diagnostics, options);
        run.reports.push(await buildCrawl(run.db, run.writer, crawlId, input, indexed, diagnostics, options));
        run.crawlId = null;
      }
    });
  } finally {
    selectHints(previousHints);
  }
}

/** One writing run over crawls: the store's writer, the reports so far, the crawl being built. */
interface CrawlRun {
  db: Db;
  writer: OverlayWriter;
  reports: CrawlReport[];
  /** Diagnostics are recorded against this crawl (null between crawls). */
  crawlId: number | null;
}

/**
 * Open the overlay under its one-writer lock (a second build refuses before touching the store),
 * run `body` over the crawls, write the standalone pages, close.
 */
async function runCrawls(
  options: Omit<BuildOptions, 'inputs'>,
  diagnostics: Diagnostics,
  body: (run: CrawlRun) => Promise<void>,
): Promise<BuildReport> {
  const overlay = openWritableOverlay(options.outDir);
  const run: CrawlRun = { db: overlay.db, writer: new OverlayWriter(overlay.db), reports: [], crawlId: null };
  diagnostics.onReport((d) => run.writer.addDiagnostic(run.crawlId, d));
  try {
    await body(run);
    await writeOverlayPages(overlay.db, options);
  } finally {
    overlay.close();
  }
  return { crawls: run.reports, errors: diagnostics.summary(), errorCount: diagnostics.errorCount() };
}

/** Start a crawl and make it the current one; null (reported as skipped) when the overlay already holds it. */
function beginCrawl(
  run: CrawlRun,
  identity: string,
  label: string,
  bytes: number,
  options: Omit<BuildOptions, 'inputs'>,
  shownName = label,
): number | null {
  const { crawlId, alreadyBuilt } = run.writer.beginCrawl(identity, label, bytes);
  if (alreadyBuilt) {
    options.onLog?.(`${shownName}: already in this overlay (crawl ${crawlId}), skipped`);
    run.reports.push({ ...emptyReport(label), skipped: true });
    return null;
  }
  run.crawlId = crawlId;
  return crawlId;
}

/**
 * A crawl whose records do not come from scanning whole archives: `shard-build` reads the records
 * of its bucket's sites by offset from the index rows (DESIGN "Scale-out"). The records come in
 * file order, feed candidates (`mayHoldFeed`) with their decoded capture.
 */
export interface CrawlSource {
  /** A finished crawl of the same identity is skipped (a rerun, or a shard extended by a later crawl). */
  identity: string;
  name: string;
  bytes: number;
  records(diagnostics: Diagnostics): AsyncIterable<ScannedRecord>;
  /** Records of the crawl's files (a shard sees only its sites' captures). */
  recordCounts: { total: number; byType: Record<string, number> };
}

/** Build (or extend) the overlay in `options.outDir` from crawl sources, in order, as `build` does. */
export async function buildCrawlSources(sources: AsyncIterable<CrawlSource>, options: Omit<BuildOptions, 'inputs'>): Promise<BuildReport> {
  const diagnostics = options.diagnostics ?? new Diagnostics();
  return runCrawls(options, diagnostics, async (run) => {
    for await (const source of sources) {
      const crawlId = beginCrawl(run, source.identity, source.name, source.bytes, options);
      if (crawlId === null) continue;
      const indexed = startIndexing(source.name);
      const revisits: IndexEntry[] = [];
      for await (const record of source.records(diagnostics)) {
        run.writer.addCapture(crawlId, record.entry);
        indexRecord(indexed, revisits, record, diagnostics);
      }
      run.writer.flushCaptures(crawlId);
      await addFeedsOfRevisits(run.db, run.writer, revisits, diagnostics, indexed);
      indexed.report.records = source.recordCounts.total;
      indexed.report.recordsByType = { ...source.recordCounts.byType };
      run.reports.push(await buildCrawl(run.db, run.writer, crawlId, source, indexed, diagnostics, options));
      run.crawlId = null;
    }
  });
}

function emptyReport(name: string): CrawlReport {
  return {
    name,
    skipped: false,
    records: 0,
    recordsByType: {},
    captures: 0,
    feeds: { article: 0, comments: 0, fullContent: 0 },
    items: { article: 0, paired: 0, unpaired: 0, unpairedExamples: [] },
    objects: { fullFeed: 0, pageExtracted: 0, unchanged: 0, template: 0, mcst: 0, segmentation: 0, failed: 0, failedExamples: [] },
    templates: { hosts: [], posts: 0, nonPosts: 0 },
    segments: { channelPages: 0, feedGuided: 0, modelBased: 0, linked: 0 },
    comments: 0,
    pageParses: 0,
    discoveredFeeds: { advertised: 0, missing: 0, missingExamples: [] },
    changes: {},
    seconds: 0,
  };
}

/** What pass 1 learnt about one crawl: its feeds and its share of the input's records. */
interface IndexedCrawl {
  found: FoundFeed[];
  /** The items of `found`'s snapshots, shared where equal. */
  items: FeedItemPool;
  report: CrawlReport;
  started: number;
}

/** A crawl's pass 1 begun: nothing found yet. */
function startIndexing(label: string): IndexedCrawl {
  return { found: [], items: new FeedItemPool(), report: emptyReport(label), started: Date.now() };
}

/** One record of pass 1 given to its crawl: counted, kept when it is a feed revisit (`addFeedsOfRevisits`), its feed noted. */
function indexRecord(indexed: IndexedCrawl, revisits: IndexEntry[], record: ScannedRecord, diagnostics: Diagnostics): void {
  indexed.report.captures++;
  if (isFeedRevisit(record.entry)) revisits.push(record.entry);
  const feed = record.capture ? feedOf(record.capture, diagnostics) : null;
  if (feed) indexed.found.push({ feed: indexed.items.share(feed), entry: record.entry });
}

/** A revisit record that would have been read as a feed had its payload been written again. */
const isFeedRevisit = (e: IndexEntry): boolean => e.recordType === 'revisit' && wantFeedBody(e);

/**
 * Feeds behind revisit records (a deduplicating crawler writes an unchanged feed as a revisit):
 * each is resolved to the record holding its payload, in this crawl or an earlier crawl of the
 * overlay (WARC 1.1 §6.7: WARC-Refers-To, -Target-URI + -Date, or the payload digest), and parsed
 * as a snapshot of this crawl (added to `indexed`). Unresolved ones are reported (warc.revisit-unresolved).
 */
async function addFeedsOfRevisits(
  db: Db,
  writer: OverlayWriter,
  revisits: readonly IndexEntry[],
  diagnostics: Diagnostics,
  indexed: IndexedCrawl,
): Promise<void> {
  for (const entry of revisits) {
    const id = writer.captureIdAt(entry.file, entry.offset, entry.inflatedOffset);
    const source = id === undefined ? undefined : resolvePayloadSource(db, id);
    if (source === undefined || source.recordType === 'revisit') {
      diagnostics.report(
        new InputError('warc.revisit-unresolved', 'revisit record whose original payload is not in the overlay', {
          file: entry.file,
          offset: entry.offset,
          url: entry.url,
        }),
      );
      continue;
    }
    try {
      const capture = await readCapture(source, { diagnostics });
      const feed = feedOf(capture, diagnostics);
      if (feed) indexed.found.push({ feed: indexed.items.share(feed), entry });
    } catch (error) {
      if (!isInputError(error)) throw error;
      diagnostics.report(error);
    }
  }
}

/** Pass 1 of a crawl that is a whole input: index every capture, parse feeds on the way. */
async function indexCrawl(
  db: Db,
  writer: OverlayWriter,
  crawlId: number,
  input: ArchiveInput,
  label: string,
  diagnostics: Diagnostics,
  options: BuildOptions,
): Promise<IndexedCrawl> {
  const indexed = startIndexing(label);
  const revisits: IndexEntry[] = [];
  let stats: ScanStats | undefined;
  for await (const record of scanForIndex(input, label, diagnostics, options, (s) => (stats = s))) {
    writer.addCapture(crawlId, record.entry);
    indexRecord(indexed, revisits, record, diagnostics);
  }
  writer.flushCaptures(crawlId);
  await addFeedsOfRevisits(db, writer, revisits, diagnostics, indexed);
  indexed.report.records = stats?.records ?? indexed.report.captures;
  indexed.report.recordsByType = { ...(stats?.recordsByType ?? {}) };
  return indexed;
}

/** Pass 1's one read of an input: every record, feed candidates (`mayHoldFeed`) with their decoded capture; progress shown as `crawl`. */
function scanForIndex(
  input: ArchiveInput,
  crawl: string,
  diagnostics: Diagnostics,
  options: BuildOptions,
  onStats: (stats: ScanStats) => void,
): AsyncIterable<ScannedRecord> {
  return scanArchive(input, {
    diagnostics,
    config: warcConfigOf(options),
    wantBody: wantFeedBody,
    onProgress: (s) => {
      onStats(s);
      options.onProgress?.({
        crawl,
        phase: 'index',
        bytesRead: s.bytesRead,
        bytesTotal: input.bytes,
        records: s.records,
        pagesDone: 0,
        pagesTotal: 0,
      });
    },
  });
}

/**
 * An input that holds several crawls (--crawl-by file|warcinfo|day): pass 1 reads it once and
 * gives each record to the crawl its label names; then each crawl is built in turn. The input is
 * skipped when all its crawls are already built, and rebuilt whole when one was left unfinished.
 */
async function buildSplitInput(
  run: CrawlRun,
  identity: string,
  input: ArchiveInput,
  crawlBy: Exclude<CrawlBy, 'input'>,
  diagnostics: Diagnostics,
  options: BuildOptions,
): Promise<CrawlReport[]> {
  const { db, writer } = run;
  const prefix = `${identity}#${crawlBy}:`;
  const state = writer.inputCrawls(prefix);
  if (state.total > 0 && state.unfinished === 0) {
    options.onLog?.(`${input.name}: already in this overlay (${state.total} crawls), skipped`);
    return [{ ...emptyReport(input.name), skipped: true }];
  }
  if (state.total > 0) writer.clearInputCrawls(prefix);
  const crawls = new Map<string, { crawlId: number; indexed: IndexedCrawl; revisits: IndexEntry[] }>();
  const labelOf = crawlLabeller(input, crawlBy);
  let stats: ScanStats | undefined;
  for await (const record of scanForIndex(input, input.name, diagnostics, options, (s) => (stats = s))) {
    const label = await labelOf(record.entry);
    let crawl = crawls.get(label);
    if (crawl === undefined) {
      const { crawlId } = writer.beginCrawl(`${prefix}${label}`, label, input.bytes);
      crawl = { crawlId, indexed: startIndexing(label), revisits: [] };
      crawls.set(label, crawl);
    }
    run.crawlId = crawl.crawlId;
    writer.addCapture(crawl.crawlId, record.entry);
    indexRecord(crawl.indexed, crawl.revisits, record, diagnostics);
    crawl.indexed.report.recordsByType[record.entry.recordType] = (crawl.indexed.report.recordsByType[record.entry.recordType] ?? 0) + 1;
  }
  writer.flushCaptures();
  const reports: CrawlReport[] = [];
  for (const { crawlId, indexed, revisits } of crawls.values()) {
    await addFeedsOfRevisits(db, writer, revisits, diagnostics, indexed);
    indexed.report.records = indexed.report.captures;
    run.crawlId = crawlId;
    reports.push(await buildCrawl(db, writer, crawlId, input, indexed, diagnostics, options));
  }
  if (crawls.size === 0 && stats !== undefined) options.onLog?.(`${input.name}: no captures, no crawl`);
  return reports;
}

/**
 * The crawl label of each record of an input split --crawl-by file|warcinfo|day (`build`, and
 * `index` for the scale-out steps); a crawl's identity is `${crawlIdentity(input)}#${crawlBy}:${label}`.
 */
export function crawlLabeller(input: ArchiveInput, crawlBy: Exclude<CrawlBy, 'input'>): (entry: IndexEntry) => Promise<string> {
  const warcinfoLabels = new Map<string, Promise<string>>();
  return async (entry) => {
    const file = entry.file === input.path ? input.name : `${input.name}${entry.file.slice(input.path.length)}`;
    if (crawlBy === 'file') return file;
    if (crawlBy === 'day') return `${input.name}@${entry.time.slice(0, 10)}`;
    let label = warcinfoLabels.get(entry.file);
    if (label === undefined) {
      label = warcinfoLabel(input, entry.file).then((partOf) => partOf ?? file);
      warcinfoLabels.set(entry.file, label);
    }
    return label;
  };
}

/** `isPartOf` of the warcinfo record that opens a WARC file (WARC 1.1 §6.2), or null. */
async function warcinfoLabel(input: ArchiveInput, file: string): Promise<string | null> {
  const info = await readWarcinfo(input, file);
  const partOf = info?.isPartOf ?? info?.ispartof;
  return partOf === undefined || partOf.trim() === '' ? null : partOf.trim();
}

async function buildCrawl(
  db: Db,
  writer: OverlayWriter,
  crawlId: number,
  input: { bytes: number },
  indexed: IndexedCrawl,
  diagnostics: Diagnostics,
  options: Omit<BuildOptions, 'inputs'>,
): Promise<CrawlReport> {
  const { report, started } = indexed;
  const found = withDeclaredCommentFeeds(indexed.found);
  const progress = (p: Partial<BuildProgress>) =>
    options.onProgress?.({
      crawl: report.name,
      phase: 'index',
      bytesRead: 0,
      bytesTotal: input.bytes,
      records: 0,
      pagesDone: 0,
      pagesTotal: 0,
      ...p,
    });
  const batch = new WriteBatch(db);
  const ctx: CrawlContext = {
    db,
    writer,
    batch,
    store: new CrawlStore(db),
    crawlId,
    input,
    report,
    diagnostics,
    options,
    progress,
    searchedForFeeds: new Set(),
  };
  const pages = new PageCache();
  batch.begin();
  try {
    const paired = pairFeedItems(ctx, found);
    storeFullFeedObjects(ctx, paired.pages);
    const extraction = new ExtractionPass(ctx, paired, pages);
    const loadPage = pageLoader(ctx, pages);
    const itemLists = new Map([...paired.itemsByHost].map(([host, items]) => [host, [...items.values()]]));
    const segments = new SegmentPass({ db, writer, crawlId, diagnostics, itemsByHost: itemLists, loadPage });
    await runTemplatesPass(ctx, found, paired, extraction, loadPage, segments);
    await extraction.settled();
    extraction.saveCommentEvidence();
    pages.clear();
    await runSegmentsPass(ctx, segments);
  } finally {
    batch.end();
  }
  if (options.explainUrl !== undefined) explainPageDecisions(ctx.store, crawlId, options.explainUrl, options);
  report.discoveredFeeds = discoveredFeedsReport(ctx.store, crawlId);
  progress({ phase: 'changes', bytesRead: input.bytes, records: report.records, pagesDone: 0, pagesTotal: 0 });
  // One fused version per article of this crawl; the per-method rows stay as its evidence.
  runFuseStage(db, crawlId);
  report.changes = runChangesStage(db, crawlId).byKind;
  report.seconds = (Date.now() - started) / 1000;
  writer.finishCrawl(crawlId, report.records, report);
  return report;
}

/** What every pass of one crawl works with. */
interface CrawlContext {
  db: Db;
  writer: OverlayWriter;
  /** The transaction the extraction, templates and segments passes write in. */
  batch: WriteBatch;
  store: CrawlStore;
  crawlId: number;
  input: { bytes: number };
  report: CrawlReport;
  diagnostics: Diagnostics;
  options: Omit<BuildOptions, 'inputs'>;
  progress: (p: Partial<BuildProgress>) => void;
  /** Captures whose advertised feeds are written (their page job or an earlier load searched them). */
  searchedForFeeds: Set<number>;
}

/** A work's record read begun before its job runs. */
interface ReadAhead {
  row: CaptureRow;
  source: PayloadSource;
  read: RecordRead;
}

/** What pairing leaves for the later passes. */
interface PairedCrawl {
  /** The pages feed items pair with, one per post URL. */
  pages: Map<string, PageWork>;
  /** One article item per post and host. */
  itemsByHost: Map<string, Map<string, FeedItem>>;
  /** Comment feed items by the post they answer, and the comment feeds still to place. */
  commentPosts: CommentFeedPosts;
}

/** Store the crawl's feeds and items, pair each article item with a page capture, assign comment items to posts. */
function pairFeedItems(ctx: CrawlContext, found: FoundFeed[]): PairedCrawl {
  const { db, writer, crawlId, report, diagnostics } = ctx;
  const lookup = crawlCaptureLookup(db, crawlId);
  const pages = new Map<string, PageWork>();
  const commentFeeds: Feed[] = [];
  // One item per post and host: a post listed by several feeds (RSS and Atom, tag and category
  // feeds) would otherwise be found twice on a channel page, which fails segmentation [002].
  const itemsByHost = new Map<string, Map<string, FeedItem>>();
  for (const { feed, entry } of found) {
    const captureId = writer.captureIdAt(entry.file, entry.offset, entry.inflatedOffset);
    if (captureId === undefined) continue;
    const { feedId, itemIds } = writer.addFeedSnapshot(feed, canonicalUrl(feed.url), crawlId, captureId, entry.time);
    if (feed.kind === 'comments') {
      report.feeds.comments++;
      commentFeeds.push(feed);
      continue;
    }
    report.feeds.article++;
    if (feed.isFullContent) report.feeds.fullContent++;
    feed.items.forEach((item, i) => {
      const host = hostOf(item.origLink ?? item.link ?? feed.siteUrl ?? feed.url);
      const hostItems = itemsByHost.get(host) ?? new Map<string, FeedItem>();
      itemsByHost.set(host, hostItems);
      const post = item.origLink ?? item.link ?? item.guid;
      const postKey = post === null ? `#${i}:${feed.url}` : schemelessKey(post);
      const known = hostItems.get(postKey);
      if (known === undefined || richness(item) > richness(known)) hostItems.set(postKey, item);
      const itemId = itemIds[i];
      if (itemId === undefined) return;
      report.items.article++;
      const pairing = pairItem(item, entry.time, lookup);
      writer.setPairing(itemId, crawlId, pairing.capture?.id ?? null, pairing.via, pairing.reason);
      if (!pairing.capture) {
        report.items.unpaired++;
        if (report.items.unpairedExamples.length < 5) report.items.unpairedExamples.push(`${feed.url}: ${pairing.reason}`);
        diagnostics.warn('pairing.unpaired', pairing.reason, { url: item.link ?? item.guid ?? feed.url });
        return;
      }
      report.items.paired++;
      // One page per post: items of several feeds may pair with different captures of the same URL.
      const key = schemelessKey(pairing.capture.url);
      const work = pages.get(key) ?? { captureId: pairing.capture.id, url: pairing.capture.url, items: [] };
      work.items.push({ item, feed, feedId });
      pages.set(key, work);
    });
  }

  // Comment items per post: by reply target, the post the feed links or names, else the post page's own rel=alternate link.
  const commentPosts = assignCommentItems(
    commentFeeds,
    found.map((f) => f.feed).filter((f) => f.kind !== 'comments'),
  );
  return { pages, itemsByHost, commentPosts };
}

/** Objects straight from full-content feeds (002: "if feed is full content, we are done"). */
function storeFullFeedObjects(ctx: CrawlContext, pages: Map<string, PageWork>): void {
  const { writer, crawlId, report } = ctx;
  for (const work of pages.values()) {
    const first = pickItem(work);
    if (!(first.item.isFullContent ?? first.feed.isFullContent) || !first.item.content) continue;
    const capture = ctx.store.capture(work.captureId);
    if (capture === undefined) continue;
    const object = feedContentObject(first.item, capture.url);
    if (object === null) continue;
    writer.addVersion({
      canonicalUrl: canonicalUrl(capture.url),
      url: capture.url,
      feedId: first.feedId,
      guid: first.item.guid,
      crawlId,
      captureId: work.captureId,
      captureTime: capture.time,
      pageDigest: capture.pageDigest,
      object,
      comments: [],
      language: languageFromAttribute(first.feed.language ?? undefined),
    });
    report.objects.fullFeed++;
  }
}

/**
 * Pass 2: read each paired page once, by offset, and extract its object(s) [004 §4], host by host.
 * In the main thread a host is extracted when the templates pass asks for it (`host`), so the pages
 * it parsed are still held (`PageCache`) when the templates pass reads them: each page is parsed
 * once, and only the pages of one host at a time are held; the pages that pass reads again (the
 * even sample of a host's feed-linked pages it learns from, `MAX_FEED_PAGES_IN_MEMORY`) last. With
 * worker threads the host's pages go to the pool at once (`ahead`), in the order the templates pass
 * will ask for them, and the workers go on with the next hosts while the main thread learns
 * templates; when the workers leave the main thread no core (`coreLeftForMainThread`), it extracts
 * that sample itself rather than parse it again, and the pool gets the rest.
 */
class ExtractionPass {
  readonly #ctx: CrawlContext;
  readonly #paired: PairedCrawl;
  readonly #pages: PageCache;
  /** Each host's works, those the templates pass reads again last (`#held` of them). */
  readonly #byHost = new Map<string, PageWork[]>();
  /** How many of each host's works the templates pass reads again: the even sample of its
   *  feed-linked pages it learns from (`MAX_FEED_PAGES_IN_MEMORY`), extracted in this thread. */
  readonly #held = new Map<string, number>();
  /** Each work's place in pairing order: a host's feed-linked pages are listed in it, whichever thread extracted them. */
  readonly #position = new Map<number, number>();
  readonly #feedPages = new Map<string, FeedLinkedPage[]>();
  readonly #finished = new Set<string>();
  /** One per host: a host's comment structures are decided once its template-found posts are
   *  counted too (`settleComments`). */
  readonly #sites = new Map<string, ExtractionSites>();
  /** Hosts whose comment decisions are written (`settleComments`). */
  readonly #commentsSettled = new Set<string>();
  /** The capture of each page job (its parsed page may still be held for a second reading). */
  readonly #captureOf = new Map<PageJob, number>();
  readonly #pooled: boolean;
  /** With worker threads: each host's pages extracted (settles once its last page's result is in). */
  readonly #extracted = new Map<string, Promise<void>>();
  /** With worker threads: the extraction of every host, running ahead of the templates pass. */
  #ahead: Promise<void> | null = null;
  /** In the main thread: the host the templates pass asks for after each host (`ahead`). */
  readonly #nextHost = new Map<string, string>();
  /** In the main thread: the records read ahead of their jobs, by work (`READ_AHEAD_RECORDS`). */
  readonly #reads = new Map<PageWork, ReadAhead>();
  /** Works found not to be extracted (copied from an earlier crawl, or without a record): never read ahead. */
  readonly #notRead = new Set<PageWork>();
  #done = 0;

  constructor(ctx: CrawlContext, paired: PairedCrawl, pages: PageCache) {
    this.#ctx = ctx;
    this.#paired = paired;
    this.#pages = pages;
    for (const work of paired.pages.values()) {
      const host = hostOf(work.url);
      const list = this.#byHost.get(host) ?? [];
      list.push(work);
      this.#byHost.set(host, list);
      this.#position.set(work.captureId, this.#position.size);
    }
    // The pages the templates pass reads again are extracted last, in this thread: a host's
    // extraction leaves them held (`PageCache`) when that pass asks for them (a worker cannot hand
    // a parsed page back). With workers and a core left for this thread, the pool takes them too
    // and this thread parses them again meanwhile: parsing costs a fraction of extracting.
    const workers = ctx.options.workers ?? defaultWorkers();
    const keepSample = workers <= 1 || !coreLeftForMainThread(workers);
    let toPool = 0;
    for (const [host, works] of this.#byHost) {
      const held = keepSample ? evenSample(works, MAX_FEED_PAGES_IN_MEMORY) : [];
      const sampled = new Set(held);
      this.#byHost.set(host, [...works.filter((w) => !sampled.has(w)), ...held]);
      this.#held.set(host, held.length);
      toPool += works.length - held.length;
    }
    this.#pooled = workers > 1 && toPool >= MIN_PAGES_FOR_WORKERS;
  }

  /** The comment structures `host` shows without hints (`CommentSites.learnt`). */
  learntStructures(host: string): string[] {
    return this.#sitesOf(host).learnt(host);
  }

  /** What the post pages of `host` show (`CommentSites.tally`), for the templates pass to add its posts to. */
  commentTally(host: string): CommentTally {
    return this.#sitesOf(host).tally;
  }

  #sitesOf(host: string): ExtractionSites {
    let sites = this.#sites.get(host);
    if (sites === undefined) {
      sites = new CommentSites();
      // The host's other crawls count too: this crawl re-reads only the pages that changed.
      for (const json of readCommentEvidence(this.#ctx.db, host, this.#ctx.crawlId)) {
        const evidence = parseCommentEvidence(json);
        if (evidence !== null) sites.tally.addPrior(host, evidence);
        else
          this.#ctx.diagnostics.warn(
            'store.bad-evidence',
            `comment evidence of ${host} from another crawl (the store's comment_sites) is unreadable: not counted`,
          );
      }
      this.#sites.set(host, sites);
    }
    return sites;
  }

  /** What this crawl's post pages of the hosts not settled (`settleComments` saves a host's) showed. */
  saveCommentEvidence(): void {
    for (const host of this.#sites.keys()) this.#saveEvidenceOf(host);
  }

  /** What this crawl's post pages of `host` showed, stored for the overlay's later crawls. */
  #saveEvidenceOf(host: string): void {
    const sites = this.#sites.get(host);
    if (sites === undefined) return;
    const evidence = sites.tally.evidenceOf(host);
    // A host with no post page counted (only asked for its structures) has nothing to tell.
    if (evidence.pages > 0) writeCommentEvidence(this.#ctx.db, host, this.#ctx.crawlId, JSON.stringify(evidence));
  }

  /** The works of `host` this thread extracts: all of them, but those handed to the pool. */
  #inThread(host: string): PageWork[] {
    const works = this.#byHost.get(host) ?? [];
    return this.#extracted.has(host) ? works.slice(works.length - (this.#held.get(host) ?? 0)) : works;
  }

  /** Whether every host's pages are extracted. */
  get complete(): boolean {
    return this.#finished.size === this.#byHost.size;
  }

  /** The hosts of the paired pages, in pairing order. */
  get hosts(): string[] {
    return [...this.#byHost.keys()];
  }

  /**
   * Keep the order the templates pass asks for hosts in (`order` first, the others after), so that
   * the last page a host has the main thread extract has the next host's first record read
   * meanwhile. With worker threads: hand the pool, in that order, every host's pages but those
   * the templates pass reads again (`#held`).
   */
  ahead(order: readonly string[]): void {
    const hosts = [...new Set([...order, ...this.hosts])].filter((h) => this.#byHost.has(h));
    hosts.forEach((h, i) => {
      const next = hosts[i + 1];
      if (next !== undefined) this.#nextHost.set(h, next);
    });
    if (!this.#pooled || this.#ahead !== null) return;
    const pooled = new Map<string, PageWork[]>();
    // A host the templates pass asked for before (`host`) is extracted already.
    for (const h of hosts.filter((x) => !this.#finished.has(x))) {
      const works = this.#byHost.get(h) ?? [];
      const rest = works.slice(0, works.length - (this.#held.get(h) ?? 0));
      if (rest.length > 0) pooled.set(h, rest);
    }
    const done = new Map<string, () => void>();
    const failed = new Map<string, (e: unknown) => void>();
    for (const h of pooled.keys()) {
      const extracted = new Promise<void>((resolve, reject) => {
        done.set(h, resolve);
        failed.set(h, reject);
      });
      // Awaited by `host`; a host never asked for (the templates pass stopped early) is no unhandled rejection.
      extracted.catch(() => {});
      this.#extracted.set(h, extracted);
    }
    this.#ahead = this.#extract([...pooled.values()].flat(), true, (h) => done.get(h)?.()).catch((e: unknown) => {
      for (const reject of failed.values()) reject(e);
      throw e;
    });
    this.#ahead.catch(() => {});
  }

  /** The feed-linked pages of `host` in pairing order, extracting its pages first if not done yet:
   *  those the pool does not extract in this thread, then the pool's awaited. */
  async host(host: string): Promise<FeedLinkedPage[]> {
    if (!this.#finished.has(host)) {
      this.#pages.clear();
      const inThread = this.#inThread(host);
      if (inThread.length > 0) await this.#extract(inThread, false);
      const extracted = this.#extracted.get(host);
      if (extracted !== undefined) await extracted;
      const position = (p: FeedLinkedPage): number => this.#position.get(p.captureId) ?? -1;
      this.#feedPages.get(host)?.sort((a, b) => position(a) - position(b));
      this.#finish(host);
    }
    return this.#feedPages.get(host) ?? [];
  }

  /** Every host extracted and finished, its comments settled, the worker pool closed (its failure thrown here). */
  async settled(): Promise<void> {
    if (this.#ahead !== null) {
      await this.#ahead;
      for (const h of this.hosts) await this.host(h);
    }
    for (const h of this.hosts) await this.settleComments(h);
  }

  #tick(): void {
    const ctx = this.#ctx;
    ctx.progress({
      phase: 'extract',
      bytesRead: ctx.input.bytes,
      records: ctx.report.records,
      pagesDone: this.#done,
      pagesTotal: this.#paired.pages.size,
    });
  }

  #linked(work: PageWork, row: CaptureRow, chosen: PageItem, paths: PropertyPaths): void {
    const host = hostOf(row.url);
    const list = this.#feedPages.get(host) ?? [];
    list.push({
      captureId: work.captureId,
      url: row.url,
      feedUrl: canonicalUrl(chosen.feed.url),
      paths,
      published: chosen.item.published,
      title: chosen.item.title,
    });
    this.#feedPages.set(host, list);
  }

  /**
   * Keeps the records of the next `READ_AHEAD_RECORDS` works to extract read ahead, among the next
   * `READ_AHEAD_WINDOW` works: from `works[from]` on, then the hosts the templates pass asks for next. A read by offset takes several trips to the
   * thread pool (open, read, close, inflate), each waiting for the main thread to finish the page it
   * is on: reads begun a few pages ahead are done when their jobs start.
   */
  #readAheadFrom(works: readonly PageWork[], from: number): void {
    const { db, options } = this.#ctx;
    let inFlight = 0;
    let looked = 0;
    for (const work of this.#upcoming(works, from)) {
      if (inFlight >= READ_AHEAD_RECORDS || ++looked > READ_AHEAD_WINDOW) return;
      if (this.#reads.has(work)) {
        inFlight++;
        continue;
      }
      if (this.#notRead.has(work)) continue;
      const row = this.#ctx.store.capture(work.captureId);
      const source =
        row === undefined || previousVersionOf(this.#ctx, row) !== undefined ? undefined : resolvePayloadSource(db, work.captureId);
      if (row === undefined || source === undefined) {
        this.#notRead.add(work);
        continue;
      }
      const read = startRecordRead({ source, ...(options.verifyDigests !== undefined ? { verifyDigests: options.verifyDigests } : {}) });
      this.#reads.set(work, { row, source, read });
      inFlight++;
    }
  }

  /** The works after `works[from]`: the rest of `works`, then those of the hosts not finished that the templates pass asks for next. */
  *#upcoming(works: readonly PageWork[], from: number): Generator<PageWork> {
    for (let i = from; i < works.length; i++) yield works[i] as PageWork;
    const last = works.at(-1);
    if (last === undefined) return;
    for (let next = this.#nextHost.get(hostOf(last.url)); next !== undefined; next = this.#nextHost.get(next))
      if (!this.#finished.has(next)) yield* this.#inThread(next);
  }

  /** Extract `works`, in the worker pool when `pooled`; `onHostDone(host)` when the last of a host's works is done. */
  async #extract(works: readonly PageWork[], pooled: boolean, onHostDone: (host: string) => void = () => {}): Promise<void> {
    const ctx = this.#ctx;
    const { db, writer, crawlId, report, diagnostics, options } = ctx;
    const { commentPosts } = this.#paired;
    const workOf = new Map<PageJob, { work: PageWork; row: CaptureRow; chosen: PageItem; read?: RecordRead }>();
    const left = new Map<string, number>();
    for (const w of works) left.set(hostOf(w.url), (left.get(hostOf(w.url)) ?? 0) + 1);
    const workDone = (work: PageWork): void => {
      const host = hostOf(work.url);
      const n = (left.get(host) ?? 1) - 1;
      left.set(host, n);
      if (n === 0) onHostDone(host);
    };
    const self = this;
    // In the main thread, the next works to extract have their records read while this job's page
    // is extracted: the thread pool inflates them meanwhile (a worker pool reads its own records).
    const readAhead = (from: number): void => {
      if (!pooled) this.#readAheadFrom(works, from);
    };
    readAhead(0);
    function* jobs(): Generator<PageJob> {
      for (const [index, work] of works.entries()) {
        // A work read ahead is known to be a capture to extract: no second lookups.
        const known = self.#reads.get(work) ?? null;
        self.#reads.delete(work);
        self.#tick();
        const row = known?.row ?? ctx.store.capture(work.captureId);
        if (row === undefined) {
          workDone(work);
          continue;
        }
        const chosen = pickItem(work);
        // Unchanged payload since a version we already extracted: copy it instead of extracting again.
        const copied = known === null ? copyUnchangedVersion(ctx, work, row) : null;
        if (copied !== null) {
          report.objects.unchanged++;
          if (copied.paths !== null) self.#linked(work, row, chosen, copied.paths);
          self.#done++;
          workDone(work);
          continue;
        }
        const source = known?.source ?? resolvePayloadSource(db, work.captureId);
        if (!source) {
          diagnostics.report(
            new InputError('warc.revisit-unresolved', 'revisit record whose original payload is not in the overlay', { url: row.url }),
          );
          report.objects.failed++;
          self.#done++;
          workDone(work);
          continue;
        }
        const job: PageJob = {
          source,
          url: row.url,
          item: chosen.item,
          feedUrl: chosen.feed.url,
          commentItems: commentPosts.byPost.get(schemelessKey(row.url)) ?? [],
          pendingCommentFeeds: pendingCommentFeeds(commentPosts, hostOf(row.url)),
          hints: selectedHints(),
          explain: options.explainUrl !== undefined && row.url.includes(options.explainUrl),
          ...(options.verifyDigests !== undefined ? { verifyDigests: options.verifyDigests } : {}),
        };
        workOf.set(job, { work, row, chosen, ...(known === null ? {} : { read: known.read }) });
        self.#captureOf.set(job, work.captureId);
        readAhead(index + 1);
        yield job;
      }
    }
    const runner = pooled
      ? workerPoolRunner(options.workers ?? defaultWorkers(), options.workerHeapMb === undefined ? {} : { heapMb: options.workerHeapMb })
      : inProcessRunner((job) => {
          const read = workOf.get(job)?.read;
          return {
            onParsed: (page) => this.#pages.put(workOf.get(job)?.work.captureId ?? -1, page),
            ...(read === undefined ? {} : { read }),
          };
        });
    try {
      await runner.run(jobs(), (result, job) => {
        const { work, row, chosen } = workOf.get(job) as { work: PageWork; row: CaptureRow; chosen: PageItem };
        workOf.delete(job);
        try {
          this.#done++;
          this.#tick();
          if (result.parsed) {
            report.pageParses++;
            // The job searched the page it parsed: a later pass reading the page again need not.
            ctx.searchedForFeeds.add(work.captureId);
          }
          for (const d of result.diagnostics) diagnostics.add(d);
          writer.addDiscoveredFeeds(crawlId, hostOf(row.url), row.url, result.discovered);
          if (result.explain !== null) options.onExplain?.(row.url, result.explain);
          if (!result.ok) {
            report.objects.failed++;
            if (report.objects.failedExamples.length < 5) report.objects.failedExamples.push(`${row.url}: ${result.reason}`);
            if (!result.unreadable) diagnostics.warn('extract.no-wrapper', result.reason, { url: row.url });
            return;
          }
          const header: VersionHeader = {
            canonicalUrl: canonicalUrl(row.url),
            url: row.url,
            feedId: chosen.feedId,
            guid: chosen.item.guid,
            crawlId,
            captureId: work.captureId,
            captureTime: row.time,
            pageDigest: row.pageDigest,
            language: result.language,
          };
          const sites = this.#sitesOf(hostOf(row.url));
          const post = { job, version: header };
          // Written at once, whatever its comment zone: a version held until the site decides would
          // keep its article in memory for as long as its host's pages are extracted.
          const versionId = writer.addVersion({ ...header, object: result.object, comments: result.comments });
          // A comment zone found by structure alone waits for the site's other post pages (issue #12).
          if (sites.observe(hostOf(row.url), result.commentZone, result.comments.length))
            sites.defer(hostOf(row.url), result.commentZone, { ...heldCommentsOf(result.comments), versionId }, row.url, post);
          // A post without a comment zone (no comments, or only its comment feed's) is read again if
          // the site shows an unhinted comment structure elsewhere that one of the page's entry
          // candidates may be (never else: one extraction a page).
          if (result.commentZone.structure === null) sites.remember(hostOf(row.url), post, result.commentZone.signatures, row.url);
          if (result.fallbackReason === null) report.objects.pageExtracted++;
          else {
            report.objects.mcst++;
            diagnostics.warn('extract.no-wrapper', `${result.fallbackReason}; kept the E-mCST main block (method mcst)`, { url: row.url });
          }
          report.comments += result.comments.length;
          // Templates are learnt from feed-guided wrappers only [000 §III-C].
          if (result.fallbackReason === null) this.#linked(work, row, chosen, result.object.paths);
        } finally {
          workDone(work);
          ctx.batch.checkpoint();
          // The page's work is done: what it allocated is garbage now.
          collectAbove();
        }
      });
    } finally {
      await runner.close();
    }
  }

  /** A host whose pages are all extracted. */
  #finish(host: string): void {
    this.#finished.add(host);
    this.#tick();
  }

  /**
   * The site decisions on comment zones of a host whose pages are all extracted (or that has none to
   * extract), once the templates pass has counted its other posts (`commentTally`): held versions
   * written then.
   */
  async settleComments(host: string): Promise<void> {
    if (this.#commentsSettled.has(host) || (this.#byHost.has(host) && !this.#finished.has(host))) return;
    const { writer, report } = this.#ctx;
    const sites = this.#sitesOf(host);
    // Posts without comments on a site whose comment structure is learnt: that structure needs no hint [000 §III].
    const readings = await sites.readAgain(host, async (post, structures) => {
      const parsed = this.#pages.get(this.#captureOf.get(post.job) ?? -1, post.job.url);
      const again = await runPageJob({ ...post.job, siteStructures: structures, explain: false }, parsed === undefined ? {} : { parsed });
      if (again.parsed) report.pageParses++;
      return again.ok ? { ...again, structure: again.commentZone.structure } : null;
    });
    // The held zones are decided with the second readings counted: entries recurring on them are the template's.
    const { dropped, added } = sites.settle(
      host,
      readings,
      // A zone the site does not confirm: the version keeps its comment feed's comments only.
      (held) => {
        if (held.comments.length < held.written) writer.replaceComments(held.versionId, held.feed);
      },
      // The whole version of the second reading: its article leaves out the zone it found.
      (post, again) => writer.addVersion({ ...post.version, object: again.object, comments: again.comments }),
    );
    report.comments += added - dropped;
    for (const job of this.#captureOf.keys()) if (hostOf(job.url) === host) this.#captureOf.delete(job);
    // The host is done: its evidence is saved, and what the crawl's other hosts need not is let go.
    this.#saveEvidenceOf(host);
    this.#commentsSettled.add(host);
    this.#sites.delete(host);
    this.#feedPages.delete(host);
  }
}

/**
 * Loads a page for the later passes; every page they read is also searched for the feeds it
 * advertises [002 "Feed discovery"], once: a page its extraction job parsed (in a worker thread, or
 * parsed here and no longer held) was searched by that job.
 */
function pageLoader(ctx: CrawlContext, pages: PageCache): (captureId: number) => Promise<ParsedPage | null> {
  const { db, writer, crawlId, diagnostics, options, searchedForFeeds } = ctx;
  const loadPage = async (captureId: number): Promise<ParsedPage | null> => {
    const source = resolvePayloadSource(db, captureId);
    if (!source) return null;
    // A page held from an earlier pass was searched for feeds then.
    const held = pages.get(captureId, source.url);
    if (held !== undefined) return held;
    // The page read before this one is done with (or held in `pages`).
    collectAbove();
    const page = parsePage((await readCapture(source, { diagnostics, config: warcConfigOf(options) })).text(), source.url, { diagnostics });
    ctx.report.pageParses++;
    pages.put(captureId, page);
    if (!searchedForFeeds.has(captureId)) {
      searchedForFeeds.add(captureId);
      writer.addDiscoveredFeeds(crawlId, hostOf(page.url), page.url, discoverFeeds(page.document, page.url));
    }
    return page;
  };
  return loadPage;
}

/** The templates pass [000 §III-C–E, 001 §3]: classify every HTML page no feed item pairs with. */
async function runTemplatesPass(
  ctx: CrawlContext,
  found: FoundFeed[],
  paired: PairedCrawl,
  extraction: ExtractionPass,
  loadPage: (captureId: number) => Promise<ParsedPage | null>,
  segments: SegmentPass,
): Promise<void> {
  const { db, writer, crawlId, input, report, diagnostics, progress } = ctx;
  const { commentPosts, itemsByHost } = paired;
  const commentItemsOf = (url: string, advertised: readonly string[], pageText: string): FeedItem[] =>
    commentItemsOfPage(
      commentPosts.byPost.get(schemelessKey(url)) ?? [],
      pendingCommentFeeds(commentPosts, hostOf(url)),
      advertised,
      pageText,
    );
  // The templates of a host with paired pages are learnt right after its pages are extracted, so
  // progress stays in 'extract' until every paired page is done; then the other hosts are classified.
  let announced = false;
  const announceTemplates = (): void => {
    if (announced || !extraction.complete) return;
    announced = true;
    progress({ phase: 'templates', bytesRead: input.bytes, records: report.records, pagesDone: 0, pagesTotal: 0 });
  };
  announceTemplates();
  const commentsOf = (page: ParsedPage, siteStructures: readonly string[] = [], after: Element | null = null): CommentExtraction =>
    extractComments(page, {
      // The post's content node as the templates pass found it: entries inside it are its own
      // sections unless hinted, as on a feed-linked page.
      article: after,
      after,
      commentItems: commentItemsOf(
        page.url,
        discoverFeeds(page.document, page.url).map((f) => f.url),
        pageTextOf(page),
      ),
      siteStructures: [...extraction.learntStructures(hostOf(page.url)), ...siteStructures],
    });
  const templates = await runTemplateStage({
    db,
    writer,
    crawlId,
    diagnostics,
    feedPages: {
      hosts: extraction.hosts,
      ahead: (order) => {
        extraction.ahead(order);
        // The posts a site's channel pages show are linked or made objects once its hosts are decided.
        segments.expectHosts(order);
      },
      of: async (host) => {
        const linked = await extraction.host(host);
        announceTemplates();
        return linked;
      },
    },
    loadPage,
    commentsOf,
    siteFeeds: siteFeedsOf(found, itemsByHost),
    // Channel pages are segmented while the templates pass holds them (each page parsed once).
    onNonPost: (capture) => segments.nonPost(capture),
    // One comment decision per host over the posts of both passes (issue #12).
    commentTallyOf: (host) => extraction.commentTally(host),
    onHostDone: async (host) => {
      await extraction.settleComments(host);
      await segments.host(host);
      ctx.batch.checkpoint();
    },
  });
  report.templates = {
    hosts: templates.hosts.map(
      (h) => `${h.host}: ${h.source}, ${h.templates.length} template(s), ${h.posts} posts, ${h.nonPosts} other pages`,
    ),
    posts: templates.posts.template + templates.posts.mcst,
    nonPosts: templates.nonPosts,
  };
  report.objects.template = templates.posts.template;
  report.objects.mcst += templates.posts.mcst;
}

/** The segmentation pass [002]: posts shown on channel pages (most pages were cut host by host during the templates pass). */
async function runSegmentsPass(ctx: CrawlContext, pass: SegmentPass): Promise<void> {
  const { input, report, progress } = ctx;
  progress({ phase: 'segments', bytesRead: input.bytes, records: report.records, pagesDone: 0, pagesTotal: 0 });
  const segments = await pass.finish();
  report.segments = {
    channelPages: segments.pagesSegmented,
    feedGuided: segments.segments['feed-guided'],
    modelBased: segments.segments['model-based'],
    linked: segments.objectsLinked,
  };
  report.objects.segmentation = segments.objectsCreated;
}

/** A version as the extraction pass writes it, and without its content (`VersionHeader`). */
type WrittenVersion = Parameters<OverlayWriter['addVersion']>[0];
type VersionHeader = Omit<WrittenVersion, 'object' | 'comments'>;

/** A written version whose page comments wait for its site's decision. */
type HeldRow = HeldComments & { versionId: number };

/** The comment sites of the extraction pass: held versions (`HeldRow`), and posts to read again (the job and its version's header). */
type ExtractionSites = CommentSites<HeldRow, { job: PageJob; version: VersionHeader }>;

interface PageWork {
  captureId: number;
  /** URL of the paired capture. */
  url: string;
  items: PageItem[];
}
type PageItem = { item: FeedItem; feed: Feed; feedId: number };
type CaptureRow = CaptureSummaryRow;

/** Of the items pointing at one page (a post listed in several feeds), the richest one. */
function pickItem(work: PageWork): PageWork['items'][number] {
  const weight = (w: PageWork['items'][number]) =>
    (w.item.content?.length ?? 0) + (w.item.description?.length ?? 0) + ((w.item.isFullContent ?? w.feed.isFullContent) ? 1e9 : 0);
  return work.items.reduce((best, w) => (weight(w) > weight(best) ? w : best));
}

/**
 * When an earlier crawl already extracted this exact payload (same digest), the new version is a
 * copy of the old one: no re-extraction, and the changes stage reports it `unchanged`.
 */
function copyUnchangedVersion(ctx: CrawlContext, work: PageWork, row: CaptureRow): { paths: PropertyPaths | null } | null {
  const previous = previousVersionOf(ctx, row);
  if (!previous) return null;
  ctx.writer.copyVersion(previous.id, ctx.crawlId, work.captureId, row.time);
  return { paths: previous.paths === null ? null : (JSON.parse(previous.paths) as PropertyPaths) };
}

/** The version of an earlier crawl with the same payload as this capture, if any. */
function previousVersionOf(ctx: CrawlContext, row: CaptureRow): ReturnType<CrawlStore['previousVersionOfPayload']> {
  return row.pageDigest ? ctx.store.previousVersionOfPayload(canonicalUrl(row.url), row.pageDigest, ctx.crawlId) : undefined;
}

/** Feeds advertised by the crawl's pages [002 "Feed discovery"], and those the store lacks (merge recomputes it). */
export function discoveredFeedsReport(store: CrawlStore, crawlId: number): CrawlReport['discoveredFeeds'] {
  const rows = store.discoveredFeeds(crawlId);
  const missing = rows.filter((r) => r.captured === 0).map((r) => r.url);
  return { advertised: rows.length, missing: missing.length, missingExamples: missing.slice(0, 5) };
}

/** `--explain` for pages no feed item pairs with: how the templates stage and segmentation saw them. */
function explainPageDecisions(store: CrawlStore, crawlId: number, urlPart: string, options: Omit<BuildOptions, 'inputs'>): void {
  for (const r of store.pageDecisionsMatching(crawlId, urlPart)) {
    const lines = [
      `no feed item pairs with this page: classified by ${r.method ?? 'nothing'} [000 §III-E, 001 §3]`,
      `- ${r.isPost === 1 ? 'a post' : 'not a post'}: ${r.reason}`,
    ];
    if (r.keyPath !== null) lines.push(`- template key-path ${r.keyPath}`);
    if (r.segments > 0) lines.push(`- channel page: ${r.segments} posts segmented on it [002] (export --what pages)`);
    options.onExplain?.(r.url, lines);
  }
}

/** The visible text of a page (for comment-feed items found by their text). */
function pageTextOf(page: ParsedPage): string {
  const body = pageBody(page);
  return body === null ? '' : renderText(body);
}

/** Per host: the channel links of its article feeds and their items (the templates stage's negative evidence). */
function siteFeedsOf(
  found: readonly FoundFeed[],
  itemsByHost: ReadonlyMap<string, ReadonlyMap<string, FeedItem>>,
): Map<string, { channelLinks: string[]; items: FeedItem[] }> {
  const out = new Map<string, { channelLinks: string[]; items: FeedItem[] }>();
  const of = (host: string) =>
    out.get(host) ?? (out.set(host, { channelLinks: [], items: [] }).get(host) as { channelLinks: string[]; items: FeedItem[] });
  for (const [host, items] of itemsByHost) of(host).items.push(...items.values());
  for (const { feed } of found)
    if (feed.kind !== 'comments' && feed.siteUrl !== null) of(hostOf(feed.siteUrl)).channelLinks.push(feed.siteUrl);
  return out;
}

/** How much of its post an item carries: full content before a summary. */
function richness(item: FeedItem): number {
  return (item.content ?? item.description ?? '').length;
}
