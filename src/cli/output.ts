import type { Writable } from 'node:stream';

/** One CSV cell: arrays and objects are written as JSON, null and undefined as an empty cell. */
function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Write rows as JSON lines or CSV (RFC 4180 quoting by csv-stringify; header from the first row),
 * waiting on back-pressure. A write that fails (a full disk) rejects with its error, at the next
 * row or at the end, never as an unhandled stream event.
 */
export async function writeRows(rows: Iterable<Record<string, unknown>>, format: 'jsonl' | 'csv', out: Writable): Promise<number> {
  let header: string[] | undefined;
  let count = 0;
  let failed: Error | null = null;
  const onError = (error: Error): void => {
    failed ??= error;
  };
  out.on('error', onError);
  // csv-stringify is loaded by a CSV export only, not with the CLI.
  const csv = format === 'csv' ? (await import('csv-stringify/sync')).stringify : null;
  const write = async (text: string) => {
    if (failed !== null) throw failed;
    if (!out.write(text)) await drained(out);
  };
  try {
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
  } finally {
    out.off('error', onError);
  }
  if (failed !== null) throw failed;
  return count;
}

/** Resolves on the stream's next `drain`, rejects on an error first. */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error): void => {
      out.off('drain', onDrain);
      out.off('error', settle);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onDrain = (): void => settle();
    out.once('drain', onDrain);
    out.once('error', settle);
  });
}
