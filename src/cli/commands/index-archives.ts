import { createInterface } from 'node:readline';
import type { Argv } from 'yargs';
import { CRAWL_BY, type CrawlBy, type IndexTask, indexArchives } from '../../build/index.js';
import { Diagnostics } from '../../core/diagnostics.js';
import { UsageError } from '../../core/errors.js';
import type { CommandArgs } from '../command-args.js';
import { lineWriter, printDiagnostics } from '../shard-io.js';

export function indexCommand(yargs: Argv) {
  return yargs
    .positional('inputs', {
      describe: 'WARC, WARC.gz or WACZ files or directories (else `crawl<TAB>path[<TAB>order]` lines on stdin)',
      type: 'string',
      array: true,
    })
    .option('crawl', {
      describe: 'crawl label of the files given as arguments (default: each file its own crawl, named by its file name)',
      type: 'string',
    })
    .option('crawl-by', {
      describe:
        'what makes a crawl, as for build: input (each file, the default), file (each WARC, also inside a WACZ), warcinfo (isPartOf), day (UTC day); an input split so takes its crawl order and the next ones',
      choices: CRAWL_BY,
      default: 'input' as CrawlBy,
    })
    .example('$0 index crawl-1.warc.gz > crawl-1.index.jsonl', 'one JSON row per capture and per feed item, then one per file')
    .example("printf 'c1\\tcrawl-1.warc.gz\\t0\\n' | $0 index", 'the same, crawl label and order given on stdin')
    .example("printf '\\tcollection.warc.gz\\t1000\\n' | $0 index --crawl-by day", 'one crawl per day, in order from 1000');
}

export type IndexArgs = CommandArgs<typeof indexCommand>;

/** Parse `crawl<TAB>path[<TAB>order]` lines (blank lines and `#` comments skipped; an empty crawl: named as without a label). */
export function parseIndexTasks(lines: readonly string[]): IndexTask[] {
  const tasks: IndexTask[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    const [crawl, path, order] = line.split('\t');
    if (crawl === undefined || path === undefined || path === '')
      throw new UsageError(`stdin line ${i + 1}: expected crawl<TAB>path[<TAB>order], got ${JSON.stringify(line)}`);
    const crawlOrder = order === undefined || order === '' ? null : Number(order);
    if (crawlOrder !== null && !Number.isInteger(crawlOrder))
      throw new UsageError(`stdin line ${i + 1}: crawl order ${JSON.stringify(order)} is not an integer`);
    tasks.push({ crawl: crawl === '' ? null : crawl, path, crawlOrder });
  });
  return tasks;
}

/** Runs `index`; returns the exit code (0 ok, 1 finished with skipped records, 2 unreadable input). */
export async function runIndex(args: IndexArgs): Promise<number> {
  let tasks: IndexTask[];
  if (args.inputs !== undefined && args.inputs.length > 0) {
    tasks = args.inputs.map((path) => ({ crawl: args.crawl ?? null, path, crawlOrder: null }));
  } else {
    const lines: string[] = [];
    for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) lines.push(line);
    tasks = parseIndexTasks(lines);
    if (tasks.length === 0) throw new UsageError('index: no input (give files as arguments or crawl<TAB>path lines on stdin)');
  }
  const diagnostics = new Diagnostics();
  const out = lineWriter(process.stdout);
  const summary = await indexArchives(tasks, diagnostics, (row) => out.write(JSON.stringify(row)), { crawlBy: args.crawlBy });
  await out.end();
  printDiagnostics(
    diagnostics,
    `index: ${summary.files} files, ${summary.captures} captures, ${summary.feeds} feeds, ${summary.items} feed items`,
  );
  return diagnostics.errorCount() > 0 ? 1 : 0;
}
