import { open } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { join } from 'node:path';
import type { Argv } from 'yargs';
import type { CommandArgs } from '../command-args.js';
import { UsageError } from '../../core/errors.js';
import {
  COMMENT_COLUMNS,
  OBJECT_COLUMNS,
  type openStore,
  readChanges,
  readComments,
  readDiscoveredFeeds,
  readFeedStats,
  readObjectVersions,
  readPages,
  readTemplates,
} from '../../store/index.js';
import { writeOverlayWacz, writeReconstructedPages } from '../../reconstruct/index.js';
import { writeParquet } from '../../core/parquet-writer.js';
import { writeRows } from '../output.js';
import { openChecked, STRICT_OPTION } from '../unfinished.js';

/** Columns written as INT64 in Parquet (every other number is a DOUBLE). */
const INTEGER_COLUMNS: ReadonlySet<string> = new Set([
  'warc_offset',
  'warc_length',
  'status',
  'position',
  'depth',
  'words_added',
  'words_removed',
  'comments_added',
  'comments_removed',
  'comments_edited',
  'sentences_added',
  'sentences_removed',
  'snapshots',
  'items',
  'invalid_items',
  'paired',
  'support',
  'posts_matched',
]);

export const EXPORT_KINDS = ['objects', 'pages', 'changes', 'feeds', 'comments', 'templates', 'discovered-feeds', 'reconstructed'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export function exportCommand(yargs: Argv) {
  return yargs
    .positional('dir', { describe: 'overlay directory', type: 'string', demandOption: true })
    .option('what', {
      describe: 'what to export (reconstructed: standalone HTML pages of every version)',
      choices: EXPORT_KINDS,
      default: 'objects' as ExportKind,
    })
    .option('format', {
      describe:
        'jsonl / csv / parquet rows (parquet goes to --output, default <dir>/<what>.parquet), or wacz: the whole overlay as a WACZ collection to replay next to the original',
      choices: ['jsonl', 'csv', 'parquet', 'wacz'] as const,
      default: 'jsonl' as const,
    })
    .option('evidence', {
      describe:
        'objects and comments: list the per-method candidates (full-feed, feed-guided, template, ...) behind each fused version instead',
      type: 'boolean',
      default: false,
    })
    .option('strict', STRICT_OPTION)
    .option('output', {
      alias: ['O', 'out'],
      describe: 'file to write instead of stdout (for reconstructed pages: the directory that gets pages/)',
      type: 'string',
    })
    .example(
      '$0 export overlay/ --what objects > objects.jsonl',
      'one JSON object per article and crawl (the fused version), with its WARC provenance',
    )
    .example('$0 export overlay/ --what objects --evidence', 'the per-method candidates behind the fused versions')
    .example('$0 export overlay/ --what changes --format csv', 'changes between versions, with their kinds')
    .example('$0 export overlay/ --what objects --format parquet -O objects.parquet', 'the same rows as Parquet (DuckDB, pandas, Spark)')
    .example('$0 export overlay/ --format wacz', 'write overlay/overlay.wacz (replayable in ReplayWeb.page)')
    .example('$0 export overlay/ --what reconstructed --output site/', 'standalone pages of every object version under site/pages/');
}

export type ExportArgs = CommandArgs<typeof exportCommand>;

/** The reader of each row export (`evidence`: the per-method candidates instead of the fused versions). */
const ROW_READERS: Record<
  Exclude<ExportKind, 'reconstructed'>,
  (db: ReturnType<typeof openStore>, evidence: boolean) => Iterable<Record<string, unknown>>
> = {
  objects: (db, evidence) => readObjectVersions(db, { evidence }),
  pages: readPages,
  changes: (db) => readChanges(db),
  feeds: readFeedStats,
  comments: (db, evidence) => readComments(db, { evidence }),
  templates: readTemplates,
  'discovered-feeds': readDiscoveredFeeds,
};

/** The rows of one export kind. */
export function rowsOf(
  db: ReturnType<typeof openStore>,
  what: Exclude<ExportKind, 'reconstructed'>,
  evidence: boolean,
): Iterable<Record<string, unknown>> {
  return ROW_READERS[what](db, evidence);
}

/** Open the overlay of `args.dir`, run `fn` on it, close it. */
async function withStore<T>(args: ExportArgs, fn: (db: ReturnType<typeof openStore>) => T | Promise<T>): Promise<T> {
  const db = openChecked(args.dir, args.strict);
  try {
    return await fn(db);
  } finally {
    db.close();
  }
}

/** Rows of one kind to Parquet with the columns and types of `export --format parquet` (shard-build --emit too). */
export function writeExportParquet(rows: Iterable<Record<string, unknown>>, what: ExportKind, file: string): Promise<number> {
  const columns = what === 'comments' ? COMMENT_COLUMNS : what === 'objects' ? OBJECT_COLUMNS : undefined;
  return writeParquet(rows, file, { integerColumns: INTEGER_COLUMNS, ...(columns ? { columns } : {}) });
}

export async function runExport(args: ExportArgs): Promise<number> {
  if (args.format === 'wacz') {
    const file = args.output ?? join(args.dir, 'overlay.wacz');
    const { pages, bytes } = await withStore(args, (db) => writeOverlayWacz(db, file));
    process.stderr.write(`wrote ${file}: ${pages} reconstructed pages, ${(bytes / 1e6).toFixed(1)} MB\n`);
    return 0;
  }
  if (args.what === 'reconstructed') {
    const outDir = args.output ?? args.dir;
    const { pages, indexes } = await withStore(args, (db) => writeReconstructedPages(db, outDir));
    process.stderr.write(`wrote ${pages} pages and ${indexes} index pages under ${join(outDir, 'pages')}\n`);
    return 0;
  }
  const what = args.what;
  if (args.format === 'parquet') {
    const file = args.output ?? join(args.dir, `${what}.parquet`);
    const rows = await withStore(args, (db) => writeExportParquet(rowsOf(db, what, args.evidence), what, file));
    process.stderr.write(`wrote ${file}: ${rows} rows\n`);
    return 0;
  }
  if (args.format !== 'jsonl' && args.format !== 'csv') throw new UsageError(`--format ${String(args.format)} is not a row format`);
  const format = args.format;
  await withStore(args, async (db) => {
    // The file is opened first: a path that cannot be written is one located line (exit 2).
    const file = args.output ? await open(args.output, 'w') : null;
    const out = file === null ? process.stdout : file.createWriteStream();
    try {
      await writeRows(rowsOf(db, what, args.evidence), format, out);
    } finally {
      if (out !== process.stdout) await finished(out.end());
    }
  });
  return 0;
}
