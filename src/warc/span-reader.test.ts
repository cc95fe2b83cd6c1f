import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Diagnostics } from '../core/diagnostics.js';
import { DEFAULT_WARC_CONFIG } from './config.js';
import { listArchiveInputs } from './archive-inputs.js';
import { readCapture } from './record-reader.js';
import { readSpan, spanReadStats } from './span-reader.js';
import { scanArchive } from './warc-scanner.js';
import type { IndexEntry } from './types.js';

const SAMPLE = join(import.meta.dirname, '..', '..', 'samples', 'pelican-crawl-1.warc.gz');
const work = mkdtempSync(join(tmpdir(), 'wo-span-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function htmlEntries(file: string): Promise<IndexEntry[]> {
  const entries: IndexEntry[] = [];
  const [input] = await listArchiveInputs([file], new Diagnostics());
  if (input === undefined) throw new Error(`no input ${file}`);
  for await (const r of scanArchive(input, { diagnostics: new Diagnostics() })) if (r.entry.mime === 'text/html') entries.push(r.entry);
  return entries;
}

describe('coalesced ranged reads', () => {
  it('reads close records in file order with fewer reads, giving the same captures as one read each', async () => {
    const file = join(work, 'crawl.warc.gz');
    copyFileSync(SAMPLE, file);
    const entries = await htmlEntries(file);
    expect(entries.length).toBeGreaterThan(30);
    const one = { ...DEFAULT_WARC_CONFIG, coalesceReadBytes: 0 };
    const before = { ...spanReadStats };
    const separate = [];
    for (const e of entries) separate.push((await readCapture(e, { config: one })).text());
    expect(spanReadStats.reads - before.reads).toBe(entries.length);
    const middle = { ...spanReadStats };
    const coalesced = [];
    for (const e of entries) coalesced.push((await readCapture(e)).text());
    expect(coalesced).toEqual(separate);
    const reads = spanReadStats.reads - middle.reads;
    expect(reads).toBeLessThan(entries.length / 4);
    expect(spanReadStats.hits - middle.hits).toBe(entries.length - reads);
  });

  it('reads a file again once it changed', async () => {
    const file = join(work, 'changing.bin');
    writeFileSync(file, 'abcdefgh');
    expect((await readSpan(file, 0, 2, 1024)).toString()).toBe('ab');
    expect((await readSpan(file, 2, 4, 1024)).toString()).toBe('cd');
    writeFileSync(file, 'ABCDEFGHIJ');
    expect((await readSpan(file, 2, 4, 1024)).toString()).toBe('CD');
  });
});
