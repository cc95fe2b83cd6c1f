import type { Argv } from 'yargs';
import { openStore, readFeedStats } from '../../overlay/index.js';

export interface StatsArgs {
  dir: string;
  json: boolean;
}

export function statsCommand(yargs: Argv): Argv<StatsArgs> {
  return yargs
    .positional('dir', { describe: 'overlay directory', type: 'string', demandOption: true })
    .option('json', { describe: 'print JSON instead of text', type: 'boolean', default: false })
    .example('$0 stats overlay/', 'per feed: format, kind, full/partial, items, paired, unpaired with reasons') as unknown as Argv<StatsArgs>;
}

export async function runStats(args: StatsArgs): Promise<number> {
  const db = openStore(args.dir, { writable: false });
  try {
    const feeds = readFeedStats(db);
    if (args.json) {
      process.stdout.write(`${JSON.stringify({ feeds }, null, 2)}\n`);
      return 0;
    }
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
    }
    return 0;
  } finally {
    db.close();
  }
}
