import yargs from 'yargs';
import { UsageError } from '../core/errors.js';
import { describeEnvironmentError, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, oneLine, writeCrashLog } from './failure.js';
import { buildCommand, runBuild } from './commands/build.js';
import { changesCommand, runChanges } from './commands/changes.js';
import { exportCommand, runExport } from './commands/export.js';
import { runServe, serveCommand } from './commands/serve.js';
import { runStats, statsCommand } from './commands/stats.js';
import { indexCommand, runIndex } from './commands/index-archives.js';
import { mergeCommand, runMerge } from './commands/merge.js';
import { runShardBuild, shardBuildCommand } from './commands/shard-build.js';

export { EXIT_INTERNAL, EXIT_OK, EXIT_SKIPPED, EXIT_USAGE } from './failure.js';

// better-sqlite3 reads this when it loads its native module (at the first open): SQLite URIs let
// an overlay on read-only storage be opened `immutable=1` (store/overlay-db.ts).
process.env.SQLITE_USE_URI ??= '1';

/**
 * Runs the CLI with these arguments and resolves to the exit code: 0 ok, 1 finished with skipped
 * records, 2 usage error, no readable input or an unusable output/overlay location, 3 internal
 * error (one line on stderr, the stack in a log file). Never a bare stack trace.
 */
export async function main(argv: string[]): Promise<number> {
  let code = EXIT_OK;
  /** The overlay directory the command works on: where a store error is located. */
  let place: string | undefined;
  const run = async (task: Promise<number>): Promise<void> => {
    code = await task;
  };
  const at = <T extends { out?: unknown; dir?: unknown }>(a: T): T => {
    const dir = typeof a.out === 'string' ? a.out : a.dir;
    if (typeof dir === 'string') place = dir;
    return a;
  };
  const parser = yargs(argv)
    .scriptName('warc-overlay')
    .usage('$0 <command> [options]\n\nTurn web-archive crawls into data objects: articles, comments, versions.')
    .command('build <inputs..>', 'index crawls and extract their articles into an overlay', buildCommand, (a) => run(runBuild(at(a))))
    .command(
      'export <dir>',
      'export objects, pages, changes, feeds, comments or templates (JSON lines, CSV) or a WACZ',
      exportCommand,
      (a) => run(runExport(at(a))),
    )
    .command('changes <dir>', 'report how articles changed between crawls', changesCommand, (a) => run(runChanges(at(a))))
    .command('stats <dir>', 'feeds: kind, content, items, pairing, update intervals, recrawl advice, missing feeds', statsCommand, (a) =>
      run(runStats(at(a))),
    )
    .command('serve <dir>', 'browse objects, versions and diffs next to the replayed original (127.0.0.1)', serveCommand, (a) =>
      run(runServe(at(a))),
    )
    .command(
      'index [inputs..]',
      'scale-out step 1: one JSON row per capture and feed item of whole archive files (stdout)',
      indexCommand,
      (a) => run(runIndex(a)),
    )
    .command(
      'shard-build',
      'scale-out step 2: the whole pipeline for the sites of one bucket, from their index rows (stdin)',
      shardBuildCommand,
      (a) => run(runShardBuild(a)),
    )
    .command('merge <shards..>', 'scale-out step 3: join shards into one overlay', mergeCommand, (a) => run(runMerge(at(a))))
    .demandCommand(1, 'name a command: build, export, changes, stats, serve, index, shard-build or merge')
    .strict()
    .help()
    .alias('h', 'help')
    .version()
    .wrap(Math.min(110, process.stdout.columns ?? 100))
    .fail((message, error) => {
      throw error ?? new UsageError(message);
    });
  try {
    await parser.parseAsync();
    return code;
  } catch (error) {
    if (error instanceof UsageError || (error instanceof Error && error.name === 'YError')) {
      const hint = error instanceof UsageError && !error.isAboutUsage ? '' : "Run 'warc-overlay --help' for usage.\n";
      process.stderr.write(`warc-overlay: ${error.message}\n${hint}`);
      return EXIT_USAGE;
    }
    const environment = describeEnvironmentError(error, place);
    if (environment !== null) {
      process.stderr.write(`warc-overlay: ${environment}\n`);
      return EXIT_USAGE;
    }
    const log = writeCrashLog(error, argv);
    process.stderr.write(
      `warc-overlay: internal error: ${oneLine(error)}\n${log === null ? '' : `the stack is in ${log}; `}please report it\n`,
    );
    return EXIT_INTERNAL;
  }
}
