/**
 * Post detection on engines where every page shares one template (issue #12 item 2), over two
 * crawls. Four sites, one per URL scheme — dated (`/2024/05/slug/`), static files
 * (`/posts/slug.html`), query ids (`/?p=123`) and a wiki (`/wiki/Page_Name`, where posts and
 * non-posts share one URL shape) — each with a home page printing whole post bodies, an about
 * page, tag pages, month pages (one printing one whole post body), an archive of titles and a page
 * printing the latest post whole. The feed lists the five latest posts; two older posts are only
 * linked from tag and month pages. The second crawl changes every page's sidebar, adds a post and
 * edits one. The objects must be exactly the posts, and the only content edit the real one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlay, Diagnostics, openStore, store } from '../../src/index.js';
import { escapeXml, type FixtureCapture, writeWarc } from './fixture-warc.js';

interface Post {
  id: number;
  slug: string;
  title: string;
  tag: 'garden' | 'kitchen';
  month: '2024/02' | '2024/03' | '2024/05';
  pubDate: string;
  paragraphs: string[];
}

const POSTS: Post[] = [
  {
    id: 101,
    slug: 'seed-catalogues',
    title: 'Reading the seed catalogues',
    tag: 'garden',
    month: '2024/02',
    pubDate: 'Sat, 03 Feb 2024 18:00:00 +0000',
    paragraphs: [
      'Every February the seed catalogues arrive within a week of each other and the kitchen table disappears under them for a fortnight.',
      'This year the rule was one new variety of each vegetable at most, which lasted until the page of climbing beans with purple speckled pods.',
      'The order went in on the last Sunday of the month, with a note to self to sow the tomatoes no earlier than the middle of March.',
    ],
  },
  {
    id: 102,
    slug: 'bread-oven',
    title: 'Lighting the bread oven again',
    tag: 'kitchen',
    month: '2024/02',
    pubDate: 'Sun, 18 Feb 2024 16:20:00 +0000',
    paragraphs: [
      'The clay oven in the yard had not been lit since October, and the first fire of the year always takes longer than anybody remembers.',
      'Three hours of small dry kindling brought the dome up to heat, the embers were raked out and the floor swept with a damp cloth on a pole.',
      'Six loaves went in together and came out forty minutes later with thick dark crusts that crackled on the cooling rack for an hour.',
    ],
  },
  {
    id: 103,
    slug: 'frogspawn',
    title: 'Frogspawn in the pond',
    tag: 'garden',
    month: '2024/03',
    pubDate: 'Sun, 10 Mar 2024 09:30:00 +0000',
    paragraphs: [
      'The first clump of frogspawn appeared in the shallow end of the pond on a grey Sunday morning after a week of mild wet nights.',
      'By the evening there were four more clumps, and the frogs themselves had gone quiet again after two nights of croaking under the marsh marigolds.',
      'A sheet of chicken wire over the deep end should keep the heron away until the tadpoles have somewhere to hide among the weed.',
    ],
  },
  {
    id: 104,
    slug: 'rhubarb-forcing',
    title: 'Forcing the rhubarb under a bucket',
    tag: 'garden',
    month: '2024/05',
    pubDate: 'Thu, 02 May 2024 19:05:00 +0000',
    paragraphs: [
      'An upturned bucket over the oldest rhubarb crown in the corner bed produced pale pink stems a good three weeks before the uncovered ones.',
      'Forcing weakens the plant, so this crown will be left alone next year while a younger one takes its turn under the bucket.',
      'The stems were sweet enough to stew with only a spoonful of sugar and a strip of orange peel, then eaten warm with thick yoghurt.',
    ],
  },
  {
    id: 105,
    slug: 'asparagus-bed',
    title: 'The first asparagus from the new bed',
    tag: 'kitchen',
    month: '2024/05',
    pubDate: 'Wed, 08 May 2024 20:40:00 +0000',
    paragraphs: [
      'Three years after the crowns went into the raised bed by the fence, the first spears were finally thick enough to cut this week.',
      'They went straight from the garden into a pan of salted boiling water for three minutes and onto plates with melted butter and black pepper.',
      'The bed needs weeding by hand every week now, because the roots sit so close to the surface that a hoe would cut straight through them.',
    ],
  },
  {
    id: 106,
    slug: 'swallows-return',
    title: 'The swallows are back in the barn',
    tag: 'garden',
    month: '2024/05',
    pubDate: 'Tue, 14 May 2024 07:15:00 +0000',
    paragraphs: [
      'Two swallows were sitting on the telephone wire above the barn door on Tuesday morning, a week later than last year but just as welcome.',
      'Last year they raised two broods in the mud nest on the beam above the old tractor, and the nest looks sound enough to use again.',
      'The barn door will stay propped open until September, which means the cat has to be kept indoors in the evenings for a while.',
    ],
  },
  {
    id: 107,
    slug: 'wild-garlic-pesto',
    title: 'Wild garlic pesto from the lane',
    tag: 'kitchen',
    month: '2024/05',
    pubDate: 'Mon, 20 May 2024 12:45:00 +0000',
    paragraphs: [
      'The banks of the lane down to the river are covered in wild garlic every May, and the smell on a warm afternoon reaches the house.',
      'Two carrier bags of leaves were washed in the sink, blitzed with hazelnuts, hard cheese and a good deal of olive oil, and packed into jars.',
      'A layer of oil on top of each jar keeps the pesto green in the fridge for a month, and the rest of it was frozen in ice cube trays.',
    ],
  },
];

/** Added before the second crawl. */
const NEW_POST: Post = {
  id: 108,
  slug: 'beehive-inspection',
  title: 'The first hive inspection of the year',
  tag: 'garden',
  month: '2024/05',
  pubDate: 'Sun, 26 May 2024 15:10:00 +0000',
  paragraphs: [
    'A warm still afternoon at last, so the hive was opened for the first full inspection since the bees were wrapped up for the winter.',
    'The queen was spotted on the fourth frame, there were eggs and young larvae on three frames, and the stores of honey had lasted well.',
    'A second brood box goes on next weekend, before the colony runs out of room and starts thinking about swarming into the hedge.',
  ],
};

/** The second crawl's real article edit: a paragraph added to this post. */
const EDITED = 105;
const ADDED_PARAGRAPH =
  'Update: a second cutting a week later was even better, and a neighbour who grows asparagus commercially says the bed can be cut until midsummer.';

/** A site's URL scheme: where each page of the one template lives. */
interface Scheme {
  host: string;
  post(p: Post): string;
  home: string;
  about: string;
  tag(t: Post['tag']): string;
  month(m: Post['month']): string;
  archive: string;
  latest: string;
  /** Feeds carry whole bodies (`content:encoded`) or the opening paragraph. */
  fullFeed: boolean;
}

const wikiName = (s: string) => s.replace(/(^|-)(\w)/g, (_, sep: string, c: string) => `${sep === '' ? '' : '_'}${c.toUpperCase()}`);
const MONTH_NAMES = { '2024/02': 'February_2024', '2024/03': 'March_2024', '2024/05': 'May_2024' } as const;

const SCHEMES: Scheme[] = [
  {
    host: 'http://dated.test',
    post: (p) => `/${p.month}/${p.slug}/`,
    home: '/',
    about: '/about/',
    tag: (t) => `/tag/${t}/`,
    month: (m) => `/${m}/`,
    archive: '/archive/',
    latest: '/latest/',
    fullFeed: false,
  },
  {
    host: 'http://files.test',
    post: (p) => `/posts/${p.slug}.html`,
    home: '/',
    about: '/about.html',
    tag: (t) => `/tags/${t}.html`,
    month: (m) => `/archive/${m.replace('/', '-')}.html`,
    archive: '/archive/index.html',
    // Fits the posts' URL shape: only its text (another page's feed item) tells it apart.
    latest: '/posts/latest.html',
    fullFeed: true,
  },
  {
    host: 'http://query.test',
    post: (p) => `/?p=${p.id}`,
    home: '/',
    about: '/?page_id=2',
    tag: (t) => `/?tag=${t}`,
    month: (m) => `/?m=${m.replace('/', '')}`,
    archive: '/?page_id=3',
    latest: '/?page_id=4',
    fullFeed: false,
  },
  {
    // Posts and non-posts share one URL shape, the feed's channel link (the main page) too.
    host: 'http://wiki.test',
    post: (p) => `/wiki/${wikiName(p.slug)}`,
    home: '/wiki/Main_Page',
    about: '/wiki/About',
    tag: (t) => `/wiki/Category:${wikiName(t)}`,
    month: (m) => `/wiki/${MONTH_NAMES[m]}`,
    archive: '/wiki/Archive',
    latest: '/wiki/Latest',
    fullFeed: true,
  },
];

/** One site in one crawl: its posts (oldest first) and whether the sidebar is the second crawl's. */
interface SiteState {
  s: Scheme;
  posts: Post[];
  crawl: 1 | 2;
}

const paragraphsOf = (p: Post, crawl: 1 | 2) => (crawl === 2 && p.id === EDITED ? [...p.paragraphs, ADDED_PARAGRAPH] : p.paragraphs);
const bodyOf = (p: Post, crawl: 1 | 2) =>
  paragraphsOf(p, crawl)
    .map((x) => `<p>${x}</p>`)
    .join('\n');

/** The one template: a header with navigation, a content block, a sidebar that changes between crawls. */
function page(st: SiteState, title: string, content: string): string {
  const { s, posts, crawl } = st;
  const recent = [...posts].reverse().slice(0, 5);
  const sidebar =
    crawl === 1
      ? `<h3>Recent</h3><ul>${recent.map((p) => `<li><a href="${s.post(p)}">${p.title}</a></li>`).join('')}</ul>`
      : `<h3>Lately</h3><ol>${recent.map((p) => `<li><a href="${s.post(p)}">${p.title}</a></li>`).join('')}</ol><h3>Friends</h3><ul><li><a href="http://allotment.example/">The allotment society</a></li></ul>`;
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${title} - smallholding</title>
<link rel="alternate" type="application/rss+xml" href="/feed.rss"></head>
<body><div id="wrap">
<div id="header"><div class="site"><a href="${s.home}">smallholding</a></div>
<ul class="nav"><li><a href="${s.about}">About</a></li><li><a href="${s.archive}">Archive</a></li><li><a href="${s.latest}">Latest</a></li>
<li><a href="${s.tag('garden')}">garden</a></li><li><a href="${s.tag('kitchen')}">kitchen</a></li></ul></div>
<div id="main"><h1 class="title">${title}</h1>
<div id="content">
${content}
</div></div>
<div id="sidebar">${sidebar}
<h3>Months</h3><ul>${(['2024/05', '2024/03', '2024/02'] as const).map((m) => `<li><a href="${s.month(m)}">${m}</a></li>`).join('')}</ul></div>
<div id="footer">Last edited <span class="date">${crawl === 1 ? '2024-05-21' : '2024-05-27'}</span> · powered by a plain text wiki</div>
</div></body></html>`;
}

function postPage(st: SiteState, p: Post): string {
  return page(st, p.title, `${bodyOf(p, st.crawl)}\n<div class="tags">Tags: <a href="${st.s.tag(p.tag)}">${p.tag}</a></div>`);
}

/** Posts printed whole, each with a permalink (the home page shows three, a month page all of its month). */
function inlined(st: SiteState, posts: readonly Post[]): string {
  return posts
    .map(
      (p) =>
        `<div class="inline"><div class="inlinetitle">${p.title}</div><div class="inlinebody">${bodyOf(p, st.crawl)}</div><div class="inlinefooter"><a href="${st.s.post(p)}">permalink</a></div></div>`,
    )
    .join('\n');
}

/** A tag page: each post as a link and its opening paragraph. */
function tagPage(st: SiteState, tag: Post['tag']): string {
  const posts = st.posts.filter((p) => p.tag === tag);
  return page(
    st,
    `Pages tagged ${tag}`,
    `<ul>${posts.map((p) => `<li><a href="${st.s.post(p)}">${p.title}</a><p>${p.paragraphs[0]}</p></li>`).join('\n')}</ul>`,
  );
}

function sitePages(st: SiteState): { posts: FixtureCapture[]; nonPosts: FixtureCapture[] } {
  const { s, posts } = st;
  const at = (path: string, body: string): FixtureCapture => ({ url: `${s.host}${path}`, body });
  const latest = posts.at(-1) as Post;
  const months = [...new Set(posts.map((p) => p.month))];
  return {
    posts: posts.map((p) => at(s.post(p), postPage(st, p))),
    nonPosts: [
      at(s.home, page(st, 'Main page', `<p>Notes from a smallholding.</p>\n${inlined(st, [...posts].reverse().slice(0, 3))}`)),
      at(
        s.about,
        page(
          st,
          'About',
          '<p>This wiki is kept by the two people who run a small mixed holding at the end of a lane, with a garden, a pond and a clay oven.</p><p>Pages are written in plain text and the site is rebuilt every evening; the feed lists the five latest pages.</p>',
        ),
      ),
      at(s.tag('garden'), tagPage(st, 'garden')),
      at(s.tag('kitchen'), tagPage(st, 'kitchen')),
      ...months.map((m) =>
        at(
          s.month(m),
          page(
            st,
            `Pages of ${m}`,
            inlined(
              st,
              posts.filter((p) => p.month === m),
            ),
          ),
        ),
      ),
      at(
        s.archive,
        page(
          st,
          'Archive',
          `<ul>${[...posts]
            .reverse()
            .map((p) => `<li><a href="${s.post(p)}">${p.title}</a> (${p.month})</li>`)
            .join('')}</ul>`,
        ),
      ),
      at(s.latest, page(st, latest.title, bodyOf(latest, st.crawl))),
    ],
  };
}

function feed(st: SiteState): string {
  const { s } = st;
  const items = [...st.posts]
    .reverse()
    .slice(0, 5)
    .map((p) => {
      const url = `${s.host}${s.post(p)}`;
      const text = s.fullFeed
        ? `<description>${escapeXml(`<p>${p.paragraphs[0]}</p>`)}</description><content:encoded>${escapeXml(bodyOf(p, st.crawl))}</content:encoded>`
        : `<description>${escapeXml(p.paragraphs[0] as string)}</description>`;
      return `<item><title>${escapeXml(p.title)}</title><link>${url}</link><guid>${url}</guid><pubDate>${p.pubDate}</pubDate>${text}</item>`;
    })
    .join('\n');
  return `<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>smallholding</title><link>${s.host}${s.home}</link><description>notes</description>\n${items}</channel></rss>`;
}

function crawl(crawlNo: 1 | 2): { captures: FixtureCapture[]; posts: string[]; nonPosts: string[] } {
  const captures: FixtureCapture[] = [];
  const posts: string[] = [];
  const nonPosts: string[] = [];
  for (const s of SCHEMES) {
    const st: SiteState = { s, posts: crawlNo === 1 ? POSTS : [...POSTS, NEW_POST], crawl: crawlNo };
    const pages = sitePages(st);
    captures.push(...pages.nonPosts, { url: `${s.host}/feed.rss`, body: feed(st), type: 'application/rss+xml' }, ...pages.posts);
    posts.push(...pages.posts.map((c) => c.url));
    nonPosts.push(...pages.nonPosts.map((c) => c.url));
  }
  return { captures, posts, nonPosts };
}

describe('one-template engines over two crawls: the objects are exactly the posts', () => {
  let dir: string;
  const crawls = [crawl(1), crawl(2)];
  let objects: Map<string, Set<string>>;
  let pages: Array<Record<string, unknown>>;
  let changes: Array<{ url: string; kinds: string[] }>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-one-template-engines-'));
    const warcs = [join(dir, 'crawl-1.warc.gz'), join(dir, 'crawl-2.warc.gz')];
    await writeWarc(warcs[0] as string, '2024-05-21T12:00:00Z', crawls[0]?.captures ?? []);
    await writeWarc(warcs[1] as string, '2024-05-27T12:00:00Z', crawls[1]?.captures ?? []);
    await buildOverlay({ inputs: warcs, outDir: join(dir, 'out'), diagnostics: new Diagnostics(), writePages: false, workers: 1 });
    const db = openStore(join(dir, 'out'), { writable: false });
    objects = new Map();
    for (const v of store.readObjectVersions(db)) {
      const urls = objects.get(v.crawl) ?? new Set<string>();
      urls.add(v.url);
      objects.set(v.crawl, urls);
    }
    pages = [...store.readPages(db)];
    changes = [...store.readChanges(db)].map((c) => ({ url: c.url, kinds: c.kinds }));
    db.close();
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes one object per post in each crawl and none for any other page', () => {
    crawls.forEach((c, i) => {
      expect([...(objects.get(`crawl-${i + 1}.warc.gz`) ?? [])].sort()).toEqual([...c.posts].sort());
    });
  });

  it('records why each page that is no post is not one', () => {
    const nonPosts = new Set(crawls.flatMap((c) => c.nonPosts));
    const refused = pages.filter((r) => nonPosts.has(String(r.url)));
    expect(refused).toHaveLength(crawls[0]!.nonPosts.length + crawls[1]!.nonPosts.length);
    for (const r of refused) {
      expect(r.is_post, String(r.url)).toBe(false);
      // The evidence itself, not only "no page links it as an entry" that every held refusal ends with.
      expect(String(r.reason)).toMatch(/channel link|texts? of \d+ feed items?|URL shape|content holds the text of the feed item/);
    }
  });

  it('reports the one real article edit as the only content edit', () => {
    const edits = changes.filter((c) => c.kinds.includes('content-edit')).map((c) => c.url);
    expect(edits.sort()).toEqual(SCHEMES.map((s) => `${s.host}${s.post(POSTS.find((p) => p.id === EDITED) as Post)}`).sort());
  });
});
