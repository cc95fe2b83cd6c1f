/**
 * A wiki-style site where every page shares one template (issue #12 item 2): home (printing whole
 * post bodies), about, tag and month pages are built exactly like posts, so a learnt post template
 * matches them all. Only the site's own evidence tells them apart: the home page is the feed's
 * channel link, tag and month pages hold the texts of several feed items, the about page lies
 * outside the URL shape of the feed-linked posts. Two posts the feed does not list must still be
 * found (they share the posts' URL shape and the archive pages link them).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlay, Diagnostics, openStore, store } from '../../src/index.js';
import { escapeXml, type FixtureCapture, writeWarc } from './fixture-warc.js';

const SITE = 'http://fieldnotes.test';

interface Post {
  slug: string;
  title: string;
  tag: 'garden' | 'kitchen';
  month: string;
  pubDate: string;
  paragraphs: string[];
  inFeed: boolean;
}

const POSTS: Post[] = [
  {
    slug: 'compost-bins',
    title: 'Three compost bins and a rota',
    tag: 'garden',
    month: '2026/01',
    pubDate: 'Sun, 11 Jan 2026 18:00:00 +0000',
    paragraphs: [
      'Turning the compost used to happen whenever somebody remembered, which in practice meant twice a year and a very smelly afternoon each time.',
      'Now there are three bins in a row and a rota pinned inside the shed door: fill the first, turn it into the second in spring, and use the third in autumn.',
      'The difference in the finished compost is remarkable, crumbly and dark instead of a wet heap of half rotted cabbage leaves.',
    ],
    inFeed: true,
  },
  {
    slug: 'marmalade-weekend',
    title: 'A marmalade weekend',
    tag: 'kitchen',
    month: '2026/01',
    pubDate: 'Sat, 24 Jan 2026 16:20:00 +0000',
    paragraphs: [
      'Seville oranges are in the shops for about three weeks every January, and every year I promise myself that this time I will make enough marmalade.',
      'The peel was shredded by hand on Saturday morning, soaked overnight with the pips tied in muslin, and boiled with the sugar on Sunday afternoon.',
      'Eleven jars set properly and two are more like syrup, which will do very well poured over yoghurt for the rest of the month.',
    ],
    inFeed: true,
  },
  {
    slug: 'pruning-the-apple-tree',
    title: 'Pruning the old apple tree',
    tag: 'garden',
    month: '2026/02',
    pubDate: 'Sun, 08 Feb 2026 15:05:00 +0000',
    paragraphs: [
      'The apple tree at the bottom of the garden is older than the house and had not been pruned properly for at least a decade when we arrived.',
      'Following advice from the orchard group, no more than a quarter of the canopy came off this winter, starting with the crossing and dead branches.',
      'Next year the tall water shoots from the middle can go, and with luck the tree will be back to a good shape in three or four winters.',
    ],
    inFeed: true,
  },
  {
    slug: 'sourdough-starter',
    title: 'Reviving a sourdough starter',
    tag: 'kitchen',
    month: '2026/02',
    pubDate: 'Tue, 17 Feb 2026 20:40:00 +0000',
    paragraphs: [
      'The starter had sat at the back of the fridge since before Christmas under a layer of grey liquid that smelled strongly of nail varnish.',
      'Three days of feeding twice a day with equal weights of flour and water brought it back, bubbling and doubling within six hours of a feed.',
      'The first loaf was dense at the bottom, but the second, baked in a heavy pot with the lid on for twenty minutes, had a proper open crumb.',
    ],
    inFeed: true,
  },
  {
    slug: 'hedgehog-house',
    title: 'A house for the hedgehogs',
    tag: 'garden',
    month: '2026/02',
    pubDate: 'Sun, 22 Feb 2026 11:15:00 +0000',
    paragraphs: [
      'Hedgehog droppings on the lawn last summer were the first sign that we had a visitor, and a camera on the patio confirmed it was two of them.',
      'The house is a box of untreated plywood with a tunnel entrance to keep cats out, filled with dry leaves and tucked under the laurel hedge.',
      'A gap cut into the bottom of the fence on each side lets them travel between our garden and the two neighbours, which matters more than the house.',
    ],
    inFeed: false,
  },
  {
    slug: 'leek-and-potato',
    title: 'Leek and potato soup from the last leeks',
    tag: 'kitchen',
    month: '2026/02',
    pubDate: 'Fri, 27 Feb 2026 19:30:00 +0000',
    paragraphs: [
      'The last of the leeks had to come out of the ground before the bed was dug over, so a big pan of soup was the obvious answer on a cold Friday.',
      'Leeks, potatoes, an onion, a stick of celery and stock, simmered until soft and blended with a little milk at the end instead of cream.',
      'Half of it went into the freezer in portions, which is the only way any of it survives until the following week in this house.',
    ],
    inFeed: false,
  },
];

const postPath = (p: Post) => `/posts/${p.slug}/`;

/** The one template of the site: every page is a title and a content block. */
function page(title: string, content: string): string {
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${title}</title>
<link rel="alternate" type="application/rss+xml" href="/index.rss"></head>
<body><div class="page">
<div class="pageheader"><div class="header"><span><a href="/">fieldnotes</a></span> / <span class="title">${title}</span></div>
<div class="actions"><ul><li><a href="/about/">About</a></li><li><a href="/tags/garden/">garden</a></li><li><a href="/tags/kitchen/">kitchen</a></li></ul></div></div>
<div id="pagebody"><div id="content" role="main">
${content}
</div></div>
<div id="footer" class="pagefooter" role="contentinfo"><div class="pagedate">Last edited <span class="date">Sun, 01 Mar 2026 10:00:00 +0000</span></div></div>
</div></body></html>`;
}

const body = (p: Post) => p.paragraphs.map((x) => `<p>${x}</p>`).join('\n');

function postPage(p: Post): string {
  return page(p.title, `${body(p)}\n<div class="tags">Tags: <a href="/tags/${p.tag}/">${p.tag}</a></div>`);
}

/** Home: the three latest posts printed whole (an inline of the blog), each with a permalink. */
function homePage(): string {
  const latest = [...POSTS].reverse().slice(0, 3);
  return page(
    'fieldnotes',
    `<p>Notes from a small garden and a smaller kitchen.</p>
${latest.map((p) => `<div class="inlinepage"><div class="inlineheader"><span class="header">${p.title}</span></div><div class="inlinecontent">${body(p)}</div><div class="inlinefooter"><a href="${postPath(p)}">permalink</a></div></div>`).join('\n')}`,
  );
}

/** A list page (tag or month): each post as a link and its opening paragraph. */
function listPage(title: string, posts: readonly Post[]): string {
  return page(
    title,
    `<p>Pages in ${title}:</p><ul>${posts.map((p) => `<li><a href="${postPath(p)}">${p.title}</a><p>${p.paragraphs[0]}</p></li>`).join('\n')}</ul>`,
  );
}

function feed(): string {
  const items = POSTS.filter((p) => p.inFeed)
    .map(
      (p) =>
        `<item><title>${escapeXml(p.title)}</title><link>${SITE}${postPath(p)}</link><guid>${SITE}${postPath(p)}</guid><pubDate>${p.pubDate}</pubDate><description>${escapeXml(`<p>${p.paragraphs[0]}</p>`)}</description></item>`,
    )
    .join('\n');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>fieldnotes</title><link>${SITE}/</link><description>fieldnotes</description>\n${items}</channel></rss>`;
}

const NON_POSTS: FixtureCapture[] = [
  { url: `${SITE}/`, body: homePage() },
  {
    url: `${SITE}/about/`,
    body: page(
      'About',
      '<p>This site is a notebook kept by two people with a small garden, an allotment on the edge of town and too many cookery books.</p><p>It is written in a plain text wiki and published with a static site generator every Sunday evening.</p>',
    ),
  },
  {
    url: `${SITE}/tags/garden/`,
    body: listPage(
      'garden',
      POSTS.filter((p) => p.tag === 'garden'),
    ),
  },
  {
    url: `${SITE}/tags/kitchen/`,
    body: listPage(
      'kitchen',
      POSTS.filter((p) => p.tag === 'kitchen'),
    ),
  },
  {
    url: `${SITE}/archives/2026/01/`,
    body: listPage(
      'January 2026',
      POSTS.filter((p) => p.month === '2026/01'),
    ),
  },
  {
    url: `${SITE}/archives/2026/02/`,
    body: listPage(
      'February 2026',
      POSTS.filter((p) => p.month === '2026/02'),
    ),
  },
];

describe('a site where every page shares one template: non-posts are told apart by the site evidence', () => {
  let dir: string;
  let objectUrls: Set<string>;
  let pages: Array<Record<string, unknown>>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-one-template-'));
    const warc = join(dir, 'crawl-1.warc.gz');
    await writeWarc(warc, '2026-03-01T12:00:00Z', [
      ...NON_POSTS,
      { url: `${SITE}/index.rss`, body: feed(), type: 'application/rss+xml' },
      ...POSTS.map((p) => ({ url: `${SITE}${postPath(p)}`, body: postPage(p) })),
    ]);
    await buildOverlay({ inputs: [warc], outDir: join(dir, 'out'), diagnostics: new Diagnostics(), writePages: false, workers: 1 });
    const db = openStore(join(dir, 'out'), { writable: false });
    objectUrls = new Set([...store.readObjectVersions(db)].map((v) => new URL(v.url).pathname));
    pages = [...store.readPages(db)];
    db.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes an object for every post, those the feed does not list included', () => {
    for (const p of POSTS) expect(objectUrls).toContain(postPath(p));
  });

  it('makes no object for the home, about, tag and month pages', () => {
    for (const c of NON_POSTS) expect(objectUrls).not.toContain(new URL(c.url).pathname);
  });

  it('records why each non-post page is not a post', () => {
    for (const c of NON_POSTS) {
      const row = pages.find((r) => r.url === c.url);
      expect(row?.is_post).toBe(false);
      expect(String(row?.reason)).toMatch(/channel link|texts of \d+ feed items|outside the URL shape/);
    }
  });
});
