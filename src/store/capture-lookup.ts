import type { CaptureLookup, CaptureRef } from '../pairing/index.js';
import { schemelessKey } from '../core/url.js';
import { type Db, preparedPerConnection } from './overlay-db.js';

/**
 * Looks captures up in one crawl of the store, for pairing. By the URL key's index: left to itself
 * SQLite chose the crawl's (`captures_crawl`) and read every capture of the crawl for each item
 * paired (quadratic in the crawl). In capture order, as that plan gave them.
 */
export function crawlCaptureLookup(db: Db, crawlId: number): CaptureLookup {
  const stmt = db.prepare<[string, number], CaptureRef>(`
    SELECT id, url, time, status, mime, record_type AS recordType, location
    FROM captures INDEXED BY captures_url_key WHERE url_key = ? AND crawl_id = ? ORDER BY id`);
  return { findByUrlKey: (urlKey) => stmt.all(urlKey, crawlId) };
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

/** A payload source as SQLite gives it: NULL for an absent inflated offset. */
type PayloadRow = Omit<PayloadSource, 'inflatedOffset'> & { inflatedOffset: number | null };

/** The columns of a payload source. */
const SOURCE_COLUMNS = `id, file, offset, length, url, time, record_type AS recordType, payload_digest AS payloadDigest, inflated_offset AS inflatedOffset`;

/** The statements of `resolvePayloadSource`, prepared once per connection (a build resolves every page it reads). */
function payloadStatements(db: Db) {
  return {
    capture: db.prepare<[number], PayloadRow & { refersToId: string | null; refersToUrl: string | null; refersToTime: string | null }>(
      `SELECT ${SOURCE_COLUMNS}, refers_to_id AS refersToId, refers_to_url AS refersToUrl, refers_to_time AS refersToTime FROM captures WHERE id = ?`,
    ),
    byRecordId: db.prepare<[string], PayloadRow>(`SELECT ${SOURCE_COLUMNS} FROM captures WHERE record_id = ? AND record_type <> 'revisit'`),
    // By the URL key's index (url_key, time), the URL itself compared on the few rows it finds.
    byUrlTime: db.prepare<[string, string, string], PayloadRow>(
      `SELECT ${SOURCE_COLUMNS} FROM captures WHERE url_key = ? AND time = ? AND url = ? AND record_type <> 'revisit'`,
    ),
    byDigest: db.prepare<[string, string], PayloadRow>(
      `SELECT ${SOURCE_COLUMNS} FROM captures WHERE payload_digest = ? AND record_type <> 'revisit' ORDER BY abs(julianday(time) - julianday(?)) LIMIT 1`,
    ),
  };
}

const payloadQueries = preparedPerConnection(payloadStatements);

/**
 * Resolve a revisit to the record that holds its payload: by WARC-Refers-To record id, then by
 * refers-to URL + date, then by payload digest (WARC 1.1 §6.7). Returns undefined when the
 * original is not in the overlay.
 */
export function resolvePayloadSource(db: Db, captureId: number): PayloadSource | undefined {
  const q = payloadQueries(db);
  const capture = q.capture.get(captureId);
  if (!capture) return undefined;
  const { refersToId, refersToUrl, refersToTime, ...own } = capture;
  if (own.recordType !== 'revisit') return withoutNull(own);
  const byId = refersToId ? q.byRecordId.get(refersToId) : undefined;
  if (byId) return withoutNull(byId);
  const byUrl = refersToUrl && refersToTime ? q.byUrlTime.get(schemelessKey(refersToUrl), refersToTime, refersToUrl) : undefined;
  if (byUrl) return withoutNull(byUrl);
  const byDigest = capture.payloadDigest ? q.byDigest.get(capture.payloadDigest, capture.time) : undefined;
  return byDigest === undefined ? undefined : withoutNull(byDigest);
}

const capturedStatement = preparedPerConnection((db: Db) =>
  db.prepare<[string, string], number>('SELECT 1 FROM captures WHERE url_key = ? AND canonical_url = ? LIMIT 1').pluck(),
);

/**
 * Whether any crawl captured the canonical URL `url`: by the URL key's index (captures.canonical_url
 * has none of its own, and indexing every capture of the history per question costs the history).
 */
export function isCaptured(db: Db, url: string): boolean {
  return capturedStatement(db).get(schemelessKey(url), url) !== undefined;
}

/** SQLite gives NULL for an absent inflated offset; the warc stage wants the property absent. */
function withoutNull({ inflatedOffset, ...source }: PayloadRow): PayloadSource {
  return inflatedOffset === null ? source : { ...source, inflatedOffset };
}
