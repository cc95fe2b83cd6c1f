import { createWriteStream } from 'node:fs';
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

export function rowsOf(
  db: ReturnType<typeof openStore>,
  what: Exclude<ExportKind, 'reconstructed'>,
  evidence: boolean,
): Iterable<Record<string, unknown>> {
  switch (what) {
    case 'objects':
      return readObjectVersions(db, { evidence }) as Iterable<unknown> as Iterable<Record<string, unknown>>;
    case 'pages':
      return readPages(db);
    case 'changes':
      return readChanges(db);
    case 'feeds':
      return readFeedStats(db);
    case 'comments':
      return readComments(db, { evidence });
    case 'templates':
      return readTemplates(db);
    case 'discovered-feeds':
      return readDiscoveredFeeds(db);
  }
}

/** Rows of one kind to Parquet with the columns and types of `export --format parquet` (shard-build --emit too). */
export function writeExportParquet(rows: Iterable<Record<string, unknown>>, what: ExportKind, file: string): Promise<number> {
  const columns = what === 'comments' ? COMMENT_COLUMNS : what === 'objects' ? OBJECT_COLUMNS : undefined;
  return writeParquet(rows, file, { integerColumns: INTEGER_COLUMNS, ...(columns ? { columns } : {}) });
}

export async function runExport(args: ExportArgs): Promise<number> {
  if (args.format === 'wacz') {
    const db = openChecked(args.dir, args.strict);
    try {
      const file = args.output ?? join(args.dir, 'overlay.wacz');
      const { pages, bytes } = await writeOverlayWacz(db, file);
      process.stderr.write(`wrote ${file}: ${pages} reconstructed pages, ${(bytes / 1e6).toFixed(1)} MB\n`);
      return 0;
    } finally {
      db.close();
    }
  }
  if (args.what === 'reconstructed') {
    const db = openChecked(args.dir, args.strict);
    try {
      const outDir = args.output ?? args.dir;
      const { pages, indexes } = writeReconstructedPages(db, outDir);
      process.stderr.write(`wrote ${pages} pages and ${indexes} index pages under ${join(outDir, 'pages')}\n`);
      return 0;
    } finally {
      db.close();
    }
  }
  if (args.format === 'parquet') {
    const db = openChecked(args.dir, args.strict);
    try {
      const file = args.output ?? join(args.dir, `${args.what}.parquet`);
      const rows = await writeExportParquet(rowsOf(db, args.what, args.evidence), args.what, file);
      process.stderr.write(`wrote ${file}: ${rows} rows\n`);
      return 0;
    } finally {
      db.close();
    }
  }
  if (args.format !== 'jsonl' && args.format !== 'csv') throw new UsageError(`--format ${String(args.format)} is not a row format`);
  const db = openChecked(args.dir, args.strict);
  const out = args.output ? createWriteStream(args.output) : process.stdout;
  try {
    await writeRows(rowsOf(db, args.what, args.evidence), args.format, out);
  } finally {
    db.close();
    if (out !== process.stdout) await new Promise<void>((resolve) => out.end(() => resolve()));
  }
  return 0;
}
