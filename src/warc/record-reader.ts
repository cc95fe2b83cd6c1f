import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createGunzip, type Gunzip, gunzip } from 'node:zlib';
import type { Diagnostics } from '../core/diagnostics.js';
import { InputError } from '../core/errors.js';
import { ByteQueue } from './byte-queue.js';
import { digestSubjectOf, isCaptureType, parseRecord, toCapture, toIndexEntry } from './capture-builder.js';
import { DEFAULT_WARC_CONFIG, type WarcConfig } from './config.js';
import { GZIP_MAGIC } from './constants.js';
import { frameRecords } from './record-framer.js';
import { verifyRecordDigests } from './record-digest.js';
import type { Capture, RecordLocation } from './types.js';
import { readSpan } from './span-reader.js';
import { findWaczWarc, splitWaczLocation } from './wacz-entries.js';

export interface ReadCaptureOptions {
  diagnostics?: Diagnostics;
  config?: WarcConfig;
}

/** Which file and absolute byte range a location points at (inside the zip for WACZ). */
async function resolveRange(location: RecordLocation): Promise<{ path: string; start: number; end: number }> {
  const wacz = splitWaczLocation(location.file);
  if (wacz === null) return { path: location.file, start: location.offset, end: location.offset + location.length };
  const entry = await findWaczWarc(wacz.path, wacz.entry);
  const start = entry.dataStart + location.offset;
  return { path: entry.path, start, end: Math.min(entry.dataStart + entry.size, start + location.length) };
}

const gunzipWhole = promisify(gunzip);

/**
 * A whole gzip member inflated in one call on the thread pool (no stream, one hop), or null when
 * it does not inflate cleanly within `maxBytes`: the streamed reading then says why, as before.
 */
async function inflateWhole(bytes: Buffer, maxBytes: number): Promise<Buffer | null> {
  try {
    return await gunzipWhole(bytes, { maxOutputLength: maxBytes });
  } catch {
    return null;
  }
}

async function readPrefix(path: string, start: number, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(path, { start, end: start + bytes - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Pass 2: read one record by its location (`length` bytes at `offset`, gunzipped when it is a gzip
 * member, inflated up to `inflatedOffset` for whole-file gzip) and decode its payload.
 * Throws InputError when the bytes there are not a readable capture record.
 */
export async function readCapture(location: RecordLocation, options: ReadCaptureOptions = {}): Promise<Capture> {
  const config = options.config ?? DEFAULT_WARC_CONFIG;
  const where = { file: location.file, offset: location.offset };
  let range: { path: string; start: number; end: number };
  try {
    range = await resolveRange(location);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError('input.unreadable', `cannot open: ${(error as Error).message}`, where, { cause: error });
  }
  if (range.end <= range.start) throw new InputError('warc.bad-length', `empty record location (length ${location.length})`, where);
  // A record of one gzip member (or a plain WARC extent) is read whole, coalesced with the next
  // ones; one inside a whole-file gzip member (an upper-bound length) is streamed.
  const isWhole = location.inflatedOffset === undefined && range.end - range.start <= config.maxRecordBytes;
  let isGzip: boolean;
  let bytes: Buffer | null = null;
  try {
    if (isWhole) bytes = await readSpan(range.path, range.start, range.end, config.coalesceReadBytes);
    isGzip = (bytes ?? (await readPrefix(range.path, range.start, GZIP_MAGIC.length))).subarray(0, GZIP_MAGIC.length).equals(GZIP_MAGIC);
  } catch (error) {
    throw new InputError('input.unreadable', `cannot read: ${(error as Error).message}`, where, { cause: error });
  }
  // A whole record that inflates within the limits is framed from memory; else it is streamed.
  const inflated = bytes === null || !isGzip ? bytes : await inflateWhole(bytes, config.maxRecordBytes + 2 * config.maxHeaderBytes);
  let source: Readable | null = null;
  let gunzip: Gunzip | null = null;
  let queue: ByteQueue;
  if (inflated !== null) queue = ByteQueue.fromBuffer(inflated);
  else {
    source =
      bytes !== null
        ? Readable.from([bytes])
        : createReadStream(range.path, { start: range.start, end: range.end - 1, highWaterMark: 256 * 1024 });
    gunzip = isGzip ? createGunzip({ chunkSize: 64 * 1024 }) : null;
    queue = ByteQueue.fromChunks(gunzip !== null ? source.pipe(gunzip) : source);
  }
  try {
    if (location.inflatedOffset !== undefined) await queue.skip(location.inflatedOffset);
    // The location's end is the record's end (a gzip member, or the extent the scan found in a
    // plain WARC), except inside a whole-file gzip member: a wrong Content-Length is repaired from
    // it as the scan did.
    const frames = frameRecords(queue, {
      keepContentBytes: config.maxRecordBytes,
      maxHeaderBytes: config.maxHeaderBytes,
      isEndAuthoritative: location.inflatedOffset === undefined,
    });
    const first = await frames.next().catch((error: unknown) => {
      throw new InputError('warc.gzip-corrupt', `cannot inflate the record: ${(error as Error).message}`, where, { cause: error });
    });
    await frames.return(undefined);
    const raw = first.value;
    if (first.done === true || raw === undefined) throw new InputError('warc.bad-header', 'no WARC record at this offset', where);
    if (raw.type === 'skipped') throw new InputError('warc.bad-header', `no WARC record at this offset: ${raw.reason}`, where);
    if (!raw.isContentKept)
      throw new InputError('warc.too-large', `record content ${raw.declaredLength} bytes > maxRecordBytes ${config.maxRecordBytes}`, where);
    if (raw.isTruncated)
      throw new InputError(
        'warc.truncated',
        `WARC record truncated: Content-Length ${raw.declaredLength}, got ${raw.contentBytes} bytes`,
        where,
      );
    const parsed = parseRecord(raw, where, config.maxHeaderBytes);
    if (!isCaptureType(parsed.warcType))
      throw new InputError('warc.bad-header', `record at this offset is a ${parsed.warcType || 'untyped'} record, not a capture`, where);
    const entry = toIndexEntry(parsed, location);
    // Pass 2 decodes this record anyway: its digests are checked unless switched off.
    const diagnostics = options.diagnostics;
    if (diagnostics !== undefined && config.verifyDigests !== 'none' && raw.lengthMismatch === null) {
      const problem = verifyRecordDigests(digestSubjectOf(parsed), { ...where, url: entry.url });
      if (problem !== null) diagnostics.report(problem);
    }
    return toCapture(entry, parsed, config, diagnostics);
  } finally {
    source?.destroy();
    gunzip?.destroy();
  }
}
