/**
 * Ranged reads by offset, coalesced (pass 2 and shard-build read records by file and offset, in
 * that order): when a read starts close after the previous read of the same file (a run of close
 * records), it takes up to `aheadBytes` past the record as well, and the next records inside that
 * span come from memory: close records cost one read instead of one open + read each, and a lone
 * record costs no more bytes than itself. A span is dropped when its file changed (size, mtime, inode).
 */
import { open, stat } from 'node:fs/promises';

/** Spans kept, the most recent first (ours: a reader walks one or two files at a time). */
const MAX_SPANS = 4;

interface Span {
  path: string;
  start: number;
  bytes: Buffer;
  /** size, mtime and inode of the file when read. */
  version: string;
}

const spans: Span[] = [];
/** Where the last read of each file ended (a run of close reads is what earns a read-ahead). */
const lastEnds = new Map<string, number>();

/** Reads and span hits since the process started (bench and tests read them). */
export const spanReadStats = { reads: 0, hits: 0, bytesRead: 0 };

const versionOf = (s: { size: number; mtimeMs: number; ino: number }): string => `${s.size}:${s.mtimeMs}:${s.ino}`;

/** The bytes [start, end) of `path`: from a span read before, else one read of them and `aheadBytes` more. */
export async function readSpan(path: string, start: number, end: number, aheadBytes: number): Promise<Buffer> {
  const cached = spans.find((s) => s.path === path && s.start <= start && end <= s.start + s.bytes.length);
  if (cached !== undefined && versionOf(await stat(path)) === cached.version) {
    spanReadStats.hits++;
    return cached.bytes.subarray(start - cached.start, end - cached.start);
  }
  const file = await open(path, 'r');
  try {
    const info = await file.stat();
    const lastEnd = lastEnds.get(path);
    const isRun = lastEnd !== undefined && start >= lastEnd && start - lastEnd <= aheadBytes;
    const length = Math.max(0, Math.min(end + (isRun ? aheadBytes : 0), info.size) - start);
    const bytes = Buffer.allocUnsafe(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await file.read(bytes, filled, length - filled, start + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    spanReadStats.reads++;
    spanReadStats.bytesRead += filled;
    lastEnds.set(path, start + filled);
    if (lastEnds.size > MAX_SPANS * 4) lastEnds.delete(lastEnds.keys().next().value as string);
    if (isRun) {
      const stale = spans.findIndex((s) => s.path === path);
      if (stale >= 0) spans.splice(stale, 1);
      spans.unshift({ path, start, bytes: bytes.subarray(0, filled), version: versionOf(info) });
      spans.length = Math.min(spans.length, MAX_SPANS);
    }
    return bytes.subarray(0, Math.min(filled, end - start));
  } finally {
    await file.close();
  }
}
