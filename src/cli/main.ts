import yargs from 'yargs';
import { UsageError } from '../core/errors.js';
import { type BuildArgs, buildCommand, runBuild } from './commands/build.js';
import { type ChangesArgs, changesCommand, runChanges } from './commands/changes.js';
import { type ExportArgs, exportCommand, runExport } from './commands/export.js';
import { runServe, type ServeArgs, serveCommand } from './commands/serve.js';
import { runStats, type StatsArgs, statsCommand } from './commands/stats.js';

/** Exit codes: 0 ok, 1 finished but skipped bad records, 2 usage error or unreadable input. */
export const EXIT_OK = 0;
export const EXIT_USAGE = 2;

/** Runs the CLI with these arguments and resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  let code = EXIT_OK;
  const run = async (task: Promise<number>): Promise<void> => {
    code = await task;
  };
  const parser = yargs(argv)
    .scriptName('warc-overlay')
    .usage('$0 <command> [options]\n\nTurn web-archive crawls into data objects: articles, comments, versions.')
    .command('build <inputs..>', 'index crawls and extract their articles into an overlay', buildCommand, (a) =>
      run(runBuild(a as unknown as BuildArgs)),
    )
    .command('export <dir>', 'export objects, pages, changes, feeds, comments or templates (JSON lines, CSV) or a WACZ', exportCommand, (a) =>
      run(runExport(a as unknown as ExportArgs)),
    )
    .command('changes <dir>', 'report how articles changed between crawls', changesCommand, (a) => run(runChanges(a as unknown as ChangesArgs)))
    .command('stats <dir>', 'feeds: kind, content, items, pairing, update intervals, recrawl advice, missing feeds', statsCommand, (a) =>
      run(runStats(a as unknown as StatsArgs)),
    )
    .command('serve <dir>', 'browse objects, versions and diffs next to the replayed original (127.0.0.1)', serveCommand, (a) =>
      run(runServe(a as unknown as ServeArgs)),
    )
    .demandCommand(1, 'name a command: build, export, changes, stats or serve')
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
      process.stderr.write(`warc-overlay: ${error.message}\nRun 'warc-overlay --help' for usage.\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}
