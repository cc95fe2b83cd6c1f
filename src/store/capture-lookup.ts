import type { CaptureLookup, CaptureRef } from '../pairing/index.js';
import type { Db } from './overlay-db.js';

/** Looks captures up in one crawl of the store, for pairing. */
export function crawlCaptureLookup(db: Db, crawlId: number): CaptureLookup {
  const stmt = db.prepare(`
    SELECT id, url, time, status, mime, record_type AS recordType, location
    FROM captures WHERE url_key = ? AND crawl_id = ?`);
  return { findByUrlKey: (urlKey) => stmt.all(urlKey, crawlId) as CaptureRef[] };
}

/** The record holding the payload of a capture: itself, or for a revisit the original response. */
export interface PayloadSource {
  id: number;
  file: string;
  offset: number;
  length: number;
  url: string;
  time: string;
  recordType: string;
  payloadDigest: string | null;
  /** Offset inside a shared gzip member (whole-file gzip), as the warc stage's RecordLocation has it. */
  inflatedOffset?: number;
}

/**
 * Resolve a revisit to the record that holds its payload: by WARC-Refers-To record id, then by
 * refers-to URL + date, then by payload digest (WARC 1.1 §6.7). Returns undefined when the
 * original is not in the overlay.
 */
export function resolvePayloadSource(db: Db, captureId: number): PayloadSource | undefined {
  const cols = `id, file, offset, length, url, time, record_type AS recordType, payload_digest AS payloadDigest, inflated_offset AS inflatedOffset`;
  const capture = db.prepare(`SELECT ${cols}, refers_to_id, refers_to_url, refers_to_time FROM captures WHERE id = ?`).get(captureId) as
    | (PayloadSource & { refers_to_id: string | null; refers_to_url: string | null; refers_to_time: string | null })
    | undefined;
  if (!capture) return undefined;
  if (capture.recordType !== 'revisit') return withoutNull(capture);
  const byId = capture.refers_to_id
    ? db.prepare(`SELECT ${cols} FROM captures WHERE record_id = ? AND record_type <> 'revisit'`).get(capture.refers_to_id)
    : undefined;
  if (byId) return withoutNull(byId as PayloadSource);
  const byUrl =
    capture.refers_to_url && capture.refers_to_time
      ? db
          .prepare(`SELECT ${cols} FROM captures WHERE url = ? AND time = ? AND record_type <> 'revisit'`)
          .get(capture.refers_to_url, capture.refers_to_time)
      : undefined;
  if (byUrl) return withoutNull(byUrl as PayloadSource);
  const byDigest = capture.payloadDigest
    ? db
        .prepare(
          `SELECT ${cols} FROM captures WHERE payload_digest = ? AND record_type <> 'revisit' ORDER BY abs(julianday(time) - julianday(?)) LIMIT 1`,
        )
        .get(capture.payloadDigest, capture.time)
    : undefined;
  return byDigest === undefined ? undefined : withoutNull(byDigest as PayloadSource);
}

/** SQLite gives NULL for an absent inflated offset; the warc stage wants the property absent. */
function withoutNull<T extends PayloadSource>(row: T): PayloadSource {
  const { inflatedOffset, ...rest } = row as T & { inflatedOffset: number | null | undefined };
  const source: PayloadSource = {
    id: rest.id,
    file: rest.file,
    offset: rest.offset,
    length: rest.length,
    url: rest.url,
    time: rest.time,
    recordType: rest.recordType,
    payloadDigest: rest.payloadDigest,
  };
  if (inflatedOffset !== null && inflatedOffset !== undefined) source.inflatedOffset = inflatedOffset;
  return source;
}
