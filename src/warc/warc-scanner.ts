import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import type { Diagnostics } from '../core/diagnostics.js';
import { InputError, isInputError } from '../core/errors.js';
import type { ArchiveInput } from './archive-inputs.js';
import { sniffFormat } from './archive-inputs.js';
import { ByteQueue } from './byte-queue.js';
import { asRecordType, digestSubjectOf, isCaptureType, parseRecord, targetUriOf, toCapture, toIndexEntry } from './capture-builder.js';
import { DEFAULT_WARC_CONFIG, type WarcConfig } from './config.js';
import { CRLFCRLF, SNIFF_FILE_BYTES, WARC_VERSION_PREFIX } from './constants.js';
import { FileWindow } from './file-window.js';
import { walkGzipMembersAhead } from './inflate-ahead.js';
import { frameRecords, frameSingleRecord, type RawRecord } from './record-framer.js';
import type { IndexEntry, RecordLocation, ScannedRecord, ScanStats } from './types.js';
import { verifyRecordDigests } from './record-digest.js';
import { listWaczWarcs } from './wacz-entries.js';

export interface ScanOptions {
  diagnostics: Diagnostics;
  config?: WarcConfig;
  /** Decode the payload of this entry into `capture` (pass 1 reads feeds this way). */
  wantBody?: (entry: IndexEntry) => boolean;
  onProgress?: (stats: ScanStats) => void;
}

/** A byte range holding one WARC or WARC.gz: a whole file, or a STORED entry of a WACZ. */
interface WarcRange {
  /** File to open. */
  path: string;
  /** RecordLocation.file of its records. */
  file: string;
  start: number;
  size: number;
}

interface ScanState {
  stats: ScanStats;
  options: ScanOptions;
  config: WarcConfig;
  /** bytesRead of the ranges already finished (WACZ). */
  bytesBefore: number;
  lastProgressAt: number;
}

/**
 * Pass 1: stream every record of an archive once and yield one IndexEntry per
 * response/resource/revisit record (request, metadata, warcinfo, ... are counted and skipped).
 * Bad records are reported to `options.diagnostics` and the scan goes on. Memory stays bounded:
 * one gzip member (or one read chunk) at a time, bodies above maxRecordBytes are not kept.
 */
export async function* scanArchive(input: ArchiveInput, options: ScanOptions): AsyncGenerator<ScannedRecord> {
  const config = options.config ?? DEFAULT_WARC_CONFIG;
  const state: ScanState = {
    stats: { recordsByType: {}, records: 0, bytesRead: 0, recordsSkipped: 0 },
    options,
    config,
    bytesBefore: 0,
    lastProgressAt: 0,
  };
  for (const range of await archiveRanges(input, options.diagnostics)) {
    yield* scanRange(range, state);
    state.bytesBefore += range.size;
    state.stats.bytesRead = state.bytesBefore;
  }
  if (input.format === 'wacz') state.stats.bytesRead = input.bytes;
  options.onProgress?.(state.stats);
}

async function archiveRanges(input: ArchiveInput, diagnostics: Diagnostics): Promise<WarcRange[]> {
  if (input.format !== 'wacz') return [{ path: input.path, file: input.path, start: 0, size: input.bytes }];
  try {
    const listing = await listWaczWarcs(input.path);
    for (const problem of listing.problems) diagnostics.report(problem);
    for (const warning of listing.warnings) diagnostics.report(warning, 'warning');
    return listing.entries.map((e) => ({ path: e.path, file: `${input.path}#${e.name}`, start: e.dataStart, size: e.size }));
  } catch (error) {
    if (!isInputError(error)) throw error;
    diagnostics.report(error);
    return [];
  }
}

async function* scanRange(range: WarcRange, state: ScanState): AsyncGenerator<ScannedRecord> {
  if (range.size === 0) {
    state.options.diagnostics.report(new InputError('input.empty', 'empty WARC (0 bytes)', { file: range.file }));
    return;
  }
  const handle = await open(range.path, 'r');
  try {
    const window = new FileWindow(handle, range.start, range.size, state.config.readChunkBytes);
    const format = sniffFormat((await window.view(0, SNIFF_FILE_BYTES)).subarray(0, SNIFF_FILE_BYTES));
    if (format === 'warc.gz') yield* scanGzip(range, window, state);
    else if (format === 'warc') yield* scanPlain(range, handle, state);
    else
      state.options.diagnostics.report(
        new InputError('input.not-warc', 'not a WARC or WARC.gz (no WARC/ version line or gzip header at byte 0)', {
          file: range.file,
          offset: 0,
        }),
      );
  } finally {
    await handle.close();
  }
}

async function* scanGzip(range: WarcRange, window: FileWindow, state: ScanState): AsyncGenerator<ScannedRecord> {
  const { config, options } = state;
  const frame = { keepContentBytes: config.maxRecordBytes, maxHeaderBytes: config.maxHeaderBytes };
  for await (const event of walkGzipMembersAhead(window, { path: range.path, rangeStart: range.start, ...config })) {
    state.stats.bytesRead = state.bytesBefore + Math.min(range.size, event.offset + ('length' in event ? event.length : 0));
    if (event.type === 'corrupt') {
      state.stats.recordsSkipped++;
      options.diagnostics.report(
        new InputError('warc.gzip-corrupt', `gzip member skipped (${event.length} bytes): ${event.reason}`, {
          file: range.file,
          offset: event.offset,
        }),
      );
      continue;
    }
    // The common case, one well-formed record in the member, without the general framer.
    if (event.type === 'member') {
      const single = frameSingleRecord(event.data, frame);
      if (single !== null) {
        const scanned = processRecord(single, { file: range.file, offset: event.offset, length: event.length }, range.file, state, false);
        if (scanned !== null) yield scanned;
        maybeProgress(state);
        continue;
      }
    }
    const isWholeMember = event.type === 'member';
    const queue = event.type === 'stream' ? ByteQueue.fromChunks(event.chunks) : ByteQueue.fromBuffer(event.data);
    const memberLength = event.type === 'stream' ? range.size - event.offset : event.length;
    let sawRecord = false;
    for await (const item of frameRecords(queue, { ...frame, isEndAuthoritative: isWholeMember })) {
      const location: RecordLocation = { file: range.file, offset: event.offset, length: memberLength };
      if (item.type === 'skipped') {
        if (event.type === 'truncated') continue;
        reportSkipped(state, location, `${item.bytes} bytes at inflated offset ${item.start} of the gzip member: ${item.reason}`);
        continue;
      }
      sawRecord = true;
      if (item.start > 0) location.inflatedOffset = item.start;
      if (event.type === 'truncated' && item.isTruncated) {
        reportTruncated(state, item, location, `file ends inside this gzip member (${event.length} bytes on disk)`);
        continue;
      }
      const scanned = processRecord(item, location, range.file, state, false);
      if (scanned !== null) yield scanned;
    }
    await queue.drain();
    if (event.type === 'truncated' && !sawRecord) {
      state.stats.recordsSkipped++;
      options.diagnostics.report(
        new InputError('warc.truncated', `WARC record truncated: ${event.reason}, nothing readable`, {
          file: range.file,
          offset: event.offset,
        }),
      );
    }
    maybeProgress(state);
  }
}

/** Bytes read at a declared record end to tell whether a record ends there: CRLFCRLF + `WARC/`. */
const BOUNDARY_PROBE_BYTES = 9;
const CR = 13;
const LF = 10;

async function* scanPlain(range: WarcRange, handle: FileHandle, state: ScanState): AsyncGenerator<ScannedRecord> {
  const { config } = state;
  const stream = createReadStream(range.path, {
    start: range.start,
    end: range.start + range.size - 1,
    highWaterMark: Math.min(config.readChunkBytes, 1024 * 1024),
  });
  const queue = ByteQueue.fromChunks(stream);
  const probe = Buffer.alloc(BOUNDARY_PROBE_BYTES);
  // A record may end at `offset` when CRLFCRLF follows and then the data ends, a blank line or the next `WARC/`.
  const isBoundaryAt = async (offset: number): Promise<boolean> => {
    if (offset + CRLFCRLF.length > range.size) return false;
    const { bytesRead } = await handle.read(probe, 0, Math.min(probe.length, range.size - offset), range.start + offset);
    if (!probe.subarray(0, CRLFCRLF.length).equals(CRLFCRLF)) return false;
    if (bytesRead === CRLFCRLF.length) return true;
    const after = probe.subarray(CRLFCRLF.length, bytesRead);
    return after[0] === CR || after[0] === LF || WARC_VERSION_PREFIX.subarray(0, after.length).equals(after);
  };
  try {
    for await (const item of frameRecords(queue, {
      keepContentBytes: config.maxRecordBytes,
      maxHeaderBytes: config.maxHeaderBytes,
      isEndAuthoritative: false,
      isBoundaryAt,
    })) {
      state.stats.bytesRead = state.bytesBefore + queue.position;
      if (item.type === 'skipped') {
        reportSkipped(state, { file: range.file, offset: item.start, length: item.bytes }, `${item.bytes} bytes skipped: ${item.reason}`);
        continue;
      }
      const location: RecordLocation = { file: range.file, offset: item.start, length: item.end - item.start };
      if (item.isTruncated) {
        reportTruncated(state, item, location, 'file ends inside the record');
        continue;
      }
      const scanned = processRecord(item, location, range.file, state, true);
      if (scanned !== null) yield scanned;
      maybeProgress(state);
    }
  } finally {
    stream.destroy();
  }
}

function reportSkipped(state: ScanState, location: RecordLocation, message: string): void {
  state.stats.recordsSkipped++;
  state.options.diagnostics.report(new InputError('warc.bad-header', message, { file: location.file, offset: location.offset }));
}

const TARGET_URI = /\r\nWARC-Target-URI:[ \t]*<?([^\r\n>]*)/i;

function reportTruncated(state: ScanState, raw: RawRecord, location: RecordLocation, why: string): void {
  state.stats.recordsSkipped++;
  const url = TARGET_URI.exec(raw.header.toString('latin1'))?.[1]?.trim();
  const message = `WARC record truncated: Content-Length ${raw.declaredLength}, got ${raw.contentBytes} bytes; ${why}`;
  state.options.diagnostics.report(
    new InputError('warc.truncated', message, { file: location.file, offset: location.offset, ...(url ? { url } : {}) }),
  );
}

/** Count a framed record, and turn a capture record into its index entry (and capture). */
function processRecord(raw: RawRecord, location: RecordLocation, file: string, state: ScanState, isPlain: boolean): ScannedRecord | null {
  const { stats, options, config } = state;
  const where = { file, offset: location.offset };
  try {
    const parsed = parseRecord(raw, where, config.maxHeaderBytes);
    stats.records++;
    const type = asRecordType(parsed.warcType);
    if (type !== null) stats.recordsByType[type] = (stats.recordsByType[type] ?? 0) + 1;
    const url = parsed.warc.get('warc-target-uri');
    const located = { ...where, ...(url ? { url: targetUriOf(url) } : {}) };
    if (raw.lengthMismatch !== null) {
      const { declared, actual, repairedBy } = raw.lengthMismatch;
      const said = Number.isNaN(declared) ? 'missing' : `declared ${declared}`;
      const what =
        repairedBy === 'member-end'
          ? `the gzip member holds ${actual} bytes of content; used the member's`
          : repairedBy === 'next-record'
            ? `the next WARC record starts after ${actual} bytes of content; cut there, the records after it are kept`
            : `the next record starts ${actual - declared} bytes after the declared end; those bytes were dropped`;
      options.diagnostics.warn('warc.bad-length', `wrong WARC Content-Length: ${said}, ${what}`, located);
    }
    const entry = isCaptureType(parsed.warcType) ? toIndexEntry(parsed, location) : null;
    const wantsBody = entry !== null && options.wantBody?.(entry) === true;
    // A record whose length was already reported is not checked again: one report per bad record.
    const policy = config.verifyDigests;
    if (
      (policy === 'all' || (policy === 'auto' && (isPlain || wantsBody))) &&
      raw.isContentKept &&
      !raw.isTruncated &&
      raw.lengthMismatch === null
    ) {
      const problem = verifyRecordDigests(digestSubjectOf(parsed), located);
      if (problem !== null) options.diagnostics.report(problem);
    }
    if (entry === null) return null;
    if (!wantsBody) return { entry };
    if (!raw.isContentKept) {
      options.diagnostics.warn(
        'warc.too-large',
        `record content ${raw.declaredLength} bytes > maxRecordBytes ${config.maxRecordBytes}; indexed, body not decoded`,
        { ...where, url: entry.url },
      );
      return { entry };
    }
    // The record's bytes may be a view of the inflater's reused buffer: the capture gets its own copy.
    const owned = { ...parsed, raw: { ...raw, content: Buffer.from(raw.content) } };
    return { entry, capture: toCapture(entry, owned, config, options.diagnostics) };
  } catch (error) {
    if (!isInputError(error)) throw error;
    stats.recordsSkipped++;
    options.diagnostics.report(error);
    return null;
  }
}

function maybeProgress(state: ScanState): void {
  if (state.options.onProgress === undefined) return;
  if (state.stats.records - state.lastProgressAt < state.config.progressEveryRecords) return;
  state.lastProgressAt = state.stats.records;
  state.options.onProgress(state.stats);
}
