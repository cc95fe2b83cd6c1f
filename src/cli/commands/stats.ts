import type { Argv } from 'yargs';
import type { CommandArgs } from '../command-args.js';
import { computeFeedDynamics, type FeedDynamics } from '../../changes/index.js';
import { type Db, readArticleFeedSnapshots, readCrawls, readDiscoveredFeeds, readFeedStats } from '../../store/index.js';
import { openChecked, STRICT_OPTION } from '../unfinished.js';

export function statsCommand(yargs: Argv) {
  return yargs
    .positional('dir', { describe: 'overlay directory', type: 'string', demandOption: true })
    .option('json', { describe: 'print JSON instead of text', type: 'boolean', default: false })
    .option('strict', STRICT_OPTION)
    .option('missing-feeds', {
      describe: 'only list feeds the archived pages advertise but the archive lacks',
      type: 'boolean',
      default: false,
    })
    .example(
      '$0 stats overlay/',
      'the crawls with their time ranges; per feed: format, kind, full/partial, items, pairing, update intervals, recrawl advice',
    )
    .example('$0 stats overlay/ --missing-feeds', 'feed URLs a crawler should add');
}

export type StatsArgs = CommandArgs<typeof statsCommand>;

/** Publication dynamics of each article feed from its snapshots across crawls [004 §3.2]. */
function feedDynamics(db: Db): Map<string, FeedDynamics> {
  const out = new Map<string, FeedDynamics>();
  for (const f of readArticleFeedSnapshots(db)) out.set(f.url, computeFeedDynamics({ feedUrl: f.url, snapshots: f.snapshots }));
  return out;
}

const hours = (h: number | null): string => (h === null ? 'unknown' : h >= 48 ? `${(h / 24).toFixed(1)} days` : `${h.toFixed(1)} h`);

export async function runStats(args: StatsArgs): Promise<number> {
  const db = openChecked(args.dir, args.strict);
  try {
    const discovered = readDiscoveredFeeds(db);
    const missing = discovered.filter((d) => !d.captured);
    if (args.missingFeeds) {
      if (args.json) process.stdout.write(`${JSON.stringify(missing, null, 2)}\n`);
      else {
        process.stdout.write(`${missing.length} advertised feed(s) not in the archive\n`);
        for (const m of missing)
          process.stdout.write(`${m.url}\t${m.host}\t${m.via}${m.comment_feed ? ', comment feed' : ''}\t(first seen on ${m.first_page})\n`);
      }
      return 0;
    }
    const feeds = readFeedStats(db);
    const dynamics = feedDynamics(db);
    const crawls = readCrawls(db);
    if (args.json) {
      const withDynamics = feeds.map((f) => ({ ...f, dynamics: dynamics.get(f.url as string) ?? null }));
      process.stdout.write(`${JSON.stringify({ crawls, feeds: withDynamics, discoveredFeeds: discovered }, null, 2)}\n`);
      return 0;
    }
    process.stdout.write(`${crawls.length} crawl(s)\n`);
    for (const c of crawls) {
      process.stdout.write(
        `  ${c.crawl}: ${c.first_capture ?? '-'} .. ${c.last_capture ?? '-'}, ${c.captures} captures, ${c.versions} object versions${c.finished ? '' : ' (unfinished)'}\n`,
      );
    }
    process.stdout.write('\n');
    for (const f of feeds) {
      const content = f.kind === 'article' ? (f.full_content ? 'full' : 'partial') : '-';
      process.stdout.write(
        `${f.url}\n  ${f.format}, ${f.kind} feed (${f.kind_reason}), content ${content}` +
          `${f.kind === 'article' ? ` (${f.full_content_reason})` : ''}\n` +
          `  ${f.snapshots} snapshot(s), ${f.items} items (${f.invalid_items} invalid)` +
          `${f.kind === 'article' ? `, ${f.paired} paired, ${(f.unpaired as unknown[]).length} unpaired` : ''}\n`,
      );
      for (const u of f.unpaired as Array<{ item: string; crawl: string; reason: string }>) {
        process.stdout.write(`    unpaired ${u.item} [${u.crawl}]: ${u.reason}\n`);
      }
      const d = dynamics.get(f.url as string);
      if (d !== undefined) {
        const median = d.intervals === null ? 'unknown' : hours(d.intervals.medianHours);
        process.stdout.write(
          `  publication: median interval ${median}, ${d.distinctItems} distinct items, capacity ${d.feedCapacity}; ` +
            `recrawl the feed every ${hours(d.recrawl.feedHours)}, its pages every ${hours(d.recrawl.pageHours)}` +
            `${d.gaps.length > 0 ? `; ${d.gaps.length} gap(s) where items may have been missed` : ''}\n`,
        );
      }
    }
    if (discovered.length > 0) {
      process.stdout.write(`\nfeeds advertised by archived pages: ${discovered.length}, not in the archive: ${missing.length}\n`);
      for (const m of missing.slice(0, 20)) process.stdout.write(`  missing ${m.url} (${m.host}, ${m.via})\n`);
      if (missing.length > 20) process.stdout.write(`  ... ${missing.length - 20} more: stats --missing-feeds\n`);
    }
    return 0;
  } finally {
    db.close();
  }
}
