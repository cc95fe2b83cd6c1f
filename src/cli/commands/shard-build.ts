import { createInterface } from 'node:readline';
import type { Argv } from 'yargs';
import { buildShard } from '../../build/index.js';
import { Diagnostics } from '../../core/diagnostics.js';
import type { CommandArgs } from '../command-args.js';
import { printDiagnostics } from '../shard-io.js';

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
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  return diagnostics.errorCount() > 0 ? 1 : 0;
}
