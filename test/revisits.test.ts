/**
 * Revisits resolved everywhere (#14): a repeat crawl of the first sample crawl written
 * deduplicated (every unchanged response a revisit record, as Heritrix and Browsertrix write
 * repeated crawls) gives the same feeds, objects, pages and changes as the same crawl written in full.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WARCParser, WARCRecord, WARCSerializer } from 'warcio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlay } from '../src/build/index.js';
import { openStore, readChanges, readFeedStats, readObjectVersions, readPages } from '../src/store/index.js';

const SAMPLES = join(import.meta.dirname, '..', 'samples');
const CRAWL_1 = join(SAMPLES, 'pelican-crawl-1.warc.gz');
const CRAWL_2 = join(SAMPLES, 'pelican-crawl-2.warc.gz');
const IDENTICAL_PAYLOAD = 'http://netpreserve.org/warc/1.1/revisit/identical-payload-digest';

const DAY_MS = 86_400_000;
const later = (date: string | null): string => new Date(Date.parse(date ?? '') + DAY_MS).toISOString().replace('.000Z', 'Z');

/**
 * The first crawl crawled again a day later, nothing changed: every record re-dated by a day and,
 * when `dedup`, every response written as a revisit of the first crawl's record (identical-payload-digest
 * profile, WARC-Refers-To-Target-URI / -Date), as a deduplicating crawler writes it.
 */
async function writeRepeatCrawl(from: string, to: string, dedup: boolean): Promise<number> {
  const out = createWriteStream(to);
  let revisits = 0;
  for await (const record of new WARCParser(createReadStream(from))) {
    const url = record.warcTargetURI ?? '';
    const date = later(record.warcDate ?? null);
    const digest = record.warcPayloadDigest;
    let copy: WARCRecord;
    const http = record.httpHeaders;
    const statusline = http ? `HTTP/1.1 ${http.statusCode} ${http.statusText || 'OK'}` : '';
    const headers = http ? Object.fromEntries(http.headers as Map<string, string>) : {};
    if (dedup && record.warcType === 'response' && digest && http) {
      await record.skipFully();
      copy = WARCRecord.create(
        {
          url,
          date,
          type: 'revisit',
          warcVersion: 'WARC/1.0',
          statusline,
          httpHeaders: headers,
          warcHeaders: {
            'WARC-Profile': IDENTICAL_PAYLOAD,
            'WARC-Refers-To-Target-URI': url,
            'WARC-Refers-To-Date': record.warcDate ?? '',
            'WARC-Payload-Digest': digest,
          },
        },
        [],
      );
      revisits++;
    } else {
      const payload = await record.readFully(false);
      const warcHeaders = Object.fromEntries(
        [...(record.warcHeaders.headers as Map<string, string>)].filter(
          ([k]) => !/^(WARC-Record-ID|WARC-Date|WARC-Type|WARC-Target-URI|Content-Length|WARC-Block-Digest|WARC-Payload-Digest)$/i.test(k),
        ),
      );
      const type = record.warcType as 'response';
      copy = WARCRecord.create(
        http && type === 'response'
          ? { url, date, type, warcVersion: 'WARC/1.0', warcHeaders, statusline, httpHeaders: headers }
          : { url, date, type, warcVersion: 'WARC/1.0', warcHeaders },
        [payload],
      );
    }
    // digests as wget wrote them (sha1, base32), so the revisits' WARC-Payload-Digest match
    const bytes = await WARCSerializer.serialize(copy, { gzip: true, digest: { algo: 'sha-1', prefix: 'sha1:', base32: true } });
    if (!out.write(bytes)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return revisits;
}

function read(dir: string) {
  const db = openStore(dir, { writable: false });
  try {
    const provenance = ['warc_file', 'warc_offset', 'warc_record_id'];
    const strip = (r: Record<string, unknown>) =>
      JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => !provenance.includes(k))));
    return {
      objects: [...readObjectVersions(db)].map((r) => strip(r as unknown as Record<string, unknown>)).sort(),
      // the reason names the evidence ('same page digest' or 'revisit record'); kinds and figures must agree
      changes: [...readChanges(db)].map(({ reasons: _reasons, ...r }) => JSON.stringify(r)).sort(),
      feeds: readFeedStats(db).map((f) => JSON.stringify(f)),
      pages: [...readPages(db)].map((r) => strip(r)).sort(),
    };
  } finally {
    db.close();
  }
}

describe('a deduplicated repeat crawl (unchanged responses as revisits)', () => {
  let work = '';
  let revisits = 0;
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'wo-revisits-'));
    const full = join(work, 'repeat-full.warc.gz');
    const dedup = join(work, 'repeat-dedup.warc.gz');
    await writeRepeatCrawl(CRAWL_1, full, false);
    revisits = await writeRepeatCrawl(CRAWL_1, dedup, true);
    // the repeat is followed by the real second crawl, so changes are also computed from revisit-made versions
    const labels = ['crawl-1', 'repeat', 'crawl-2'];
    await buildOverlay({
      inputs: [CRAWL_1, full, CRAWL_2],
      outDir: join(work, 'full'),
      writePages: false,
      workers: 1,
      crawlLabels: labels,
    });
    await buildOverlay({
      inputs: [CRAWL_1, dedup, CRAWL_2],
      outDir: join(work, 'dedup'),
      writePages: false,
      workers: 1,
      crawlLabels: labels,
    });
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('gives the same feeds, objects, pages and changes as the full copy', () => {
    expect(revisits).toBeGreaterThan(50);
    const full = read(join(work, 'full'));
    const dedup = read(join(work, 'dedup'));
    expect(dedup.feeds).toEqual(full.feeds);
    expect(dedup.objects).toEqual(full.objects);
    expect(dedup.changes).toEqual(full.changes);
    expect(dedup.pages).toEqual(full.pages);
    expect(full.changes.length).toBeGreaterThan(0);
  });

  it("the viewer's replay index of the deduplicated crawl lists its revisits with the originals they resolve to", async () => {
    const { startViewer } = await import('../src/viewer/index.js');
    const viewer = await startViewer({ dir: join(work, 'dedup') });
    try {
      const lines = (await (await fetch(`${viewer.replayUrl}warc/crawl-2.cdxj`)).text()).trim().split('\n');
      const entries = lines.map((l) => ({
        key: l.slice(0, l.indexOf('{')),
        ...(JSON.parse(l.slice(l.indexOf('{'))) as { url: string; mime: string; filename: string }),
      }));
      const revisitLines = entries.filter((e) => e.mime === 'warc/revisit');
      expect(revisitLines.length).toBe(revisits);
      // each revisit's original (same URL, the first crawl's file) is in the same index
      const files = new Set(revisitLines.map((e) => e.filename));
      for (const r of revisitLines.slice(0, 20)) {
        expect(entries.some((e) => e.url === r.url && e.mime !== 'warc/revisit' && !files.has(e.filename))).toBe(true);
      }
    } finally {
      await viewer.close();
    }
  });
});
