/**
 * Settings of the warc stage. Every field: unit, default, one line of help. Frozen; callers pass
 * a modified copy (`{ ...DEFAULT_WARC_CONFIG, maxRecordBytes: 1 << 20 }`).
 */
/** Which records get their digests checked (see WarcConfig.verifyDigests). */
export type DigestPolicy = 'auto' | 'all' | 'none';

export interface WarcConfig {
  /** bytes (default 32 MiB): largest record content decoded into a Capture; larger records are indexed only (warc.too-large). */
  readonly maxRecordBytes: number;
  /** bytes (default 64 MiB): largest body after Content-Encoding decoding; above it http.decompression-bomb. */
  readonly maxDecodedBytes: number;
  /** bytes (default 4096): how far into a body `<meta charset>` / `<?xml encoding?>` is looked for (HTML prescan uses 1024). */
  readonly metaCharsetBytes: number;
  /** bytes (default 65536): sample of a body given to chardet when no charset is declared and it is not UTF-8. */
  readonly charsetSniffBytes: number;
  /** bytes (default 1 MiB): longest WARC or HTTP header block before the record is called malformed. */
  readonly maxHeaderBytes: number;
  /** bytes (default 4 MiB): size of each read from disk during a scan. */
  readonly readChunkBytes: number;
  /** bytes (default 32 MiB): largest gzip member output inflated in one native call; bigger members (whole-file gzip) are streamed. */
  readonly maxMemberInflateBytes: number;
  /** boolean (default true): check each gzip member's CRC32 and ISIZE; a mismatch is warc.gzip-corrupt. */
  readonly verifyCrc: boolean;
  /**
   * 'auto' | 'all' | 'none' (default 'auto'): which records have their WARC-Block-Digest and
   * WARC-Payload-Digest checked [WARC 1.1 §5.8-5.9]. 'auto' checks where it is cheap and needed:
   * every record of an uncompressed WARC (nothing else guards it) and, in .warc.gz, each record
   * whose body is decoded (gzip's CRC32 guards the rest); 'all' every record; a mismatch is
   * warc.digest-mismatch.
   */
  readonly verifyDigests: DigestPolicy;
  /** records (default 500): onProgress is called after this many records (and at the end). */
  readonly progressEveryRecords: number;
  /**
   * bytes (default 256 KiB): a record read by offset is read with this many bytes after it, and
   * the next records inside them come from memory (close ranged reads coalesced; 0: one read each).
   */
  readonly coalesceReadBytes: number;
  /**
   * bytes (default 16 MiB): a .warc.gz (or WACZ entry) at least this large is inflated by a worker
   * thread ahead of the record parser during a scan (two cores busy instead of one); smaller ones,
   * and every read by offset, are inflated in the calling thread. 0: never.
   */
  readonly inflateAheadMinBytes: number;
  /** bytes (default 4 MiB): inflated members handed from that worker to the scan in one message. */
  readonly inflateAheadBatchBytes: number;
}

export const DEFAULT_WARC_CONFIG: WarcConfig = Object.freeze({
  maxRecordBytes: 32 * 1024 * 1024,
  maxDecodedBytes: 64 * 1024 * 1024,
  metaCharsetBytes: 4096,
  charsetSniffBytes: 65536,
  maxHeaderBytes: 1024 * 1024,
  readChunkBytes: 4 * 1024 * 1024,
  maxMemberInflateBytes: 32 * 1024 * 1024,
  verifyCrc: true,
  verifyDigests: 'auto',
  progressEveryRecords: 500,
  // ours: past the HTML page, its request record and a few small resources written after it.
  coalesceReadBytes: 256 * 1024,
  // ours: starting the worker costs ~40 ms, about what overlapping saves on 16 MiB of small records.
  inflateAheadMinBytes: 16 * 1024 * 1024,
  inflateAheadBatchBytes: 4 * 1024 * 1024,
});
