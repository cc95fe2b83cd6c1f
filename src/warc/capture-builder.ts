import type { Diagnostics } from '../core/diagnostics.js';
import { InputError, type InputErrorKind, type InputLocation } from '../core/errors.js';
import { canonicalForm, parseUrl } from '../core/url.js';
import { decodeWith, resolveCharset } from './charset-decode.js';
import type { WarcConfig } from './config.js';
import { CAPTURE_RECORD_TYPES, CRLFCRLF, TEXT_MIME } from './constants.js';
import { decodeContentEncoding, dechunk } from './http-payload.js';
import { type HeaderBlock, parseHeaderBlock, parseStatusCode } from './record-headers.js';
import type { RawRecord } from './record-framer.js';
import type { DigestSubject } from './record-digest.js';
import type { Capture, CaptureRecordType, IndexEntry, RecordLocation, WarcRecordType } from './types.js';

/** A framed record with its WARC and (for HTTP records) HTTP headers parsed. */
export interface ParsedRecord {
  raw: RawRecord;
  warcType: string;
  warc: ReadonlyMap<string, string>;
  http: HeaderBlock | null;
  /** Offset in `raw.content` where the payload starts (after the HTTP header block). */
  payloadStart: number;
}

const LF_LF = Buffer.from('\n\n');
const HTTP_PREFIX = Buffer.from('HTTP/');
const KNOWN_TYPES: ReadonlySet<string> = new Set<WarcRecordType>([
  'warcinfo',
  'response',
  'resource',
  'request',
  'metadata',
  'revisit',
  'conversion',
  'continuation',
]);

export function isCaptureType(type: string): type is CaptureRecordType {
  return CAPTURE_RECORD_TYPES.has(type);
}

export function asRecordType(type: string): WarcRecordType | null {
  return KNOWN_TYPES.has(type) ? (type as WarcRecordType) : null;
}

/** Parse the WARC header block, and the HTTP header block of response/revisit records. */
export function parseRecord(raw: RawRecord, where: InputLocation, maxHeaderBytes: number): ParsedRecord {
  const block = parseHeaderBlock(raw.header);
  if (block === null) throw new InputError('warc.bad-header', 'WARC header block without a version line', where);
  const warc = block.fields;
  const warcType = (warc.get('warc-type') ?? '').toLowerCase();
  let http: HeaderBlock | null = null;
  let payloadStart = 0;
  const isHttp = (warcType === 'response' || warcType === 'revisit') && raw.content.subarray(0, HTTP_PREFIX.length).equals(HTTP_PREFIX);
  if (isHttp) {
    const searched = raw.content.subarray(0, maxHeaderBytes);
    let end = searched.indexOf(CRLFCRLF);
    let sepLength = CRLFCRLF.length;
    if (end < 0) {
      end = searched.indexOf(LF_LF);
      sepLength = LF_LF.length;
    }
    const url = warc.get('warc-target-uri');
    if (end < 0) {
      // A revisit may hold only the header block without its final blank line.
      if (warcType !== 'revisit' || !raw.isContentKept)
        throw new InputError('http.bad-header', `HTTP header block not terminated within ${searched.length} bytes`, {
          ...where,
          ...(url ? { url } : {}),
        });
      end = raw.content.length;
      sepLength = 0;
    }
    payloadStart = Math.min(raw.content.length, end + sepLength);
    http = parseHeaderBlock(raw.content.subarray(0, end));
  }
  return { raw, warcType, warc, http, payloadStart };
}

/** The bytes a record's digests cover: the block, and the payload after the HTTP headers (none for revisits). */
export function digestSubjectOf(parsed: ParsedRecord): DigestSubject {
  const { raw, warc, warcType, http } = parsed;
  const payload =
    warcType === 'revisit'
      ? null
      : http !== null
        ? raw.content.subarray(parsed.payloadStart)
        : warcType === 'resource'
          ? raw.content
          : null;
  return { blockDigest: warc.get('warc-block-digest'), payloadDigest: warc.get('warc-payload-digest'), block: raw.content, payload };
}

function mimeOf(contentType: string | undefined): string | null {
  if (contentType === undefined) return null;
  const mime = contentType.split(';')[0]?.trim().toLowerCase();
  return mime ? mime : null;
}

/** An ISO 8601 UTC instant with a four-digit year (what every later stage computes with). */
const ISO_FOUR_DIGIT_YEAR = /^\d{4}-/;

/**
 * WARC-Date as ISO 8601 UTC (14-digit WARC/0.x dates too), or null when it is missing or not a
 * date in years 0000-9999 (`99999-99-99T...`, a flipped byte) [WARC 1.1 §5.4: W3C-ISO8601].
 */
export function isoTime(date: string | undefined): string | null {
  if (date === undefined) return null;
  const digits = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(date);
  const parsed = Date.parse(digits ? `${digits[1]}-${digits[2]}-${digits[3]}T${digits[4]}:${digits[5]}:${digits[6]}Z` : date);
  if (Number.isNaN(parsed)) return null;
  const iso = new Date(parsed).toISOString();
  return ISO_FOUR_DIGIT_YEAR.test(iso) ? iso : null;
}

/** Strip the `<...>` some writers put around WARC-Target-URI (WARC 1.0 grammar). */
export function targetUriOf(value: string | undefined): string {
  const v = (value ?? '').trim();
  return v.startsWith('<') && v.endsWith('>') ? v.slice(1, -1) : v;
}

/** The index row of a response/resource/revisit record. */
export function toIndexEntry(parsed: ParsedRecord, location: RecordLocation): IndexEntry {
  const { warc, http, raw } = parsed;
  const url = targetUriOf(warc.get('warc-target-uri'));
  // A capture that cannot be placed in time breaks pairing, versions and date arithmetic: skipped.
  const time = isoTime(warc.get('warc-date'));
  if (time === null) {
    const shown = warc.get('warc-date') === undefined ? 'missing' : JSON.stringify(warc.get('warc-date')?.slice(0, 40));
    throw new InputError('warc.bad-date', `WARC-Date ${shown} is not an ISO 8601 date; record skipped`, {
      file: location.file,
      offset: location.offset,
      ...(url ? { url } : {}),
    });
  }
  const status = http !== null ? parseStatusCode(http.statusLine) : null;
  const contentType =
    http !== null ? http.fields.get('content-type') : parsed.warcType === 'resource' ? warc.get('content-type') : undefined;
  const rawLocation = http?.fields.get('location');
  const isRedirect = status !== null && status >= 300 && status < 400;
  const location_ = isRedirect && rawLocation !== undefined ? (parseUrl(rawLocation, url)?.toString() ?? null) : null;
  const declared = Number.isFinite(raw.declaredLength) ? raw.declaredLength : raw.contentBytes;
  // Parsed once for the host and the canonical form (the index pass's costliest step per record).
  const parsedUrl = parseUrl(url);
  const host = parsedUrl?.hostname.toLowerCase() ?? '';
  // Every field in one literal (no `...location` spread): a spread followed by this many fields
  // leaves V8 a dictionary-mode object, ~8 KB and ~7 µs per entry (issue #15 profile).
  const entry: IndexEntry = {
    file: location.file,
    offset: location.offset,
    length: location.length,
    recordType: parsed.warcType as CaptureRecordType,
    recordId: warc.get('warc-record-id') ?? null,
    url,
    canonicalUrl: parsedUrl === undefined ? url.trim() : canonicalForm(parsedUrl),
    host,
    time,
    status,
    mime: mimeOf(contentType),
    payloadDigest: warc.get('warc-payload-digest') ?? null,
    location: location_,
    refersToId: warc.get('warc-refers-to') ?? null,
    refersToUrl: warc.get('warc-refers-to-target-uri') !== undefined ? targetUriOf(warc.get('warc-refers-to-target-uri')) : null,
    refersToTime: isoTime(warc.get('warc-refers-to-date')),
    payloadLength: Math.max(0, declared - parsed.payloadStart),
  };
  if (location.inflatedOffset !== undefined) entry.inflatedOffset = location.inflatedOffset;
  return entry;
}

function isTextual(mime: string | null, body: Buffer): boolean {
  if (mime !== null) return TEXT_MIME.test(mime);
  return body.subarray(0, 1024).indexOf(0) < 0;
}

/**
 * The decoded capture: de-chunked, Content-Encoding undone (bomb-capped), charset resolved.
 * Decoding problems are reported as warnings and the capture keeps what was decodable.
 */
export function toCapture(entry: IndexEntry, parsed: ParsedRecord, config: WarcConfig, diagnostics: Diagnostics | undefined): Capture {
  const where = { file: entry.file, offset: entry.offset, url: entry.url };
  // Decoded again by each pass that reads the record: Diagnostics counts the same problem once.
  const warn = (kind: InputErrorKind, message: string): void => diagnostics?.warn(kind, message, where);
  const headers: Record<string, string> = parsed.http !== null ? Object.fromEntries(parsed.http.fields) : {};
  let body = parsed.raw.content.subarray(parsed.payloadStart);
  if (/\bchunked\b/i.test(headers['transfer-encoding'] ?? '')) {
    const result = dechunk(body);
    if (result.problem !== null)
      warn('http.bad-chunked', `broken chunked transfer encoding: ${result.problem}; kept ${result.body.length} bytes`);
    body = result.body;
  }
  const decoded = decodeContentEncoding(body, headers['content-encoding'], config.maxDecodedBytes);
  for (const problem of decoded.problems) warn(problem.kind, problem.message);
  body = decoded.body;
  const contentType = parsed.http !== null ? (headers['content-type'] ?? null) : (parsed.warc.get('content-type') ?? null);
  let charset: string | null = null;
  if (isTextual(entry.mime, body)) {
    const resolved = resolveCharset(body, contentType, config);
    charset = resolved.charset;
    if (resolved.unknownLabel !== null)
      warn('http.charset-unknown', `unknown charset "${resolved.unknownLabel}", decoded as ${resolved.charset} (${resolved.source})`);
  }
  let text: string | null = null;
  const finalBody = body;
  const decode = (): string => {
    text ??= decodeWith(finalBody, charset ?? 'utf-8');
    return text;
  };
  return { ...entry, headers, body, charset, text: decode };
}
