import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../core/diagnostics.js';
import {
  DEFAULT_WARC_CONFIG,
  listArchiveInputs,
  readCapture,
  scanArchive,
  type ScannedRecord,
  type ScanStats,
  type WarcConfig,
} from './index.js';

// The shipped sample is a copy of ../shared/corpus/pelican-dev/crawl-1.warc.gz.
const CORPUS = join(import.meta.dirname, '../../samples/pelican-crawl-1.warc.gz');
const FIXTURES = join(import.meta.dirname, '../../test/fixtures/warc');

async function scanFile(path: string, config: WarcConfig = DEFAULT_WARC_CONFIG) {
  const diagnostics = new Diagnostics();
  const [input] = await listArchiveInputs([path], diagnostics);
  if (input === undefined) throw new Error(`not an archive: ${path}`);
  const records: ScannedRecord[] = [];
  let stats: ScanStats | undefined;
  for await (const r of scanArchive(input, { diagnostics, config, wantBody: () => true, onProgress: (s) => (stats = s) })) records.push(r);
  return { input, records, diagnostics, stats };
}

/** Capture records counted straight from the inflated file, independently of the scanner. */
function countCaptureRecords(path: string): number {
  return (
    gunzipSync(readFileSync(path))
      .toString('latin1')
      .match(/^WARC-Type: (response|resource|revisit)\r$/gm) ?? []
  ).length;
}

async function expectRereadable(records: ScannedRecord[]): Promise<void> {
  for (const { entry, capture } of records) {
    const again = await readCapture(entry);
    expect(again.url).toBe(entry.url);
    expect(again.recordId).toBe(entry.recordId);
    expect(again.body.equals(capture?.body ?? Buffer.alloc(0))).toBe(true);
  }
}

describe('scanArchive + readCapture on a real crawl', () => {
  it('indexes every capture of pelican-dev crawl-1 and re-reads each by offset', async () => {
    const { records, diagnostics, stats } = await scanFile(CORPUS);
    expect(records.length).toBe(countCaptureRecords(CORPUS));
    expect(records.length).toBe(74);
    expect(diagnostics.count()).toBe(0);
    expect(stats?.recordsByType).toEqual({ warcinfo: 1, request: 73, response: 73, metadata: 1, resource: 1 });
    expect(stats?.bytesRead).toBe(readFileSync(CORPUS).length);
    const home = records.find((r) => r.entry.url === 'http://pelican-dev.test:8090/');
    expect(home?.entry).toMatchObject({ status: 200, mime: 'text/html', host: 'pelican-dev.test', recordType: 'response' });
    expect(home?.capture?.charset).toBe('utf-8');
    expect(home?.capture?.text()).toMatch(/^<!DOCTYPE html>/i);
    // Offsets are gzip member starts: strictly increasing, each member where the previous ended or later.
    const offsets = records.map((r) => r.entry.offset);
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
    await expectRereadable(records);
  });

  it('indexes records above maxRecordBytes without decoding them (warc.too-large)', async () => {
    const config = { ...DEFAULT_WARC_CONFIG, maxRecordBytes: 8192 };
    const { records, diagnostics } = await scanFile(CORPUS, config);
    expect(records.length).toBe(74);
    const big = records.filter((r) => r.capture === undefined);
    expect(big.length).toBeGreaterThan(0);
    expect(diagnostics.count('warc.too-large')).toBe(big.length);
    expect(diagnostics.errorCount()).toBe(0);
    expect(big.every((r) => r.entry.status === 200 && r.entry.payloadLength > 8192 - 1024)).toBe(true);
  });

  it('only asks for bodies it wants', async () => {
    const diagnostics = new Diagnostics();
    const [input] = await listArchiveInputs([CORPUS], diagnostics);
    const seen: ScannedRecord[] = [];
    for await (const r of scanArchive(input!, { diagnostics, wantBody: (e) => e.url.endsWith('.xml') })) seen.push(r);
    const withBody = seen.filter((r) => r.capture !== undefined);
    expect(withBody.length).toBeGreaterThan(0);
    expect(withBody.every((r) => r.entry.url.endsWith('.xml'))).toBe(true);
  });
});

describe('whole-file gzip, plain WARC and WACZ', () => {
  it('whole-file gzip: records located by inflated offset, same result inflated at once or streamed', async () => {
    const path = join(FIXTURES, 'whole-file-gzip.warc.gz');
    const atOnce = await scanFile(path);
    const streamed = await scanFile(path, { ...DEFAULT_WARC_CONFIG, maxMemberInflateBytes: 4096 });
    expect(atOnce.records).toHaveLength(3);
    expect(streamed.records.map((r) => [r.entry.url, r.entry.inflatedOffset])).toEqual(
      atOnce.records.map((r) => [r.entry.url, r.entry.inflatedOffset]),
    );
    expect(atOnce.records.every((r) => r.entry.offset === 0 && (r.entry.inflatedOffset ?? 0) > 0)).toBe(true);
    await expectRereadable(streamed.records);
    expect(atOnce.diagnostics.count() + streamed.diagnostics.count()).toBe(0);
  });

  it('WACZ: inner WARC found, locations point inside the zip, read by offset without extracting', async () => {
    const { records, diagnostics } = await scanFile(join(FIXTURES, 'small.wacz'));
    expect(diagnostics.count()).toBe(0);
    expect(records).toHaveLength(3);
    for (const r of records) expect(r.entry.file).toBe(`${join(FIXTURES, 'small.wacz')}#archive/data.warc.gz`);
    await expectRereadable(records);
  });

  it('a directory expands to its archives in name order', async () => {
    const diagnostics = new Diagnostics();
    const inputs = await listArchiveInputs([FIXTURES], diagnostics);
    const names = inputs.map((i) => i.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('small.wacz');
    expect(names).toContain('wrong-content-length.warc');
    expect(diagnostics.count('input.empty')).toBe(1);
    expect(diagnostics.count('input.not-warc')).toBe(1);
  });
});
