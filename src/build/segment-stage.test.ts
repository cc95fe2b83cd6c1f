import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../test/helpers/temp-dirs.js';
import { Diagnostics } from '../core/diagnostics.js';
import { canonicalUrl } from '../core/url.js';
import { type ExtractedObject, parsePage } from '../extract/index.js';
import { parseFeed } from '../feeds/index.js';
import type { IndexEntry } from '../warc/index.js';
import { indexEntry } from '../../test/helpers/index-entries.js';
import { type Db, openStore, OverlayWriter } from '../store/index.js';
import { runSegmentStage, SEGMENT_CONFIDENCE, SegmentPass } from './segment-stage.js';

const fixture = (name: string): string => readFileSync(new URL(`../../test/fixtures/segment/${name}`, import.meta.url), 'utf8');

/** Channel pages of the segment fixtures (test/fixtures/segment/README.md), as captures. */
const PAGES = [
  { file: 'pelican-dev-home.html', url: 'http://pelican-dev.test:8090/', time: '2026-11-22T11:17:39.000Z' },
  { file: 'pelican-dev-archives.html', url: 'http://pelican-dev.test:8090/archives.html', time: '2026-11-22T11:17:39.000Z' },
  { file: 'wp-dev-home.html', url: 'http://devblog.test:8081/', time: '2026-11-22T11:30:30.000Z' },
  { file: 'wp-dev-about.html', url: 'http://devblog.test:8081/about/', time: '2026-11-22T11:30:30.000Z' },
];
const KNOWN_POST = 'http://pelican-dev.test:8090/posts/2026/11/configuring-the-package-manager-apt/';

const tempDir = tempDirs('segment-stage-');

const entry = (offset: number, url: string, time: string): IndexEntry => indexEntry(offset, url, { time });

const pageObject = (title: string): Omit<ExtractedObject, 'wrapper'> => ({
  method: 'template',
  confidence: 0.9,
  title,
  author: null,
  published: null,
  updated: null,
  categories: [],
  text: 'the full post',
  html: '<p>the full post</p>',
  references: [],
  paths: { content: null, title: null, author: null, date: null, categories: null },
});

/** A store holding one crawl with the fixture pages as captures; returns the capture ids in PAGES order. */
function setUp(withPageDecisions: boolean): { db: Db; writer: OverlayWriter; crawlId: number; ids: number[] } {
  const dir = tempDir();
  const db = openStore(dir, { writable: true });
  const writer = new OverlayWriter(db);
  const { crawlId } = writer.beginCrawl('crawl-1', 'crawl-1.warc.gz', 1000);
  for (const [i, p] of PAGES.entries()) writer.addCapture(crawlId, entry(i * 100, p.url, p.time));
  writer.addCapture(crawlId, entry(9000, KNOWN_POST, PAGES[0]?.time ?? ''));
  writer.flushCaptures(crawlId);
  const ids = PAGES.map((_, i) => writer.captureIdAt('crawl.warc.gz', i * 100) as number);
  const postCapture = writer.captureIdAt('crawl.warc.gz', 9000) as number;
  // The post's own page was extracted (by template) before segmentation runs.
  writer.addVersion({
    canonicalUrl: canonicalUrl(KNOWN_POST),
    url: KNOWN_POST,
    feedId: null,
    guid: null,
    crawlId,
    captureId: postCapture,
    captureTime: PAGES[0]?.time ?? '',
    pageDigest: 'sha1:9000',
    object: pageObject('Configuring the Package Manager (apt)'),
    comments: [],
  });
  if (withPageDecisions) {
    const decide = db.prepare(
      'INSERT INTO page_matches (capture_id, crawl_id, is_post, method, template_id, reason) VALUES (?, ?, ?, ?, NULL, ?)',
    );
    for (const id of ids) decide.run(id, crawlId, 0, null, 'no template matches');
    decide.run(postCapture, crawlId, 1, 'template', 'template matches');
  }
  return { db, writer, crawlId, ids };
}

function stageInput(s: ReturnType<typeof setUp>) {
  const feed = parseFeed(fixture('wp-dev-feed.xml'), { url: 'http://devblog.test:8081/feed/' });
  const byId = new Map(s.ids.map((id, i) => [id, PAGES[i] as (typeof PAGES)[number]]));
  return {
    db: s.db,
    writer: s.writer,
    crawlId: s.crawlId,
    diagnostics: new Diagnostics(),
    itemsByHost: new Map([['devblog.test', feed?.items ?? []]]),
    loadPage: async (captureId: number) => {
      const p = byId.get(captureId);
      return p === undefined ? null : parsePage(fixture(p.file), p.url);
    },
  };
}

const count = (db: Db, sql: string, ...args: unknown[]): number =>
  db
    .prepare(sql)
    .pluck()
    .get(...args) as number;

describe('runSegmentStage', () => {
  it('segments the channel pages, links known posts and makes segmentation objects of the others', async () => {
    const s = setUp(true);
    const report = await runSegmentStage(stageInput(s));
    expect(report).toMatchObject({
      channelPagesFrom: 'page-matches',
      pages: 4,
      pagesSegmented: 3,
      segments: { 'feed-guided': 6, 'model-based': 36 },
      feedOverlaps: 0,
      objectsLinked: 1,
      // 30 Pelican posts (the archive lists them all) less the one extracted from its page, and 6 WordPress posts.
      objectsCreated: 35,
    });
    const [pelicanHome, , wpHome, about] = s.ids;
    expect(count(s.db, 'SELECT count(*) FROM segments WHERE capture_id = ?', about)).toBe(0);
    const first = s.db.prepare('SELECT * FROM segments WHERE capture_id = ? AND position = 0').get(pelicanHome) as Record<string, unknown>;
    expect(first).toMatchObject({ method: 'model-based', permalink: KNOWN_POST, author: 'Anna Lindqvist' });
    // Linked, not duplicated: the segment points at the object extracted from the post's own page.
    const known = count(s.db, 'SELECT id FROM objects WHERE canonical_url = ?', canonicalUrl(KNOWN_POST));
    expect(first.object_id).toBe(known);
    expect(count(s.db, 'SELECT count(*) FROM versions WHERE object_id = ?', known)).toBe(1);
    // Every segment with a permalink is linked to an object.
    expect(count(s.db, 'SELECT count(*) FROM segments WHERE permalink IS NOT NULL AND object_id IS NULL')).toBe(0);
    const wp = s.db
      .prepare(`SELECT v.method, v.confidence, v.capture_id AS captureId, v.title FROM versions v JOIN objects o ON o.id = v.object_id
        WHERE o.canonical_url = ?`)
      .all(canonicalUrl('http://devblog.test:8081/2026/10/frontends-aptitude-synaptic-synaptic/'));
    expect(wp).toEqual([
      {
        method: 'segmentation',
        confidence: SEGMENT_CONFIDENCE['feed-guided'],
        captureId: wpHome,
        title: 'Frontends: aptitude, synaptic: synaptic',
      },
    ]);
    expect(count(s.db, "SELECT count(*) FROM segments WHERE capture_id = ? AND method = 'feed-guided'", wpHome)).toBe(6);
  });

  it('gives the same rows when run again', async () => {
    const s = setUp(true);
    await runSegmentStage(stageInput(s));
    const snapshot = () => [
      count(s.db, 'SELECT count(*) FROM segments'),
      count(s.db, 'SELECT count(*) FROM objects'),
      count(s.db, 'SELECT count(*) FROM versions'),
      count(s.db, 'SELECT count(*) FROM segments WHERE object_id IS NOT NULL'),
    ];
    const before = snapshot();
    await runSegmentStage(stageInput(s));
    expect(snapshot()).toEqual(before);
    expect(before).toEqual([42, 36, 36, 42]);
  });

  it("makes a site's posts objects once its hosts are decided, not at the end of the crawl", async () => {
    const s = setUp(true);
    const pass = new SegmentPass(stageInput(s));
    // www.devblog.test is the same site as devblog.test: its posts wait for both hosts.
    pass.expectHosts(['pelican-dev.test', 'devblog.test', 'www.devblog.test']);
    const objectsOf = (host: string): number =>
      count(
        s.db,
        "SELECT count(*) FROM objects o JOIN versions v ON v.object_id = o.id WHERE v.method = 'segmentation' AND o.canonical_url LIKE ?",
        `http://${host}%`,
      );
    await pass.host('pelican-dev.test');
    expect([objectsOf('pelican-dev.test'), objectsOf('devblog.test')]).toEqual([29, 0]);
    await pass.host('devblog.test');
    expect(objectsOf('devblog.test')).toBe(0);
    await pass.host('www.devblog.test');
    expect(objectsOf('devblog.test')).toBe(6);
    // The same objects and links as when the crawl's posts are settled together.
    expect(await pass.finish()).toMatchObject({ pagesSegmented: 3, objectsLinked: 1, objectsCreated: 35 });
    expect(count(s.db, 'SELECT count(*) FROM segments WHERE permalink IS NOT NULL AND object_id IS NULL')).toBe(0);
  });

  /** A crawl of one page of posts: on its own site (Pelican's home page), and served again by another site. */
  function mirroredCrawl(withOwnSite: boolean) {
    const db = openStore(tempDir(), { writable: true });
    const writer = new OverlayWriter(db);
    const { crawlId } = writer.beginCrawl('crawl-1', 'crawl-1.warc.gz', 1000);
    const pages = [
      ...(withOwnSite ? [{ file: 'pelican-dev-home.html', url: 'http://pelican-dev.test:8090/' }] : []),
      { file: 'pelican-dev-home.html', url: 'http://mirror.test/' },
    ];
    for (const [i, p] of pages.entries()) writer.addCapture(crawlId, entry(i * 100, p.url, '2026-11-22T11:17:39.000Z'));
    writer.flushCaptures(crawlId);
    const ids = pages.map((_, i) => writer.captureIdAt('crawl.warc.gz', i * 100) as number);
    const decide = db.prepare(
      'INSERT INTO page_matches (capture_id, crawl_id, is_post, method, template_id, reason) VALUES (?, ?, 0, NULL, NULL, ?)',
    );
    for (const id of ids) decide.run(id, crawlId, 'no template matches');
    const byId = new Map(ids.map((id, i) => [id, pages[i] as (typeof pages)[number]]));
    const pass = new SegmentPass({
      db,
      writer,
      crawlId,
      diagnostics: new Diagnostics(),
      itemsByHost: new Map(),
      loadPage: async (captureId: number) => {
        const p = byId.get(captureId);
        return p === undefined ? null : parsePage(fixture(p.file), p.url);
      },
    });
    return { db, pass, mirror: ids[ids.length - 1] as number };
  }

  it("makes a post an object from its own site's pages only; another site's showing is linked to it, whichever is cut first", async () => {
    const results: number[][] = [];
    for (const order of [
      ['mirror.test', 'pelican-dev.test'],
      ['pelican-dev.test', 'mirror.test'],
    ]) {
      const { db, pass, mirror } = mirroredCrawl(true);
      pass.expectHosts(order);
      for (const host of order) await pass.host(host);
      await pass.finish();
      const unlinked = count(db, 'SELECT count(*) FROM segments WHERE permalink IS NOT NULL AND object_id IS NULL');
      const mirrorLinked = count(db, 'SELECT count(*) FROM segments WHERE capture_id = ? AND object_id IS NOT NULL', mirror);
      const made = count(db, "SELECT count(*) FROM objects o JOIN versions v ON v.object_id = o.id WHERE v.method = 'segmentation'");
      const mirrorMade = count(db, "SELECT count(*) FROM objects WHERE canonical_url LIKE 'http://mirror.test%'");
      results.push([unlinked, mirrorLinked, made, mirrorMade]);
    }
    expect(results[0]).toEqual(results[1]);
    const [unlinked, mirrorLinked, made, mirrorMade] = results[0] as number[];
    expect([unlinked, mirrorMade]).toEqual([0, 0]);
    expect(made).toBeGreaterThan(0);
    expect(mirrorLinked).toBe(made);
  });

  it("makes no object of posts only another site's page shows", async () => {
    const { db, pass, mirror } = mirroredCrawl(false);
    pass.expectHosts(['mirror.test']);
    await pass.host('mirror.test');
    const report = await pass.finish();
    expect(report.objectsCreated).toBe(0);
    expect(count(db, 'SELECT count(*) FROM segments WHERE capture_id = ? AND permalink IS NOT NULL', mirror)).toBeGreaterThan(0);
    expect(count(db, 'SELECT count(*) FROM objects')).toBe(0);
  });

  it('without page decisions, takes the pages that link two known posts', async () => {
    const s = setUp(false);
    const report = await runSegmentStage(stageInput(s));
    expect(report.channelPagesFrom).toBe('post-links');
    // Only one post is known (on the Pelican host): no page links two of them yet.
    expect(report.pages).toBe(0);
    s.writer.addVersion({
      canonicalUrl: canonicalUrl('http://pelican-dev.test:8090/posts/2026/11/configuring-the-network/'),
      url: 'http://pelican-dev.test:8090/posts/2026/11/configuring-the-network/',
      feedId: null,
      guid: null,
      crawlId: s.crawlId,
      captureId: null,
      captureTime: PAGES[0]?.time ?? '',
      pageDigest: null,
      object: pageObject('Configuring the Network'),
      comments: [],
    });
    const again = await runSegmentStage(stageInput(s));
    expect(again.pages).toBe(2);
    expect(again.segments['model-based']).toBe(36);
  });
});
