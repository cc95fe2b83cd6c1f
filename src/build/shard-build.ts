/**
 * `warc-overlay shard-build`: the whole pipeline for one bucket of sites (DESIGN "Scale-out").
 * Reads the bucket's index rows (any order; engines send them sorted by site, crawl order, file,
 * offset), stages them in a temporary SQLite file (no group is held in memory), then builds each
 * crawl in crawl order into the shard's own store exactly as `build` does, except that pass 1
 * reads only the bucket's records, the feeds among them by offset. A later crawl extends the same
 * shard; a crawl already built in it is skipped.
 */
import { Diagnostics } from '../core/diagnostics.js';
import { isInputError, UsageError } from '../core/errors.js';
import { type BuildReport, buildCrawlSources, type CrawlSource } from './build-overlay.js';
import { ShardStaging, type StagedCrawl } from '../store/index.js';
import { readCapture, type ScannedRecord } from '../warc/index.js';
import { type CaptureRow, type FileRow, indexEntryOf, parseShardRow } from './shard-rows.js';

export interface ShardBuildOptions {
  shardDir: string;
  /** The bucket's index rows, one JSON object per line. */
  lines: AsyncIterable<string>;
  diagnostics?: Diagnostics;
  /** Extraction worker threads (default 1: the engine runs one task per core). */
  workers?: number;
  onLog?: (message: string) => void;
}

export interface ShardSummary {
  shard: string;
  rows: { files: number; captures: number; items: number; sites: number };
  /** The sites the bucket owns (its site rows); null when the rows named none: every site. */
  ownedSites: string[] | null;
  crawls: Array<{ name: string; skipped: boolean; captures: number; objects: number; comments: number; changes: Record<string, number> }>;
  errors: number;
}

/** Rows staged per transaction (ours: amortises fsync of the staging file). */
const STAGE_BATCH_ROWS = 5000;

/** Build the shard in `options.shardDir` from the rows of one bucket. */
export async function buildShard(options: ShardBuildOptions): Promise<{ summary: ShardSummary; report: BuildReport }> {
  const diagnostics = options.diagnostics ?? new Diagnostics();
  const stage = new ShardStaging();
  try {
    const counts = await stageRows(stage, options.lines);
    const owned = stage.sites();
    const report = await buildCrawlSources(crawlSources(stage), {
      outDir: options.shardDir,
      diagnostics,
      workers: options.workers ?? 1,
      writePages: false,
      ...(options.onLog !== undefined ? { onLog: options.onLog } : {}),
    });
    const summary: ShardSummary = {
      shard: options.shardDir,
      rows: counts,
      ownedSites: counts.sites > 0 ? owned : null,
      crawls: report.crawls.map((c) => ({
        name: c.name,
        skipped: c.skipped,
        captures: c.captures,
        objects:
          c.objects.fullFeed + c.objects.pageExtracted + c.objects.unchanged + c.objects.template + c.objects.mcst + c.objects.segmentation,
        comments: c.comments,
        changes: c.changes,
      })),
      errors: report.errorCount,
    };
    return { summary, report };
  } finally {
    stage.close();
  }
}

async function stageRows(stage: ShardStaging, lines: AsyncIterable<string>): Promise<ShardSummary['rows']> {
  const counts = { files: 0, captures: 0, items: 0, sites: 0 };
  let batch: Array<[number, string]> = [];
  const flush = (rows: Array<[number, string]>): void =>
    stage.transaction(() => {
      for (const [lineNumber, line] of rows) {
        const row = parseShardRow(line, lineNumber);
        if (row.type === 'file') {
          stage.addFile(row.crawl, row.crawl_order, row.file, line);
          counts.files++;
        } else if (row.type === 'capture') {
          stage.addCapture(row.crawl, row.crawl_order, row.file, row.offset, row.inflated_offset ?? -1, line);
          counts.captures++;
        } else if (row.type === 'site') {
          stage.addSite(row.site);
          counts.sites++;
        } else {
          counts.items++; // routing information for the driver; the shard parses the feed itself
        }
      }
    });
  let lineNumber = 0;
  try {
    for await (const line of lines) {
      lineNumber++;
      if (line.trim() === '') continue;
      batch.push([lineNumber, line]);
      if (batch.length >= STAGE_BATCH_ROWS) {
        flush(batch);
        batch = [];
      }
    }
    flush(batch);
  } catch (error) {
    if (error instanceof Error && /^line \d+:/.test(error.message)) throw new UsageError(`shard-build: ${error.message}`);
    throw error;
  }
  return counts;
}

/**
 * One crawl source per crawl (label and place: two inputs split --crawl-by warcinfo may give crawls
 * of one label, as in `build`), in crawl order, each scanning its staged rows in file order.
 */
async function* crawlSources(stage: ShardStaging): AsyncGenerator<CrawlSource> {
  for (const staged of stage.crawls()) {
    const files = stage.fileRows(staged).map((r) => JSON.parse(r) as FileRow);
    const byType: Record<string, number> = {};
    for (const f of files) for (const [type, n] of Object.entries(f.records_by_type)) byType[type] = (byType[type] ?? 0) + n;
    yield {
      // The identity `build` gives the same file, so a shard and a build recognise the same crawl.
      identity: files.length > 0 ? files.map((f) => f.identity).join('+') : `crawl:${staged.crawl}`,
      name: staged.crawl,
      bytes: files.reduce((n, f) => n + f.bytes, 0),
      records: (diagnostics) => scanStaged(stage, staged, diagnostics),
      recordCounts: { total: files.reduce((n, f) => n + f.records, 0), byType },
    };
  }
}

/** Pages through the crawl's staged captures (file, offset order); feeds are read by offset. */
async function* scanStaged(stage: ShardStaging, staged: StagedCrawl, diagnostics: Diagnostics): AsyncGenerator<ScannedRecord> {
  let after: [string, number, number] = ['', -1, -1];
  for (;;) {
    const rows = stage.capturesAfter(staged, after, STAGE_BATCH_ROWS);
    if (rows.length === 0) return;
    for (const r of rows) {
      const row = JSON.parse(r.row) as CaptureRow;
      const entry = indexEntryOf(row);
      if (!row.is_feed) {
        yield { entry };
        continue;
      }
      try {
        yield { entry, capture: await readCapture(entry, { diagnostics }) };
      } catch (error) {
        if (!isInputError(error)) throw error;
        diagnostics.report(error);
        yield { entry };
      }
    }
    const last = rows[rows.length - 1];
    if (last === undefined) return;
    after = [last.file, last.offset, last.inflatedOffset];
  }
}
