import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WARCParser } from 'warcio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixtureOverlay, corpusAvailable, readTruth } from '../../test/browser/wp-dev-overlay.js';
import { type Db, openStore } from '../overlay/overlay-db.js';
import { reconstructChannelPage } from './channel-page.js';
import { writeReconstructedPages } from './page-writer.js';
import { overlayUrl, writeOverlayWacz } from './overlay-wacz.js';

const run = corpusAvailable() ? describe : describe.skip;

run('reconstruct on the wp-dev corpus (two crawls)', () => {
  let dir = '';
  let db: Db;
  let fixture: Awaited<ReturnType<typeof buildFixtureOverlay>>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-reconstruct-'));
    fixture = await buildFixtureOverlay(dir);
    db = openStore(dir, { writable: false });
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes one page per object version and an index per feed', () => {
    const result = writeReconstructedPages(db, dir);
    expect(result.pages).toBe(fixture.posts);
    expect(result.indexes).toBe(3); // the feed, objects without a feed, the top index
    const folder = readdirSync(join(dir, 'pages/devblog-test-8081')).find((f) => f.startsWith('2026-10-frontends-aptitude-synaptic-synaptic'));
    expect(folder).toBeDefined();
    const files = readdirSync(join(dir, 'pages/devblog-test-8081', folder ?? ''));
    expect(files).toHaveLength(2);
    const truth = readTruth();
    const after = truth.crawls[1]?.posts.find((p) => p.url === fixture.editedUrl);
    const page = readFileSync(join(dir, 'pages/devblog-test-8081', folder ?? '', files.sort()[1] ?? ''), 'utf8');
    expect(page).toContain(`<h1>${after?.title}</h1>`);
    expect(page).toContain('Content-Security-Policy');
    expect(page).toContain(`href="${fixture.editedUrl}"`);
    expect(page).toMatch(/captured <time datetime="2026-11-22T11:31:\d\d.000Z">/);
    expect(page).not.toMatch(/<script/i);
    const index = readFileSync(join(dir, 'pages/index.html'), 'utf8');
    expect(index).toContain('Dev blog');
  });

  it('reconstructs the channel at T from the objects current at T, in the feed order', () => {
    const truth = readTruth();
    const t1 = truth.crawls[0]?.time ?? '';
    const first = reconstructChannelPage(db, fixture.feedUrl, new Date(new Date(t1).getTime() + 30_000).toISOString());
    const inFeed1 = truth.crawls[0]?.posts.filter((p) => p.in_feed) ?? [];
    expect(first.entries.map((e) => e.title)).toEqual(inFeed1.map((p) => p.title));
    expect(first.entries.every((e) => e.source === 'object')).toBe(true);
    const later = reconstructChannelPage(db, fixture.feedUrl, '2030-01-01T00:00:00Z');
    const inFeed2 = truth.crawls[1]?.posts.filter((p) => p.in_feed) ?? [];
    expect(later.entries.slice(0, inFeed2.length).map((e) => e.title)).toEqual(inFeed2.map((p) => p.title));
    expect(later.html).toContain('Channel reconstructed at 2030-01-01T00:00:00.000Z');
    expect(() => reconstructChannelPage(db, 'http://nowhere.test/feed', t1)).toThrow(/no feed/);
  });

  it('writes a WACZ that wabac.js reads: hashes match, CDXJ offsets give our records', async () => {
    const file = join(dir, 'overlay.wacz');
    const { pages } = await writeOverlayWacz(db, file);
    expect(pages).toBe(fixture.posts);
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
    const dp = JSON.parse(await text('datapackage.json')) as { wacz_version: string; resources: Array<{ path: string; hash: string; bytes: number }> };
    expect(dp.wacz_version).toBe('1.1.1');
    for (const r of dp.resources) {
      const bytes = await (await zip.loadFile(r.path)).reader.readFully();
      expect(bytes.length).toBe(r.bytes);
      expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`).toBe(r.hash);
    }
    const pagesLines = (await text('pages/pages.jsonl')).trim().split('\n');
    expect(pagesLines).toHaveLength(fixture.posts + 1);
    const edited = pagesLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((p) => p.object_url === fixture.editedUrl);
    expect(edited).toHaveLength(2);
    const cdx = (await text('indexes/index.cdxj')).trim().split('\n');
    const line = cdx.find((l) => l.includes(JSON.stringify(overlayUrl(fixture.editedUrl))));
    const info = JSON.parse(line?.slice(line.indexOf('{')) ?? '{}') as { offset: string; length: string };
    const { reader } = await zip.loadFile('archive/data.warc.gz', { offset: Number(info.offset), length: Number(info.length), unzip: true });
    const record = await new WARCParser(reader).parse();
    expect(record?.warcTargetURI).toBe(overlayUrl(fixture.editedUrl));
    expect(await record?.contentText()).toContain(`data-object-id=`);
  });
});
