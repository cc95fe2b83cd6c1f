/**
 * The data object per crawl (#14): one fused version per article and crawl, the per-method
 * candidates kept as evidence, and every row carrying the WARC record it was read from.
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WARCParser } from 'warcio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlay } from '../src/build/index.js';
import { type Db, listEvidenceOf, listVersionsOf, openStore, readComments, readObjectVersions, readPages } from '../src/store/index.js';

const SAMPLES = join(import.meta.dirname, '..', 'samples');
const CRAWLS = ['pelican-crawl-1.warc.gz', 'pelican-crawl-2.warc.gz'].map((n) => join(SAMPLES, n));

async function recordIdAt(file: string, offset: number): Promise<string | null> {
  const stream = createReadStream(file, { start: offset });
  try {
    const record = await new WARCParser(stream).parse();
    return record?.warcHeader('WARC-Record-ID') ?? null;
  } finally {
    stream.destroy();
  }
}

describe('fused data objects on the sample crawls', () => {
  let dir = '';
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-fused-'));
    await buildOverlay({ inputs: CRAWLS, outDir: dir, writePages: false, workers: 1 });
    db = openStore(dir, { writable: false });
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exports exactly one object per (URL, crawl); --evidence lists the candidates behind them', () => {
    const objects = [...readObjectVersions(db)];
    const evidence = [...readObjectVersions(db, { evidence: true })];
    const pairs = new Set(evidence.map((e) => `${e.canonical_url} ${e.crawl}`));
    expect(objects).toHaveLength(pairs.size);
    expect(new Set(objects.map((o) => `${o.canonical_url} ${o.crawl}`)).size).toBe(objects.length);
    expect(evidence.length).toBeGreaterThan(objects.length);
    for (const o of objects) {
      expect(o.fusion).not.toBeNull();
      expect(o.method).toBe(o.fusion?.textFrom);
      // the text is the candidate's it names
      const source = evidence.find((e) => e.canonical_url === o.canonical_url && e.crawl === o.crawl && e.method === o.method);
      expect(source?.text).toBe(o.text);
    }
    // where the page and the full feed both gave the article, the page's article is the text and the reason says so
    const both = objects.find((o) => o.fusion?.candidates.includes('full-feed') && o.fusion.candidates.length > 1);
    expect(both?.method).not.toBe('full-feed');
    expect(both?.fusion?.reason).toMatch(/preferred to the full feed content/);
  });

  it('the viewer timeline has one entry per crawl; the evidence stays reachable', () => {
    const o = [...readObjectVersions(db)].find((r) => r.fusion?.candidates.length === 2);
    const objectId = db.prepare('SELECT id FROM objects WHERE canonical_url = ?').pluck().get(o?.canonical_url) as number;
    const timeline = listVersionsOf(db, objectId);
    expect(new Set(timeline.map((v) => v.crawlId)).size).toBe(timeline.length);
    const first = timeline[0];
    expect(first?.fusion?.textFrom).toBe(first?.method);
    expect(
      listEvidenceOf(db, objectId, first?.crawlId ?? -1)
        .map((v) => v.method)
        .sort(),
    ).toEqual([...(first?.fusion?.candidates ?? [])].sort());
  });

  it('every object and page row names its WARC record: reading the file at the offset gives that record id', async () => {
    const objects = [...readObjectVersions(db)];
    const pages = [...readPages(db)];
    for (const row of [...objects.slice(0, 10), ...pages.slice(0, 10)] as Array<Record<string, unknown>>) {
      expect(row.warc_file).toMatch(/pelican-crawl-\d\.warc\.gz$/);
      expect(typeof row.warc_offset).toBe('number');
      expect(row.warc_record_id).toMatch(/^<urn:uuid:/);
      expect(await recordIdAt(row.warc_file as string, row.warc_offset as number)).toBe(row.warc_record_id);
      expect(row.payload_digest).toMatch(/^sha1:/);
      expect(row.mime).toBe('text/html');
      expect(row.status).toBe(200);
      expect(row.site).toBe('pelican-dev.test');
      expect(row.content_hash).toMatch(/^sha(256|1):/);
    }
    expect(objects.every((o) => o.language === 'en')).toBe(true);
    // comments carry the same columns (the samples have none: the columns are checked on the export's shape)
    expect([...readComments(db)]).toEqual([]);
  });
});
