import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';

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
  const write = async (text: string) => {
    if (!out.write(text)) await new Promise((resolve) => out.once('drain', resolve));
  };
  for (const row of rows) {
    if (format === 'jsonl') {
      await write(`${JSON.stringify(row)}\n`);
    } else {
      if (!header) {
        header = Object.keys(row);
        await write(stringify([header]));
      }
      const cells = header.map((k) => csvValue(row[k]));
      await write(stringify([cells]));
    }
    count++;
  }
  return count;
}
