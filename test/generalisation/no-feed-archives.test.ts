/**
 * A blog crawled without any feed whose tag and month pages are built like its posts (issue #12
 * item 2): posts are found by E-mCST alone [001 §3], and a tag or month page printing its one post
 * whole looks like a post too. The site's own evidence tells them apart: the page shows another
 * page's content and links to it, as a channel page's entry links its permalink [002]. Written
 * once with class names and once without any: the home and tag pages listing several posts are
 * told by their entries' title lines (each a link, the entry's text after it) when no class marks them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlay, Diagnostics, openStore, store } from '../../src/index.js';
import { type FixtureCapture, writeWarc } from './fixture-warc.js';

const SITE = 'http://quiet-notes.test';
const WORDS = `garden river evening winter market harbour village kitchen table letter lamp boat train street hill
valley forest meadow orchard stone brick timber rope paint canvas paper glass iron walked carried painted mended
counted watched noticed gathered slowly carefully early late again together apart nearby across beyond`.split(/\s+/);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface Post {
  slug: string;
  title: string;
  date: Date;
  paragraphs: string[];
}

const sentence = (i: number, n: number): string => {
  const words = Array.from({ length: n }, (_, k) => WORDS[(i * 7 + k * 13 + k * k) % WORDS.length] as string);
  return `${words.join(' ')}.`.replace(/^./, (c) => c.toUpperCase());
};
const POSTS: Post[] = Array.from({ length: 8 }, (_, i) => ({
  slug: `p${i + 1}-${WORDS[i * 3] as string}`,
  title: `${sentence(i + 40, 4).replace(/\.$/, '')} ${i + 1}`,
  date: new Date(Date.UTC(2025, 2, 4 + i * 4, 9, 30)),
  paragraphs: [0, 1, 2].map((k) => `${sentence(i * 3 + k, 14)} ${sentence(i * 3 + k + 50, 12)}`),
}));
const fmt = (d: Date): string => `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;

const shell = (
  title: string,
  main: string,
): string => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><header><a href="/">Quiet notes</a> <nav><a href="/">Start</a> <a href="/about/">About</a></nav></header>
<main>${main}</main><aside><h4>Recent</h4><ul>${POSTS.slice(-4)
  .map((p) => `<li><a href="/${p.slug}/">${p.title}</a></li>`)
  .join('')}</ul></aside><footer><p>Written by hand.</p></footer></body></html>`;
// The post and the list entry share one markup: only the entry's title is a link.
const entry = (p: Post, linked: boolean, body: string): string =>
  `<div class="main"><div class="t1">${linked ? `<a href="/${p.slug}/">${p.title}</a>` : p.title}</div><div class="d">${fmt(p.date)}</div><div class="body">${body}</div></div>`;
const whole = (p: Post): string => p.paragraphs.map((x) => `<p>${x}</p>`).join('');
const list = (title: string, posts: Post[]): string => shell(title, posts.map((p) => entry(p, true, whole(p))).join(''));

/** The same site written without any class attribute (hand-written HTML): no E-mCST marker, only structure. */
const withoutClasses = (c: FixtureCapture): FixtureCapture => ({ ...c, body: c.body.replace(/\sclass="[^"]*"/g, '') });

describe.each([
  ['', (c: FixtureCapture) => c],
  [', no class attribute on any page', withoutClasses],
])('a blog without feeds, tag and month pages built like its posts%s', (_, markup) => {
  let dir = '';
  let objects: string[] = [];
  let decisions: Array<{ url: string; isPost: boolean; reason: string }> = [];
  const oneEntryPages = [`${SITE}/tag/lamp/`, `${SITE}/2025/04/`];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'warc-overlay-no-feed-'));
    const april = POSTS.filter((p) => p.date.getUTCMonth() === 3);
    expect(april).toHaveLength(1);
    const captures: FixtureCapture[] = [
      { url: `${SITE}/`, body: list('Start', POSTS.slice(-5).reverse()) },
      { url: `${SITE}/about/`, body: shell('About', `<h1>About</h1><p>${sentence(90, 30)}</p>`) },
      { url: `${SITE}/tag/river/`, body: list('river', [POSTS[0], POSTS[3], POSTS[6]] as Post[]) },
      { url: `${SITE}/tag/lamp/`, body: list('lamp', [POSTS[4] as Post]) },
      { url: `${SITE}/2025/04/`, body: list('April 2025', april) },
      ...POSTS.map((p) => ({ url: `${SITE}/${p.slug}/`, body: shell(p.title, entry(p, false, whole(p))) })),
    ];
    const crawl = join(dir, 'crawl.warc.gz');
    await writeWarc(crawl, '2025-05-01T12:00:00Z', captures.map(markup));
    const out = join(dir, 'overlay');
    await buildOverlay({ inputs: [crawl], outDir: out, diagnostics: new Diagnostics(), writePages: false, workers: 1 });
    const db = openStore(out, { writable: false });
    objects = [...store.readObjectVersions(db)].map((v) => v.url).sort();
    decisions = db
      .prepare<[], { url: string; isPost: number; reason: string }>(
        'SELECT c.url, pm.is_post AS isPost, pm.reason FROM page_matches pm JOIN captures c ON c.id = pm.capture_id',
      )
      .all()
      .map((d) => ({ url: d.url, isPost: d.isPost === 1, reason: d.reason }));
    db.close();
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes objects for the posts only', () => {
    expect(objects).toEqual(POSTS.map((p) => `${SITE}/${p.slug}/`).sort());
  });

  it('says why a page printing one post whole is no post', () => {
    for (const url of oneEntryPages) {
      const decision = decisions.find((d) => d.url === url);
      expect(decision?.isPost).toBe(false);
      expect(decision?.reason).toMatch(
        /shows the content of http:\/\/quiet-notes\.test\/p\d-\w+\/, which it links to: a list of one entry/,
      );
    }
  });
});
