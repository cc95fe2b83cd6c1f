import zlib from 'node:zlib';

/** A problem met while decoding a payload; the capture keeps what could be decoded. */
export interface PayloadProblem {
  kind: 'http.bad-chunked' | 'http.bad-encoding' | 'http.decompression-bomb';
  message: string;
}

export interface DecodedPayload {
  body: Buffer;
  problems: PayloadProblem[];
}

const CHUNK_SIZE_LINE = /^([0-9a-fA-F]+)[ \t]*(;[^\r\n]*)?\r?$/;

/** True when the payload starts like a chunked body (`hex-size[;ext] CRLF`). */
function looksChunked(payload: Buffer): boolean {
  const eol = payload.indexOf(10);
  if (eol <= 0 || eol > 256) return false;
  return CHUNK_SIZE_LINE.test(payload.subarray(0, eol).toString('latin1'));
}

/**
 * Undo `Transfer-Encoding: chunked` (RFC 9112 §7.1). Crawlers often store the body already
 * de-chunked but keep the header, so a payload that does not start with a chunk-size line is
 * returned as is. Broken chunking keeps what was readable and reports http.bad-chunked.
 */
export function dechunk(payload: Buffer): { body: Buffer; problem: string | null } {
  if (!looksChunked(payload)) return { body: payload, problem: null };
  const parts: Buffer[] = [];
  let pos = 0;
  for (;;) {
    const eol = payload.indexOf(10, pos);
    if (eol < 0) return { body: Buffer.concat(parts), problem: `chunked body ends without the final 0-size chunk at byte ${pos}` };
    const match = CHUNK_SIZE_LINE.exec(payload.subarray(pos, eol).toString('latin1'));
    if (match?.[1] === undefined) return { body: Buffer.concat(parts), problem: `bad chunk-size line at byte ${pos}` };
    const size = Number.parseInt(match[1], 16);
    const dataStart = eol + 1;
    if (size === 0) return { body: Buffer.concat(parts), problem: null };
    if (dataStart + size > payload.length) {
      parts.push(payload.subarray(dataStart));
      return { body: Buffer.concat(parts), problem: `chunk of ${size} bytes at byte ${pos} cut at ${payload.length - dataStart}` };
    }
    parts.push(payload.subarray(dataStart, dataStart + size));
    pos = dataStart + size;
    if (payload[pos] === 13) pos++;
    if (payload[pos] === 10) pos++;
  }
}

type Decoder = (input: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions) => Buffer;

/** The zlib decoder for one Content-Encoding token, or null when it is not one we undo. */
function decoderFor(token: string, input: Buffer): Decoder | null {
  switch (token) {
    case 'gzip':
    case 'x-gzip':
      // Bodies already inflated by the crawler keep the header: only inflate real gzip data.
      return input[0] === 0x1f && input[1] === 0x8b ? zlib.gunzipSync : null;
    case 'deflate': {
      // "deflate" is meant to be zlib-wrapped (RFC 9110 §8.4.1.2) but many servers send raw deflate.
      const b0 = input[0] ?? 0;
      const b1 = input[1] ?? 0;
      const isZlib = (b0 & 0x0f) === 8 && ((b0 << 8) | b1) % 31 === 0;
      return isZlib ? zlib.inflateSync : zlib.inflateRawSync;
    }
    case 'br':
      return zlib.brotliDecompressSync;
    default:
      return null;
  }
}

/**
 * Undo Content-Encoding (gzip, x-gzip, deflate raw or zlib, br; several tokens applied last
 * first), never producing more than `maxDecodedBytes`: a bigger result is a decompression bomb,
 * reported, and the body is then left empty.
 */
export function decodeContentEncoding(body: Buffer, contentEncoding: string | undefined, maxDecodedBytes: number): DecodedPayload {
  const problems: PayloadProblem[] = [];
  if (contentEncoding === undefined || body.length === 0) return { body, problems };
  const tokens = contentEncoding
    .toLowerCase()
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '' && t !== 'identity');
  let current = body;
  for (const token of tokens.reverse()) {
    const decode = decoderFor(token, current);
    if (decode === null) {
      if (token !== 'gzip' && token !== 'x-gzip')
        problems.push({ kind: 'http.bad-encoding', message: `Content-Encoding "${token}" is not supported; body kept encoded` });
      return { body: current, problems };
    }
    try {
      current = decode(current, { maxOutputLength: maxDecodedBytes });
    } catch (error) {
      const e = error as NodeJS.ErrnoException;
      if (e.code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
        problems.push({
          kind: 'http.decompression-bomb',
          message: `Content-Encoding ${token}: ${current.length} bytes inflate to more than ${maxDecodedBytes} bytes; body dropped`,
        });
        return { body: Buffer.alloc(0), problems };
      }
      const partial = decodePartial(decode, current, maxDecodedBytes);
      problems.push({
        kind: 'http.bad-encoding',
        message: `Content-Encoding ${token}: ${e.message}; kept ${partial.length} decoded bytes`,
      });
      return { body: partial, problems };
    }
  }
  return { body: current, problems };
}

/** What a decoder gives for a damaged stream when asked not to insist on the end. */
function decodePartial(decode: Decoder, input: Buffer, maxDecodedBytes: number): Buffer {
  try {
    return decode(input, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: maxDecodedBytes });
  } catch {
    return Buffer.alloc(0);
  }
}
