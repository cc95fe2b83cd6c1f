/**
 * The shard protocol's rows (DESIGN "Scale-out"): what `index` writes and `shard-build` reads, one
 * JSON object per line, engine-neutral (Dask, Spark `rdd.pipe`, Hadoop Streaming all move lines).
 * Field names are snake_case and flat so that any engine can sort and group on them.
 */
import { surt } from '../core/cdxj.js';
import { siteOf } from '../core/url.js';
import type { IndexEntry } from '../warc/index.js';

/** One archive file of a crawl; written after the file's last capture row. */
export interface FileRow {
  type: 'file';
  crawl: string;
  crawl_order: number;
  file: string;
  bytes: number;
  /** The identity `build` gives the crawl of this file (name, size, hash of the first 64 KiB). */
  identity: string;
  records: number;
  records_by_type: Record<string, number>;
}

/** One capture (response, resource or revisit record). */
export interface CaptureRow {
  type: 'capture';
  crawl: string;
  crawl_order: number;
  file: string;
  offset: number;
  length: number;
  /** Offset inside a shared gzip member (whole-file gzip); null for ordinary records. */
  inflated_offset: number | null;
  record_type: IndexEntry['recordType'];
  record_id: string | null;
  url: string;
  canonical_url: string;
  surt: string;
  /** The bucketing key: host without a leading `www.`. */
  site: string;
  host: string;
  time: string;
  mime: string | null;
  status: number | null;
  digest: string | null;
  payload_length: number;
  /** Revisit target (WARC-Refers-To, -Target-URI, -Date). */
  refers_to_id: string | null;
  refers_to_url: string | null;
  refers_to_time: string | null;
  /** Redirect target (absolute Location of a 3xx). */
  location: string | null;
  /** True when pass 1 parsed a feed from this record. */
  is_feed: boolean;
}

/** One item of a feed capture: lets the driver route the feed to the buckets of the sites it links. */
export interface ItemRow {
  type: 'item';
  crawl: string;
  crawl_order: number;
  /** The feed capture (file + offset + inflated offset, as in its CaptureRow). */
  file: string;
  offset: number;
  inflated_offset: number | null;
  feed_url: string;
  feed_site: string;
  /** The post the item links to (origLink, link, or in-reply-to for comment feeds). */
  link: string | null;
  site: string | null;
}

/**
 * One site the bucket owns (written by the driver, not by `index`): the rows `shard-build --emit`
 * writes are those of its own sites, so the shards' files together hold each row once. A stream
 * without site rows owns every site.
 */
export interface SiteRow {
  type: 'site';
  site: string;
}

/** What `index` writes. */
export type IndexRow = FileRow | CaptureRow | ItemRow;
/** What `shard-build` reads. */
export type ShardRow = IndexRow | SiteRow;

export function captureRow(crawl: string, crawlOrder: number, e: IndexEntry, isFeed: boolean): CaptureRow {
  return {
    type: 'capture',
    crawl,
    crawl_order: crawlOrder,
    file: e.file,
    offset: e.offset,
    length: e.length,
    inflated_offset: e.inflatedOffset ?? null,
    record_type: e.recordType,
    record_id: e.recordId,
    url: e.url,
    canonical_url: e.canonicalUrl,
    surt: surt(e.url),
    site: siteOf(e.url),
    host: e.host,
    time: e.time,
    mime: e.mime,
    status: e.status,
    digest: e.payloadDigest,
    payload_length: e.payloadLength,
    refers_to_id: e.refersToId,
    refers_to_url: e.refersToUrl,
    refers_to_time: e.refersToTime,
    location: e.location,
    is_feed: isFeed,
  };
}

/** The warc stage's index entry back from a capture row. */
export function indexEntryOf(row: CaptureRow): IndexEntry {
  const entry: IndexEntry = {
    file: row.file,
    offset: row.offset,
    length: row.length,
    recordType: row.record_type,
    recordId: row.record_id,
    url: row.url,
    canonicalUrl: row.canonical_url,
    host: row.host,
    time: row.time,
    status: row.status,
    mime: row.mime,
    payloadDigest: row.digest,
    location: row.location,
    refersToId: row.refers_to_id,
    refersToUrl: row.refers_to_url,
    refersToTime: row.refers_to_time,
    payloadLength: row.payload_length,
  };
  if (row.inflated_offset !== null) entry.inflatedOffset = row.inflated_offset;
  return entry;
}

/** Parse one line of the protocol; throws a plain Error naming the line when it is no row. */
export function parseShardRow(line: string, lineNumber: number): ShardRow {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new Error(`line ${lineNumber}: not JSON (${(error as Error).message})`);
  }
  const type = (value as { type?: unknown } | null)?.type;
  if (type !== 'file' && type !== 'capture' && type !== 'item' && type !== 'site')
    throw new Error(`line ${lineNumber}: not an index row (type ${JSON.stringify(type)})`);
  return value as ShardRow;
}
