/**
 * Post detection and change kinds on five more engines none of the other generalisation suites
 * covers (issue #12). Each site has ten posts, a feed listing only the three latest (so most posts
 * must be found by the template learnt from them) and many pages that are no posts:
 * - chrono: day-dated permalinks `/2025/03/14/slug/`; month and year archives printing whole post
 *   bodies in the post's own markup (December 2024 and the year 2024 hold one post each), linked
 *   from an archives list on every page, posts too; pagination `/page/2/`, an author page, a search
 *   result page and a tag page with one entry. Three crawls.
 * - copies: every post also served as an AMP copy (`/notes/slug/amp/`, another template) and a print
 *   copy (`/notes/slug/?print=1`: the post page itself, `rel=canonical` naming the post); query
 *   pagination `/?paged=2`. A full-content Atom feed.
 * - newsroom: section fronts (`/politics/`) built on the article template, each printing its lead
 *   article whole above teasers with "n minutes ago" times; every article shows other articles'
 *   standfirsts beside it and one of three ads, rotated per article and crawl, inside its body.
 *   Three crawls.
 * - wiki: `/wiki/Page_Name` articles with no dates; the feed is a "recent changes" feed whose
 *   entries carry edit summaries; special, category and main pages share the article template.
 * - bilingual: the same blog in `/en/` and `/de/`, a feed per language, a language chooser at `/`.
 * - chrono-bare: chrono without any class attribute (`withoutClasses`).
 * Every crawl changes every page's boilerplate: the latest-posts sidebar, an "updated n minutes
 * ago" line, a view counter beside the article, the ad slot and the cookie banner. The second crawl
 * edits one post (not in the feed), deletes another (404) and adds a new one; a third crawl changes
 * only boilerplate (chrono's holds no feed: the earlier crawl's templates and post URLs decide).
 * Asserted: the objects are exactly each crawl's posts; every other page is decided no post with
 * its reason; change kinds are exact per URL; no false content edit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlay, Diagnostics, openStore, store } from '../../src/index.js';
import { TextWriter } from '../helpers/text-writer.js';
import { escapeXml, type FixtureCapture, writeWarc } from './fixture-warc.js';
import { MONTHS_EN, WORDS_DE, WORDS_EN } from './site-vocabulary.js';

const TAGS = ['boats', 'birds', 'bread'] as const;

/** Publication days of the ten posts, oldest first (one post alone in December 2024), and of the added one. */
const DAYS = [
  '2024-12-28',
  '2025-01-09',
  '2025-01-20',
  '2025-02-02',
  '2025-02-14',
  '2025-02-25',
  '2025-03-03',
  '2025-03-11',
  '2025-03-19',
  '2025-03-27',
];
const ADDED_DAY = '2025-04-04';
/** The post deleted before the second crawl (404 there) and the post edited in it; neither is in a feed. */
const DELETED = 3;
const EDITED = 5;
/** Posts a feed lists (the latest). */
const FEED_SIZE = 3;

interface Post {
  index: number;
  slug: string;
  title: string;
  date: Date;
  tag: (typeof TAGS)[number];
  paragraphs: string[];
}

/** The posts of one language of one site over its crawls. */
interface Model {
  posts: Post[];
  added: Post;
  /** The edited post's paragraphs from the second crawl on. */
  editedParagraphs: string[];
}

function makeModel(writer: TextWriter): Model {
  const make = (index: number, day: string): Post => ({
    index,
    slug: writer
      .sentence(3)
      .toLowerCase()
      .replace(/[^a-z ]/g, '')
      .replace(/ /g, '-'),
    title: writer.sentence(5).replace(/\.$/, ''),
    date: new Date(`${day}T09:30:00Z`),
    tag: TAGS[index % TAGS.length] as Post['tag'],
    paragraphs: [writer.text(3), writer.text(4), writer.text(3)],
  });
  const posts = DAYS.map((d, i) => make(i, d));
  const added = make(DAYS.length, ADDED_DAY);
  const edited = posts[EDITED] as Post;
  const editedParagraphs = edited.paragraphs.map((x, i) => (i === 1 ? `${x} ${writer.sentence(16)}` : x));
  return { posts, added, editedParagraphs };
}

/** What one crawl shows of a site. */
interface Crawl {
  n: 1 | 2 | 3;
  /** Posts online, oldest first. */
  shown: Post[];
  /** Posts that answer 404 in this crawl. */
  gone: Post[];
  paragraphs(p: Post): string[];
  /** Boilerplate that changes on every crawl, the same on every page of one crawl. */
  churn: Churn;
}

interface Churn {
  minutesAgo: number;
  views(p: Post): string;
  ad: string;
  /** Ads a news site rotates inside its articles: one of these per article. */
  adPool: string[];
  banner: string;
}

function crawlOf(m: Model, n: 1 | 2 | 3, writer: TextWriter): Crawl {
  const shown = n === 1 ? m.posts : [...m.posts.filter((p) => p.index !== DELETED), m.added];
  return {
    n,
    shown,
    gone: n === 2 ? m.posts.filter((p) => p.index === DELETED) : [],
    paragraphs: (p) => (n > 1 && p.index === EDITED ? m.editedParagraphs : p.paragraphs),
    churn: {
      minutesAgo: [5, 17, 42][n - 1] as number,
      views: (p) => `${(1200 + p.index * 37 + n * 211).toLocaleString('en-US')} views`,
      ad: writer.sentence(10),
      adPool: [writer.sentence(12), writer.sentence(12), writer.sentence(12)],
      banner: writer.sentence(14),
    },
  };
}

/** The pages of a site in one crawl, sorted by what they are. */
/** A page that is no post; a copy of a post (print, AMP) names it. */
type NonPost = FixtureCapture & { copyOf?: string };

interface SitePages {
  posts: FixtureCapture[];
  nonPosts: NonPost[];
  /** 404 answers and feeds. */
  other: FixtureCapture[];
}

interface Site {
  name: string;
  seed: number;
  crawls: 2 | 3;
  /** One model per language (the bilingual site has two). */
  languages: ReadonlyArray<{ lang: string; words: readonly string[] }>;
  path(p: Post, lang: string): string;
  pages(crawls: ReadonlyArray<{ lang: string; crawl: Crawl }>): SitePages;
}

const host = (s: Site): string => `http://${s.name}.test`;
const pad = (n: number): string => String(n).padStart(2, '0');
const day = (d: Date): string => `${MONTHS_EN[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
const ymd = (d: Date): string => `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}`;
const newestFirst = (posts: readonly Post[]): Post[] => [...posts].sort((a, b) => b.date.getTime() - a.date.getTime());
const html = (paragraphs: readonly string[]): string => paragraphs.map((x) => `<p>${x}</p>`).join('');
const RSS = 'application/rss+xml';
const ATOM = 'application/atom+xml';
const wikiName = (title: string): string => title.replace(/ /g, '_');

function rss(url: string, title: string, link: string, items: string[]): FixtureCapture {
  return {
    url,
    type: RSS,
    body: `<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>${title}</title><link>${link}</link><description>${title}</description>${items.join('')}</channel></rss>`,
  };
}
const rssItem = (url: string, p: Post, description: string, content?: string): string =>
  `<item><title>${escapeXml(p.title)}</title><link>${url}</link><guid>${url}</guid><pubDate>${p.date.toUTCString()}</pubDate><description>${escapeXml(description)}</description>${content === undefined ? '' : `<content:encoded>${escapeXml(content)}</content:encoded>`}</item>`;

/** The churning boxes every page of a site prints. */
const banner = (c: Churn): string => `<div class="consent"><p>${c.banner}</p><button>Accept</button></div>`;
const adSlot = (c: Churn): string => `<div class="slot"><span>Advertisement</span><p>${c.ad}</p></div>`;

/** Day-dated permalinks; month, year, pagination, author, search and one-entry tag pages print posts. */
const chrono: Site = {
  name: 'chrono',
  seed: 301,
  crawls: 3,
  languages: [{ lang: 'en', words: WORDS_EN }],
  path: (p) => `/${ymd(p.date)}/${p.slug}/`,
  pages([only]) {
    const { crawl } = only as { crawl: Crawl };
    const { churn } = crawl;
    const recent = newestFirst(crawl.shown);
    const months = [...new Set(recent.map((p) => ymd(p.date).slice(0, 7)))];
    const page = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title} | Ferry Log</title><link rel="alternate" type="${RSS}" href="/feed/"></head><body>${banner(churn)}<header class="masthead"><a href="/">Ferry Log</a><p>Updated ${churn.minutesAgo} minutes ago</p></header><div class="layout"><main class="primary">${main}</main><aside class="secondary"><h3>Latest posts</h3><ul>${recent
        .slice(0, 5)
        .map((p) => `<li><a href="${this.path(p, 'en')}">${p.title}</a></li>`)
        .join(
          '',
        )}</ul><h3>Archives</h3><ul>${months.map((m) => `<li><a href="/${m}/">${m}</a></li>`).join('')}</ul>${adSlot(churn)}</aside></div><footer>Ferry Log · a river diary</footer></body></html>`;
    // Archive entries use the post's own markup; only the date links the permalink.
    const whole = (p: Post): string =>
      `<article class="hentry"><h1 class="entry-title">${p.title}</h1><div class="byline"><a href="${this.path(p, 'en')}">${day(p.date)}</a> by Mara</div><div class="entry-content">${html(crawl.paragraphs(p))}</div></article>`;
    const excerpt = (p: Post): string =>
      `<article class="hentry"><h2 class="entry-title"><a href="${this.path(p, 'en')}">${p.title}</a></h2><div class="byline">${day(p.date)} by Mara</div><div class="entry-summary"><p>${p.paragraphs[0]?.slice(0, 160)}…</p></div></article>`;
    const at = (path: string, body: string): FixtureCapture => ({ url: `${host(this)}${path}`, body });
    const postPage = (p: Post): string =>
      page(
        p.title,
        `<article class="hentry"><h1 class="entry-title">${p.title}</h1><div class="byline"><a href="${this.path(p, 'en')}">${day(p.date)}</a> by Mara · ${churn.views(p)}</div><div class="entry-content">${html(crawl.paragraphs(p))}</div><div class="tags">Tagged <a href="/tag/${p.tag}/">${p.tag}</a></div></article>`,
      );
    const years = [...new Set(crawl.shown.map((p) => String(p.date.getUTCFullYear())))];
    const pageSize = 4;
    const paged = Array.from({ length: Math.ceil(recent.length / pageSize) }, (_, i) => recent.slice(i * pageSize, (i + 1) * pageSize));
    const oneEntryTag = recent.at(-1) as Post;
    return {
      posts: crawl.shown.map((p) => at(this.path(p, 'en'), postPage(p))),
      nonPosts: [
        ...paged.map((ps, i) =>
          at(i === 0 ? '/' : `/page/${i + 1}/`, page(i === 0 ? 'Ferry Log' : `Page ${i + 1}`, ps.map(whole).join(''))),
        ),
        ...months.map((m) =>
          at(
            `/${m}/`,
            page(
              `Archives: ${m}`,
              recent
                .filter((p) => ymd(p.date).startsWith(m))
                .map(whole)
                .join(''),
            ),
          ),
        ),
        ...years.map((y) =>
          at(
            `/${y}/`,
            page(
              `Archives: ${y}`,
              recent
                .filter((p) => p.date.getUTCFullYear() === Number(y))
                .map(whole)
                .join(''),
            ),
          ),
        ),
        at('/author/mara/', page('Author: Mara', `<p>Mara keeps the ferry log.</p>${recent.map(whole).join('')}`)),
        at('/?s=ferry', page('Search results for “ferry”', recent.slice(1, 4).map(excerpt).join(''))),
        at('/tag/oldest/', page('Tag: oldest', excerpt(oneEntryTag))),
      ],
      other: [
        ...crawl.gone.map((p) => ({
          url: `${host(this)}${this.path(p, 'en')}`,
          body: page('Not found', '<h1>Nothing here</h1>'),
          status: 404,
        })),
        ...(crawl.n === 3
          ? []
          : [
              rss(
                `${host(this)}/feed/`,
                'Ferry Log',
                `${host(this)}/`,
                recent
                  .slice(0, FEED_SIZE)
                  .map((p) => rssItem(`${host(this)}${this.path(p, 'en')}`, p, `${p.paragraphs[0]?.slice(0, 160)} […]`)),
              ),
            ]),
      ],
    };
  },
};

/** Each post also as an AMP copy and a print copy; query pagination; a full-content Atom feed. */
const copies: Site = {
  name: 'copies',
  seed: 302,
  crawls: 2,
  languages: [{ lang: 'en', words: WORDS_EN }],
  path: (p) => `/notes/${p.slug}/`,
  pages([only]) {
    const { crawl } = only as { crawl: Crawl };
    const { churn } = crawl;
    const recent = newestFirst(crawl.shown);
    const url = (p: Post): string => `${host(this)}${this.path(p, 'en')}`;
    const page = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title} – Orchard Notes</title><link rel="alternate" type="${ATOM}" href="/atom.xml"></head><body><div id="top"><a href="/">Orchard Notes</a> <a href="/about/">About</a></div>${banner(churn)}<div id="wrap"><div id="body">${main}</div><div id="rail"><h4>Recently</h4><ul>${recent
        .slice(0, 4)
        .map((p) => `<li><a href="${this.path(p, 'en')}">${p.title}</a> <small>${day(p.date)}</small></li>`)
        .join('')}</ul><p>Last update ${churn.minutesAgo} minutes ago</p>${adSlot(churn)}</div></div></body></html>`;
    const postPage = (p: Post): string =>
      page(
        p.title,
        `<div class="note"><h1>${p.title}</h1><p class="when">${day(p.date)} · ${churn.views(p)} · <a href="${this.path(p, 'en')}?print=1">Print</a> · <a href="${this.path(p, 'en')}amp/">AMP</a></p><div class="text">${html(crawl.paragraphs(p))}</div></div>`,
      );
    const amp = (p: Post): string =>
      `<!doctype html><html amp lang="en"><head><meta charset="utf-8"><title>${p.title}</title><link rel="canonical" href="${url(p)}"><style amp-custom>body{font:16px serif}</style></head><body><header class="amp-bar"><a href="/">Orchard Notes</a></header><article class="amp-post"><h1 class="amp-title">${p.title}</h1><div class="amp-meta">${day(p.date)}</div><div class="amp-body">${html(crawl.paragraphs(p))}</div></article><footer class="amp-foot"><a href="${this.path(p, 'en')}">View the full version</a></footer></body></html>`;
    // The print copy is the post page itself with print styles, naming the post as its canonical URL.
    const print = (p: Post): string =>
      postPage(p).replace(
        '<link rel="alternate"',
        `<link rel="canonical" href="${url(p)}"><link rel="stylesheet" media="all" href="/print.css"><link rel="alternate"`,
      );
    const teaser = (p: Post): string =>
      `<div class="note"><h2><a href="${this.path(p, 'en')}">${p.title}</a></h2><p class="when">${day(p.date)}</p><div class="text">${html(crawl.paragraphs(p))}</div></div>`;
    const at = (path: string, body: string): FixtureCapture => ({ url: `${host(this)}${path}`, body });
    const pageSize = 3;
    const paged = Array.from({ length: Math.ceil(recent.length / pageSize) }, (_, i) => recent.slice(i * pageSize, (i + 1) * pageSize));
    const entry = (p: Post): string =>
      `<entry><id>${url(p)}</id><title>${escapeXml(p.title)}</title><link rel="alternate" href="${url(p)}"/><published>${p.date.toISOString()}</published><updated>${p.date.toISOString()}</updated><content type="html">${escapeXml(html(crawl.paragraphs(p)))}</content></entry>`;
    return {
      posts: crawl.shown.map((p) => at(this.path(p, 'en'), postPage(p))),
      nonPosts: [
        ...paged.map((ps, i) => at(i === 0 ? '/' : `/?paged=${i + 1}`, page('Orchard Notes', ps.map(teaser).join('')))),
        at(
          '/about/',
          page(
            'About',
            '<div class="note"><h1>About</h1><div class="text"><p>Orchard Notes is written under an old pear tree.</p></div></div>',
          ),
        ),
        ...crawl.shown.flatMap((p) => [
          { ...at(`${this.path(p, 'en')}amp/`, amp(p)), copyOf: url(p) },
          { ...at(`${this.path(p, 'en')}?print=1`, print(p)), copyOf: url(p) },
        ]),
      ],
      other: [
        ...crawl.gone.map((p) => ({ url: url(p), body: page('Gone', '<h1>Not found</h1>'), status: 404 })),
        {
          url: `${host(this)}/atom.xml`,
          type: ATOM,
          body: `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><id>${host(this)}/</id><title>Orchard Notes</title><link rel="alternate" href="${host(this)}/"/><updated>${recent[0]?.date.toISOString()}</updated>${recent.slice(0, FEED_SIZE).map(entry).join('')}</feed>`,
        },
      ],
    };
  },
};

const SECTIONS = ['politics', 'business'] as const;
/** Section fronts on the article template, each with its lead article whole, then teasers. */
const newsroom: Site = {
  name: 'newsroom',
  seed: 303,
  crawls: 3,
  languages: [{ lang: 'en', words: WORDS_EN }],
  path: (p) => `/${SECTIONS[p.index % 2]}/${p.slug}-${4100 + p.index}.html`,
  pages([only]) {
    const { crawl } = only as { crawl: Crawl };
    const { churn } = crawl;
    const recent = newestFirst(crawl.shown);
    const section = (p: Post): string => SECTIONS[p.index % 2] as string;
    const mostRead = [...crawl.shown].sort((a, b) => ((a.index * 7 + crawl.n * 3) % 11) - ((b.index * 7 + crawl.n * 3) % 11)).slice(0, 4);
    const page = (title: string, kicker: string, lead: string, rest: string): string =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title} - The Valley Courier</title><link rel="alternate" type="${RSS}" href="/rss/latest.xml"></head><body>${banner(churn)}<header class="site-head"><a href="/">The Valley Courier</a><nav>${SECTIONS.map((s) => `<a href="/${s}/">${s}</a>`).join(' ')}</nav></header><div class="grid"><div class="story"><p class="kicker">${kicker}</p>${lead}</div><div class="more">${rest}</div><div class="rail"><h3>Most read</h3><ol>${mostRead
        .map((p) => `<li><a href="${this.path(p, 'en')}">${p.title}</a></li>`)
        .join('')}</ol>${adSlot(churn)}</div></div><footer>© The Valley Courier</footer></body></html>`;
    const story = (p: Post, link: boolean): string =>
      `<h1 class="headline">${link ? `<a href="${this.path(p, 'en')}">${p.title}</a>` : p.title}</h1><p class="dateline">${day(p.date)}${link ? '' : ` · ${churn.views(p)}`}</p><div class="story-body">${inlineAd(p, html(crawl.paragraphs(p)))}</div>`;
    // One ad of the crawl's pool inside each article, after its first paragraph.
    const inlineAd = (p: Post, body: string): string =>
      body.replace('</p>', `</p><div class="inline-slot"><p>${churn.adPool[(p.index + crawl.n) % churn.adPool.length]}</p></div>`);
    const teasers = (ps: readonly Post[]): string =>
      `<ul class="teasers">${ps
        .map(
          (p, i) =>
            `<li><a href="${this.path(p, 'en')}">${p.title}</a> <span class="ago">${churn.minutesAgo + i * 13} minutes ago</span><p>${p.paragraphs[0]?.slice(0, 120)}…</p></li>`,
        )
        .join('')}</ul>`;
    const at = (path: string, body: string): FixtureCapture => ({ url: `${host(this)}${path}`, body });
    return {
      posts: crawl.shown.map((p) =>
        at(
          this.path(p, 'en'),
          page(p.title, section(p), story(p, false), `<h3>Related</h3>${teasers(recent.filter((x) => x !== p).slice(0, 3))}`),
        ),
      ),
      nonPosts: [
        at('/', page('Home', 'Top story', story(recent[0] as Post, true), teasers(recent.slice(1, 6)))),
        ...SECTIONS.map((s) => {
          const inSection = recent.filter((p) => section(p) === s);
          return at(`/${s}/`, page(s, s, story(inSection[0] as Post, true), teasers(inSection.slice(1))));
        }),
      ],
      other: [
        ...crawl.gone.map((p) => ({
          url: `${host(this)}${this.path(p, 'en')}`,
          body: page('Not found', '', '<h1>Page not found</h1>', ''),
          status: 404,
        })),
        rss(
          `${host(this)}/rss/latest.xml`,
          'The Valley Courier',
          `${host(this)}/`,
          recent.slice(0, FEED_SIZE).map((p) => rssItem(`${host(this)}${this.path(p, 'en')}`, p, p.paragraphs[0]?.slice(0, 200) ?? '')),
        ),
      ],
    };
  },
};

/** A wiki: no dates on articles, a recent-changes feed of edit summaries, special pages on the article template. */
const wiki: Site = {
  name: 'wiki',
  seed: 304,
  crawls: 2,
  languages: [{ lang: 'en', words: WORDS_EN }],
  path: (p) => `/wiki/${wikiName(p.title)}`,
  pages([only]) {
    const { crawl } = only as { crawl: Crawl };
    const { churn } = crawl;
    const recent = newestFirst(crawl.shown);
    const page = (title: string, main: string, footer: string): string =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title} - Rivercraft Wiki</title><link rel="alternate" type="${ATOM}" title="Recent changes" href="/wiki/Special:RecentChanges?feed=atom"></head><body>${banner(churn)}<div id="mw-head"><a href="/wiki/Main_Page">Rivercraft Wiki</a> <a href="/wiki/Special:AllPages">All pages</a> <a href="/wiki/Special:RecentChanges">Recent changes</a></div><div id="content"><h1 id="firstHeading">${title}</h1><div id="bodyContent">${main}</div></div><div id="mw-panel"><h3>In the news</h3><ul>${recent
        .slice(0, 3)
        .map((p) => `<li><a href="${this.path(p, 'en')}">${p.title}</a></li>`)
        .join('')}</ul>${adSlot(churn)}</div><div id="footer">${footer}</div></body></html>`;
    const article = (p: Post): string =>
      page(
        p.title,
        `${html(crawl.paragraphs(p))}<div class="catlinks">Category: <a href="/wiki/Category:${p.tag}">${p.tag}</a></div>`,
        `This page has been accessed ${churn.views(p)}. Page cached ${churn.minutesAgo} minutes ago.`,
      );
    const list = (ps: readonly Post[]): string =>
      `<ul>${ps.map((p) => `<li><a href="${this.path(p, 'en')}">${p.title}</a></li>`).join('')}</ul>`;
    const at = (path: string, body: string): FixtureCapture => ({ url: `${host(this)}${path}`, body });
    const special = `Page cached ${churn.minutesAgo} minutes ago.`;
    const summary = (p: Post): string => (p.index % 2 === 0 ? 'copyedit' : 'expanded the history section');
    return {
      posts: crawl.shown.map((p) => at(this.path(p, 'en'), article(p))),
      nonPosts: [
        at(
          '/wiki/Main_Page',
          page(
            'Main Page',
            `<p>Welcome to the Rivercraft Wiki, about boats and the people who mend them.</p><h2>Featured article</h2><p>${(recent[2] as Post).paragraphs[0]}</p><p><a href="${this.path(recent[2] as Post, 'en')}">Read more</a></p>`,
            special,
          ),
        ),
        at('/wiki/Special:AllPages', page('All pages', list([...crawl.shown].sort((a, b) => a.title.localeCompare(b.title))), special)),
        at(
          '/wiki/Special:RecentChanges',
          page(
            'Recent changes',
            `<ul>${recent.map((p) => `<li>${day(p.date)} <a href="${this.path(p, 'en')}">${p.title}</a> (${summary(p)})</li>`).join('')}</ul>`,
            special,
          ),
        ),
        ...TAGS.map((t) =>
          at(
            `/wiki/Category:${t}`,
            page(`Category:${t}`, `<p>Pages in category "${t}".</p>${list(crawl.shown.filter((p) => p.tag === t))}`, special),
          ),
        ),
      ],
      other: [
        ...crawl.gone.map((p) => ({
          url: `${host(this)}${this.path(p, 'en')}`,
          body: page(p.title, '<p>There is currently no text in this page.</p>', special),
          status: 404,
        })),
        {
          url: `${host(this)}/wiki/Special:RecentChanges?feed=atom`,
          type: ATOM,
          body: `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><id>${host(this)}/wiki/Special:RecentChanges</id><title>Rivercraft Wiki - Recent changes [en]</title><link rel="self" type="${ATOM}" href="${host(this)}/wiki/Special:RecentChanges?feed=atom"/><link rel="alternate" type="text/html" href="${host(this)}/wiki/Special:RecentChanges"/><updated>${recent[0]?.date.toISOString()}</updated>${recent
            .slice(0, FEED_SIZE)
            .map(
              (p) =>
                `<entry><id>${host(this)}${this.path(p, 'en')}?oldid=${900 + p.index}</id><title>${escapeXml(p.title)}</title><link rel="alternate" type="text/html" href="${host(this)}${this.path(p, 'en')}"/><updated>${p.date.toISOString()}</updated><summary type="html">${escapeXml(`<p>${summary(p)}</p><table><tr><td>+</td><td>${crawl.paragraphs(p)[1]}</td></tr></table>`)}</summary><author><name>Boatwright</name></author></entry>`,
            )
            .join('')}</feed>`,
        },
      ],
    };
  },
};

/** The same blog in English and German, a feed per language, a language chooser at the root. */
const bilingual: Site = {
  name: 'bilingual',
  seed: 305,
  crawls: 2,
  languages: [
    { lang: 'en', words: WORDS_EN },
    { lang: 'de', words: WORDS_DE },
  ],
  path: (p, lang) => `/${lang}/blog/${p.slug}/`,
  pages(crawls) {
    const byLang = (lang: string): Crawl => (crawls.find((c) => c.lang === lang) as { crawl: Crawl }).crawl;
    const labels = {
      en: { site: 'Mill Stream', tag: 'Tag', more: 'More posts', read: 'Read on' },
      de: { site: 'Mühlbach', tag: 'Schlagwort', more: 'Weitere Beiträge', read: 'Weiterlesen' },
    } as const;
    const out: SitePages = { posts: [], nonPosts: [], other: [] };
    const at = (path: string, body: string): FixtureCapture => ({ url: `${host(this)}${path}`, body });
    for (const { lang, crawl } of crawls) {
      const l = labels[lang as 'en' | 'de'];
      const { churn } = crawl;
      const recent = newestFirst(crawl.shown);
      const other = lang === 'en' ? 'de' : 'en';
      const page = (title: string, main: string, alt: string): string =>
        `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>${title} · ${l.site}</title><link rel="alternate" type="${RSS}" href="/${lang}/feed.xml"><link rel="alternate" hreflang="${other}" href="${alt}"></head><body>${banner(churn)}<div class="bar"><a href="/${lang}/">${l.site}</a> <a href="${alt}">${other.toUpperCase()}</a></div><div class="page"><div class="col">${main}</div><div class="side"><h3>${l.more}</h3><ul>${recent
          .slice(0, 4)
          .map((p) => `<li><a href="${this.path(p, lang)}">${p.title}</a></li>`)
          .join('')}</ul><p>${churn.minutesAgo} min</p>${adSlot(churn)}</div></div></body></html>`;
      const post = (p: Post): string =>
        page(
          p.title,
          `<div class="post"><h1>${p.title}</h1><div class="info">${p.date.toISOString().slice(0, 10)} · ${churn.views(p)}</div><div class="copy">${html(crawl.paragraphs(p))}</div><div class="info"><a href="/${lang}/tags/${p.tag}/">${l.tag}: ${p.tag}</a></div></div>`,
          this.path(p, other),
        );
      const card = (p: Post): string =>
        `<div class="post"><h2><a href="${this.path(p, lang)}">${p.title}</a></h2><div class="info">${p.date.toISOString().slice(0, 10)}</div><div class="copy"><p>${p.paragraphs[0]}</p></div><a href="${this.path(p, lang)}">${l.read}</a></div>`;
      out.posts.push(...crawl.shown.map((p) => at(this.path(p, lang), post(p))));
      out.nonPosts.push(
        at(`/${lang}/`, page(l.site, recent.slice(0, 5).map(card).join(''), `/${other}/`)),
        ...TAGS.map((t) =>
          at(
            `/${lang}/tags/${t}/`,
            page(
              `${l.tag}: ${t}`,
              recent
                .filter((p) => p.tag === t)
                .map(card)
                .join(''),
              `/${other}/tags/${t}/`,
            ),
          ),
        ),
      );
      out.other.push(
        ...crawl.gone.map((p) => ({
          url: `${host(this)}${this.path(p, lang)}`,
          body: page('404', '<h1>404</h1>', `/${other}/`),
          status: 404,
        })),
        rss(
          `${host(this)}/${lang}/feed.xml`,
          l.site,
          `${host(this)}/${lang}/`,
          recent.slice(0, FEED_SIZE).map((p) => rssItem(`${host(this)}${this.path(p, lang)}`, p, p.paragraphs[0] ?? '')),
        ),
      );
    }
    const { churn } = byLang('en');
    out.nonPosts.push(
      at(
        '/',
        `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Mill Stream · Mühlbach</title></head><body>${banner(churn)}<p><a href="/en/">English</a> · <a href="/de/">Deutsch</a></p></body></html>`,
      ),
    );
    return out;
  },
};

/**
 * A site printed as `site` is but with no class attribute (hand-written HTML): its pages share no
 * key path a template could learn, so its posts are found by E-mCST, and its feedless third crawl
 * is judged by the URL shape of the earlier crawl's feed-linked posts.
 */
function withoutClasses(site: Site): Site {
  const strip = <C extends FixtureCapture>(c: C): C => (c.type === undefined ? { ...c, body: c.body.replace(/\sclass="[^"]*"/g, '') } : c);
  return {
    ...site,
    name: `${site.name}-bare`,
    pages(crawls) {
      const pages = site.pages.call(this, crawls);
      return { posts: pages.posts.map(strip), nonPosts: pages.nonPosts.map(strip), other: pages.other.map(strip) };
    },
  };
}

const SITES = [chrono, copies, newsroom, wiki, bilingual, withoutClasses(chrono)];

/** The expected change kinds of a post URL from one crawl to the next (null: no change row; a deletion is reported once). */
function expectedKinds(n: 2 | 3, p: Post, isAdded: boolean): string[] | null {
  if (n === 2) {
    if (isAdded) return ['new'];
    if (p.index === DELETED) return ['deleted'];
    if (p.index === EDITED) return ['content-edit'];
    return ['boilerplate-only'];
  }
  if (p.index === DELETED) return null;
  return ['boilerplate-only'];
}

describe.each(SITES.map((s) => [s.name, s] as const))('post detection on an unseen engine: %s', (_, site) => {
  let dir: string;
  const crawlNumbers = site.crawls === 3 ? ([1, 2, 3] as const) : ([1, 2] as const);
  const models = site.languages.map((l, i) => ({ lang: l.lang, model: makeModel(new TextWriter(site.seed + i, l.words)) }));
  const churnWriter = new TextWriter(site.seed + 100, WORDS_EN);
  const crawls = crawlNumbers.map((n) => {
    const states = models.map(({ lang, model }) => ({ lang, crawl: crawlOf(model, n, churnWriter) }));
    return { n, states, pages: site.pages(states) };
  });
  let versions: store.ObjectVersionRow[];
  let decisions: Array<{ url: string; crawl: string; isPost: boolean; reason: string | null }>;
  let changes: Array<{ url: string; toCrawl: string; kinds: string[] }>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `wo-post-${site.name}-`));
    const files = [];
    for (const c of crawls) {
      const file = join(dir, `${site.name}-crawl-${c.n}.warc.gz`);
      const { posts, nonPosts, other } = c.pages;
      await writeWarc(file, `2025-0${4 + c.n}-01T12:00:00Z`, [...other, ...nonPosts, ...posts]);
      files.push(file);
    }
    const out = join(dir, 'out');
    await buildOverlay({ inputs: files, outDir: out, diagnostics: new Diagnostics(), writePages: false, workers: 1 });
    const db = openStore(out, { writable: false });
    versions = [...store.readObjectVersions(db)];
    decisions = [...store.readPages(db)].map((r) => ({ url: r.url, crawl: r.crawl, isPost: r.is_post, reason: r.reason }));
    changes = [...store.readChanges(db)].map((c) => ({ url: c.url, toCrawl: c.to_crawl, kinds: c.kinds }));
    db.close();
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const label = (n: number): string => `${site.name}-crawl-${n}.warc.gz`;
  const urlOf = (p: Post, lang: string): string => `${host(site)}${site.path(p, lang)}`;

  it('makes one object per post in each crawl and none for any other page', () => {
    for (const c of crawls) {
      const objects = versions.filter((v) => v.crawl === label(c.n)).map((v) => v.url);
      expect(objects.sort(), `crawl ${c.n}`).toEqual(c.pages.posts.map((x) => x.url).sort());
    }
  });

  it('records why each page that is no post is not one', () => {
    for (const c of crawls) {
      const nonPosts = new Set(c.pages.nonPosts.map((x) => x.url));
      const refused = decisions.filter((d) => d.crawl === label(c.n) && nonPosts.has(d.url));
      expect(refused.map((d) => d.url).sort(), `crawl ${c.n}`).toEqual([...nonPosts].sort());
      for (const d of refused) {
        expect(d.isPost, d.url).toBe(false);
        expect(d.reason, d.url).toMatch(/\S/);
      }
      // A print copy on the post template is refused for what it copies: the post it names.
      for (const copy of c.pages.nonPosts.filter((x) => x.copyOf !== undefined && x.url.includes('?'))) {
        const reason = refused.find((d) => d.url === copy.url)?.reason ?? '';
        expect(reason, copy.url).toContain((copy.copyOf as string).replace(/^https?:\/\//, '').replace(/\/$/, ''));
      }
    }
  });

  it('gives each post the exact change kinds of each crawl, and no false content edit', () => {
    for (const c of crawls) {
      if (c.n === 1) continue;
      const got = new Map(changes.filter((x) => x.toCrawl === label(c.n)).map((x) => [x.url, x.kinds]));
      const want = new Map<string, string[]>();
      for (const { lang, model } of models)
        for (const p of [...model.posts, model.added]) {
          const kinds = expectedKinds(c.n, p, p === model.added);
          if (kinds !== null) want.set(urlOf(p, lang), kinds);
        }
      expect(Object.fromEntries(got), `crawl ${c.n}`).toEqual(Object.fromEntries(want));
    }
    const edits = changes.filter((x) => x.kinds.includes('content-edit')).map((x) => x.url);
    expect(edits.sort()).toEqual(models.map(({ lang, model }) => urlOf(model.posts[EDITED] as Post, lang)).sort());
  });
});
