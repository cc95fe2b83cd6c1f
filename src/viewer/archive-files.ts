/**
 * The archive files the captures table points at, and reading one archived capture back by offset
 * with warcio. Only files listed in the store AND recorded by a build of this overlay (crawl
 * identity) are ever served, by number, never by a path from the request.
 */
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { basename, isAbsolute, resolve } from 'node:path';
import { WARCParser } from 'warcio';
import { type CaptureView, type Db, listCaptureFiles, listCrawlIdentities } from '../store/index.js';
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

/** Resolve a stored archive path: as is (absolute or from the cwd), then from the overlay directory; symlinks resolved. */
function locate(stored: string, overlayDir: string): string | null {
  const base = stored.split('#')[0] ?? stored;
  for (const p of isAbsolute(base) ? [base] : [resolve(base), resolve(overlayDir, base)]) {
    try {
      const real = realpathSync(p);
      if (statSync(real).isFile()) return real;
    } catch {
      // not there: try the next candidate
    }
  }
  return null;
}

/** Bytes hashed into a crawl's identity at build time (build-overlay.ts crawlIdentity). */
const IDENTITY_HEAD_BYTES = 65536;
/** `<basename>:<bytes>:<sha1 of the first 64 KiB>`, optionally followed by `#<crawl-by>:<label>`. */
const IDENTITY = /^(.*:\d+:[0-9a-f]{40})(?:#.*)?$/s;
/** What an archive starts with: a gzip member, a plain WARC record, a zip entry (WACZ). */
const ARCHIVE_MAGIC = [Buffer.from([0x1f, 0x8b]), Buffer.from('WARC/'), Buffer.from('PK\x03\x04', 'latin1')];

/** The first bytes of a file (at most `n`). */
function head(path: string, n: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(n);
    return buf.subarray(0, readSync(fd, buf, 0, n, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether a file on disk is one this overlay was built from: it starts like an archive and its
 * identity (name, size, hash of the first 64 KiB) is one a build recorded in the crawls table. The
 * store may come from someone else: a capture row naming `/home/me/.ssh/id_rsa` serves nothing.
 */
function isRegisteredArchive(path: string, name: string, identities: ReadonlySet<string>): boolean {
  const bytes = statSync(path).size;
  const start = head(path, IDENTITY_HEAD_BYTES);
  if (!ARCHIVE_MAGIC.some((m) => start.subarray(0, m.length).equals(m))) return false;
  return identities.has(`${name}:${bytes}:${createHash('sha1').update(start).digest('hex')}`);
}

export function listArchiveFiles(db: Db, overlayDir: string): ArchiveFile[] {
  const identities = new Set<string>();
  for (const identity of listCrawlIdentities(db)) {
    const m = IDENTITY.exec(identity);
    if (m?.[1] !== undefined) identities.add(m[1]);
  }
  const rows = listCaptureFiles(db).map((file) => ({ file }));
  const verified = new Map<string, boolean>();
  return rows.map((r, index) => {
    let path = locate(r.file, overlayDir);
    if (path !== null) {
      // Identity as the build computed it: the input's own file name (before symlinks), size, head hash.
      const name = basename(r.file.split('#')[0] ?? r.file);
      let ok = verified.get(`${name}\n${path}`);
      if (ok === undefined) {
        ok = isRegisteredArchive(path, name, identities);
        verified.set(`${name}\n${path}`, ok);
      }
      if (!ok) path = null;
    }
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
    return {
      status: Number(record.httpHeaders?.statusCode ?? 200),
      contentType,
      body: Buffer.concat(chunks).subarray(0, MAX_RAW_BODY_BYTES),
      truncated,
    };
  } catch (error) {
    return { error: `unreadable WARC record at ${capture.file} @ ${capture.offset}: ${(error as Error).message}` };
  }
}
