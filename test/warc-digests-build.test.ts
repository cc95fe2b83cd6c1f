/**
 * `build` on an uncompressed WARC with one flipped payload byte in an article page: the digest
 * mismatch is reported once (pass 1, extraction, templates and segmentation all read that page),
 * located, the build exits 1 and keeps every object; `--no-verify-digests` checks nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, objectUrls } from './helpers/cli-runner.js';
import { SAMPLE_1 } from './hostile/sample-records.js';

const dir = mkdtempSync(join(tmpdir(), 'warc-digests-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const plain = gunzipSync(readFileSync(SAMPLE_1));
/** The first response record whose page holds an <article> (the feeds list it: extraction reads it). */
const record = (() => {
  for (let from = 0; ; ) {
    const article = plain.indexOf('<article', from);
    if (article < 0) throw new Error('no article page in the sample');
    const start = plain.lastIndexOf('WARC/1.0\r\n', article);
    if (plain.subarray(start, start + 200).includes('WARC-Type: response')) return { start, article };
    from = article + 1;
  }
})();
const flipped = Buffer.from(plain);
flipped[record.article + 3] = 'X'.charCodeAt(0);

interface Report {
  errors: Array<{ kind: string; count: number; examples: string[] }>;
  crawls: Array<{ objects: { pageExtracted: number; fullFeed: number } }>;
}

function build(name: string, bytes: Buffer, ...flags: string[]): { code: number; report: Report; out: string } {
  const input = join(dir, `${name}.warc`);
  writeFileSync(input, bytes);
  const out = join(dir, `${name}-overlay`);
  const run = cli('build', input, '--out', out, '--workers', '1', '--no-pages', '--json', ...flags);
  return { code: run.code, report: JSON.parse(run.stdout) as Report, out };
}

describe('build: WARC digests verified, one bad record counted once', () => {
  const clean = build('clean', plain);

  it('a clean uncompressed WARC passes every digest check', () => {
    expect(clean.code).toBe(0);
    expect(clean.report.errors).toEqual([]);
  });

  it('a flipped payload byte: one located warc.digest-mismatch, exit 1, every object kept', () => {
    const bad = build('flipped', flipped);
    expect(bad.code).toBe(1);
    expect(bad.report.errors.map((e) => [e.kind, e.count])).toEqual([['warc.digest-mismatch', 1]]);
    expect(bad.report.errors[0]?.examples[0]).toMatch(
      new RegExp(
        `mismatch: declared sha1:\\w+, computed sha1:\\w+ over \\d+ bytes .*flipped\\.warc @ ${record.start}, http://pelican-dev\\.test:8090/`,
      ),
    );
    expect(objectUrls(bad.out)).toEqual(objectUrls(clean.out));
  });

  it('--no-verify-digests: not checked, exit 0', () => {
    const off = build('flipped-unchecked', flipped, '--no-verify-digests');
    expect(off.code).toBe(0);
    expect(off.report.errors).toEqual([]);
  });
});
