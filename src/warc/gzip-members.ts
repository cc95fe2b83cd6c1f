import { createReadStream } from 'node:fs';
import zlib from 'node:zlib';
import { GZIP_FLAG, GZIP_HEADER_BYTES, GZIP_HEADER_PROBE_BYTES, GZIP_MAGIC, GZIP_TRAILER_BYTES, WARC_VERSION_PREFIX } from './constants.js';
import type { FileWindow } from './file-window.js';

/**
 * What a walk over the gzip members of a .warc.gz yields. Members are inflated with Node's native
 * zlib (issue #2: warcio's JS inflate runs at ~12% of it), one call per member on one reused
 * handle (MemberInflater), which also tells each member's compressed length (input consumed up
 * to the stream end). A member's `data` is valid until the walk is resumed.
 */
export type MemberEvent =
  /** A whole member, inflated. */
  | { type: 'member'; offset: number; length: number; data: Buffer }
  /**
   * A member too large to inflate in one call (whole-file gzip, a huge record): its inflated bytes
   * as a stream. Consume `chunks` to the end before asking for the next event.
   */
  | { type: 'stream'; offset: number; chunks: AsyncIterable<Buffer> }
  /** The file ends inside this member: what could be inflated of it. */
  | { type: 'truncated'; offset: number; length: number; data: Buffer; reason: string }
  /** Bytes that are not a valid member (corrupt deflate data, CRC mismatch, garbage). */
  | { type: 'corrupt'; offset: number; length: number; reason: string };

export interface MemberWalkOptions {
  /** Path of the file holding the range (the streaming fallback opens its own read stream). */
  path: string;
  /** Absolute offset of the range in that file (0, or a WACZ entry's data start). */
  rangeStart: number;
  maxMemberInflateBytes: number;
  readChunkBytes: number;
  verifyCrc: boolean;
  /** Range offset of the first member to read (default 0: the range start). */
  startAt?: number;
}

/** Length of the gzip header at `buf[0]` (RFC 1952 §2.3), or null when it is not one. */
export function gzipHeaderLength(buf: Buffer): number | null {
  if (buf.length < GZIP_HEADER_BYTES || buf[0] !== GZIP_MAGIC[0] || buf[1] !== GZIP_MAGIC[1] || buf[2] !== GZIP_MAGIC[2]) return null;
  const flags = buf[3] ?? 0;
  if ((flags & GZIP_FLAG.RESERVED) !== 0) return null;
  let p = GZIP_HEADER_BYTES;
  if (flags & GZIP_FLAG.FEXTRA) {
    if (p + 2 > buf.length) return null;
    p += 2 + buf.readUInt16LE(p);
  }
  for (const flag of [GZIP_FLAG.FNAME, GZIP_FLAG.FCOMMENT]) {
    if ((flags & flag) === 0) continue;
    const end = buf.indexOf(0, p);
    if (end < 0) return null;
    p = end + 1;
  }
  if (flags & GZIP_FLAG.FHCRC) p += 2;
  return p <= buf.length ? p : null;
}

type InflateResult =
  | { ok: true; data: Buffer; consumed: number }
  | { ok: false; code: 'need-more' | 'too-large' | 'corrupt'; message: string };

/** Initial size of the reused output buffer of MemberInflater (grown up to maxMemberInflateBytes). */
const INFLATE_OUTPUT_BYTES = 1024 * 1024;

/** The parts of Node's zlib stream object MemberInflater drives (stable since Node 12, checked at run time). */
interface NativeInflate {
  _handle?: {
    writeSync(flush: number, input: Buffer, inOff: number, inLen: number, out: Buffer, outOff: number, outLen: number): void;
    reset(): void;
  };
  _writeState?: Uint32Array;
}

/**
 * Inflates gzip members one after the other with ONE native raw-inflate handle, reset between
 * members, into one reused output buffer. `zlib.inflateRawSync` builds a Transform stream, a
 * native handle and a 64 KiB output buffer per call: on a crawl of 3 KB records that is most of
 * the index pass (issue #15 profile: zlib stream construction, allocation and the GC they cause
 * took ~55% of the CPU). Where the runtime does not expose the handle, falls back to inflateRawSync.
 *
 * The data returned is a view of the shared output buffer: valid until the next call.
 */
export class MemberInflater {
  #engine: (zlib.InflateRaw & NativeInflate) | null = null;
  #out: Buffer = Buffer.alloc(0);

  /** True when the native handle can be driven directly (else every call uses inflateRawSync). */
  static readonly isSupported: boolean = (() => {
    const probe = zlib.createInflateRaw() as zlib.InflateRaw & NativeInflate;
    const ok =
      typeof probe._handle?.writeSync === 'function' &&
      typeof probe._handle.reset === 'function' &&
      probe._writeState instanceof Uint32Array;
    probe.close();
    return ok;
  })();

  #open(): zlib.InflateRaw & NativeInflate {
    if (this.#engine !== null) return this.#engine;
    const engine = zlib.createInflateRaw() as zlib.InflateRaw & NativeInflate;
    engine.on('error', () => {});
    this.#engine = engine;
    return engine;
  }

  /** Inflate the raw deflate stream at the start of `deflateData`, at most `maxOutputLength` bytes. */
  inflate(deflateData: Buffer, maxOutputLength: number): InflateResult {
    if (!MemberInflater.isSupported) return inflateMemberOnce(deflateData, maxOutputLength);
    const engine = this.#open();
    const handle = engine._handle;
    const state = engine._writeState;
    if (handle === undefined || state === undefined) return inflateMemberOnce(deflateData, maxOutputLength);
    // One byte more than allowed tells "exactly at the cap" from "above it".
    const cap = maxOutputLength + 1;
    if (this.#out.length === 0) this.#out = Buffer.allocUnsafe(Math.min(INFLATE_OUTPUT_BYTES, cap));
    let inOff = 0;
    let inLen = deflateData.length;
    let outOff = 0;
    for (;;) {
      const outEnd = Math.min(this.#out.length, cap);
      handle.writeSync(zlib.constants.Z_SYNC_FLUSH, deflateData, inOff, inLen, this.#out, outOff, outEnd - outOff);
      if (engine.destroyed) {
        // On bad data zlib destroys the stream at once (its 'error' event comes later, and is
        // swallowed by the listener set in #open): the next member gets a fresh one.
        this.#engine = null;
        return { ok: false, code: 'corrupt', message: engine.errored?.message ?? 'zlib error' };
      }
      const availOut = state[0] ?? 0;
      const availIn = state[1] ?? 0;
      inOff += inLen - availIn;
      inLen = availIn;
      outOff = outEnd - availOut;
      if (availOut === 0) {
        if (outEnd >= cap) {
          handle.reset();
          return { ok: false, code: 'too-large', message: `member inflates to more than ${maxOutputLength} bytes` };
        }
        const bigger = Buffer.allocUnsafe(Math.min(cap, this.#out.length * 2));
        this.#out.copy(bigger, 0, 0, outOff);
        this.#out = bigger;
        continue;
      }
      handle.reset();
      // Output space left: inflate stopped at the end of the deflate stream (input left over: at
      // least the 8-byte gzip trailer) or for want of input.
      if (inLen > 0) return { ok: true, data: this.#out.subarray(0, outOff), consumed: inOff };
      return { ok: false, code: 'need-more', message: 'deflate stream continues past the bytes given' };
    }
  }
}

function inflateMemberOnce(deflateData: Buffer, maxOutputLength: number): InflateResult {
  try {
    const { buffer, engine } = zlib.inflateRawSync(deflateData, { info: true, maxOutputLength, chunkSize: 64 * 1024 }) as unknown as {
      buffer: Buffer;
      engine: zlib.InflateRaw;
    };
    return { ok: true, data: buffer, consumed: engine.bytesWritten };
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) return { ok: false, code: 'too-large', message: e.message };
    if (e.code === 'Z_BUF_ERROR') return { ok: false, code: 'need-more', message: e.message };
    return { ok: false, code: 'corrupt', message: e.message };
  }
}

/** What could be inflated of a member cut short (no error on missing end). */
function inflatePartial(deflateData: Buffer, maxOutputLength: number): Buffer {
  try {
    return zlib.inflateRawSync(deflateData, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength });
  } catch {
    return Buffer.alloc(0);
  }
}

/**
 * Walk the gzip members of a file range. Never throws on bad data: a corrupt member is reported
 * and the walk resynchronises on the next member header (1f 8b 08) whose first inflated bytes
 * are `WARC/`, so one bad member costs only its own records.
 */
export async function* walkGzipMembers(window: FileWindow, options: MemberWalkOptions): AsyncGenerator<MemberEvent> {
  const inflater = new MemberInflater();
  let pos = options.startAt ?? 0;
  while (pos < window.size) {
    const head = await window.view(pos, GZIP_HEADER_PROBE_BYTES);
    const headerLength = gzipHeaderLength(head);
    if (headerLength === null) {
      const next = await findNextMember(window, pos + 1, options);
      yield { type: 'corrupt', offset: pos, length: next - pos, reason: 'no gzip member header here' };
      pos = next;
      continue;
    }
    const dataStart = pos + headerLength;
    // First try with what the window already holds past the header; grow only when the member is longer.
    let need = GZIP_HEADER_PROBE_BYTES;
    for (;;) {
      const view = await window.view(dataStart, need);
      const atEnd = dataStart + view.length >= window.size;
      const result = inflater.inflate(view, options.maxMemberInflateBytes);
      if (result.ok) {
        const trailerAt = dataStart + result.consumed;
        const trailer = (await window.view(trailerAt, GZIP_TRAILER_BYTES)).subarray(0, GZIP_TRAILER_BYTES);
        const end = Math.min(window.size, trailerAt + GZIP_TRAILER_BYTES);
        const problem = checkTrailer(trailer, result.data, options.verifyCrc);
        if (problem === null) {
          yield { type: 'member', offset: pos, length: end - pos, data: result.data };
          pos = end;
        } else {
          // Damaged data can also end the deflate stream early or late: trust the next real header.
          const next = await findNextMember(window, pos + 1, options);
          yield { type: 'corrupt', offset: pos, length: next - pos, reason: problem };
          pos = next;
        }
        break;
      }
      if (result.code === 'need-more' && !atEnd) {
        need = Math.max(need * 2, view.length * 2);
        continue;
      }
      if (result.code === 'need-more') {
        // A last member whose deflate stream ends exactly at the file end (trailer missing).
        const whole = inflateMemberOnce(view, options.maxMemberInflateBytes);
        if (whole.ok) {
          yield { type: 'member', offset: pos, length: window.size - pos, data: whole.data };
          pos = window.size;
          break;
        }
        const data = inflatePartial(view, options.maxMemberInflateBytes);
        yield {
          type: 'truncated',
          offset: pos,
          length: window.size - pos,
          data,
          reason: `file ends inside a gzip member after ${window.size - pos} bytes`,
        };
        pos = window.size;
        break;
      }
      if (result.code === 'too-large') {
        pos = yield* streamMember(window, pos, dataStart, options);
        break;
      }
      const next = await findNextMember(window, pos + 1, options);
      yield { type: 'corrupt', offset: pos, length: next - pos, reason: `corrupt deflate data (${result.message})` };
      pos = next;
      break;
    }
  }
}

function checkTrailer(trailer: Buffer, data: Buffer, verifyCrc: boolean): string | null {
  if (trailer.length < GZIP_TRAILER_BYTES) return null;
  const isize = trailer.readUInt32LE(4);
  if (isize !== data.length % 2 ** 32) return `gzip ISIZE ${isize} but member inflates to ${data.length} bytes`;
  if (verifyCrc) {
    const crc = trailer.readUInt32LE(0);
    const actual = zlib.crc32(data);
    if (crc !== actual) return `gzip CRC32 mismatch (stored ${crc.toString(16)}, computed ${actual.toString(16)})`;
  }
  return null;
}

/** Next offset >= from holding a member header whose data inflates to `WARC/...`; else the range end. */
async function findNextMember(window: FileWindow, from: number, options: MemberWalkOptions): Promise<number> {
  let pos = from;
  for (;;) {
    const found = await window.find(GZIP_MAGIC, pos);
    if (found < 0) return window.size;
    const head = await window.view(found, GZIP_HEADER_PROBE_BYTES);
    const headerLength = gzipHeaderLength(head);
    if (headerLength !== null) {
      const probe = inflatePartial(head.subarray(headerLength, headerLength + 4096), options.maxMemberInflateBytes);
      if (probe.subarray(0, WARC_VERSION_PREFIX.length).equals(WARC_VERSION_PREFIX)) return found;
    }
    pos = found + 1;
  }
}

/**
 * Inflate one large member as a stream (bounded memory). Returns the offset after the member.
 * Deviation from the one-call path: a corrupt or truncated streamed member is reported after the
 * records already streamed out of it.
 */
async function* streamMember(
  window: FileWindow,
  offset: number,
  dataStart: number,
  options: MemberWalkOptions,
): AsyncGenerator<MemberEvent, number> {
  const inflater = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
  const source = createReadStream(options.path, {
    start: options.rangeStart + dataStart,
    end: options.rangeStart + window.size - 1,
    highWaterMark: 1024 * 1024,
  });
  source.pipe(inflater);
  let failure: string | null = null;
  let truncated = false;
  async function* chunks(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of inflater) yield chunk as Buffer;
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      if (e.code === 'Z_BUF_ERROR') truncated = true;
      else failure = e.message;
    } finally {
      source.unpipe(inflater);
      source.destroy();
    }
  }
  yield { type: 'stream', offset, chunks: chunks() };
  const trailerAt = dataStart + inflater.bytesWritten;
  window.bytesRead += inflater.bytesWritten;
  if (truncated) {
    yield {
      type: 'truncated',
      offset,
      length: window.size - offset,
      data: Buffer.alloc(0),
      reason: `file ends inside a gzip member after ${window.size - offset} bytes`,
    };
    return window.size;
  }
  if (failure !== null) {
    const next = await findNextMember(window, offset + 1, options);
    yield { type: 'corrupt', offset, length: next - offset, reason: `corrupt deflate data (${failure})` };
    return next;
  }
  return Math.min(window.size, trailerAt + GZIP_TRAILER_BYTES);
}
