/**
 * The archive files the captures table points at, and reading one archived capture back by offset
 * with warcio. Only files listed in the store are ever served (by number, never by a path from the
 * request).
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { WARCParser } from 'warcio';
import type { CaptureView, Db } from '../store/index.js';
import { MAX_RAW_BODY_BYTES } from './constants.js';

export interface ArchiveFile {
  index: number;
  /** As stored in captures.file. */
  stored: string;
  /** Resolved path on disk, null when not found. */
  path: string | null;
  /** WACZ members (`x.wacz#archive/data.warc.gz`) are replayed through their WACZ. */
  isWacz: boolean;
  bytes: number;
}

/** Resolve a stored archive path: as is (absolute or from the cwd), then from the overlay directory. */
function locate(stored: string, overlayDir: string): string | null {
  const base = stored.split('#')[0] ?? stored;
  for (const p of isAbsolute(base) ? [base] : [resolve(base), resolve(overlayDir, base)]) {
    if (existsSync(p) && statSync(p).isFile()) return p;
  }
  return null;
}

export function listArchiveFiles(db: Db, overlayDir: string): ArchiveFile[] {
  const rows = db.prepare('SELECT DISTINCT file FROM captures ORDER BY file').all() as Array<{ file: string }>;
  return rows.map((r, index) => {
    const path = locate(r.file, overlayDir);
    return { index, stored: r.file, path, isWacz: r.file.includes('#') || /\.wacz$/i.test(r.file), bytes: path ? statSync(path).size : 0 };
  });
}

export interface ArchivedBody {
  status: number;
  /** Content-Type as archived (with its charset). */
  contentType: string;
  body: Buffer;
  truncated: boolean;
}

/** The decoded HTTP payload of a capture read by offset, or a reason it cannot be read. */
export async function readArchivedBody(file: ArchiveFile | undefined, capture: CaptureView): Promise<ArchivedBody | { error: string }> {
  if (file === undefined || file.path === null) return { error: `archive file not found: ${capture.file}` };
  if (file.isWacz) return { error: `capture inside a WACZ (${capture.file}): open it through the wabac replay` };
  try {
    const stream = createReadStream(file.path, { start: capture.offset, end: capture.offset + capture.length - 1 });
    const record = await new WARCParser(stream).parse();
    if (record === null) return { error: `no WARC record at ${capture.file} @ ${capture.offset}` };
    const chunks: Buffer[] = [];
    let bytes = 0;
    let truncated = false;
    for await (const chunk of record.contentReader) {
      chunks.push(Buffer.from(chunk));
      bytes += chunk.length;
      if (bytes > MAX_RAW_BODY_BYTES) {
        truncated = true;
        break;
      }
    }
    stream.destroy();
    const contentType = record.httpHeaders?.headers.get('content-type') ?? capture.mime ?? 'application/octet-stream';
    return { status: Number(record.httpHeaders?.statusCode ?? 200), contentType, body: Buffer.concat(chunks).subarray(0, MAX_RAW_BODY_BYTES), truncated };
  } catch (error) {
    return { error: `unreadable WARC record at ${capture.file} @ ${capture.offset}: ${(error as Error).message}` };
  }
}
