import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../test/helpers/temp-dirs.js';
import type { Feed } from '../feeds/index.js';
import type { IndexEntry } from '../warc/index.js';
import { indexEntry } from '../../test/helpers/index-entries.js';
import { openStore } from './overlay-db.js';
import { readDiscoveredFeeds, readFeedStats, readObjectVersions } from './overlay-reader.js';
import { OverlayWriter } from './overlay-writer.js';
import { listFeeds } from './viewer-queries.js';

const tempDir = tempDirs('overlay-');

const entry = (offset: number, url: string, mime = 'text/html'): IndexEntry => indexEntry(offset, url, { canonicalUrl: url, mime });

const feed: Feed = {
  url: 'http://blog.test/feed/',
  format: 'rss-2.0',
  kind: 'article',
  kindReason: 'items are posts',
  title: 'Blog',
  description: null,
  commentedPost: null,
  siteUrl: 'http://blog.test/',
  language: 'en',
  isFullContent: true,
  fullContentReason: 'content:encoded present',
  items: [
    {
      guid: 'http://blog.test/?p=1',
      guidIsPermalink: false,
      link: 'http://blog.test/a/',
      origLink: null,
      title: 'A',
      author: 'Ann',
      published: '2026-11-01T00:00:00.000Z',
      updated: null,
      categories: ['x'],
      description: 'd',
      content: '<p>c</p>',
      commentsUrl: null,
      commentFeedUrl: null,
      commentCount: 0,
      enclosures: [],
      inReplyTo: null,
      isValid: true,
      invalidReason: null,
    },
  ],
};

/** Writes one crawl's worth of rows the way build does. */
function writeCrawl(dir: string): void {
  const db = openStore(dir, { writable: true });
  const w = new OverlayWriter(db);
  const { crawlId, alreadyBuilt } = w.beginCrawl('crawl.warc.gz:1:abc', 'crawl.warc.gz', 1);
  if (!alreadyBuilt) {
    w.addCapture(crawlId, entry(0, 'http://blog.test/feed/', 'application/rss+xml'));
    w.addCapture(crawlId, entry(100, 'http://blog.test/a/'));
    w.flushCaptures(crawlId);
    const feedCapture = w.captureIdAt('crawl.warc.gz', 0) ?? -1;
    const page = w.captureIdAt('crawl.warc.gz', 100) ?? -1;
    const { feedId, itemIds } = w.addFeedSnapshot(feed, feed.url, crawlId, feedCapture, '2026-11-22T11:30:00.000Z');
    w.setPairing(itemIds[0] ?? -1, crawlId, page, 'link', 'paired by link');
    w.addVersion({
      canonicalUrl: 'http://blog.test/a',
      url: 'http://blog.test/a/',
      feedId,
      guid: 'http://blog.test/?p=1',
      crawlId,
      captureId: page,
      captureTime: '2026-11-22T11:30:00.000Z',
      pageDigest: 'sha1:100',
      object: {
        method: 'feed-guided',
        confidence: 0.9,
        paths: { content: '|html|body|article', title: null, author: null, date: null, categories: null },
        title: 'A',
        author: 'Ann',
        published: '2026-11-01T00:00:00.000Z',
        updated: null,
        categories: ['x'],
        text: 'c',
        html: '<p>c</p>',
        references: [],
      },
      comments: [
        {
          position: 0,
          id: 'c1',
          parent: null,
          depth: 0,
          author: 'Bo',
          authorUrl: null,
          published: null,
          text: 'hi',
          html: '<p>hi</p>',
          permalink: null,
          source: 'page',
          hash: 'h1',
          byline: 'Bo says',
        },
      ],
    });
    w.finishCrawl(crawlId, 2, {});
  }
  db.close();
}

describe('OverlayWriter on a real SQLite file', () => {
  it('writes a crawl and gives the same rows when run again', () => {
    const dir = tempDir();
    writeCrawl(dir);
    const count = (table: string) => {
      const db = openStore(dir, { writable: false });
      const n = (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      db.close();
      return n;
    };
    const tables = ['crawls', 'captures', 'feeds', 'feed_snapshots', 'items', 'pairings', 'objects', 'versions', 'comments'];
    const before = tables.map(count);
    expect(before).toEqual([1, 2, 1, 1, 1, 1, 1, 1, 1]);
    writeCrawl(dir);
    expect(tables.map(count)).toEqual(before);
    const db = openStore(dir, { writable: false });
    const [version] = [...readObjectVersions(db)];
    expect(version).toMatchObject({ title: 'A', method: 'feed-guided', feed_url: feed.url, comments: [{ author: 'Bo', text: 'hi' }] });
    expect(readFeedStats(db)[0]).toMatchObject({ kind: 'article', items: 1, paired: 1, unpaired: [] });
    db.close();
  });

  it('clears and rebuilds a crawl left unfinished by a crash', () => {
    const dir = tempDir();
    const db = openStore(dir, { writable: true });
    const w = new OverlayWriter(db);
    const first = w.beginCrawl('id', 'crawl.warc.gz', 1);
    w.addCapture(first.crawlId, entry(0, 'http://blog.test/x'));
    w.flushCaptures(first.crawlId);
    const again = w.beginCrawl('id', 'crawl.warc.gz', 1);
    expect(again.alreadyBuilt).toBe(false);
    expect((db.prepare('SELECT count(*) AS n FROM captures').get() as { n: number }).n).toBe(0);
    db.close();
  });

  it('refuses to read a directory without an overlay', () => {
    expect(() => openStore(join(tmpdir(), 'no-such-overlay-dir'), { writable: false })).toThrow(/no overlay/);
  });
  it('lists the feeds with their object counts, a feed without objects too', () => {
    const dir = tempDir();
    writeCrawl(dir);
    const db = openStore(dir, { writable: true });
    const w = new OverlayWriter(db);
    const crawlId = w.beginCrawl('crawl.warc.gz:1:abc', 'crawl.warc.gz', 1).crawlId;
    w.addFeedSnapshot(
      { ...feed, url: 'http://blog.test/empty/feed/', items: [] },
      'http://blog.test/empty/feed/',
      crawlId,
      w.captureIdAt('crawl.warc.gz', 0) ?? -1,
      '2026-11-22T11:30:00.000Z',
    );
    expect(listFeeds(db).map((f) => [f.url, f.objects])).toEqual([
      ['http://blog.test/empty/feed/', 0],
      ['http://blog.test/feed/', 1],
    ]);
    db.close();
  });

  it('keeps the first advertising page by URL order, whatever order the pages come in', () => {
    const rowsAfter = (pages: readonly string[]) => {
      const dir = tempDir();
      const db = openStore(dir, { writable: true });
      const w = new OverlayWriter(db);
      const { crawlId } = w.beginCrawl('id', 'crawl.warc.gz', 1);
      for (const [i, page] of pages.entries())
        w.addDiscoveredFeeds(crawlId, 'blog.test', page, [
          {
            url: 'http://blog.test/feed/',
            type: 'application/rss+xml',
            title: `seen on page ${i}`,
            via: 'autodiscovery',
            isCommentFeed: false,
          },
        ]);
      const rows = readDiscoveredFeeds(db);
      db.close();
      return rows.map((r) => [r.first_page, r.title]);
    };
    const pages = ['http://blog.test/b/', 'http://blog.test/a/', 'http://blog.test/c/'];
    expect(rowsAfter(pages)).toEqual([['http://blog.test/a/', 'seen on page 1']]);
    expect(rowsAfter([...pages].reverse())).toEqual([['http://blog.test/a/', 'seen on page 1']]);
  });
  it('keeps one object for a page whichever spelling of its host a crawl captured (scheme, www.)', () => {
    const dir = tempDir();
    writeCrawl(dir);
    const db = openStore(dir, { writable: true });
    const w = new OverlayWriter(db);
    const { crawlId } = w.beginCrawl('crawl-2.warc.gz:1:def', 'crawl-2.warc.gz', 1);
    w.addCapture(crawlId, { ...entry(0, 'https://www.blog.test/a/'), file: 'crawl-2.warc.gz' });
    w.flushCaptures(crawlId);
    const page = w.captureIdAt('crawl-2.warc.gz', 0) ?? -1;
    const object = {
      method: 'template' as const,
      confidence: 0.8,
      paths: { content: null, title: null, author: null, date: null, categories: null },
    };
    const content = {
      title: 'A',
      author: 'Ann',
      published: null,
      updated: null,
      categories: [],
      text: 'c',
      html: '<p>c</p>',
      references: [],
    };
    w.addVersion({
      canonicalUrl: 'https://www.blog.test/a',
      url: 'https://www.blog.test/a/',
      feedId: null,
      guid: null,
      crawlId,
      captureId: page,
      captureTime: '2026-12-22T11:30:00.000Z',
      pageDigest: 'sha1:200',
      object: { ...object, ...content },
      comments: [],
    });
    w.finishCrawl(crawlId, 1, {});
    const versions = [...readObjectVersions(db)];
    db.close();
    expect(versions.map((v) => [v.canonical_url, v.crawl])).toEqual([
      ['http://blog.test/a', 'crawl.warc.gz'],
      ['http://blog.test/a', 'crawl-2.warc.gz'],
    ]);
  });
});
