/**
 * Scale-out without an engine (#16): `index` -> shard-build per bucket -> merge, in-process, on
 * the shipped samples, against a single build of the same crawls. The buckets here are dealt by
 * site name (not the Dask driver's plan) and every feed goes to every bucket: any partition by
 * site must give the same exported rows.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Diagnostics } from '../src/core/diagnostics.js';
import { openStore } from '../src/store/index.js';
import { buildOverlay, buildShard, type CaptureRow, type IndexRow, indexArchives, mergeShards } from '../src/build/index.js';
import { bucketRows, type Exports, exportsOf, linesOf, planByName, ROOT } from './scale-out-helpers.js';

/** The `comment_sites` rows of an overlay: host, crawl (by identity), evidence. */
function commentEvidenceOf(dir: string): unknown[] {
  const db = openStore(dir, { writable: false });
  try {
    return db
      .prepare('SELECT s.host, c.identity, s.evidence FROM comment_sites s JOIN crawls c ON c.id = s.crawl_id ORDER BY s.host, c.identity')
      .all();
  } finally {
    db.close();
  }
}

const CRAWLS = ['pelican-crawl-1.warc.gz', 'pelican-crawl-2.warc.gz'].map((f) => join(ROOT, 'samples', f));

describe('index -> shard-build -> merge gives the exports of one build', () => {
  let work = '';
  let single: Exports;
  const rows: IndexRow[] = [];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'warc-overlay-scale-'));
    await buildOverlay({ inputs: CRAWLS, outDir: join(work, 'single'), workers: 1, writePages: false });
    single = exportsOf(join(work, 'single'));
    await indexArchives(
      CRAWLS.map((path) => ({ crawl: null, crawlOrder: null, path })),
      new Diagnostics(),
      (row) => {
        rows.push(row);
      },
    );
  }, 180_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('indexes one row per capture and feed item, then one per file', () => {
    const files = rows.filter((r) => r.type === 'file');
    expect(files.map((f) => [f.crawl, f.crawl_order])).toEqual([
      ['pelican-crawl-1.warc.gz', 0],
      ['pelican-crawl-2.warc.gz', 1],
    ]);
    const captures = rows.filter((r): r is CaptureRow => r.type === 'capture');
    expect(captures.length).toBe(154);
    expect(new Set(captures.map((c) => c.site)).size).toBeGreaterThan(1);
    expect(captures.filter((c) => c.is_feed).length).toBe(4);
    expect(rows.filter((r) => r.type === 'item').length).toBe(40);
    const page = captures.find((c) => c.url === 'http://pelican-dev.test:8090/');
    expect(page).toMatchObject({ site: 'pelican-dev.test', surt: 'test,pelican-dev:8090)/', mime: 'text/html', status: 200 });
  });

  it.each([2, 3])(
    '%i buckets',
    async (buckets) => {
      const parts = bucketRows(rows, planByName(rows, buckets));
      const shardDirs = parts.map((_, i) => join(work, `b${buckets}`, `shard-${i}`));
      for (const [i, part] of parts.entries()) {
        const dir = shardDirs[i] as string;
        if (buckets === 2) {
          // A later crawl extends the same shard.
          await buildShard({ shardDir: dir, lines: linesOf(part.filter((r) => r.type === 'site' || r.crawl_order === 0)) });
          const { summary } = await buildShard({ shardDir: dir, lines: linesOf(part) });
          expect(summary.crawls.map((c) => c.skipped)).toEqual([true, false]);
        } else {
          await buildShard({ shardDir: dir, lines: linesOf(part) });
        }
      }
      const out = join(work, `b${buckets}`, 'merged');
      const merged = await mergeShards({ shardDirs, outDir: out, writePages: false });
      expect(merged.crawls).toBe(2);
      const got = exportsOf(out);
      expect(got.objects.length).toBeGreaterThan(0);
      expect(got.changes.length).toBeGreaterThan(0);
      expect(got).toEqual(single);
      // Each host's comment-zone evidence per crawl, which later crawls count, is the single build's.
      const evidence = commentEvidenceOf(join(work, 'single'));
      expect(evidence.length).toBeGreaterThan(0);
      expect(commentEvidenceOf(out)).toEqual(evidence);
      // A rerun of the merge gives the same rows.
      await mergeShards({ shardDirs, outDir: out, writePages: false });
      expect(exportsOf(out)).toEqual(single);
    },
    180_000,
  );

  it('keeps local database ids out of page reasons', () => {
    expect(single.pages.some((p) => /same page as http/.test(p))).toBe(true);
    expect(single.pages.some((p) => /capture \d+/.test(p))).toBe(false);
  });
});

describe('crawls of files with one name in different folders', () => {
  let work = '';
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'warc-overlay-scale-names-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('are two crawls, as in build, whether indexed in one call or labelled and placed as the driver does', async () => {
    const files = CRAWLS.map((crawl, i) => {
      mkdirSync(join(work, `site-${i}`));
      const file = join(work, `site-${i}`, 'crawl.warc.gz');
      copyFileSync(crawl, file);
      return file;
    });
    await buildOverlay({ inputs: files, outDir: join(work, 'single'), workers: 1, writePages: false });
    const single = exportsOf(join(work, 'single'));
    for (const [name, tasks] of [
      ['unlabelled', files.map((path) => ({ crawl: null, crawlOrder: null, path }))],
      ['as the driver', files.map((path, i) => ({ crawl: 'crawl.warc.gz', crawlOrder: i, path }))],
    ] as const) {
      const rows: IndexRow[] = [];
      await indexArchives(tasks, new Diagnostics(), (row) => void rows.push(row));
      expect(
        rows.filter((r) => r.type === 'file').map((f) => [f.crawl, f.crawl_order]),
        name,
      ).toEqual([
        ['crawl.warc.gz', 0],
        ['crawl.warc.gz', 1],
      ]);
      const [part] = bucketRows(rows, planByName(rows, 1));
      await buildShard({ shardDir: join(work, name, 'shard'), lines: linesOf(part ?? []) });
      await mergeShards({ shardDirs: [join(work, name, 'shard')], outDir: join(work, name, 'merged'), writePages: false });
      expect(exportsOf(join(work, name, 'merged')), name).toEqual(single);
    }
  }, 180_000);
});
