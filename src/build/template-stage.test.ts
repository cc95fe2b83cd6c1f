import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../test/helpers/temp-dirs.js';
import { Diagnostics } from '../core/diagnostics.js';
import { extractObject, parsePage, type ParsedPage } from '../extract/index.js';
import type { FeedItem } from '../feeds/index.js';
import { feedItem } from '../../test/helpers/feed-items.js';
import { findNodes } from '../templates/index.js';
import { listArchiveInputs, readCapture, scanArchive } from '../warc/index.js';
import { type Db, openStore, OverlayWriter, readTemplates, resolvePayloadSource } from '../store/index.js';
import { type FeedLinkedPage, runTemplateStage, type TemplateStageReport } from './template-stage.js';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/pages/', import.meta.url));
const CRAWL = `${FIXTURES}templates-pelican-crawl.warc.gz`;
const RESTYLED = `${FIXTURES}templates-pelican-restyled.warc.gz`;
const FEED_URL = 'http://pelican-dev.test:8090/feeds/all.atom.xml';
const FEED_POSTS = ['creating-gratis-trusted-certificates', 'installing-the-rules-at-each-boot', 'preseeding-debian-installer'];
const UNLINKED = 'http://pelican-dev.test:8090/posts/2025/12/principles/';
const NON_POSTS = [
  'http://pelican-dev.test:8090/',
  'http://pelican-dev.test:8090/pages/about/',
  'http://pelican-dev.test:8090/tag/apt/',
  'http://pelican-dev.test:8090/author/anna-lindqvist/page/2/',
];

const tempDir = tempDirs('template-stage-');

function openTempStore(): { db: Db; writer: OverlayWriter } {
  const dir = tempDir();
  const db = openStore(dir, { writable: true });
  return { db, writer: new OverlayWriter(db) };
}

/** A feed item as the feeds stage would give it for a fixture post: its heading and the start of its text (either theme). */
function itemFor(page: ParsedPage): FeedItem {
  const text = (path: string): string =>
    findNodes(page.document, path)
      .map((n) => n.children.map((c) => ('data' in c ? String(c.data) : '')).join(' '))
      .join(' ');
  const restyled = findNodes(page.document, 'div[@class=article-body]').length > 0;
  const heading = findNodes(page.document, restyled ? '*[@class=article-heading]|a' : '*[@class=entry-title]|a')[0];
  const title =
    heading === undefined
      ? null
      : heading.children
          .map((c) => ('data' in c ? String(c.data) : ''))
          .join('')
          .trim();
  return feedItem({
    guid: page.url,
    guidIsPermalink: true,
    link: page.url,
    title,
    description: text(restyled ? 'div[@class=article-body]|p' : 'div[@class=entry-content]|p').slice(0, 400),
  });
}

/**
 * Index one fixture crawl, run the feed-guided pass the way the build does (extractObject on the
 * feed-linked posts, `feed-guided` versions), then the template stage.
 */
async function buildCrawl(
  db: Db,
  writer: OverlayWriter,
  path: string,
  opts: { feeds: boolean; identity?: string },
): Promise<{ crawlId: number; report: TemplateStageReport; diagnostics: Diagnostics }> {
  const diagnostics = new Diagnostics();
  const [input] = await listArchiveInputs([path], diagnostics);
  if (input === undefined) throw new Error(`no input ${path}`);
  const { crawlId } = writer.beginCrawl(opts.identity ?? path, path, statSync(path).size);
  for await (const r of scanArchive(input, { diagnostics })) writer.addCapture(crawlId, r.entry);
  writer.flushCaptures(crawlId);
  const loadPage = async (id: number): Promise<ParsedPage | null> => {
    const source = resolvePayloadSource(db, id);
    if (source === undefined) return null;
    const capture = await readCapture(source, { diagnostics });
    return parsePage(capture.text(), source.url, { diagnostics });
  };
  const feedPages: FeedLinkedPage[] = [];
  if (opts.feeds) {
    const rows = db.prepare('SELECT id, url, canonical_url, time FROM captures WHERE crawl_id = ? ORDER BY id').all(crawlId) as Array<{
      id: number;
      url: string;
      canonical_url: string;
      time: string;
    }>;
    for (const row of rows.filter((r) => FEED_POSTS.some((p) => r.url.includes(p)))) {
      const page = (await loadPage(row.id)) as ParsedPage;
      const result = extractObject(page, itemFor(page));
      if (!result.ok) throw new Error(`${row.url}: ${result.reason}`);
      const { wrapper: _wrapper, ...object } = result.object;
      writer.addVersion({
        canonicalUrl: row.canonical_url,
        url: row.url,
        feedId: null,
        guid: row.url,
        crawlId,
        captureId: row.id,
        captureTime: row.time,
        pageDigest: null,
        object,
        comments: [],
      });
      feedPages.push({
        captureId: row.id,
        url: row.url,
        feedUrl: FEED_URL,
        paths: result.object.paths,
        published: result.object.published,
        title: result.object.title,
      });
    }
    expect(feedPages).toHaveLength(3);
  }
  const report = await runTemplateStage({ db, writer, crawlId, diagnostics, feedPages, loadPage });
  writer.finishCrawl(crawlId, 0, {});
  return { crawlId, report, diagnostics };
}

interface MatchRow {
  url: string;
  is_post: number;
  method: string | null;
  template_key: string | null;
  reason: string;
}

function matches(db: Db, crawlId: number): MatchRow[] {
  return db
    .prepare(`SELECT c.url, m.is_post, m.method, t.template_key, m.reason FROM page_matches m JOIN captures c ON c.id = m.capture_id
      LEFT JOIN templates t ON t.id = m.template_id WHERE m.crawl_id = ? ORDER BY c.id`)
    .all(crawlId) as MatchRow[];
}

function versions(
  db: Db,
  crawlId: number,
): Array<{ url: string; method: string; title: string | null; text: string; confidence: number; paths: string }> {
  return db
    .prepare(`SELECT o.url, v.method, v.title, v.text, v.confidence, v.paths FROM versions v JOIN objects o ON o.id = v.object_id
      WHERE v.crawl_id = ? AND v.method IN ('template', 'mcst') ORDER BY o.url`)
    .all(crawlId) as Array<{ url: string; method: string; title: string | null; text: string; confidence: number; paths: string }>;
}

const tableCounts = (db: Db): number[] =>
  ['templates', 'page_matches', 'versions', 'objects'].map((t) => db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number);

describe('runTemplateStage', () => {
  it('learns the host template from feed-linked pages, finds the unlinked post, refuses channel and static pages', async () => {
    const { db, writer } = openTempStore();
    const { crawlId, report, diagnostics } = await buildCrawl(db, writer, CRAWL, { feeds: true });
    expect(diagnostics.count()).toBe(0);
    expect(report.hosts).toHaveLength(1);
    expect(report.hosts[0]?.source).toBe('learnt');
    expect(report.hosts[0]?.templates).toHaveLength(1);
    expect(report.posts).toEqual({ feed: 3, template: 2, mcst: 0 });
    expect(report.pages).toBe(9);

    const rows = matches(db, crawlId);
    expect(rows).toHaveLength(9);
    const byUrl = (u: string): MatchRow[] => rows.filter((r) => r.url === u);
    for (const r of rows.filter((x) => FEED_POSTS.some((p) => x.url.includes(p))))
      expect(r).toMatchObject({ is_post: 1, method: 'feed', template_key: report.hosts[0]?.templates[0] });
    expect(byUrl(UNLINKED)).toHaveLength(2);
    for (const r of byUrl(UNLINKED))
      expect(r).toMatchObject({ is_post: 1, method: 'template', template_key: report.hosts[0]?.templates[0] });
    for (const u of NON_POSTS) {
      const [r] = byUrl(u);
      expect(r?.is_post, u).toBe(0);
      expect(r?.reason).not.toBe('');
    }

    const found = versions(db, crawlId);
    expect(found.map((v) => v.url)).toEqual([UNLINKED]);
    const [post] = found;
    expect(post?.method).toBe('template');
    expect(post?.title).toBe('Principles');
    expect(post?.text).toMatch(/^SELinux \(Security Enhanced Linux\) is a Mandatory Access Control system/);
    expect(post?.confidence).toBeGreaterThan(0.5);
    expect(post?.confidence).toBeLessThan(0.9);
    expect(JSON.parse(post?.paths ?? '{}').content).toContain('div[@class=entry-content]');
  });

  it('stores the learnt template as `export --what templates` lists it, in key-path notation', async () => {
    const { db, writer } = openTempStore();
    await buildCrawl(db, writer, CRAWL, { feeds: true });
    const [template, ...rest] = [...readTemplates(db)];
    expect(rest).toHaveLength(0);
    expect(template).toMatchObject({ host: 'pelican-dev.test', feed_url: FEED_URL, support: 3, learnt_in: CRAWL });
    expect(template?.id).toMatch(/^[0-9a-f]{16}$/);
    expect(template?.content_path).toContain('div[@class=entry-content]');
    expect(template?.key_path).toMatch(/^\|html\|body/);
  });

  it('is idempotent: a rerun of the stage writes the same rows', async () => {
    const { db, writer } = openTempStore();
    const { crawlId } = await buildCrawl(db, writer, CRAWL, { feeds: true });
    const before = { counts: tableCounts(db), matches: matches(db, crawlId), versions: versions(db, crawlId) };
    const diagnostics = new Diagnostics();
    const rows = db.prepare(`SELECT id, url FROM captures WHERE crawl_id = ?`).all(crawlId) as Array<{ id: number; url: string }>;
    const stored = db
      .prepare(`SELECT capture_id AS captureId, paths, published FROM versions WHERE crawl_id = ? AND method = 'feed-guided'`)
      .all(crawlId) as Array<{ captureId: number; paths: string; published: string | null }>;
    const feedPages = stored.map((s) => ({
      captureId: s.captureId,
      url: rows.find((r) => r.id === s.captureId)?.url ?? '',
      feedUrl: FEED_URL,
      paths: JSON.parse(s.paths),
      published: s.published,
      title: null,
    }));
    const loadPage = async (id: number): Promise<ParsedPage | null> => {
      const source = resolvePayloadSource(db, id);
      return source === undefined ? null : parsePage((await readCapture(source)).text(), source.url);
    };
    await runTemplateStage({ db, writer, crawlId, diagnostics, feedPages, loadPage });
    expect(tableCounts(db)).toEqual(before.counts);
    expect(matches(db, crawlId)).toEqual(before.matches);
    expect(versions(db, crawlId)).toEqual(before.versions);
  });

  it('reuses the templates in a later crawl of the same theme, and learns again when the markup changed', async () => {
    const { db, writer } = openTempStore();
    const first = await buildCrawl(db, writer, CRAWL, { feeds: true });
    const key = first.report.hosts[0]?.templates[0];
    const same = await buildCrawl(db, writer, CRAWL, { feeds: true, identity: 'crawl-2' });
    expect(same.report.hosts[0]).toMatchObject({ source: 'reused', templates: [key] });
    expect(same.report.posts.template).toBe(2);

    const restyled = await buildCrawl(db, writer, RESTYLED, { feeds: true });
    const host = restyled.report.hosts[0];
    expect(host?.source).toBe('relearnt');
    expect(host?.notes[0]).toMatch(/no longer fit \(they accept 0% of 3 feed-linked pages\)/);
    expect(host?.templates).toHaveLength(1);
    expect(host?.templates[0]).not.toBe(key);
    expect(restyled.report.posts.template).toBe(2);
    expect(versions(db, restyled.crawlId).map((v) => v.url)).toEqual([UNLINKED]);
    const learnt = [...readTemplates(db)].find((t) => t.id === host?.templates[0]);
    expect(learnt?.content_path).toContain('article-body');
    expect(learnt?.learnt_in).toBe(RESTYLED);
  });

  it("uses an earlier crawl's templates for a crawl whose feed is gone", async () => {
    const { db, writer } = openTempStore();
    const first = await buildCrawl(db, writer, CRAWL, { feeds: true });
    const later = await buildCrawl(db, writer, CRAWL, { feeds: false, identity: 'crawl-without-feed' });
    expect(later.report.hosts[0]).toMatchObject({ source: 'earlier-crawl', templates: first.report.hosts[0]?.templates });
    expect(later.report.posts).toEqual({ feed: 0, template: 5, mcst: 0 });
    expect(versions(db, later.crawlId).every((v) => v.method === 'template')).toBe(true);
  });

  it('falls back to E-mCST on a host without any feed or template: posts only, lower confidence', async () => {
    const { db, writer } = openTempStore();
    const { crawlId, report } = await buildCrawl(db, writer, CRAWL, { feeds: false });
    expect(report.hosts[0]?.source).toBe('mcst');
    expect(report.hosts[0]?.notes[0]).toMatch(/E-mCST markers from \d+ pages: primary div\|class\|entry-content/);
    const found = versions(db, crawlId);
    expect(found.map((v) => v.url).sort()).toEqual([...FEED_POSTS.map((p) => found.find((v) => v.url.includes(p))?.url), UNLINKED].sort());
    for (const v of found) {
      expect(v.method).toBe('mcst');
      expect(v.confidence).toBeLessThan(0.85);
      expect(v.text.length).toBeGreaterThan(200);
    }
    const rows = matches(db, crawlId);
    for (const u of NON_POSTS)
      expect(
        rows.find((r) => r.url === u),
        u,
      ).toMatchObject({ is_post: 0, method: 'mcst' });
    expect(rows.find((r) => r.url === NON_POSTS[1])?.reason).toMatch(/no publication date/);
  });
});
