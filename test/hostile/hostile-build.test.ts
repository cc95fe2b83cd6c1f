/**
 * Hostile inputs made from the shipped sample crawl never crash `build`: each gets a located
 * diagnostic, the bad record (or feed) is skipped, every good record still gives its object, and
 * the exit code says what happened (1 = finished with skipped records, 2 = unusable location).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, objectUrls, STACK_FRAME } from '../helpers/cli-runner.js';
import {
  isResponse,
  readSampleRecords,
  replacePayload,
  SAMPLE_1,
  type SampleRecord,
  targetUri,
  withHeader,
  withManyItems,
  withPayload,
  writeSampleRecords,
} from './sample-records.js';

const HOME = 'http://pelican-dev.test:8090/';
const PAGE_2 = 'http://pelican-dev.test:8090/page/2/';
const RSS = 'http://pelican-dev.test:8090/feeds/all.rss.xml';
const nested = (depth: number): string => `${'<x>'.repeat(depth)}deep${'</x>'.repeat(depth)}`;

describe('hostile input from the sample crawl', () => {
  let work = '';
  let cleanObjects: string[] = [];
  const build = (name: string, file: string) => {
    const out = join(work, name);
    return { out, run: cli('build', file, '--out', out, '--no-pages', '--workers', '1') };
  };

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'warc-overlay-hostile-'));
    const clean = build('clean', SAMPLE_1);
    expect(clean.run.code).toBe(0);
    cleanObjects = objectUrls(clean.out);
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('skips an RSS feed nested 120 deep, reports it located, keeps every object', () => {
    const file = join(work, 'deep-rss-feed.warc.gz');
    writeSampleRecords(
      file,
      replacePayload(readSampleRecords(SAMPLE_1), RSS, (xml) => xml.replace('</item>', `<extra>${nested(120)}</extra></item>`)),
    );
    const { out, run } = build('deep', file);
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/feed\.too-deep \(error\) x1/);
    expect(run.stdout).toContain(`nests elements more than maxDepth 100 deep; feed skipped (${file} @ `);
    expect(run.stdout).toContain(RSS);
    expect(cleanObjects.length).toBeGreaterThan(10);
    expect(objectUrls(out)).toEqual(cleanObjects);
  }, 60_000);

  it('reports a capture served as a feed whose body is none, located, once', () => {
    const file = join(work, 'feed-type-no-feed.warc.gz');
    // The sample serves its feed as application/xml (sniffed); served as RSS, the body claims to be a feed.
    const asRss = (r: SampleRecord): SampleRecord => ({
      ...r,
      block: Buffer.from(
        r.block.toString('latin1').replace(/^content-type: application\/xml/im, 'Content-Type: application/rss+xml'),
        'latin1',
      ),
    });
    const records = readSampleRecords(SAMPLE_1).map((r) =>
      isResponse(r) && targetUri(r) === RSS ? withPayload(asRss(r), 'Service Unavailable: the feed is being rebuilt.') : r,
    );
    writeSampleRecords(file, records);
    const { run } = build('not-feed', file);
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect(run.stdout).toMatch(/feed\.unknown-format \(warning\) x1\n/);
    expect(run.stdout).toContain(
      `served as application/rss+xml but no RSS, Atom or JSON feed (it begins "Service Unavailable: the feed is being r"): skipped (${file} @ `,
    );
    expect(run.stdout).toContain(RSS);
  }, 60_000);

  it.each([
    ['impossible', HOME, '99999-99-99T11:17:39Z'],
    ['one flipped byte', PAGE_2, '2026-11-2\u0002T11:17:40Z'],
  ])(
    'skips a channel page with an %s WARC-Date and keeps every object',
    (_defect, url, date) => {
      const file = join(work, `bad-warc-date-${url.length}.warc.gz`);
      const records = readSampleRecords(SAMPLE_1).map((r) =>
        isResponse(r) && targetUri(r) === url ? withHeader(r, 'WARC-Date', date) : r,
      );
      writeSampleRecords(file, records);
      const { out, run } = build(`date-${url.length}`, file);
      expect(run.stderr).not.toMatch(STACK_FRAME);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/warc\.bad-date \(error\) x1/);
      expect(run.stdout).toContain(`WARC-Date ${JSON.stringify(date)} is not an ISO 8601 date; record skipped (${file} @ `);
      expect(objectUrls(out)).toEqual(cleanObjects);
      // A rerun does not crash again either: the crawl is known and skipped.
      const again = cli('build', file, '--out', out, '--no-pages', '--workers', '1');
      expect(again.stderr).not.toMatch(STACK_FRAME);
      expect(again.code).toBe(0);
    },
    60_000,
  );

  // Linear-time limits: both took minutes before (104 s and 224 s); a quadratic regression fails the 90 s budget (generous: the machine may be shared).
  it('builds with a 20,000-item feed in seconds: every real object kept, the synthetic items unpaired', () => {
    const file = join(work, 'feed-20000-items.warc.gz');
    writeSampleRecords(
      file,
      replacePayload(readSampleRecords(SAMPLE_1), RSS, (xml) => withManyItems(xml, 20_000)),
    );
    const started = Date.now();
    const { out, run } = build('items', file);
    expect(Date.now() - started).toBeLessThan(90_000);
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/items\s+20\d{3} article items, \d+ paired, 199\d\d unpaired/);
    expect(objectUrls(out)).toEqual(cleanObjects);
  }, 150_000);

  it('builds with a post page of 300,000 unclosed nested inline tags in seconds: cap reported, every object kept', () => {
    const file = join(work, 'page-300000-unclosed-tags.warc.gz');
    const post = 'http://pelican-dev.test:8090/posts/2026/11/configuring-the-network/';
    writeSampleRecords(
      file,
      replacePayload(readSampleRecords(SAMPLE_1), post, (html) =>
        html.replace('<body', `<body><div>${'<b>x '.repeat(300_000)}</div></body></html><body`),
      ),
    );
    const started = Date.now();
    const { out, run } = build('tags', file);
    expect(Date.now() - started).toBeLessThan(90_000);
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/page\.too-deep \(warning\)/);
    expect(run.stdout).toContain(`DOM deeper than maxDepth 512: 299491 opening tags below that level dropped, their text kept (${post})`);
    expect(objectUrls(out)).toEqual(cleanObjects);
  }, 150_000);

  it('builds with a post page of 40,000 dated comment entries in seconds: every object kept', () => {
    const file = join(work, 'page-40000-comments.warc.gz');
    const post = 'http://pelican-dev.test:8090/posts/2026/11/configuring-the-network/';
    const entry = (i: number): string =>
      `<div class="c"><div><b>Reader ${i}</b> <span>March ${1 + (i % 28)}, 2024 at 10:${String(i % 60).padStart(2, '0')}</span></div><p>Reply number ${i} to the post.</p></div>`;
    const thread = `<div class="thread">${Array.from({ length: 40_000 }, (_, i) => entry(i)).join('')}</div>`;
    writeSampleRecords(
      file,
      replacePayload(readSampleRecords(SAMPLE_1), post, (html) => html.replace('</body>', `${thread}</body>`)),
    );
    const started = Date.now();
    const { out, run } = build('comments', file);
    // 80 s when each entry counted the thread's 40,000 children again; 9 s now.
    expect(Date.now() - started).toBeLessThan(45_000);
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect(run.code).toBe(0);
    expect(objectUrls(out)).toEqual(cleanObjects);
  }, 150_000);

  it("builds with a post's comment feed of 30,000 items in seconds: each comment kept once", () => {
    const file = join(work, 'comment-feed-30000-items.warc.gz');
    const post = 'http://pelican-dev.test:8090/posts/2026/11/configuring-the-network/';
    const items = Array.from(
      { length: 30_000 },
      (_, i) =>
        `<item><title>By: Reader ${i}</title><link>${post}#comment-${i}</link><guid isPermaLink="false">c-${i}</guid>` +
        `<description>Reply number ${i} to the post, with a few words more.</description></item>`,
    );
    // Each comment twice: a feed captured again repeats its items.
    const feed = `<?xml version="1.0"?><rss version="2.0"><channel><title>Comments on: Configuring the network</title><link>${post}</link>${[...items, ...items].join('')}</channel></rss>`;
    const records = readSampleRecords(SAMPLE_1);
    const rss = records.find((r) => isResponse(r) && targetUri(r) === RSS);
    if (rss === undefined) throw new Error('no RSS response in the sample');
    const commentFeed = withHeader(
      withHeader(withPayload(rss, feed), 'WARC-Target-URI', `${post}feed/`),
      'WARC-Record-ID',
      '<urn:uuid:00000000-0000-4000-8000-000000030000>',
    );
    writeSampleRecords(file, [...records, commentFeed]);
    const started = Date.now();
    const { out, run } = build('comment-feed', file);
    // 352 s when each item was checked against every item of its post before it; 6 s now.
    expect(Date.now() - started).toBeLessThan(45_000);
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/comments\s+30000\n/);
    expect(objectUrls(out)).toEqual(cleanObjects);
  }, 150_000);

  it('refuses --out naming a file, or a path under a file, in one located line (exit 2)', () => {
    const file = join(work, 'not-a-dir');
    writeFileSync(file, 'x');
    for (const out of [file, join(file, 'sub')]) {
      const run = cli('build', SAMPLE_1, '--out', out);
      expect(run.code).toBe(2);
      expect(run.stderr).not.toMatch(STACK_FRAME);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain(out);
    }
  }, 60_000);

  it('says an overlay store that is not a database is one, in one line (exit 2), for build and stats', () => {
    const dir = join(work, 'garbage-store');
    mkdirSync(dir);
    writeFileSync(join(dir, 'overlay.sqlite'), Buffer.alloc(8192, 0xa5));
    for (const run of [cli('stats', dir), cli('build', SAMPLE_1, '--out', dir)]) {
      expect(run.code).toBe(2);
      expect(run.stderr).not.toMatch(STACK_FRAME);
      expect(run.stderr).toMatch(/not an overlay store .*SQLITE_NOTADB/);
      expect(run.stderr).toContain(dir);
    }
  }, 60_000);
});
