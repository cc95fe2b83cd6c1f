import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { Diagnostics } from '../core/diagnostics.js';
import { DEFAULT_WARC_CONFIG, listArchiveInputs, readCapture, scanArchive, type ScannedRecord, type WarcConfig } from './index.js';

// The shipped sample (a Wget crawl, 147 records, 74 captures) inflated: a real uncompressed WARC.
const SAMPLE = join(import.meta.dirname, '../../samples/pelican-crawl-1.warc.gz');
const PLAIN = gunzipSync(readFileSync(SAMPLE));
const CAPTURES = 74;
const dir = mkdtempSync(join(tmpdir(), 'warc-plain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Offset of the `WARC/1.0` line of the n-th record whose header holds `marker`. */
function recordWith(marker: string, n = 0): number {
  let from = 0;
  for (let i = 0; ; i++) {
    const at = PLAIN.indexOf(marker, from);
    if (at < 0) throw new Error(`no record with ${marker}`);
    if (i === n) return PLAIN.lastIndexOf('WARC/1.0\r\n', at);
    from = at + 1;
  }
}

/** A copy of the sample with the Content-Length of the record at `offset` replaced. */
function withContentLength(offset: number, length: (declared: number) => number): Buffer {
  const header = PLAIN.subarray(offset, PLAIN.indexOf('\r\n\r\n', offset)).toString('latin1');
  const match = /\r\nContent-Length: (\d+)/.exec(header);
  if (match?.[1] === undefined) throw new Error('no Content-Length');
  const start = offset + match.index;
  const old = Buffer.from(match[0]);
  return Buffer.concat([
    PLAIN.subarray(0, start),
    Buffer.from(`\r\nContent-Length: ${length(Number(match[1]))}`),
    PLAIN.subarray(start + old.length),
  ]);
}

async function scan(name: string, bytes: Buffer, config: WarcConfig = DEFAULT_WARC_CONFIG) {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  const diagnostics = new Diagnostics();
  const [input] = await listArchiveInputs([path], diagnostics);
  if (input === undefined) throw new Error(`not an archive: ${name}`);
  const records: ScannedRecord[] = [];
  for await (const r of scanArchive(input, { diagnostics, config, wantBody: () => true })) records.push(r);
  return { path, records, diagnostics };
}

const examples = (d: Diagnostics, kind: string): string[] => d.summary().find((s) => s.kind === kind)?.examples ?? [];

describe('uncompressed WARC: a bad Content-Length costs no other record', () => {
  it('the intact sample: every capture, no diagnostic, digests checked and right', async () => {
    const { records, diagnostics } = await scan('intact.warc', PLAIN);
    expect(records).toHaveLength(CAPTURES);
    expect(diagnostics.count()).toBe(0);
  });

  it.each([
    ['absurd', () => 999_999_999_999],
    ['5,000 bytes too long', (d: number) => d + 5000],
  ])('%s Content-Length: the record is cut at the next WARC/1. line, the records after it are kept', async (name, length) => {
    const bad = recordWith('WARC-Type: response', 10);
    const { records, diagnostics, path } = await scan(`${name.replace(/\W+/g, '-')}.warc`, withContentLength(bad, length));
    expect(records).toHaveLength(CAPTURES);
    expect(diagnostics.count()).toBe(1);
    expect(diagnostics.count('warc.bad-length')).toBe(1);
    const [message] = examples(diagnostics, 'warc.bad-length');
    expect(message).toMatch(/^wrong WARC Content-Length: declared \d+, the next WARC record starts after \d+ bytes of content; cut there/);
    expect(message).toContain(`${path} @ ${bad}, http://pelican-dev.test:8090/`);
    // The bad record and the one after it read back by offset as the scan saw them.
    const at = records.findIndex((r) => r.entry.offset === bad);
    expect(at).toBeGreaterThan(0);
    for (const r of records.slice(at, at + 2)) {
      const again = await readCapture(r.entry);
      expect(again.body.equals(r.capture?.body ?? Buffer.alloc(0))).toBe(true);
    }
    expect(records[at]?.capture?.text()).toMatch(/<\/html>\s*$/);
  });
});

describe('digests: a flipped payload byte is a located digest mismatch, counted once', () => {
  const html = recordWith('Content-type: text/html', 2);
  const flipped = Buffer.from(PLAIN);
  const at = PLAIN.indexOf('</body>', html);
  flipped[at + 2] = 'X'.charCodeAt(0);

  it('uncompressed WARC: reported on the scan with file, offset and URL; the record is kept', async () => {
    const { records, diagnostics, path } = await scan('flipped.warc', flipped);
    expect(records).toHaveLength(CAPTURES);
    expect(diagnostics.count()).toBe(1);
    expect(diagnostics.errorCount()).toBe(1);
    const [message] = examples(diagnostics, 'warc.digest-mismatch');
    expect(message).toMatch(/^WARC-Block-Digest mismatch: declared sha1:[A-Z2-7]{32}, computed sha1:[A-Z2-7]{32} over \d+ bytes/);
    expect(message).toContain(`(${path} @ ${html}, http://pelican-dev.test:8090/`);
    // Pass 2 reading the same record again (extraction, templates, segmentation) does not count it again.
    const entry = records.find((r) => r.entry.offset === html)?.entry;
    expect(entry).toBeDefined();
    if (entry === undefined) return;
    for (let i = 0; i < 3; i++) await readCapture(entry, { diagnostics });
    expect(diagnostics.count('warc.digest-mismatch')).toBe(1);
  });

  it('reading the record by offset finds it too; --no-verify-digests checks nothing', async () => {
    const { records } = await scan('flipped-none.warc', flipped, { ...DEFAULT_WARC_CONFIG, verifyDigests: 'none' });
    const entry = records.find((r) => r.entry.offset === html)?.entry;
    if (entry === undefined) throw new Error('record lost');
    const fresh = new Diagnostics();
    await readCapture(entry, { diagnostics: fresh });
    expect(fresh.count('warc.digest-mismatch')).toBe(1);
    const off = new Diagnostics();
    await readCapture(entry, { diagnostics: off, config: { ...DEFAULT_WARC_CONFIG, verifyDigests: 'none' } });
    expect(off.count()).toBe(0);
  });
});
