/**
 * `warc-overlay merge`: joins shard stores into one overlay with the schema of `build`, so that
 * `serve`, `export`, `changes` and `stats` work on it (DESIGN "Scale-out"). Rows are copied with
 * their ids remapped (store-merge.ts); then the parts a shard could only see for its own sites are
 * recomputed from the merged store: per-crawl totals, pairing counts of feeds routed to several
 * buckets, and the feeds pages advertise that the whole archive lacks.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import {
  copyShard,
  CrawlStore,
  crawlTotals,
  openStore,
  readCrawlReports,
  STORE_FILE,
  storeTotals,
  updateCrawlReport,
} from '../store/index.js';
import { type CrawlReport, discoveredFeedsReport } from './build-overlay.js';
import { openWritableOverlay, writeOverlayPages } from './overlay-session.js';

export interface MergeOptions {
  shardDirs: readonly string[];
  outDir: string;
  /** Write the reconstructed pages under `<outDir>/pages/` (default true, as build does). */
  writePages?: boolean;
  onLog?: (message: string) => void;
}

export interface MergeSummary {
  out: string;
  shards: number;
  crawls: number;
  captures: number;
  objects: number;
  versions: number;
}

export async function mergeShards(options: MergeOptions): Promise<MergeSummary> {
  if (options.shardDirs.length === 0) throw new UsageError('merge: name at least one shard directory');
  for (const dir of options.shardDirs) {
    if (!existsSync(join(dir, STORE_FILE)))
      throw new UsageError(`merge: no shard store in ${dir} (missing ${STORE_FILE}); run shard-build --shard ${dir} first`);
    // Opening read-only checks the schema version the way export does.
    openStore(dir, { writable: false }).close();
  }
  const overlay = openWritableOverlay(options.outDir);
  const db = overlay.db;
  try {
    const shardReports = new Map<string, CrawlReport[]>();
    for (const dir of options.shardDirs) {
      const copied = copyShard(db, join(dir, STORE_FILE));
      options.onLog?.(`merged ${dir}: ${copied.captures} captures, ${copied.objects} objects, ${copied.versions} versions`);
      const shard = openStore(dir, { writable: false });
      try {
        for (const c of readCrawlReports(shard)) {
          if (c.report === null) continue;
          shardReports.set(c.name, [...(shardReports.get(c.name) ?? []), JSON.parse(c.report) as CrawlReport]);
        }
      } finally {
        shard.close();
      }
    }
    const crawls = readCrawlReports(db);
    for (const crawl of crawls)
      updateCrawlReport(
        db,
        crawl.id,
        mergedReport(
          crawl.name,
          shardReports.get(crawl.name) ?? [],
          crawlTotals(db, crawl.id),
          discoveredFeedsReport(new CrawlStore(db), crawl.id),
        ),
      );
    await writeOverlayPages(db, options);
    return { out: options.outDir, shards: options.shardDirs.length, crawls: crawls.length, ...storeTotals(db) };
  } finally {
    overlay.close();
  }
}

/** Shard reports summed, then the totals only the merged store knows put in place. */
function mergedReport(
  name: string,
  parts: readonly CrawlReport[],
  totals: ReturnType<typeof crawlTotals>,
  discovered: CrawlReport['discoveredFeeds'],
): CrawlReport {
  const first = parts[0];
  const sum = (f: (r: CrawlReport) => number): number => parts.reduce((n, r) => n + f(r), 0);
  const examples = (f: (r: CrawlReport) => string[]): string[] => parts.flatMap(f).sort().slice(0, 5);
  return {
    name,
    skipped: false,
    // Every shard receives every file row: the record counts are the files', not summed.
    records: first?.records ?? 0,
    recordsByType: first?.recordsByType ?? {},
    captures: totals.captures,
    feeds: totals.feeds,
    items: { ...totals.items, unpairedExamples: examples((r) => r.items.unpairedExamples) },
    objects: {
      fullFeed: sum((r) => r.objects.fullFeed),
      pageExtracted: sum((r) => r.objects.pageExtracted),
      unchanged: sum((r) => r.objects.unchanged),
      template: sum((r) => r.objects.template),
      mcst: sum((r) => r.objects.mcst),
      segmentation: sum((r) => r.objects.segmentation),
      failed: sum((r) => r.objects.failed),
      failedExamples: examples((r) => r.objects.failedExamples),
    },
    templates: {
      hosts: parts.flatMap((r) => r.templates.hosts).sort(),
      posts: sum((r) => r.templates.posts),
      nonPosts: sum((r) => r.templates.nonPosts),
    },
    segments: {
      channelPages: sum((r) => r.segments.channelPages),
      feedGuided: sum((r) => r.segments.feedGuided),
      modelBased: sum((r) => r.segments.modelBased),
      linked: sum((r) => r.segments.linked),
    },
    comments: sum((r) => r.comments),
    pageParses: sum((r) => r.pageParses),
    discoveredFeeds: discovered,
    changes: totals.changes,
    // Wall time of the slowest shard: shards run side by side.
    seconds: parts.reduce((n, r) => Math.max(n, r.seconds), 0),
  };
}
