/** Record types a WARC file may hold (WARC 1.1 §6). */
export type WarcRecordType = 'warcinfo' | 'response' | 'resource' | 'request' | 'metadata' | 'revisit' | 'conversion' | 'continuation';

/** Record types that become captures (the others are counted and skipped). */
export type CaptureRecordType = 'response' | 'resource' | 'revisit';

/** Where a record lives: enough to read it again by offset on the second pass. */
export interface RecordLocation {
  /** Archive path as given on the command line; for WACZ `path/to/x.wacz#archive/data.warc.gz`. */
  file: string;
  /** Byte offset of the record in `file` (gzip member start for .warc.gz, zip-local for WACZ). */
  offset: number;
  /** Bytes the record takes on disk (compressed member length for .warc.gz). */
  length: number;
  /**
   * Only for a record that does not start its own gzip member (whole-file gzip, or several records
   * in one member): its offset in the member's inflated bytes. `offset` is then the member start,
   * `length` an upper bound, and readCapture inflates sequentially up to this point.
   * Absent for ordinary records (one record per member, or plain .warc).
   */
  inflatedOffset?: number;
}

/** One row of the capture index: what pass 1 learns about a record without keeping its body. */
export interface IndexEntry extends RecordLocation {
  recordType: CaptureRecordType;
  recordId: string | null;
  url: string;
  canonicalUrl: string;
  host: string;
  /** WARC-Date, ISO 8601 (UTC). */
  time: string;
  /** HTTP status, null for resource records. */
  status: number | null;
  /** Content-Type without parameters, lower-cased; null when absent. */
  mime: string | null;
  /** WARC-Payload-Digest as written (e.g. `sha1:ABC...`). */
  payloadDigest: string | null;
  /** Absolute redirect target for 3xx responses. */
  location: string | null;
  /** For revisits: WARC-Refers-To, WARC-Refers-To-Target-URI, WARC-Refers-To-Date. */
  refersToId: string | null;
  refersToUrl: string | null;
  refersToTime: string | null;
  /** Length of the HTTP payload as declared (after the HTTP headers, before decoding). */
  payloadLength: number;
}

/** A capture with its decoded payload, read on demand. */
export interface Capture extends IndexEntry {
  /** HTTP response headers (lower-cased names; repeated headers joined with ", "). */
  headers: Record<string, string>;
  /** Payload after de-chunking and Content-Encoding (gzip, deflate, br), capped by config. */
  body: Buffer;
  /** Charset used by `text` (from header, BOM, meta or sniffing), null for binary bodies. */
  charset: string | null;
  /** The body decoded to a string with `charset` (computed once, on first call). */
  text(): string;
}

/** Counters of a scan, for the progress bar and the build report. */
export interface ScanStats {
  /** Records seen, by WARC-Type. */
  recordsByType: Partial<Record<WarcRecordType, number>>;
  records: number;
  /** Bytes read from disk (compressed). */
  bytesRead: number;
  /** Records skipped because they were malformed. */
  recordsSkipped: number;
}

/** One record yielded by a scan: its index row and, when asked for, the decoded capture. */
export interface ScannedRecord {
  entry: IndexEntry;
  /** Present when the scan's `wantBody(entry)` returned true. */
  capture?: Capture;
}
