import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getSurt, WARCParser } from 'warcio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFixtureComment, buildFixtureOverlay } from '../../test/browser/fixture-overlay.js';
import { type Db, getVersion, openStore, PageFileStore } from '../store/index.js';
import { reconstructChannelPage } from './channel-page.js';
import { writeReconstructedPages } from './page-writer.js';
import { overlayUrl, writeOverlayWacz } from './overlay-wacz.js';
import { versionPagePath } from './page-paths.js';

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('reconstruct on the overlay of the sample Pelican crawls (two crawls)', () => {
  let dir = '';
  let db: Db;
  let fixture: Awaited<ReturnType<typeof buildFixtureOverlay>>;
  let comment: ReturnType<typeof addFixtureComment>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-reconstruct-'));
    fixture = await buildFixtureOverlay(dir);
    comment = addFixtureComment(dir, fixture.edited.after, {
      author: 'Ada Reader',
      published: fixture.edited.after.captureTime,
      text: 'Thanks, this section on policy modules helped.',
    });
    db = openStore(dir, { writable: false });
  });
  afterAll(() => {
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes one page per object version and an index per feed', async () => {
    const { before, after } = fixture.edited;
    const result = await writeReconstructedPages(db, dir);
    expect(result.pages).toBe(fixture.versions);
    expect(result.indexes).toBe(3); // the Atom feed the posts are paired through, objects without a feed, the top index
    const u = new URL(after.canonicalUrl);
    const host = u.host.replace(/[^a-z0-9]+/g, '-');
    const pathSlug = u.pathname
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
    const folder = readdirSync(join(dir, 'pages', host)).find((f) => f.startsWith(`${pathSlug}-`));
    expect(folder).toBeDefined();
    const files = readdirSync(join(dir, 'pages', host, folder ?? '')).sort(); // timestamp first: oldest first
    expect(files).toHaveLength(2);
    const [older, page] = files.map((f) => readFileSync(join(dir, 'pages', host, folder ?? '', f), 'utf8'));
    expect(page).toContain(`<h1>${escapeHtml(after.title ?? '')}</h1>`);
    expect(page).toContain('Content-Security-Policy');
    expect(page).toContain(`href="${after.url}"`);
    expect(page).toContain(`captured <time datetime="${after.captureTime}">`);
    expect(page).not.toMatch(/<script/i);
    // each page holds its own version's text: words the edit added only in the later one
    const added = after.text.split(/\s+/).filter((w) => /^[A-Za-z]{6,}$/.test(w) && !before.text.includes(w));
    expect(added.length).toBeGreaterThan(0);
    for (const w of added.slice(0, 5)) expect(page).toContain(w);
    for (const w of added.slice(0, 5)) expect(older).not.toContain(w);
    // and its own comments
    expect(page).toContain('Comments (1)');
    expect(page).toContain(`<strong>${comment.author}</strong>`);
    expect(page).toContain(comment.text);
    expect(older).toContain('Comments (0)');
    const index = readFileSync(join(dir, 'pages/index.html'), 'utf8');
    const feedTitle = db.prepare('SELECT f.title FROM feeds f JOIN objects o ON o.feed_id = f.id LIMIT 1').pluck().get() as string;
    expect(feedTitle).toBe('Backports & Bytes');
    expect(index).toContain(escapeHtml(feedTitle));
    expect(index).toContain('Objects found without a feed');
  });

  it('reconstructs the channel at T from the objects current at T, in the feed order', () => {
    const feedUrl = db.prepare('SELECT f.url FROM feeds f JOIN objects o ON o.feed_id = f.id LIMIT 1').pluck().get() as string;
    const snapshots = db
      .prepare(
        'SELECT s.id, s.crawl_id AS crawlId FROM feed_snapshots s JOIN feeds f ON f.id = s.feed_id WHERE f.url = ? ORDER BY s.capture_time',
      )
      .all(feedUrl) as Array<{ id: number; crawlId: number }>;
    expect(snapshots).toHaveLength(2);
    const itemTitles = (snapshotId: number): string[] =>
      db
        .prepare('SELECT i.title FROM snapshot_items si JOIN items i ON i.id = si.item_id WHERE si.snapshot_id = ? ORDER BY si.position')
        .pluck()
        .all(snapshotId) as string[];
    const [s1, s2] = snapshots as [{ id: number; crawlId: number }, { id: number; crawlId: number }];
    // T1: when the first crawl was over, before the second began
    const end1 = db.prepare('SELECT max(capture_time) FROM versions WHERE crawl_id = ?').pluck().get(s1.crawlId) as string;
    const t1 = new Date(new Date(end1).getTime() + 1_000).toISOString();
    const crawlOf = (versionId: number | null): number | undefined => (versionId === null ? undefined : getVersion(db, versionId)?.crawlId);

    const first = reconstructChannelPage(db, feedUrl, t1);
    expect(first.entries.map((e) => e.title)).toEqual(itemTitles(s1.id));
    expect(first.entries.every((e) => e.source === 'object')).toBe(true);
    expect(first.entries.every((e) => crawlOf(e.versionId) === s1.crawlId)).toBe(true);

    const later = reconstructChannelPage(db, feedUrl, '2030-01-01T00:00:00Z');
    const inFeed2 = itemTitles(s2.id);
    expect(later.entries.slice(0, inFeed2.length).map((e) => e.title)).toEqual(inFeed2);
    // then the items that had dropped out of the feed by then, still from their objects' latest versions
    const dropped = itemTitles(s1.id).filter((t) => !inFeed2.includes(t));
    expect(dropped.length).toBeGreaterThan(0);
    expect(later.entries.slice(inFeed2.length).map((e) => e.title)).toEqual(dropped);
    expect(later.entries.every((e) => e.source === 'object' && crawlOf(e.versionId) === s2.crawlId)).toBe(true);
    expect(later.html).toContain('Channel reconstructed at 2030-01-01T00:00:00.000Z');
    expect(() => reconstructChannelPage(db, 'http://nowhere.test/feed', t1)).toThrow(/no feed/);
  });

  it('writes a WACZ that wabac.js reads: hashes match, CDXJ offsets give our records', async () => {
    const { after } = fixture.edited;
    const file = join(dir, 'overlay.wacz');
    const { pages } = await writeOverlayWacz(db, file);
    expect(pages).toBe(fixture.versions);
    const { createLoader, ZipRangeReader } = await import('@webrecorder/wabac');
    const loader = await createLoader({ url: 'file:///overlay.wacz', extra: { arrayBuffer: new Uint8Array(readFileSync(file)) } });
    const zip = new ZipRangeReader(loader);
    const entries = await zip.load();
    expect(Object.keys(entries).sort()).toEqual([
      'archive/data.warc.gz',
      'datapackage-digest.json',
      'datapackage.json',
      'indexes/index.cdxj',
      'pages/pages.jsonl',
    ]);
    const text = async (name: string): Promise<string> =>
      new TextDecoder().decode(await (await zip.loadFile(name, { unzip: true })).reader.readFully());
    const dp = JSON.parse(await text('datapackage.json')) as {
      wacz_version: string;
      resources: Array<{ path: string; hash: string; bytes: number }>;
    };
    expect(dp.wacz_version).toBe('1.1.1');
    for (const r of dp.resources) {
      const bytes = await (await zip.loadFile(r.path)).reader.readFully();
      expect(bytes.length).toBe(r.bytes);
      expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`).toBe(r.hash);
    }
    const pagesLines = (await text('pages/pages.jsonl')).trim().split('\n');
    expect(pagesLines).toHaveLength(fixture.versions + 1);
    const edited = pagesLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((p) => p.object_url === after.url);
    expect(edited).toHaveLength(2);
    const cdx = (await text('indexes/index.cdxj')).trim().split('\n');
    // CDXJ as cdxj-indexer -s writes it: SURT keys from warcio's getSurt, sorted
    expect(cdx).toHaveLength(fixture.versions);
    expect([...cdx].sort()).toEqual(cdx);
    for (const l of cdx) {
      const { url } = JSON.parse(l.slice(l.indexOf('{'))) as { url: string };
      expect(l.startsWith(`${getSurt(url)} `)).toBe(true);
    }
    const line = cdx.find((l) => l.includes(JSON.stringify(overlayUrl(after.canonicalUrl))));
    expect(line).toBeDefined();
    const info = JSON.parse(line?.slice(line.indexOf('{')) ?? '{}') as { offset: string; length: string };
    const { reader } = await zip.loadFile('archive/data.warc.gz', {
      offset: Number(info.offset),
      length: Number(info.length),
      unzip: true,
    });
    const record = await new WARCParser(reader).parse();
    expect(record?.warcTargetURI).toBe(overlayUrl(after.canonicalUrl));
    expect(await record?.contentText()).toContain(`data-object-id="${after.objectId}"`);
  });

  it('rewrites on a later build only the pages whose content changed', async () => {
    const out = mkdtempSync(join(tmpdir(), 'wo-reconstruct-again-'));
    const writable = openStore(dir, { writable: true });
    try {
      const known = new PageFileStore(writable);
      const first = await writeReconstructedPages(writable, out, known);
      const files = first.pages + first.indexes;
      expect(first.unchanged).toBe(0);
      expect(first.rendered).toBe(files);
      // a version page whose version and comments are unchanged is not even rendered again (the
      // feed indexes, which list every version, always are)
      const second = await writeReconstructedPages(writable, out, known);
      expect(second.unchanged).toBe(files);
      expect(second.rendered).toBe(first.indexes);
      // a page removed or cut short on disk is written again, whole
      const { before, after } = fixture.edited;
      const removed = join(out, 'pages', versionPagePath(before));
      const cut = join(out, 'pages', versionPagePath(after));
      const whole = readFileSync(removed, 'utf8');
      rmSync(removed);
      truncateSync(cut, 100);
      expect((await writeReconstructedPages(writable, out, known)).unchanged).toBe(files - 2);
      expect(readFileSync(removed, 'utf8')).toBe(whole);
      expect(statSync(cut).size).toBeGreaterThan(100);
      // a changed comment changes its version's page and nothing else
      const changed = addFixtureComment(dir, after, { author: 'Bo Reader', published: after.captureTime, text: 'A later reply.' });
      const third = await writeReconstructedPages(writable, out, known);
      expect(third.unchanged).toBe(files - 1);
      expect(third.rendered).toBe(first.indexes + 1);
      expect(readFileSync(cut, 'utf8')).toContain(changed.text);
      // pages recorded by a build before sources were recorded (no source, no size) are rendered once more
      writable.prepare('UPDATE page_files SET source = NULL, bytes = NULL').run();
      const older = await writeReconstructedPages(writable, out, known);
      expect([older.unchanged, older.rendered]).toEqual([files, files]);
      expect((await writeReconstructedPages(writable, out, known)).rendered).toBe(first.indexes);
    } finally {
      writable.close();
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('rejects with the failure of a file it could not write', async () => {
    const out = mkdtempSync(join(tmpdir(), 'wo-reconstruct-fail-'));
    try {
      // an object's folder that is a file: its version pages cannot be written, the others can
      const folder = join(out, 'pages', dirname(versionPagePath(fixture.edited.after)));
      mkdirSync(dirname(folder), { recursive: true });
      writeFileSync(folder, 'not a folder');
      await expect(writeReconstructedPages(db, out)).rejects.toMatchObject({ path: folder });
      expect(readFileSync(folder, 'utf8')).toBe('not a folder');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
