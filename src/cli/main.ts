import yargs from 'yargs';
import { UsageError } from '../core/errors.js';
import { type BuildArgs, buildCommand, runBuild } from './commands/build.js';
import { type ExportArgs, exportCommand, runExport } from './commands/export.js';
import { runStats, type StatsArgs, statsCommand } from './commands/stats.js';

/** Exit codes: 0 ok, 1 finished but skipped bad records, 2 usage error or unreadable input. */
export const EXIT_OK = 0;
export const EXIT_USAGE = 2;

/** Runs the CLI with these arguments and resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  let code = EXIT_OK;
  const run = (task: Promise<number>) => task.then((c) => (code = c));
  const parser = yargs(argv)
    .scriptName('warc-overlay')
    .usage('$0 <command> [options]\n\nTurn web-archive crawls into data objects: articles, comments, versions.')
    .command('build <inputs..>', 'index crawls and extract their articles into an overlay', buildCommand, (a) =>
      run(runBuild(a as unknown as BuildArgs)),
    )
    .command('export <dir>', 'export objects, pages, feeds or comments as JSON lines or CSV', exportCommand, (a) =>
      run(runExport(a as unknown as ExportArgs)),
    )
    .command('stats <dir>', 'feeds: format, kind, items, pairing', statsCommand, (a) => run(runStats(a as unknown as StatsArgs)))
    .demandCommand(1, 'name a command: build, export or stats')
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
