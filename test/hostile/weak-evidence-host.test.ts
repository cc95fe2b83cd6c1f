/**
 * A host whose template-found posts all lie outside the URL shape of its feed-linked posts: weak
 * evidence against each, settled once every page of the host is read (kept a post where another
 * page links it as an entry). The build held each such post whole until then, the content node of
 * its article and so its page's DOM included: 120 posts of 4,000 elements (a 1 MB WARC) ended a
 * build out of a 256 MB heap (exit 134); 300 peaked at 1.03 GB RSS. Now each is written at once
 * and only its decision is held.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { rssSite, writeWarc } from '../generalisation/fixture-warc.js';
import { cliWithHeap } from '../helpers/cli-runner.js';

const SITE = 'http://weak.example';
const FEED_POSTS = 20;
const ARCHIVED_POSTS = 120;
/** Elements of each page's filler (a `<div><p>` per repeat). */
const ELEMENTS = 4_000;
/** MB of V8 heap the build runs in: the held DOMs alone were some 400 MB (about 850 bytes an element). */
const HEAP_MB = 256;

const WORDS = ['river', 'garden', 'bridge', 'winter', 'light', 'station', 'market', 'harbour', 'valley', 'orchard', 'mill', 'lantern'];
const text = (i: number, n: number): string => Array.from({ length: n }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(' ');
const filler = (i: number): string =>
  Array.from({ length: ELEMENTS / 2 }, (_, k) => `<div><p>${WORDS[(i + k) % WORDS.length]} ${k}</p></div>`).join('');

describe('a host whose URLs tell no template-found post apart', () => {
  const work = mkdtempSync(join(tmpdir(), 'warc-overlay-weak-host-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('settles every held post within a bounded heap: those another page links as entries stay posts', async () => {
    const feedPosts = Array.from({ length: FEED_POSTS }, (_, i) => ({
      url: `${SITE}/2024/01/post-${i}/`,
      title: `Post ${i}`,
      text: `Notes ${i} ${text(i, 30)}.`,
    }));
    const archived = Array.from({ length: ARCHIVED_POSTS }, (_, i) => ({
      url: `${SITE}/archive/${i}.html`,
      title: `Old post ${i}`,
      text: `Older notes ${i} ${text(i + 50, 40)}.`,
    }));
    const captures = rssSite(SITE, feedPosts, (p) => filler(p.title.length));
    for (const p of archived)
      captures.push({
        url: p.url,
        body: `<html><body><article><h1>${p.title}</h1><p>${p.text}</p>${filler(p.url.length)}</article></body></html>`,
      });
    // The home page links the even archived posts as entries (under headings), the odd ones plainly.
    const entries = archived.map((p, i) =>
      i % 2 === 0 ? `<h2><a href="${p.url}">${p.title}</a></h2>` : `<p><a href="${p.url}">${p.title}</a></p>`,
    );
    captures.push({ url: `${SITE}/`, body: `<html><body>${entries.join('')}</body></html>` });
    const crawl = join(work, 'crawl.warc.gz');
    await writeWarc(crawl, '2025-01-01T00:00:00Z', captures);

    const out = join(work, 'overlay');
    const run = cliWithHeap(HEAP_MB, 'build', crawl, '--out', out, '--workers', '1', '--no-progress', '--no-pages');
    expect(run.stderr).not.toMatch(/heap out of memory/);
    expect(run.code).toBe(0);

    const db = new Database(join(out, 'overlay.sqlite'), { readonly: true });
    try {
      const decided = db
        .prepare<[], { url: string; isPost: number; reason: string; versions: number }>(
          `SELECT c.url AS url, m.is_post AS isPost, m.reason AS reason,
                  (SELECT COUNT(*) FROM versions v WHERE v.capture_id = c.id AND v.method = 'template') AS versions
           FROM page_matches m JOIN captures c ON c.id = m.capture_id WHERE c.url LIKE '%/archive/%'`,
        )
        .all();
      expect(decided).toHaveLength(ARCHIVED_POSTS);
      for (const d of decided) {
        const linked = Number(/\/archive\/(\d+)\.html$/.exec(d.url)?.[1]) % 2 === 0;
        expect({ url: d.url, isPost: d.isPost, versions: d.versions }).toEqual({
          url: d.url,
          isPost: linked ? 1 : 0,
          versions: linked ? 1 : 0,
        });
        expect(d.reason).toContain('outside the URL shape');
        expect(d.reason).toContain(linked ? 'other pages of the host link it as an entry' : 'no page of the host links it');
      }
    } finally {
      db.close();
    }
  }, 180_000);
});
