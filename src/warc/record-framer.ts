import type { ByteQueue } from './byte-queue.js';
import { CONTENT_PREFIX_BYTES, CRLFCRLF, WARC_RESYNC_PATTERN, WARC_VERSION_PREFIX } from './constants.js';

/** One WARC record cut out of an uncompressed byte stream, before any header parsing. */
export interface RawRecord {
  type: 'record';
  /** Stream offset of the `WARC/` version line. */
  start: number;
  /** Stream offset just after the record (after its CRLFCRLF and any blank lines). */
  end: number;
  /** WARC header block, version line included, ending with CRLFCRLF. */
  header: Buffer;
  /** Content-Length as declared (NaN when missing or not a number). */
  declaredLength: number;
  /** The record block; only its first CONTENT_PREFIX_BYTES when it is above `keepContentBytes`. */
  content: Buffer;
  /** Bytes of record block actually present in the stream. */
  contentBytes: number;
  /** False when `content` is only a prefix (record above keepContentBytes). */
  isContentKept: boolean;
  /** The stream ended before the declared content did. */
  isTruncated: boolean;
  /**
   * The declared length disagreed with the data. `isRepaired`: the content was taken from the gzip
   * member boundary; otherwise it was cut at the declared length and the bytes up to the next
   * record (`actual - declared`) were dropped.
   */
  lengthMismatch: { declared: number; actual: number; isRepaired: boolean; repairedBy?: 'member-end' | 'next-record' } | null;
}

/** Bytes that were not a WARC record (garbage between records, a header too long, ...). */
export interface SkippedBytes {
  type: 'skipped';
  start: number;
  bytes: number;
  reason: string;
}

export interface FrameOptions {
  /** Records whose content is above this are not kept whole (see CONTENT_PREFIX_BYTES). */
  keepContentBytes: number;
  maxHeaderBytes: number;
  /**
   * The end of the stream is a known record boundary (one gzip member): a wrong Content-Length
   * is then repaired from the boundary instead of losing the record.
   */
  isEndAuthoritative: boolean;
  /**
   * Whether a record may end at this stream offset (CRLFCRLF, then the next `WARC/` line or the
   * end of the data), looked up without consuming the stream (plain WARC files: read by offset).
   * When the declared Content-Length does not end on one, the record is cut at the next
   * `CRLFCRLF WARC/1.` inside its declared block instead, so the records after it are kept.
   */
  isBoundaryAt?: (offset: number) => Promise<boolean>;
}

/** The end of a record block followed by the next record's version line [WARC 1.1 §4]. */
const NEXT_RECORD = Buffer.concat([CRLFCRLF, WARC_RESYNC_PATTERN.subarray(1)]);
const CONTENT_LENGTH = /\r\ncontent-length[ \t]*:[ \t]*(\d+)/i;
const CR = 13;
const LF = 10;

/**
 * Cut an uncompressed WARC stream into records by WARC header block + Content-Length
 * (WARC 1.1 §4: `version CRLF *named-field CRLF block CRLF CRLF`). Never throws on bad data:
 * garbage is yielded as `skipped` and the framer resynchronises on the next `WARC/1.` line.
 */
export async function* frameRecords(queue: ByteQueue, options: FrameOptions): AsyncGenerator<RawRecord | SkippedBytes> {
  for (;;) {
    await skipBlankLines(queue);
    if ((await queue.ensure(WARC_VERSION_PREFIX.length)) === 0) return;
    const start = queue.position;
    if (!queue.peek(WARC_VERSION_PREFIX.length).equals(WARC_VERSION_PREFIX)) {
      const skipped = await resync(queue, options.maxHeaderBytes);
      yield { type: 'skipped', start, bytes: skipped, reason: 'bytes between records do not start with WARC/' };
      continue;
    }
    const headerEnd = await queue.indexOf(CRLFCRLF, options.maxHeaderBytes);
    if (headerEnd < 0) {
      const atEnd = queue.available < options.maxHeaderBytes;
      const skipped = atEnd ? await queue.drain() : await resync(queue, options.maxHeaderBytes, 1);
      yield {
        type: 'skipped',
        start,
        bytes: skipped,
        reason: atEnd ? 'stream ends inside the WARC header block' : `WARC header block longer than ${options.maxHeaderBytes} bytes`,
      };
      continue;
    }
    const header = await queue.take(headerEnd + CRLFCRLF.length);
    yield await readBlock(queue, start, header, declaredLengthOf(header), options);
  }
}

/** The Content-Length a WARC header block declares, NaN when missing or not a number. */
function declaredLengthOf(header: Buffer): number {
  const match = CONTENT_LENGTH.exec(header.toString('latin1'));
  return match?.[1] !== undefined ? Number(match[1]) : Number.NaN;
}

/**
 * The record of a buffer that holds exactly one well-formed record and nothing else but the
 * blank lines after it: a gzip member as crawlers write them (one record each). Synchronous, no
 * ByteQueue and no generator: per-record overhead on crawls of small records (issue #15). Null
 * for anything else (leading garbage, a wrong length, several records, a record above
 * keepContentBytes), which frameRecords then handles.
 */
export function frameSingleRecord(buf: Buffer, options: Pick<FrameOptions, 'keepContentBytes' | 'maxHeaderBytes'>): RawRecord | null {
  if (
    buf.length < WARC_VERSION_PREFIX.length ||
    buf.compare(WARC_VERSION_PREFIX, 0, WARC_VERSION_PREFIX.length, 0, WARC_VERSION_PREFIX.length) !== 0
  )
    return null;
  const headerEnd = buf.indexOf(CRLFCRLF);
  if (headerEnd < 0 || headerEnd > options.maxHeaderBytes) return null;
  const header = buf.subarray(0, headerEnd + CRLFCRLF.length);
  const declared = declaredLengthOf(header);
  if (!Number.isFinite(declared) || declared > options.keepContentBytes) return null;
  const contentEnd = header.length + declared;
  if (contentEnd > buf.length) return null;
  for (let i = contentEnd; i < buf.length; i++) if (buf[i] !== CR && buf[i] !== LF) return null;
  return {
    type: 'record',
    start: 0,
    end: buf.length,
    header,
    declaredLength: declared,
    content: buf.subarray(header.length, contentEnd),
    contentBytes: declared,
    isContentKept: true,
    isTruncated: false,
    lengthMismatch: null,
  };
}

async function readBlock(
  queue: ByteQueue,
  start: number,
  header: Buffer,
  declaredLength: number,
  options: FrameOptions,
): Promise<RawRecord> {
  const declared = Number.isFinite(declaredLength) ? declaredLength : 0;
  if (!options.isEndAuthoritative && options.isBoundaryAt !== undefined && !(await options.isBoundaryAt(queue.position + declared))) {
    const cut = await cutAtNextRecord(queue, start, header, declaredLength, options);
    if (cut !== null) return cut;
  }
  // Above keepContentBytes only a prefix is kept, unless the stream, whose end is the record's
  // end, holds less than that: then the declared length is wrong and the record is repaired below.
  const isContentKept =
    declared <= options.keepContentBytes ||
    (options.isEndAuthoritative && (await queue.ensure(options.keepContentBytes + 1)) <= options.keepContentBytes);
  let content: Buffer;
  let contentBytes: number;
  if (isContentKept) {
    content = await queue.take(declared);
    contentBytes = content.length;
  } else {
    content = await queue.take(CONTENT_PREFIX_BYTES);
    contentBytes = content.length + (await queue.skip(declared - content.length));
  }
  const record: RawRecord = {
    type: 'record',
    start,
    end: start,
    header,
    declaredLength,
    content,
    contentBytes,
    isContentKept,
    isTruncated: contentBytes < declared,
    lengthMismatch: Number.isFinite(declaredLength) ? null : { declared: Number.NaN, actual: contentBytes, isRepaired: false },
  };
  if (options.isEndAuthoritative && isContentKept) {
    await repairFromBoundary(queue, record);
  } else if (!record.isTruncated && !(await consumeRecordEnd(queue))) {
    // The next record starts elsewhere: the bytes up to it belong to this record's bad length.
    const extra = await resync(queue, options.maxHeaderBytes);
    record.lengthMismatch = { declared, actual: declared + extra, isRepaired: false };
  }
  record.end = queue.position;
  return record;
}

/**
 * The declared length does not end on a record boundary (absurd, or too long): if the next
 * `CRLFCRLF WARC/1.` comes before the declared end (looking at most keepContentBytes ahead), the
 * record ends there. Null when there is none (a record cut by the end of the file, or too short:
 * handled by the caller as before).
 */
async function cutAtNextRecord(
  queue: ByteQueue,
  start: number,
  header: Buffer,
  declaredLength: number,
  options: FrameOptions,
): Promise<RawRecord | null> {
  const declared = Number.isFinite(declaredLength) ? declaredLength : 0;
  const next = await queue.indexOf(NEXT_RECORD, Math.min(declared, options.keepContentBytes) + NEXT_RECORD.length);
  if (next < 0 || next >= declared) return null;
  const content = await queue.take(next);
  await queue.skip(CRLFCRLF.length);
  return {
    type: 'record',
    start,
    end: queue.position,
    header,
    declaredLength,
    content,
    contentBytes: content.length,
    isContentKept: true,
    isTruncated: false,
    lengthMismatch: { declared: declaredLength, actual: content.length, isRepaired: true, repairedBy: 'next-record' },
  };
}

/**
 * In a gzip member the member end is the record end: if the data after the declared content is
 * not CRLFCRLF (+ maybe another record), or the content ran past the member, trust the member.
 */
async function repairFromBoundary(queue: ByteQueue, record: RawRecord): Promise<void> {
  if (record.isTruncated) {
    const actual = trimTrailingNewlines(record.content);
    record.lengthMismatch = { declared: record.declaredLength, actual: actual.length, isRepaired: true, repairedBy: 'member-end' };
    record.content = actual;
    record.contentBytes = actual.length;
    record.isTruncated = false;
    return;
  }
  if (await consumeRecordEnd(queue)) return;
  await queue.ensure(Number.MAX_SAFE_INTEGER);
  const rest = queue.peek();
  const nextRecord = rest.indexOf(WARC_RESYNC_PATTERN);
  const extra = trimTrailingNewlines(nextRecord >= 0 ? rest.subarray(0, nextRecord) : rest);
  record.content = Buffer.concat([record.content, extra]);
  record.contentBytes = record.content.length;
  record.lengthMismatch = { declared: record.declaredLength, actual: record.content.length, isRepaired: true, repairedBy: 'member-end' };
  await queue.skip(nextRecord >= 0 ? nextRecord + 1 : rest.length);
}

/** Consume the CRLFCRLF that ends a record; true when it (or end of stream) is there. */
async function consumeRecordEnd(queue: ByteQueue): Promise<boolean> {
  const avail = await queue.ensure(CRLFCRLF.length);
  if (avail === 0) return true;
  const head = queue.peek(CRLFCRLF.length);
  let newlines = 0;
  while (newlines < head.length && (head[newlines] === CR || head[newlines] === LF)) newlines++;
  if (newlines === 0) return false;
  await queue.skip(newlines);
  return true;
}

async function skipBlankLines(queue: ByteQueue): Promise<void> {
  for (;;) {
    if ((await queue.ensure(1)) === 0) return;
    const head = queue.peek(Math.min(queue.available, 64));
    let n = 0;
    while (n < head.length && (head[n] === CR || head[n] === LF)) n++;
    if (n === 0) return;
    await queue.skip(n);
  }
}

/** Skip to the next `WARC/1.` at a line start (at least `minSkip` bytes); returns bytes skipped. */
async function resync(queue: ByteQueue, window: number, minSkip = 0): Promise<number> {
  let skipped = await queue.skip(minSkip);
  for (;;) {
    const found = await queue.indexOf(WARC_RESYNC_PATTERN, window);
    if (found >= 0) return skipped + (await queue.skip(found + 1));
    const n = Math.max(1, Math.min(queue.available, window) - WARC_RESYNC_PATTERN.length);
    const step = await queue.skip(n);
    skipped += step;
    if (step === 0 || queue.isEmpty) return skipped;
  }
}

function trimTrailingNewlines(buf: Buffer): Buffer {
  let end = buf.length;
  let count = 0;
  while (end > 0 && count < 4 && (buf[end - 1] === LF || buf[end - 1] === CR)) {
    end--;
    count++;
  }
  return buf.subarray(0, end);
}
