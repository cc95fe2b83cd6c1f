import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Argv } from 'yargs';
import { buildShard } from '../../build/index.js';
import { Diagnostics } from '../../core/diagnostics.js';
import { siteOf } from '../../core/url.js';
import { openStore } from '../../store/index.js';
import { type CommandArgs, MAX_WORKERS, numberIn } from '../command-args.js';
import { printDiagnostics } from '../shard-io.js';
import { rowsOf, writeExportParquet } from './export.js';

/** What `--emit parquet` writes into the shard, one `<kind>.parquet` each (the row exports that partition by site). */
export const EMITTED_KINDS = ['objects', 'pages', 'changes', 'comments'] as const;

export function shardBuildCommand(yargs: Argv) {
  return yargs
    .option('shard', {
      describe: 'shard directory (created; a shard holding earlier crawls is extended)',
      type: 'string',
      demandOption: true,
    })
    .option('workers', {
      describe: 'worker threads for page extraction (default 1: the engine runs one task per core)',
      type: 'number',
      default: 1,
      coerce: numberIn('workers', 1, MAX_WORKERS),
    })
    .option('emit', {
      describe:
        "also write the rows of the bucket's own sites (its site rows; all sites when it has none) as <shard>/{objects,pages,changes,comments}.parquet, the columns of export --format parquet: query the shards' files without a merge",
      choices: ['parquet'] as const,
    })
    .example(
      '$0 shard-build --shard shards/0 < bucket-0.jsonl',
      'build the sites of one bucket from their index rows; prints a JSON summary',
    );
}

export type ShardBuildArgs = CommandArgs<typeof shardBuildCommand>;

/** Runs `shard-build`; returns the exit code (0 ok, 1 finished with skipped records). */
export async function runShardBuild(args: ShardBuildArgs): Promise<number> {
  const diagnostics = new Diagnostics();
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  const { summary } = await buildShard({
    shardDir: args.shard,
    lines,
    diagnostics,
    workers: Math.max(1, Math.floor(args.workers)),
    onLog: (m) => process.stderr.write(`${m}\n`),
  });
  printDiagnostics(
    diagnostics,
    `shard-build ${args.shard}: ${summary.rows.captures} captures, ${summary.crawls.length} crawls, ${summary.crawls.reduce((n, c) => n + c.objects, 0)} objects`,
  );
  if (args.emit === 'parquet') {
    const owned = summary.ownedSites === null ? null : new Set(summary.ownedSites);
    const db = openStore(args.shard, { writable: false });
    try {
      for (const what of EMITTED_KINDS) {
        const rows = rowsOf(db, what, false);
        // A feed routed to several buckets gives their shards the same rows: each keeps its own sites'.
        const own = (
          owned === null ? rows : filterRows(rows, (r) => owned.has(typeof r.site === 'string' ? r.site : siteOf(String(r.url))))
        )[Symbol.iterator]();
        // A kind without rows in this shard gets no file (a glob over the shards reads the others).
        const first = own.next();
        if (first.done === true) continue;
        await writeExportParquet(prepend(first.value, own), what, join(args.shard, `${what}.parquet`));
      }
    } finally {
      db.close();
    }
  }
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  return diagnostics.errorCount() > 0 ? 1 : 0;
}

function* filterRows<T>(rows: Iterable<T>, keep: (row: T) => boolean): Generator<T> {
  for (const row of rows) if (keep(row)) yield row;
}

function* prepend<T>(first: T, rest: Iterator<T>): Generator<T> {
  yield first;
  for (let next = rest.next(); next.done !== true; next = rest.next()) yield next.value;
}
