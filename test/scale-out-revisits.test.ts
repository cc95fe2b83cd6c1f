/**
 * Scale-out of a collection whose revisits cross sites and whose crawls are days of one file (#16):
 * a mirror site holds the payload of some of the blog's posts, and the blog's own records of those
 * posts are revisits naming no target URL (one by payload digest only, one by WARC-Refers-To record
 * id only), as a crawler deduplicating across hosts writes them. The driver's plan resolves them
 * from the index, so the blog and the mirror share a bucket; `index --crawl-by day` splits the file
 * into the crawls `build --crawl-by day` makes. The shards merged give the exports of that build.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { WARCParser, WARCRecord, WARCSerializer } from 'warcio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Diagnostics } from '../src/core/diagnostics.js';
import { buildOverlay, buildShard, type CaptureRow, type IndexRow, indexArchives, mergeShards } from '../src/build/index.js';
import { bucketRows, type BucketPlan, driverPlan, exportsOf, linesOf, planByName, ROOT } from './scale-out-helpers.js';

const CRAWLS = ['pelican-crawl-1.warc.gz', 'pelican-crawl-2.warc.gz'].map((f) => join(ROOT, 'samples', f));
const BLOG = 'pelican-dev.test';
const MIRROR = 'http://mirror.test';
const IDENTICAL_PAYLOAD = 'http://netpreserve.org/warc/1.1/revisit/identical-payload-digest';
const DAY_MS = 86_400_000;
const SHA1_BASE32 = { algo: 'sha-1', prefix: 'sha1:', base32: true } as const;

const headerOf = (bytes: Uint8Array, name: string): string | undefined =>
  new RegExp(`^${name}: (.*)\r$`, 'mi').exec(gunzipSync(bytes).subarray(0, 4096).toString('latin1'))?.[1];

/**
 * The responses of the two sample crawls as one file, the second dated a day later. In the first, two post pages
 * are moved to the mirror: the mirror's response holds the payload, the blog's record becomes a
 * revisit naming only the payload digest (the first) or only the mirror record's id (the second).
 */
async function writeCollection(file: string): Promise<string[]> {
  const out = createWriteStream(file);
  const moved: string[] = [];
  for (const [part, crawl] of CRAWLS.entries()) {
    for await (const record of new WARCParser(createReadStream(crawl))) {
      const url = record.warcTargetURI ?? '';
      const date = new Date(Date.parse(record.warcDate ?? '') + part * DAY_MS).toISOString().replace('.000Z', 'Z');
      const http = record.httpHeaders;
      const payload = await record.readFully(false);
      const statusline = http ? `HTTP/1.1 ${http.statusCode} ${http.statusText || 'OK'}` : '';
      const httpHeaders = http ? Object.fromEntries(http.headers as Map<string, string>) : {};
      const type = record.warcType as 'response';
      const write = async (r: WARCRecord) => {
        const bytes = await WARCSerializer.serialize(r, { gzip: true, digest: SHA1_BASE32 });
        if (!out.write(bytes)) await once(out, 'drain');
        return bytes;
      };
      if (part === 0 && type === 'response' && moved.length < 2 && /\/posts\/\d{4}\/\d\d\/[^/]+\/$/.test(url)) {
        const path = new URL(url).pathname;
        const mirrored = await write(
          WARCRecord.create({ url: `${MIRROR}${path}`, date, type, warcVersion: 'WARC/1.0', statusline, httpHeaders }, [payload]),
        );
        const byDigest = moved.length === 0;
        await write(
          WARCRecord.create(
            {
              url,
              date,
              type: 'revisit',
              warcVersion: 'WARC/1.0',
              statusline,
              httpHeaders,
              warcHeaders: byDigest
                ? { 'WARC-Profile': IDENTICAL_PAYLOAD, 'WARC-Payload-Digest': headerOf(mirrored, 'WARC-Payload-Digest') ?? '' }
                : { 'WARC-Profile': IDENTICAL_PAYLOAD, 'WARC-Refers-To': headerOf(mirrored, 'WARC-Record-ID') ?? '' },
            },
            [],
          ),
        );
        moved.push(url);
        continue;
      }
      if (type === 'response' && http) {
        await write(WARCRecord.create({ url, date, type, warcVersion: 'WARC/1.0', statusline, httpHeaders }, [payload]));
      }
    }
  }
  out.end();
  await once(out, 'finish');
  return moved;
}

async function shardsMerged(rows: readonly IndexRow[], plan: BucketPlan, dir: string) {
  const shardDirs = bucketRows(rows, plan).map((_, b) => join(dir, `shard-${b}`));
  for (const [b, part] of bucketRows(rows, plan).entries()) await buildShard({ shardDir: shardDirs[b] as string, lines: linesOf(part) });
  await mergeShards({ shardDirs, outDir: join(dir, 'merged'), writePages: false });
  return exportsOf(join(dir, 'merged'));
}

describe('revisits across sites, crawls split by day', () => {
  let work = '';
  let moved: string[] = [];
  const rows: IndexRow[] = [];
  let indexFile = '';

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'warc-overlay-scale-revisits-'));
    const collection = join(work, 'collection.warc.gz');
    moved = await writeCollection(collection);
    await buildOverlay({ inputs: [collection], outDir: join(work, 'single'), workers: 1, writePages: false, crawlBy: 'day' });
    await indexArchives([{ crawl: null, crawlOrder: null, path: collection }], new Diagnostics(), (row) => void rows.push(row), {
      crawlBy: 'day',
    });
    indexFile = join(work, 'index.jsonl');
    writeFileSync(indexFile, rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
  }, 180_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('index --crawl-by day labels the crawls of the file as build does', () => {
    expect(moved).toHaveLength(2);
    const files = rows.filter((r) => r.type === 'file');
    expect(files.map((f) => [f.crawl, f.crawl_order])).toEqual([
      ['collection.warc.gz@2026-11-22', 0],
      ['collection.warc.gz@2026-11-23', 1],
    ]);
    const revisits = rows.filter((r): r is CaptureRow => r.type === 'capture' && moved.includes(r.url) && r.crawl_order === 0);
    expect(revisits.map((r) => [r.record_type, r.refers_to_url, r.refers_to_id === null, r.digest === null])).toEqual([
      ['revisit', null, true, false],
      ['revisit', null, false, true],
    ]);
  });

  it('the plan puts the blog and the mirror its revisits resolve to in one bucket', () => {
    const plan = driverPlan([indexFile], 2);
    const bucketOf = (site: string) => plan.sites.findIndex((s) => s.includes(site));
    expect(bucketOf('mirror.test')).toBeGreaterThanOrEqual(0);
    expect(bucketOf('mirror.test')).toBe(bucketOf(BLOG));
    // Without the revisits the two sites would go to the two buckets (each alone, by capture count).
    expect(plan.sites.flat().sort()).toEqual(['mirror.test', BLOG]);
  });

  it('the shards merged give the exports of one build --crawl-by day; apart, the moved posts go wrong', async () => {
    const single = exportsOf(join(work, 'single'));
    for (const url of moved) expect(single.objects.some((o) => o.includes(`"url":"${url}"`) && o.includes('@2026-11-22'))).toBe(true);
    expect(single.changes.length).toBeGreaterThan(0);
    for (const buckets of [2, 3])
      expect(await shardsMerged(rows, driverPlan([indexFile], buckets), join(work, `b${buckets}`))).toEqual(single);
    // The blog and the mirror dealt to different buckets: the blog's shard cannot read the moved posts.
    const apart = planByName(rows, 3);
    expect(apart.sites.findIndex((s) => s.includes('mirror.test'))).not.toBe(apart.sites.findIndex((s) => s.includes(BLOG)));
    expect(await shardsMerged(rows, apart, join(work, 'apart'))).not.toEqual(single);
  }, 300_000);
});
