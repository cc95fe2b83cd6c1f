import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../core/diagnostics.js';
import { listArchiveInputs, readCapture, scanArchive, type ScannedRecord, type ScanStats } from './index.js';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/warc');
const fixture = (name: string): string => join(FIXTURES, name);

async function scan(name: string): Promise<{ records: ScannedRecord[]; diagnostics: Diagnostics; stats: ScanStats | undefined }> {
  const diagnostics = new Diagnostics();
  const [input] = await listArchiveInputs([fixture(name)], diagnostics);
  const records: ScannedRecord[] = [];
  let stats: ScanStats | undefined;
  if (input === undefined) return { records, diagnostics, stats };
  for await (const record of scanArchive(input, { diagnostics, wantBody: () => true, onProgress: (s) => (stats = s) }))
    records.push(record);
  return { records, diagnostics, stats };
}

function examples(diagnostics: Diagnostics, kind: string): string[] {
  return diagnostics.summary().find((s) => s.kind === kind)?.examples ?? [];
}

describe('bad input: each defect is reported with its place and the scan goes on', () => {
  it('truncated last record: reported with file, member offset and URL; earlier records kept', async () => {
    const { records, diagnostics, stats } = await scan('truncated-last-record.warc.gz');
    expect(records).toHaveLength(3);
    expect(diagnostics.count('warc.truncated')).toBe(1);
    expect(diagnostics.count()).toBe(1);
    const [message] = examples(diagnostics, 'warc.truncated');
    expect(message).toMatch(/^WARC record truncated: Content-Length \d+, got \d+ bytes; file ends inside this gzip member/);
    expect(message).toMatch(/truncated-last-record\.warc\.gz @ \d+, http:\/\/devblog\.test:8081\//);
    const last = records.at(-1)?.entry;
    expect(Number(/@ (\d+)/.exec(message ?? '')?.[1])).toBe((last?.offset ?? 0) + (last?.length ?? 0));
    expect(stats?.recordsSkipped).toBe(1);
  });

  it('corrupt gzip member: skipped once, the walk resynchronises and the later records are read', async () => {
    const { records, diagnostics } = await scan('corrupt-gzip-member.warc.gz');
    expect(diagnostics.count('warc.gzip-corrupt')).toBe(1);
    expect(diagnostics.count()).toBe(1);
    expect(examples(diagnostics, 'warc.gzip-corrupt')[0]).toMatch(
      /^gzip member skipped \(\d+ bytes\): .*\(.*corrupt-gzip-member\.warc\.gz @ \d+\)$/,
    );
    // 5 responses written, the third one damaged: the two after it are still there.
    expect(records).toHaveLength(4);
    const offsets = records.map((r) => r.entry.offset);
    const badOffset = Number(/@ (\d+)/.exec(examples(diagnostics, 'warc.gzip-corrupt')[0] ?? '')?.[1]);
    expect(offsets.filter((o) => o > badOffset)).toHaveLength(2);
    for (const record of records) expect((await readCapture(record.entry)).body.equals(record.capture?.body ?? Buffer.alloc(1))).toBe(true);
  });

  it('wrong Content-Length in a gzip member: repaired from the member boundary, reported as warning', async () => {
    const { records, diagnostics } = await scan('wrong-content-length.warc.gz');
    expect(records).toHaveLength(3);
    expect(diagnostics.count('warc.bad-length')).toBe(1);
    expect(diagnostics.errorCount()).toBe(0);
    const [message] = examples(diagnostics, 'warc.bad-length');
    expect(message).toMatch(/wrong WARC Content-Length: declared (\d+), the gzip member holds (\d+) bytes of content/);
    const [, declared, actual] = /declared (\d+), the gzip member holds (\d+)/.exec(message ?? '') ?? [];
    expect(Number(declared) - Number(actual)).toBe(100);
    expect(message).toContain(records[1]?.entry.url);
    expect(records[1]?.capture?.text()).toMatch(/<\/html>\s*$/);
  });

  it('wrong Content-Length in a plain WARC: reported, the next record is found again', async () => {
    const { records, diagnostics } = await scan('wrong-content-length.warc');
    expect(records.map((r) => r.entry.url)).toHaveLength(3);
    expect(diagnostics.count('warc.bad-length')).toBe(1);
    // 50 bytes short + the CRLFCRLF that ends the record.
    expect(examples(diagnostics, 'warc.bad-length')[0]).toMatch(
      /the next record starts 54 bytes after the declared end.*wrong-content-length\.warc @ \d+, http/,
    );
    const third = records[2];
    expect(third && (await readCapture(third.entry)).body.equals(third.capture?.body ?? Buffer.alloc(0))).toBe(true);
  });

  it('a file that is not a WARC and an empty file are reported and left out', async () => {
    const diagnostics = new Diagnostics();
    const inputs = await listArchiveInputs(
      [fixture('not-a-warc.warc'), fixture('empty.warc.gz'), fixture('missing.warc.gz'), fixture('revisit-record.warc.gz')],
      diagnostics,
    );
    expect(inputs.map((i) => i.name)).toEqual(['revisit-record.warc.gz']);
    expect(diagnostics.count('input.not-warc')).toBe(1);
    expect(diagnostics.count('input.empty')).toBe(1);
    expect(diagnostics.count('input.unreadable')).toBe(1);
    expect(examples(diagnostics, 'input.not-warc')[0]).toMatch(/not-a-warc\.warc @ 0\)$/);
    // Scanned anyway (e.g. a library caller skipping listArchiveInputs): reported, nothing yielded.
    const direct = new Diagnostics();
    const yielded = [];
    for await (const r of scanArchive(
      { path: fixture('not-a-warc.warc'), name: 'not-a-warc.warc', bytes: 30977, format: 'warc' },
      { diagnostics: direct },
    ))
      yielded.push(r);
    expect(yielded).toHaveLength(0);
    expect(direct.count('input.not-warc')).toBe(1);
  });

  it('gzip bomb in a Content-Encoding body: capped, reported with URL, next record decoded', async () => {
    const { records, diagnostics } = await scan('gzip-bomb-body.warc.gz');
    expect(records).toHaveLength(2);
    expect(diagnostics.count('http.decompression-bomb')).toBe(1);
    expect(examples(diagnostics, 'http.decompression-bomb')[0]).toMatch(
      /inflate to more than 67108864 bytes.*http:\/\/devblog\.test:8081\/bomb\//,
    );
    expect(records[0]?.capture?.body.length).toBe(0);
    expect(records[1]?.capture?.text()).toContain('</html>');
  });

  it('pages in windows-1251 (header) and Shift_JIS (meta only) are decoded', async () => {
    const ru = await scan('windows-1251-page.warc.gz');
    expect(ru.records[0]?.capture?.charset).toBe('windows-1251');
    expect(ru.records[0]?.capture?.text()).toContain('Архив веб-страниц: заметки о пакетах Debian');
    const ja = await scan('shift-jis-page.warc.gz');
    expect(ja.records[0]?.capture?.charset).toBe('shift_jis');
    expect(ja.records[0]?.capture?.text()).toContain('ウェブアーカイブの記録：パッケージ管理');
    expect(ru.diagnostics.count() + ja.diagnostics.count()).toBe(0);
  });

  it('revisit record: indexed with what it refers to', async () => {
    const { records } = await scan('revisit-record.warc.gz');
    const [original, revisit] = records.map((r) => r.entry);
    expect(revisit?.recordType).toBe('revisit');
    expect(revisit?.refersToId).toBe(original?.recordId);
    expect(revisit?.refersToUrl).toBe(original?.url);
    expect(revisit?.refersToTime).toBe(original?.time);
    expect(revisit?.payloadDigest).toBe(original?.payloadDigest);
    expect(revisit?.status).toBe(200);
    expect(revisit?.payloadLength).toBe(0);
  });

  it('broken chunked body: readable part kept, http.bad-chunked reported', async () => {
    const { records, diagnostics } = await scan('broken-chunked-body.warc.gz');
    expect(diagnostics.count('http.bad-chunked')).toBe(1);
    expect(records[0]?.capture?.text()).toBe('<html><body><p>First chunk and the rest</p></body></html>\r\n');
    expect(records).toHaveLength(2);
  });
});
