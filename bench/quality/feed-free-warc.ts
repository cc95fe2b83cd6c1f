/**
 * Copies of a data set's crawls with every feed record removed, for the "without feeds" section:
 * the build then has no feed to pair, learn templates from or segment by, and must find the posts
 * with E-mCST alone. A capture record (response, resource, revisit) is dropped when its
 * Content-Type names a feed format or its body is one by the build's own sniffing (`looksLikeFeed`
 * on the decoded body); a revisit is dropped too when it repeats a dropped payload or URL, in the
 * same or an earlier crawl. Records are read with warcio and the kept ones copied byte for byte, so
 * every other record (requests included) is exactly what the original crawl holds.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { WARCParser, type WARCRecord } from 'warcio';
import { schemelessKey } from '../../src/core/url.js';
import { FEED_MIME } from '../../src/feeds/constants.js';
import { looksLikeFeed } from '../../src/feeds/index.js';
import { decodeText } from '../../src/warc/index.js';

const CAPTURE_TYPES = new Set(['response', 'resource', 'revisit']);
const GZIP_MAGIC = [0x1f, 0x8b];
const WARC_MAGIC = Buffer.from('WARC/');

/** What the dropped records were, kept across the crawls of one data set (revisits point back). */
export class FeedRecordFilter {
  private readonly digests = new Set<string>();
  private readonly urls = new Set<string>();

  /**
   * Writes `source` without its feed records to `target`. Needs one record per gzip member (or a
   * plain WARC), the way crawlers write them; reads the whole file (the corpus crawls are small).
   * Returns the URLs of the dropped records.
   */
  async copy(source: string, target: string): Promise<string[]> {
    const bytes = await readFile(source);
    const parser = new WARCParser([bytes]);
    const starts: Array<{ offset: number; isDropped: boolean }> = [];
    const dropped: string[] = [];
    for await (const record of parser) {
      const isDropped = CAPTURE_TYPES.has(record.warcType ?? '') && (await this.isFeedRecord(record));
      if (isDropped) dropped.push(record.warcTargetURI ?? '');
      starts.push({ offset: parser.offset, isDropped });
    }
    const kept = starts.flatMap((s, i) => (s.isDropped ? [] : [bytes.subarray(s.offset, starts[i + 1]?.offset ?? bytes.length)]));
    for (const chunk of kept) {
      if (!startsWith(chunk, GZIP_MAGIC) && !startsWith(chunk, WARC_MAGIC)) {
        throw new Error(`${source}: a record does not start a gzip member; cannot copy records one by one`);
      }
    }
    await writeFile(target, Buffer.concat(kept));
    return dropped;
  }

  private async isFeedRecord(record: WARCRecord): Promise<boolean> {
    const contentType =
      record.httpHeaders?.headers.get('content-type') ?? (record.warcType === 'resource' ? record.warcContentType : null) ?? null;
    const mime = contentType?.split(';')[0]?.trim() ?? null;
    const url = record.warcTargetURI ?? '';
    const digest = record.warcPayloadDigest ?? null;
    let isFeed = mime !== null && FEED_MIME.test(mime);
    if (record.warcType === 'revisit') {
      const refersTo = record.warcRefersToTargetURI ?? url;
      isFeed ||= (digest !== null && this.digests.has(digest)) || this.urls.has(schemelessKey(refersTo));
    } else if (!isFeed) {
      const body = Buffer.from(await record.readFully(true));
      isFeed = looksLikeFeed(mime, url, decodeText(body, contentType).text);
    }
    if (isFeed) {
      if (digest !== null) this.digests.add(digest);
      this.urls.add(schemelessKey(url));
    }
    return isFeed;
  }
}

function startsWith(chunk: Uint8Array, prefix: ArrayLike<number>): boolean {
  for (let i = 0; i < prefix.length; i++) if (chunk[i] !== prefix[i]) return false;
  return true;
}
