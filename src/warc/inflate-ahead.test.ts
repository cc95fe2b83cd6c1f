import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { Diagnostics } from '../core/diagnostics.js';
import { DEFAULT_WARC_CONFIG, listArchiveInputs, scanArchive, type ScanStats, type WarcConfig } from './index.js';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/warc');
const SAMPLE = join(import.meta.dirname, '../../samples/pelican-crawl-1.warc.gz');

/** Everything a scan gives out: entries, decoded bodies, stats and the diagnostics' summary. */
async function scanAll(path: string, config: WarcConfig) {
  const diagnostics = new Diagnostics();
  const [input] = await listArchiveInputs([path], diagnostics);
  if (input === undefined) throw new Error(`not an archive: ${path}`);
  const records: unknown[] = [];
  let stats: ScanStats | undefined;
  for await (const { entry, capture } of scanArchive(input, { diagnostics, config, wantBody: () => true, onProgress: (s) => (stats = s) }))
    records.push({ entry, body: capture?.body.toString('base64') });
  return { records, stats, diagnostics: diagnostics.summary() };
}

const inThread: WarcConfig = { ...DEFAULT_WARC_CONFIG, inflateAheadMinBytes: 0 };
/** Every file through the worker, in batches smaller than a record (each member its own buffer). */
const ahead: WarcConfig = { ...DEFAULT_WARC_CONFIG, inflateAheadMinBytes: 1, inflateAheadBatchBytes: 4096 };

describe('walkGzipMembersAhead', () => {
  const files = [
    SAMPLE,
    ...readdirSync(FIXTURES)
      // empty.warc.gz is no archive (listArchiveInputs reports it): nothing to scan.
      .filter((f) => /\.(warc\.gz|wacz)$/.test(f) && f !== 'empty.warc.gz')
      .map((f) => join(FIXTURES, f)),
  ];

  it.each(files)('gives the same records, bodies, stats and reports as the walk in this thread: %s', async (path) => {
    const expected = await scanAll(path, inThread);
    expect(await scanAll(path, ahead)).toEqual(expected);
  });

  it('gives the same records with batches of several members', async () => {
    const expected = await scanAll(SAMPLE, inThread);
    expect(expected.records.length).toBeGreaterThan(10);
    expect(await scanAll(SAMPLE, { ...ahead, inflateAheadBatchBytes: 64 * 1024 })).toEqual(expected);
  });

  it('hands the rest of the range back to this thread at a member too large for one call (streamed)', async () => {
    const small = { maxMemberInflateBytes: 8192 };
    for (const path of [SAMPLE, join(FIXTURES, 'whole-file-gzip.warc.gz')]) {
      const expected = await scanAll(path, { ...inThread, ...small });
      expect(expected.records.length).toBeGreaterThan(0);
      expect(await scanAll(path, { ...ahead, ...small })).toEqual(expected);
    }
  });

  it('stops its worker when the scan is left early', async () => {
    const diagnostics = new Diagnostics();
    const [input] = await listArchiveInputs([SAMPLE], diagnostics);
    if (input === undefined) throw new Error('sample missing');
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    try {
      let seen = 0;
      for await (const _ of scanArchive(input, { diagnostics, config: ahead })) if (++seen === 3) break;
      expect(seen).toBe(3);
      expect(terminate).toHaveBeenCalledTimes(1);
    } finally {
      terminate.mockRestore();
    }
  });
});
