import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../core/diagnostics.js';
import { isInputError } from '../core/errors.js';
import { DEFAULT_WARC_CONFIG, listArchiveInputs, readCapture, scanArchive, type ScannedRecord } from './index.js';

const fixture = (name: string): string => join(import.meta.dirname, '../../test/fixtures/warc', name);

async function scan(name: string): Promise<{ records: ScannedRecord[]; diagnostics: Diagnostics }> {
  const diagnostics = new Diagnostics();
  const [input] = await listArchiveInputs([fixture(name)], diagnostics);
  const records: ScannedRecord[] = [];
  if (input !== undefined) for await (const r of scanArchive(input, { diagnostics, wantBody: () => true })) records.push(r);
  return { records, diagnostics };
}

async function failureOf(read: Promise<unknown>): Promise<string> {
  try {
    await read;
  } catch (error) {
    if (isInputError(error)) return `${error.kind}: ${error.message}`;
    throw error;
  }
  return 'read';
}

describe('readCapture: a gzip member read whole from memory, or streamed when it is not clean', () => {
  it('each member inflated in one call gives the capture the scan decoded', async () => {
    const { records } = await scan('revisit-record.warc.gz');
    expect(records.length).toBeGreaterThan(1);
    for (const r of records) {
      const capture = await readCapture(r.entry);
      expect(capture.body.equals(r.capture?.body ?? Buffer.alloc(1))).toBe(true);
      expect(capture.url).toBe(r.entry.url);
    }
  });

  it('a member inflating past the record limit is streamed and reported as too large', async () => {
    // One response of 200 KB of one letter: its gzip member is a few hundred bytes.
    const payload = `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>${'a'.repeat(200_000)}</p>`;
    const headers = `WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:1>\r\nWARC-Date: 2025-01-01T00:00:00Z\r\nWARC-Target-URI: http://a.test/\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: ${payload.length}\r\n\r\n`;
    const member = gzipSync(`${headers}${payload}\r\n\r\n`);
    const dir = mkdtempSync(join(tmpdir(), 'record-reader-'));
    try {
      const file = join(dir, 'large.warc.gz');
      writeFileSync(file, member);
      const location = { file, offset: 0, length: member.length };
      expect((await readCapture(location)).body.length).toBeGreaterThan(200_000);
      // The compressed member fits the limit, its inflated content does not.
      const config = { ...DEFAULT_WARC_CONFIG, maxRecordBytes: 100_000, maxHeaderBytes: 4096 };
      expect(await failureOf(readCapture(location, { config }))).toMatch(
        /^warc\.too-large: record content \d+ bytes > maxRecordBytes 100000/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a damaged member read by offset fails with a located gzip error, not a stack trace', async () => {
    const { records, diagnostics } = await scan('corrupt-gzip-member.warc.gz');
    const bad = Number(/@ (\d+)\)$/.exec(diagnostics.summary()[0]?.examples[0] ?? '')?.[1]);
    const after = records.find((r) => r.entry.offset > bad);
    expect(after).toBeDefined();
    if (after === undefined) return;
    // The damaged member is the one before the first record read after it.
    const location = { ...after.entry, offset: bad, length: after.entry.offset - bad };
    const problem = await failureOf(readCapture(location, { diagnostics: new Diagnostics() }));
    expect(problem).toMatch(/^warc\.(gzip-corrupt|bad-header): /);
    expect(problem).not.toMatch(/\n\s+at /);
  });
});
