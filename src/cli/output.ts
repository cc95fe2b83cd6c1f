import type { Writable } from 'node:stream';

/** One CSV cell: arrays and objects are written as JSON, null and undefined as an empty cell. */
function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Write rows as JSON lines or CSV (RFC 4180 quoting by csv-stringify; header from the first row),
 * waiting on back-pressure.
 */
export async function writeRows(rows: Iterable<Record<string, unknown>>, format: 'jsonl' | 'csv', out: Writable): Promise<number> {
  let header: string[] | undefined;
  let count = 0;
  // csv-stringify is loaded by a CSV export only, not with the CLI.
  const csv = format === 'csv' ? (await import('csv-stringify/sync')).stringify : null;
  const write = async (text: string) => {
    if (!out.write(text)) await new Promise((resolve) => out.once('drain', resolve));
  };
  for (const row of rows) {
    if (csv === null) {
      await write(`${JSON.stringify(row)}\n`);
    } else {
      if (!header) {
        header = Object.keys(row);
        await write(csv([header]));
      }
      const cells = header.map((k) => csvValue(row[k]));
      await write(csv([cells]));
    }
    count++;
  }
  return count;
}
