import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdxjLine, indexWarcCdxj } from '../src/core/cdxj.js';
import { buildOverlay } from '../src/build/index.js';
import { openStore } from '../src/store/index.js';

const SAMPLE = join(import.meta.dirname, '..', 'samples', 'pelican-crawl-1.warc.gz');

describe('CDXJ written from the store equals warcio CDXIndexer over the WARC (cdxj-indexer -s)', () => {
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-cdxj-'));
    await buildOverlay({ inputs: [SAMPLE], outDir: dir, writePages: false, workers: 1 });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the same line for every response record', async () => {
    const fromWarc = (await indexWarcCdxj(createReadStream(SAMPLE), basename(SAMPLE))).filter((l) => l.includes('"status"'));
    const db = openStore(dir, { writable: false });
    const rows = db
      .prepare(`SELECT url, time, status, mime, offset, length, payload_digest FROM captures WHERE record_type = 'response'`)
      .all() as Array<{
      url: string;
      time: string;
      status: number | null;
      mime: string | null;
      offset: number;
      length: number;
      payload_digest: string | null;
    }>;
    db.close();
    const fromStore = rows
      .map((r) =>
        cdxjLine({
          url: r.url,
          time: r.time,
          mime: r.mime,
          status: r.status,
          digest: r.payload_digest,
          length: r.length,
          offset: r.offset,
          filename: basename(SAMPLE),
        }),
      )
      .sort();
    expect(fromStore.length).toBeGreaterThan(20);
    expect(fromStore).toEqual(fromWarc);
  });
});

describe('surt', () => {
  it('is warcio getSurt: www. dropped, host reversed, query arguments sorted', async () => {
    const { surt } = await import('../src/core/cdxj.js');
    expect(surt('https://www.Example.com/a/b?z=1&a=2')).toBe('com,example)/a/b?a=2&z=1');
    expect(surt('http://example.com:8080/')).toBe('com,example:8080)/');
  });
});
