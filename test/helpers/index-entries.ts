import { canonicalUrl, hostOf } from '../../src/core/url.js';
import type { IndexEntry } from '../../src/warc/index.js';

/**
 * An index entry of an HTML response at `offset` of `crawl.warc.gz` (record id and payload digest
 * derived from the offset), as pass 1 writes one; `fields` override the rest.
 */
export function indexEntry(offset: number, url: string, fields: Partial<IndexEntry> = {}): IndexEntry {
  return {
    file: 'crawl.warc.gz',
    offset,
    length: 100,
    recordType: 'response',
    recordId: `<urn:uuid:${offset}>`,
    url,
    canonicalUrl: canonicalUrl(url),
    host: hostOf(url),
    time: '2026-11-22T11:30:00.000Z',
    status: 200,
    mime: 'text/html',
    payloadDigest: `sha1:${offset}`,
    location: null,
    refersToId: null,
    refersToUrl: null,
    refersToTime: null,
    payloadLength: 90,
    ...fields,
  };
}
