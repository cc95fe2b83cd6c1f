import type { Argv } from 'yargs';
import { mergeShards } from '../../build/index.js';
import { type CommandArgs, PAGES_OPTION } from '../command-args.js';

export function mergeCommand(yargs: Argv) {
  return yargs
    .positional('shards', { describe: 'shard directories written by shard-build', type: 'string', array: true, demandOption: true })
    .option('out', {
      alias: 'o',
      describe: 'overlay directory to write (the schema of build: serve, export, changes, stats work on it)',
      type: 'string',
      demandOption: true,
    })
    .option('pages', PAGES_OPTION)
    .example('$0 merge shards/* --out overlay/', 'one overlay from the shards; prints a JSON summary');
}

export type MergeArgs = CommandArgs<typeof mergeCommand>;

/** Runs `merge`; returns the exit code (0 ok). */
export async function runMerge(args: MergeArgs): Promise<number> {
  const summary = await mergeShards({
    shardDirs: args.shards,
    outDir: args.out,
    writePages: args.pages,
    onLog: (m) => process.stderr.write(`${m}\n`),
  });
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  return 0;
}
