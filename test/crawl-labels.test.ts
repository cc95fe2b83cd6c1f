/**
 * Crawl identity is a label (#14): --crawl names the crawl of each input, --crawl-by file splits a
 * WACZ holding one WARC per crawl into those crawls, giving the same objects and changes as the
 * WARCs given one by one.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WARCRecord, WARCSerializer } from 'warcio';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlay } from '../src/build/index.js';
import { openStore, readChanges, readCrawls, readObjectVersions } from '../src/store/index.js';

const SAMPLES = join(import.meta.dirname, '..', 'samples');
const CRAWLS = ['pelican-crawl-1.warc.gz', 'pelican-crawl-2.warc.gz'].map((n) => join(SAMPLES, n));

/** A small WARC written with warcio: a warcinfo record naming the crawl it is part of, then one page. */
async function warcOf(isPartOf: string, url: string, date: string): Promise<Buffer> {
  const info = WARCRecord.createWARCInfo({ filename: 'x.warc.gz', warcVersion: 'WARC/1.1' }, { software: 'test', isPartOf });
  const page = WARCRecord.create(
    { url, date, type: 'response', warcVersion: 'WARC/1.1', statusline: 'HTTP/1.1 200 OK', httpHeaders: { 'Content-Type': 'text/html' } },
    [Buffer.from(`<html lang="en"><body><h1>${url}</h1></body></html>`)],
  );
  return Buffer.concat([await WARCSerializer.serialize(info, { gzip: true }), await WARCSerializer.serialize(page, { gzip: true })]);
}

async function writeWacz(file: string, warcs: Array<{ name: string; data?: Buffer }> = CRAWLS.map((c) => ({ name: c }))): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const w of warcs) {
    if (w.data === undefined) zip.addFile(w.name, `archive/${w.name.split('/').pop()}`, { compress: false });
    else zip.addBuffer(w.data, `archive/${w.name}`, { compress: false });
  }
  zip.addBuffer(Buffer.from('{"profile":"data-package","wacz_version":"1.1.1","resources":[]}'), 'datapackage.json', { compress: false });
  zip.end();
  const out = createWriteStream(file);
  zip.outputStream.pipe(out);
  await once(out, 'finish');
}

function read(dir: string) {
  const db = openStore(dir, { writable: false });
  try {
    // the WARC is named differently (a file, or an entry of the WACZ); the record and its offset in it are the same
    const objects = [...readObjectVersions(db)].map(({ crawl: _crawl, warc_file: _file, ...o }) => JSON.stringify(o)).sort();
    const changes = [...readChanges(db)].map(({ from_crawl: _f, to_crawl: _t, ...c }) => JSON.stringify(c)).sort();
    return { objects, changes, crawls: readCrawls(db) };
  } finally {
    db.close();
  }
}

describe('crawl labels', () => {
  let work = '';
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'wo-crawls-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('a WACZ of two crawls built --crawl-by file gives the objects and changes of the two WARCs', async () => {
    const wacz = join(work, 'two-crawls.wacz');
    await writeWacz(wacz);
    await buildOverlay({ inputs: CRAWLS, outDir: join(work, 'warcs'), writePages: false, workers: 1, crawlLabels: ['may', 'june'] });
    const split = await buildOverlay({ inputs: [wacz], outDir: join(work, 'wacz'), writePages: false, workers: 1, crawlBy: 'file' });
    expect(split.crawls.map((c) => c.name)).toEqual([
      'two-crawls.wacz#archive/pelican-crawl-1.warc.gz',
      'two-crawls.wacz#archive/pelican-crawl-2.warc.gz',
    ]);
    const a = read(join(work, 'warcs'));
    const b = read(join(work, 'wacz'));
    expect(a.crawls.map((c) => c.crawl)).toEqual(['may', 'june']);
    expect(a.changes.length).toBeGreaterThan(0);
    expect(b.objects).toEqual(a.objects);
    expect(b.changes).toEqual(a.changes);
    // time ranges per crawl, the same whichever way the crawls came in
    expect(b.crawls.map((c) => [c.first_capture, c.last_capture, c.captures])).toEqual(
      a.crawls.map((c) => [c.first_capture, c.last_capture, c.captures]),
    );
    expect(a.crawls[0]?.first_capture?.startsWith('2026-11-22T11:17')).toBe(true);

    // read as one input (the default) the same WACZ is one crawl; rerunning --crawl-by file adds nothing
    const whole = await buildOverlay({ inputs: [wacz], outDir: join(work, 'whole'), writePages: false, workers: 1 });
    expect(whole.crawls).toHaveLength(1);
    const again = await buildOverlay({ inputs: [wacz], outDir: join(work, 'wacz'), writePages: false, workers: 1, crawlBy: 'file' });
    expect(again.crawls.every((c) => c.skipped)).toBe(true);
    expect(read(join(work, 'wacz')).objects).toEqual(b.objects);
  });

  it('--crawl-by warcinfo without isPartOf falls back to the file; --crawl-by day groups one day', async () => {
    const byInfo = await buildOverlay({
      inputs: [CRAWLS[0] as string],
      outDir: join(work, 'info'),
      writePages: false,
      workers: 1,
      crawlBy: 'warcinfo',
    });
    expect(byInfo.crawls.map((c) => c.name)).toEqual(['pelican-crawl-1.warc.gz']);
    const byDay = await buildOverlay({
      inputs: [CRAWLS[0] as string],
      outDir: join(work, 'day'),
      writePages: false,
      workers: 1,
      crawlBy: 'day',
    });
    expect(byDay.crawls.map((c) => c.name)).toEqual(['pelican-crawl-1.warc.gz@2026-11-22']);
  });

  it('--crawl-by warcinfo groups the WARCs of a WACZ whose warcinfo names the same isPartOf', async () => {
    const wacz = join(work, 'jobs.wacz');
    await writeWacz(wacz, [
      { name: 'rec-1.warc.gz', data: await warcOf('job-may', 'http://a.test/1', '2026-05-01T10:00:00Z') },
      { name: 'rec-2.warc.gz', data: await warcOf('job-may', 'http://a.test/2', '2026-05-01T11:00:00Z') },
      { name: 'rec-3.warc.gz', data: await warcOf('job-june', 'http://a.test/1', '2026-06-01T10:00:00Z') },
    ]);
    const report = await buildOverlay({ inputs: [wacz], outDir: join(work, 'jobs'), writePages: false, workers: 1, crawlBy: 'warcinfo' });
    expect(report.crawls.map((c) => [c.name, c.captures])).toEqual([
      ['job-may', 2],
      ['job-june', 1],
    ]);
  });

  it('refuses labels that do not name one crawl per input', async () => {
    await expect(buildOverlay({ inputs: CRAWLS, outDir: join(work, 'bad'), crawlLabels: ['only-one'] })).rejects.toThrow(
      /one label per input/,
    );
    await expect(buildOverlay({ inputs: CRAWLS, outDir: join(work, 'bad'), crawlLabels: ['x', 'x'] })).rejects.toThrow(/must differ/);
  });
});
