/** gzip member magic + CM=deflate (RFC 1952 §2.3.1): the resynchronisation pattern after a corrupt member. */
export const GZIP_MAGIC = Buffer.from([0x1f, 0x8b, 0x08]);
/** Fixed gzip header length (RFC 1952 §2.3). */
export const GZIP_HEADER_BYTES = 10;
/** CRC32 + ISIZE after the deflate data (RFC 1952 §2.3). */
export const GZIP_TRAILER_BYTES = 8;
/** gzip FLG bits (RFC 1952 §2.3.1). */
export const GZIP_FLAG = { FHCRC: 2, FEXTRA: 4, FNAME: 8, FCOMMENT: 16, RESERVED: 0xe0 } as const;
/** Bytes needed to parse any realistic gzip header (FNAME/FCOMMENT are short in WARC writers). */
export const GZIP_HEADER_PROBE_BYTES = 64 * 1024;

/** A WARC record starts with its version line (WARC 1.1 §4). */
export const WARC_VERSION_PREFIX = Buffer.from('WARC/');
/** Where to resynchronise in uncompressed data after a bad record: a version line at a line start. */
export const WARC_RESYNC_PATTERN = Buffer.from('\nWARC/1.');
export const CRLFCRLF = Buffer.from('\r\n\r\n');

/** Record types that become captures (the others are counted and skipped). */
export const CAPTURE_RECORD_TYPES: ReadonlySet<string> = new Set(['response', 'resource', 'revisit']);

/**
 * Bytes of a record's content kept when the content is above maxRecordBytes: enough for the
 * HTTP status line and headers. // ours: real header blocks are < 16 KiB; 64 KiB leaves margin.
 */
export const CONTENT_PREFIX_BYTES = 64 * 1024;

/** Bytes of a file read to recognise its format (gzip magic, `WARC/`, zip `PK\3\4`). */
export const SNIFF_FILE_BYTES = 64 * 1024;
/** zip local file header signature and fixed length (APPNOTE §4.3.7). */
export const ZIP_LOCAL_HEADER_SIGNATURE = 0x04034b50;
export const ZIP_LOCAL_HEADER_BYTES = 30;
/**
 * Largest DEFLATE-compressed WACZ entry inflated to the temporary directory (WACZ 1.1 stores
 * WARCs; a compressed one is read through a copy). // ours: far above real WARCs, below a disk-filling bomb.
 */
export const MAX_INFLATED_WACZ_ENTRY_BYTES = 16 * 1024 ** 3;

/** MIME types whose bodies are text (charset applies). */
export const TEXT_MIME =
  /^(text\/|application\/([\w.+-]*\+)?(xml|json|javascript|ecmascript|xhtml\+xml|rss\+xml|atom\+xml|rdf\+xml|x-javascript|ld\+json|feed\+json)$)|^image\/svg\+xml$/;
/** Labels meaning windows-1252 in practice (WHATWG Encoding: latin1/ascii labels decode as windows-1252). */
export const WINDOWS_1252_ALIASES: ReadonlySet<string> = new Set([
  'iso-8859-1',
  'iso8859-1',
  'latin1',
  'l1',
  'us-ascii',
  'ascii',
  'cp819',
  'ibm819',
  'iso_8859-1',
  'x-cp1252',
]);

/**
 * Batches of inflated members the inflate-ahead worker may post before the scan has taken them
 * (inflate-ahead.ts). ours: 2, one being parsed and one ready, keeps both threads busy.
 */
export const INFLATE_AHEAD_BATCHES = 2;
