import type { Argv } from 'yargs';
import { type CommandArgs, MAX_WORKER_HEAP_MB, MAX_WORKERS, numberIn, PAGES_OPTION } from '../command-args.js';
import { Diagnostics } from '../../core/diagnostics.js';
import { HINT_SELECTIONS, type HintSelection } from '../../core/hint-vocabulary.js';
import { type BuildReport, buildOverlay, CRAWL_BY, type CrawlBy, MIN_WORKER_HEAP_MB, WORKER_HEAP_MB } from '../../build/index.js';
import { createBuildProgress } from '../progress-bar.js';

export function buildCommand(yargs: Argv) {
  return yargs
    .positional('inputs', {
      describe: 'WARC, WARC.gz or WACZ files, or directories of them (one crawl each unless --crawl-by says otherwise)',
      type: 'string',
      array: true,
      demandOption: true,
    })
    .option('out', {
      alias: 'o',
      describe: 'overlay directory (created; an existing overlay is extended)',
      type: 'string',
      demandOption: true,
    })
    .option('explain', { describe: 'print the extraction decision trail for pages whose URL contains this text', type: 'string' })
    .option('progress', {
      describe:
        'show progress on stderr: a bar with an ETA on a terminal, else a plain line with the ETA every 10 s (default: on when stderr is a terminal; --no-progress to hide)',
      type: 'boolean',
    })
    .option('json', { describe: 'print the build report as JSON instead of text', type: 'boolean', default: false })
    .option('verify-digests', {
      describe:
        'check the WARC-Block-Digest and WARC-Payload-Digest of every record (default: where cheap: every record of an uncompressed WARC and each record the build decodes; --no-verify-digests: none)',
      type: 'boolean',
    })
    .option('crawl', {
      describe: 'label of the crawl each input holds, one per input in order (default: the file name)',
      type: 'string',
      array: true,
    })
    .option('crawl-by', {
      describe:
        'what makes a crawl: input (each input file, the default), file (each WARC, also inside a WACZ), warcinfo (WARCs sharing a warcinfo isPartOf), day (records of one UTC day)',
      choices: CRAWL_BY,
      default: 'input' as CrawlBy,
    })
    .option('workers', {
      describe: 'worker threads for page extraction (default: one per core but one; 1 = no threads)',
      type: 'number',
      coerce: numberIn('workers', 1, MAX_WORKERS),
    })
    .option('worker-heap-mb', {
      describe: `heap bound of each extraction worker, MB (default ${WORKER_HEAP_MB}); a page needing more is reported and not read by its feed item`,
      type: 'number',
      coerce: numberIn('worker-heap-mb', MIN_WORKER_HEAP_MB, MAX_WORKER_HEAP_MB),
    })
    .option('comment-hints', {
      describe: 'weak hints used beside structure: all, or generic only (product-specific names off; the ablation of bench:quality)',
      choices: HINT_SELECTIONS,
      default: 'all' as HintSelection,
    })
    .option('pages', PAGES_OPTION)
    .example('$0 build samples/pelican-crawl-1.warc.gz --out overlay/', 'index one crawl and extract its articles')
    .example('$0 build crawl-2.warc.gz --out overlay/', 'add a later crawl: known articles get new versions')
    .example('$0 build a.warc.gz b.warc.gz --crawl 2024-05 --crawl 2024-06 --out overlay/', 'name the two crawls')
    .example('$0 build collection.wacz --crawl-by file --out overlay/', 'a WACZ holding one WARC per crawl');
}

export type BuildArgs = CommandArgs<typeof buildCommand>;

/** Runs `build`; returns the exit code (0 ok, 1 finished with skipped records). */
export async function runBuild(args: BuildArgs): Promise<number> {
  const diagnostics = new Diagnostics();
  const progress = createBuildProgress(args.progress ?? process.stderr.isTTY === true);
  let report: BuildReport;
  try {
    report = await buildOverlay({
      inputs: args.inputs,
      outDir: args.out,
      diagnostics,
      writePages: args.pages,
      ...(args.verifyDigests !== undefined ? { verifyDigests: args.verifyDigests ? 'all' : 'none' } : {}),
      commentHints: args['comment-hints'],
      crawlBy: args.crawlBy,
      ...(args.crawl !== undefined ? { crawlLabels: args.crawl.map(String) } : {}),
      ...(args.workers !== undefined ? { workers: Math.max(1, Math.floor(args.workers)) } : {}),
      ...(args['worker-heap-mb'] !== undefined ? { workerHeapMb: args['worker-heap-mb'] } : {}),
      onProgress: (p) => progress.update(p),
      onLog: (m) => progress.log(m),
      ...(args.explain !== undefined
        ? {
            explainUrl: args.explain,
            onExplain: (url, lines) => {
              process.stdout.write(`\nexplain ${url}\n`);
              for (const line of lines) process.stdout.write(`  ${line}\n`);
            },
          }
        : {}),
    });
  } finally {
    progress.stop();
  }
  process.stdout.write(args.json ? `${JSON.stringify(report, null, 2)}\n` : formatBuildReport(report, args.out));
  return report.errorCount > 0 ? 1 : 0;
}

export function formatBuildReport(report: BuildReport, out: string): string {
  const lines: string[] = [];
  for (const c of report.crawls) {
    if (c.skipped) {
      lines.push(`${c.name}: already in the overlay, skipped`);
      continue;
    }
    const types = Object.entries(c.recordsByType)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    lines.push(`${c.name} (${c.seconds.toFixed(1)} s)`);
    lines.push(`  records   ${c.records} (${types})`);
    lines.push(`  feeds     ${c.feeds.article} article (${c.feeds.fullContent} full-content), ${c.feeds.comments} comment feeds`);
    lines.push(`  items     ${c.items.article} article items, ${c.items.paired} paired, ${c.items.unpaired} unpaired`);
    for (const e of c.items.unpairedExamples) lines.push(`            unpaired: ${e}`);
    lines.push(
      `  objects   ${c.objects.pageExtracted} extracted from pages, ${c.objects.fullFeed} from full-content feeds, ${c.objects.unchanged} unchanged copies, ${c.objects.failed} failed`,
    );
    lines.push(
      `            ${c.objects.template} found by site templates, ${c.objects.mcst} by E-mCST, ${c.objects.segmentation} only on channel pages (segmentation)`,
    );
    for (const e of c.objects.failedExamples) lines.push(`            failed: ${e}`);
    lines.push(`  comments  ${c.comments}`);
    lines.push(`  templates ${c.templates.posts} posts found beyond the feeds, ${c.templates.nonPosts} other pages`);
    for (const h of c.templates.hosts.slice(0, 5)) lines.push(`            ${h}`);
    const g = c.segments;
    lines.push(`  segments  ${g.channelPages} channel pages segmented: ${g.feedGuided} posts by feed, ${g.modelBased} by dates and titles`);
    const d = c.discoveredFeeds;
    lines.push(`  discovery ${d.advertised} feeds advertised by archived pages, ${d.missing} not in the archive`);
    for (const m of d.missingExamples) lines.push(`            missing: ${m}`);
    const kinds = Object.entries(c.changes)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ');
    if (kinds !== '') lines.push(`  changes   ${kinds} (details: warc-overlay changes ${out})`);
  }
  if (report.errors.length > 0) {
    lines.push('problems (counted; the build went on):');
    for (const e of report.errors) {
      lines.push(`  ${e.kind} (${e.severity}) x${e.count}`);
      for (const example of e.examples.slice(0, 3)) lines.push(`    ${example}`);
    }
  }
  lines.push(`overlay: ${out}`);
  return `${lines.join('\n')}\n`;
}
