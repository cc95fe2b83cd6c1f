/**
 * `warc-overlay shard-build`: the whole pipeline for one bucket of sites (DESIGN "Scale-out").
 * Reads the bucket's index rows (any order; engines send them sorted by site, crawl order, file,
 * offset), stages them in a temporary SQLite file (no group is held in memory), then builds each
 * crawl in crawl order into the shard's own store exactly as `build` does, except that pass 1
 * reads only the bucket's records, the feeds among them by offset. A later crawl extends the same
 * shard; a crawl already built in it is skipped.
 */
import Database from 'better-sqlite3';
import { Diagnostics } from '../core/diagnostics.js';
import { isInputError, UsageError } from '../core/errors.js';
import { type BuildReport, buildCrawlSources, type CrawlSource } from './build-overlay.js';
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
  // An empty file name gives a private temporary database on disk, deleted on close.
  const stage = new Database('');
  try {
    const counts = await stageRows(stage, options.lines);
    const owned = stage.prepare('SELECT site FROM sites ORDER BY site').pluck().all() as string[];
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

async function stageRows(stage: Database.Database, lines: AsyncIterable<string>): Promise<ShardSummary['rows']> {
  stage.exec(`
    CREATE TABLE files (crawl TEXT NOT NULL, crawl_order INTEGER NOT NULL, file TEXT NOT NULL, row TEXT NOT NULL, UNIQUE (crawl, crawl_order, file));
    CREATE TABLE captures (crawl TEXT NOT NULL, crawl_order INTEGER NOT NULL, file TEXT NOT NULL, offset INTEGER NOT NULL,
      inflated_offset INTEGER NOT NULL, row TEXT NOT NULL, PRIMARY KEY (crawl, file, offset, inflated_offset)) WITHOUT ROWID;
    CREATE TABLE sites (site TEXT PRIMARY KEY) WITHOUT ROWID;`);
  const addFile = stage.prepare('INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?)');
  const addCapture = stage.prepare('INSERT OR REPLACE INTO captures VALUES (?, ?, ?, ?, ?, ?)');
  const addSite = stage.prepare('INSERT OR IGNORE INTO sites VALUES (?)');
  const counts = { files: 0, captures: 0, items: 0, sites: 0 };
  let batch: Array<[number, string]> = [];
  const flush = stage.transaction((rows: Array<[number, string]>) => {
    for (const [lineNumber, line] of rows) {
      const row = parseShardRow(line, lineNumber);
      if (row.type === 'file') {
        addFile.run(row.crawl, row.crawl_order, row.file, line);
        counts.files++;
      } else if (row.type === 'capture') {
        addCapture.run(row.crawl, row.crawl_order, row.file, row.offset, row.inflated_offset ?? -1, line);
        counts.captures++;
      } else if (row.type === 'site') {
        addSite.run(row.site);
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
async function* crawlSources(stage: Database.Database): AsyncGenerator<CrawlSource> {
  const crawls = stage
    .prepare(`SELECT DISTINCT crawl, crawl_order FROM (SELECT crawl, crawl_order FROM files UNION ALL SELECT crawl, crawl_order FROM captures)
      ORDER BY crawl_order, crawl`)
    .all() as Array<{ crawl: string; crawl_order: number }>;
  for (const { crawl, crawl_order: order } of crawls) {
    const files = (
      stage.prepare('SELECT row FROM files WHERE crawl = ? AND crawl_order = ? ORDER BY file').pluck().all(crawl, order) as string[]
    ).map((r) => JSON.parse(r) as FileRow);
    const byType: Record<string, number> = {};
    for (const f of files) for (const [type, n] of Object.entries(f.records_by_type)) byType[type] = (byType[type] ?? 0) + n;
    yield {
      // The identity `build` gives the same file, so a shard and a build recognise the same crawl.
      identity: files.length > 0 ? files.map((f) => f.identity).join('+') : `crawl:${crawl}`,
      name: crawl,
      bytes: files.reduce((n, f) => n + f.bytes, 0),
      records: (diagnostics) => scanStaged(stage, crawl, order, diagnostics),
      recordCounts: { total: files.reduce((n, f) => n + f.records, 0), byType },
    };
  }
}

/** Pages through the crawl's staged captures (file, offset order); feeds are read by offset. */
async function* scanStaged(
  stage: Database.Database,
  crawl: string,
  order: number,
  diagnostics: Diagnostics,
): AsyncGenerator<ScannedRecord> {
  const page = stage.prepare(`SELECT file, offset, inflated_offset, row FROM captures WHERE crawl = ? AND crawl_order = ?
    AND (file, offset, inflated_offset) > (?, ?, ?) ORDER BY file, offset, inflated_offset LIMIT ${STAGE_BATCH_ROWS}`);
  let after: [string, number, number] = ['', -1, -1];
  for (;;) {
    const rows = page.all(crawl, order, ...after) as Array<{ file: string; offset: number; inflated_offset: number; row: string }>;
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
    const last = rows[rows.length - 1] as { file: string; offset: number; inflated_offset: number };
    after = [last.file, last.offset, last.inflated_offset];
  }
}
