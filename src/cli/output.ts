import type { Writable } from 'node:stream';

/** Quote one CSV field (RFC 4180): arrays and objects are written as JSON. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Write rows as JSON lines or CSV (header from the first row), waiting on back-pressure. */
export async function writeRows(
  rows: Iterable<Record<string, unknown>>,
  format: 'jsonl' | 'csv',
  out: Writable,
): Promise<number> {
  let header: string[] | undefined;
  let count = 0;
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await new Promise((resolve) => out.once('drain', resolve));
  };
  for (const row of rows) {
    if (format === 'jsonl') {
      await write(JSON.stringify(row));
    } else {
      if (!header) {
        header = Object.keys(row);
        await write(header.map(csvField).join(','));
      }
      await write(header.map((k) => csvField(row[k])).join(','));
    }
    count++;
  }
  return count;
}
