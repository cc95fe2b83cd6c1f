/**
 * Hostile inputs made from the shipped samples (samples/*.warc.gz): read the per-record gzip
 * members, change one record (its payload, a header), write a new WARC.gz with digests that match
 * the changed bytes (so only the intended defect is present). Used by the hostile-input tests and
 * by bench/soak.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { sha1Base32 } from '../helpers/warc-digest.js';

export const SAMPLES_DIR = join(import.meta.dirname, '..', '..', 'samples');
export const SAMPLE_1 = join(SAMPLES_DIR, 'pelican-crawl-1.warc.gz');
export const SAMPLE_2 = join(SAMPLES_DIR, 'pelican-crawl-2.warc.gz');

/** One WARC record: header lines (first is `WARC/1.0`) and its block (HTTP head + payload). */
export interface SampleRecord {
  head: string[];
  block: Buffer;
}

/** The records of a WARC.gz written one gzip member per record (as the samples are). */
export function readSampleRecords(path: string): SampleRecord[] {
  const inflated = zlib.gunzipSync(readFileSync(path));
  const records: SampleRecord[] = [];
  let pos = 0;
  while (pos < inflated.length) {
    const end = inflated.indexOf('\r\n\r\n', pos);
    if (end < 0) break;
    const head = inflated.subarray(pos, end).toString('utf8').split('\r\n');
    const length = Number(head.find((h) => /^content-length:/i.test(h))?.split(':')[1]);
    records.push({ head, block: Buffer.from(inflated.subarray(end + 4, end + 4 + length)) });
    pos = end + 4 + length + 4;
  }
  return records;
}

export function headerOf(r: SampleRecord, name: string): string | undefined {
  const line = r.head.find((h) => h.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

export function withHeader(r: SampleRecord, name: string, value: string): SampleRecord {
  const lower = `${name.toLowerCase()}:`;
  const head = r.head.some((h) => h.toLowerCase().startsWith(lower))
    ? r.head.map((h) => (h.toLowerCase().startsWith(lower) ? `${name}: ${value}` : h))
    : [...r.head, `${name}: ${value}`];
  return { head, block: r.block };
}

export const targetUri = (r: SampleRecord): string => (headerOf(r, 'WARC-Target-URI') ?? '').replace(/^<|>$/g, '');
export const isResponse = (r: SampleRecord): boolean => headerOf(r, 'WARC-Type') === 'response';

/** The HTTP payload of a response record (after the HTTP head). */
export function payloadOf(r: SampleRecord): Buffer {
  const end = r.block.indexOf('\r\n\r\n');
  return r.block.subarray(end + 4);
}

/** The same response with a new payload: HTTP Content-Length and both digests follow. */
export function withPayload(r: SampleRecord, payload: Buffer | string): SampleRecord {
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  const end = r.block.indexOf('\r\n\r\n');
  const httpHead = r.block
    .subarray(0, end)
    .toString('latin1')
    .split('\r\n')
    .filter((h) => !/^(content-length|transfer-encoding|content-encoding):/i.test(h));
  httpHead.push(`Content-Length: ${body.length}`);
  const block = Buffer.concat([Buffer.from(`${httpHead.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
  let next: SampleRecord = { head: r.head, block };
  if (headerOf(r, 'WARC-Payload-Digest') !== undefined) next = withHeader(next, 'WARC-Payload-Digest', sha1Base32(body));
  if (headerOf(r, 'WARC-Block-Digest') !== undefined) next = withHeader(next, 'WARC-Block-Digest', sha1Base32(block));
  return next;
}

/** Serialise records, one gzip member each; `gzip: false` writes a plain WARC. */
export function writeSampleRecords(path: string, records: SampleRecord[], options: { gzip?: boolean } = {}): void {
  const bytes = records.map((r) => {
    const head = r.head.filter((h) => !/^content-length:/i.test(h));
    const raw = Buffer.concat([
      Buffer.from(`${head.join('\r\n')}\r\nContent-Length: ${r.block.length}\r\n\r\n`, 'utf8'),
      r.block,
      Buffer.from('\r\n\r\n'),
    ]);
    return options.gzip === false ? raw : zlib.gzipSync(raw, { level: 6 });
  });
  writeFileSync(path, Buffer.concat(bytes));
}

/** Replace the payload of the response for `url` (exact target URI); throws when absent. */
export function replacePayload(records: SampleRecord[], url: string, payload: (old: string) => string): SampleRecord[] {
  let found = false;
  const next = records.map((r) => {
    if (!isResponse(r) || targetUri(r) !== url) return r;
    found = true;
    return withPayload(r, payload(payloadOf(r).toString('utf8')));
  });
  if (!found) throw new Error(`no response for ${url} in the sample`);
  return next;
}

/** The sample's RSS feed with synthetic items appended up to `total` items (unique links, varied words). */
export function withManyItems(rss: string, total: number): string {
  const real = (rss.match(/<item>/g) ?? []).length;
  const words = ['apt', 'kernel', 'network', 'printer', 'desktop', 'firewall', 'package', 'mirror', 'backup', 'session'];
  const extra: string[] = [];
  for (let i = real; i < total; i++) {
    const text = Array.from({ length: 24 }, (_, j) => words[(i * 7 + j * 3) % words.length]).join(' ');
    extra.push(
      `<item><title>Synthetic post ${i}</title><link>http://pelican-dev.test:8090/posts/synthetic/${i}/</link>` +
        `<description>&lt;p&gt;Note ${i}: ${text} …&lt;/p&gt;</description><pubDate>Mon, 02 Feb 2026 10:00:00 +0100</pubDate>` +
        `<guid isPermaLink="false">synthetic-${i}</guid></item>`,
    );
  }
  return rss.replace('</channel>', `${extra.join('')}</channel>`);
}
