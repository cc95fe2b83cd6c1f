/**
 * CDXJ lines and SURT keys, from warcio.js (the reference JS implementation, the port of
 * cdxj-indexer): `getSurt` for the key, `CDXIndexer` for indexing a WARC file and for serialising
 * one line, so an index written from the store reads exactly like `cdxj-indexer -s` over the WARC.
 */
import type { Readable } from 'node:stream';
import { CDXIndexer, getSurt } from 'warcio';

/** SURT form of a URL (host reversed, `www.` dropped, query arguments sorted), as warcio.js and pywb write it. */
export function surt(url: string): string {
  try {
    return getSurt(url);
  } catch {
    return url.toLowerCase();
  }
}

/** 14-digit CDX timestamp (YYYYMMDDhhmmss) of an ISO date or a WARC-Date. */
export function cdxTimestamp(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso.replace(/\D/g, '').slice(0, 14).padEnd(14, '0') : d.toISOString().replace(/\D/g, '').slice(0, 14);
}

/** The fields of one CDXJ line, as the store holds them for a capture. */
export interface CdxjEntry {
  url: string;
  /** ISO time of the capture. */
  time: string;
  /** `warc/revisit` for revisit records, as CDXIndexer writes it. */
  mime: string | null;
  status: number | null;
  /** WARC-Payload-Digest with or without its `algo:` prefix. */
  digest: string | null;
  length: number;
  offset: number;
  filename: string;
}

const serializer = new CDXIndexer({ format: 'cdxj' });

/** One CDXJ line (no newline) in CDXIndexer's field order and formatting. */
export function cdxjLine(e: CdxjEntry): string {
  const digest = e.digest === null ? null : e.digest.includes(':') ? e.digest.slice(e.digest.indexOf(':') + 1) : e.digest;
  const fields: Record<string, unknown> = { urlkey: surt(e.url), timestamp: cdxTimestamp(e.time), url: e.url };
  if (e.mime !== null) fields.mime = e.mime;
  if (e.status !== null) fields.status = e.status;
  if (digest !== null) fields.digest = digest;
  Object.assign(fields, { length: e.length, offset: e.offset, filename: e.filename });
  return serializer.serializeCDXJ(fields).trimEnd();
}

/** CDXJ lines of a whole WARC stream, sorted as `cdxj-indexer -s` sorts them. */
export async function indexWarcCdxj(reader: Readable, filename: string): Promise<string[]> {
  const indexer = new CDXIndexer({ format: 'cdxj' });
  const lines: string[] = [];
  for await (const cdx of indexer.iterIndex([{ reader, filename }])) lines.push(indexer.serializeCDXJ(cdx).trimEnd());
  return lines.sort();
}
