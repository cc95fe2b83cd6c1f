import { createWriteStream } from 'node:fs';
import type { Argv } from 'yargs';
import { openStore, readComments, readFeedStats, readObjectVersions, readPages } from '../../overlay/index.js';
import { writeRows } from '../output.js';

export const EXPORT_KINDS = ['objects', 'pages', 'feeds', 'comments'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export interface ExportArgs {
  dir: string;
  what: ExportKind;
  format: 'jsonl' | 'csv';
  output?: string;
}

export function exportCommand(yargs: Argv): Argv<ExportArgs> {
  return yargs
    .positional('dir', { describe: 'overlay directory', type: 'string', demandOption: true })
    .option('what', { describe: 'what to export', choices: EXPORT_KINDS, default: 'objects' as ExportKind })
    .option('format', { describe: 'output format', choices: ['jsonl', 'csv'] as const, default: 'jsonl' as const })
    .option('output', { alias: 'O', describe: 'write to this file instead of stdout', type: 'string' })
    .example('$0 export overlay/ --what objects > objects.jsonl', 'one JSON object per object version')
    .example('$0 export overlay/ --what feeds --format csv', 'feeds with their pairing figures') as unknown as Argv<ExportArgs>;
}

export async function runExport(args: ExportArgs): Promise<number> {
  const db = openStore(args.dir, { writable: false });
  const out = args.output ? createWriteStream(args.output) : process.stdout;
  try {
    const rows: Iterable<Record<string, unknown>> =
      args.what === 'objects'
        ? (readObjectVersions(db) as Iterable<unknown> as Iterable<Record<string, unknown>>)
        : args.what === 'pages'
          ? readPages(db)
          : args.what === 'feeds'
            ? readFeedStats(db)
            : readComments(db);
    await writeRows(rows, args.format, out);
  } finally {
    db.close();
    if (out !== process.stdout) await new Promise((resolve) => out.end(resolve));
  }
  return 0;
}
