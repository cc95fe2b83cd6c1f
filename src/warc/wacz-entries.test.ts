import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { Diagnostics } from '../core/diagnostics.js';
import { listArchiveInputs, readCapture, scanArchive, type ScannedRecord } from './index.js';

/** The WARC of the fixture small.wacz (warcinfo + 3 responses), cut out of its STORED entry. */
const WARC_GZ = (() => {
  const small = readFileSync(join(import.meta.dirname, '../../test/fixtures/warc/small.wacz'));
  const header = small.indexOf('archive/data.warc.gz') - 30;
  const dataStart = header + 30 + small.readUInt16LE(header + 26) + small.readUInt16LE(header + 28);
  return small.subarray(dataStart, dataStart + small.readUInt32LE(header + 18));
})();
const RESPONSES = 3;
const dir = mkdtempSync(join(tmpdir(), 'wacz-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Entry {
  name: string;
  data: Buffer;
  method?: 0 | 8;
}

/** A little-endian record of `size` bytes: each field is [offset, width in bytes (2 or 4), value]. */
function header(size: number, fields: ReadonlyArray<readonly [number, 2 | 4, number]>): Buffer {
  const b = Buffer.alloc(size);
  for (const [at, width, value] of fields) {
    if (width === 2) b.writeUInt16LE(value, at);
    else b.writeUInt32LE(value, at);
  }
  return b;
}

/**
 * A zip written byte by byte [APPNOTE 6.3.10 §4.3], so that entries no zip library would write
 * (names climbing out of the folder, no central directory) can be made.
 */
function zip(entries: Entry[], { centralDirectory = true } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const method = e.method ?? 0;
    const stored = method === 8 ? deflateRawSync(e.data) : e.data;
    const name = Buffer.from(e.name);
    const crc = crc32(e.data);
    const local = header(30, [
      [0, 4, 0x04034b50],
      [4, 2, 20],
      [6, 2, 0x0800],
      [8, 2, method],
      [14, 4, crc],
      [18, 4, stored.length],
      [22, 4, e.data.length],
      [26, 2, name.length],
    ]);
    const central = header(46, [
      [0, 4, 0x02014b50],
      [4, 2, 20],
      [6, 2, 20],
      [8, 2, 0x0800],
      [10, 2, method],
      [16, 4, crc],
      [20, 4, stored.length],
      [24, 4, e.data.length],
      [28, 2, name.length],
      [42, 4, offset],
    ]);
    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  if (!centralDirectory) return Buffer.concat(locals);
  const cd = Buffer.concat(centrals);
  const end = header(22, [
    [0, 4, 0x06054b50],
    [8, 2, entries.length],
    [10, 2, entries.length],
    [12, 4, cd.length],
    [16, 4, offset],
  ]);
  return Buffer.concat([...locals, cd, end]);
}

const DATAPACKAGE: Entry = { name: 'datapackage.json', data: Buffer.from('{"profile":"data-package","resources":[]}') };

async function scan(name: string, bytes: Buffer): Promise<{ records: ScannedRecord[]; diagnostics: Diagnostics; path: string }> {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  const diagnostics = new Diagnostics();
  const records: ScannedRecord[] = [];
  const [input] = await listArchiveInputs([path], diagnostics);
  if (input !== undefined) for await (const r of scanArchive(input, { diagnostics, wantBody: () => true })) records.push(r);
  return { records, diagnostics, path };
}

async function expectRereadable(records: ScannedRecord[]): Promise<void> {
  for (const r of records) expect((await readCapture(r.entry)).body.equals(r.capture?.body ?? Buffer.alloc(1))).toBe(true);
}

describe('WACZ: every safe entry is read, unsafe ones are skipped and reported', () => {
  it('entries whose names climb out of the folder: skipped with a located report, the WARC still read', async () => {
    const bytes = zip([
      DATAPACKAGE,
      { name: '../../evil.txt', data: Buffer.from('x') },
      { name: 'archive/../../escape.warc.gz', data: WARC_GZ },
      { name: '/etc/absolute.warc.gz', data: WARC_GZ },
      { name: 'archive/data.warc.gz', data: WARC_GZ },
    ]);
    const { records, diagnostics, path } = await scan('zip-slip-names.wacz', bytes);
    expect(records).toHaveLength(RESPONSES);
    expect(records.every((r) => r.entry.file === `${path}#archive/data.warc.gz`)).toBe(true);
    expect(diagnostics.count('wacz.unsafe-entry')).toBe(3);
    const messages = diagnostics.summary().find((s) => s.kind === 'wacz.unsafe-entry')?.examples ?? [];
    expect(messages[0]).toMatch(
      /^zip entry "\.\.\/\.\.\/evil\.txt" skipped: "\.\." segment climbs out of the folder \(.*zip-slip-names\.wacz @ \d+\)$/,
    );
    expect(diagnostics.count()).toBe(3);
    await expectRereadable(records);
  });

  it('cut short (no central directory): the entries are found from their local headers', async () => {
    const whole = zip(
      [DATAPACKAGE, { name: 'archive/data.warc.gz', data: WARC_GZ }, { name: 'pages/pages.jsonl', data: Buffer.from('{}\n') }],
      { centralDirectory: false },
    );
    const { records, diagnostics } = await scan('no-central-directory.wacz', whole);
    expect(records).toHaveLength(RESPONSES);
    expect(diagnostics.count('wacz.bad-zip')).toBe(1);
    expect(diagnostics.errorCount()).toBe(0);
    await expectRereadable(records);
  });

  it('cut inside the WARC entry: the records before the cut are kept, the cut one reported', async () => {
    const whole = zip([DATAPACKAGE, { name: 'archive/data.warc.gz', data: WARC_GZ }]);
    const cut = whole.subarray(0, whole.indexOf(WARC_GZ) + Math.floor(WARC_GZ.length * 0.8));
    const { records, diagnostics } = await scan('cut-inside-warc.wacz', cut);
    expect(records.length).toBeGreaterThanOrEqual(1);
    expect(records.length).toBeLessThan(RESPONSES);
    expect(diagnostics.count('warc.truncated')).toBe(1);
  });

  it('a DEFLATE-compressed archive entry is read, and its records read back by offset', async () => {
    const { records, diagnostics } = await scan(
      'deflated-entry.wacz',
      zip([DATAPACKAGE, { name: 'archive/data.warc.gz', data: WARC_GZ, method: 8 }]),
    );
    expect(records).toHaveLength(RESPONSES);
    expect(diagnostics.errorCount()).toBe(0);
    await expectRereadable(records);
  });
});
