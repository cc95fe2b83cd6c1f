/** Line I/O shared by the shard commands (`index`, `shard-build`, `merge`). */
import type { Writable } from 'node:stream';
import type { Diagnostics } from '../core/diagnostics.js';

/** Bytes gathered before one write to the stream (ours: fewer syscalls, bounded memory). */
const WRITE_CHUNK_BYTES = 256 * 1024;

/** Writes lines in chunks, waiting on back-pressure so a slow reader never grows memory. */
export function lineWriter(out: Writable): { write(line: string): Promise<void> | undefined; end(): Promise<void> } {
  let pending: string[] = [];
  let size = 0;
  const flush = async (): Promise<void> => {
    if (pending.length === 0) return;
    const chunk = `${pending.join('\n')}\n`;
    pending = [];
    size = 0;
    if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
  };
  return {
    write(line: string) {
      pending.push(line);
      size += line.length + 1;
      return size >= WRITE_CHUNK_BYTES ? flush() : undefined;
    },
    end: flush,
  };
}

/** One summary line and the problems counted, on stderr (stdout carries the rows). */
export function printDiagnostics(diagnostics: Diagnostics, headline: string): void {
  const lines = [headline];
  for (const e of diagnostics.summary()) {
    lines.push(`  ${e.kind} (${e.severity}) x${e.count}`);
    for (const example of e.examples.slice(0, 3)) lines.push(`    ${example}`);
  }
  process.stderr.write(`${lines.join('\n')}\n`);
}
