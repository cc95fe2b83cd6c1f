/**
 * News article layouts (issue #12 item 3): the structural causes of the article text the dev data's
 * `tune` pages lose, on generated news sites the project has never seen. Each site is one crawl of
 * six or more articles and a feed whose items carry only a short description (a standfirst or the
 * first sentence), as news feeds do.
 * - split-body: the body broken into sibling `<div>`s by ad slots ("Advertisement"), "Read more"
 *   lines linking another article and figures with captions; a dateline opens the first paragraph;
 *   a share bar above the body, a most-read list beside it.
 * - standfirst: the standfirst (the feed description) in the page header, apart from the body;
 *   the body holds a pull quote and subheadings.
 * - header-band: the standfirst (the feed description) in a header band of its own, a child of
 *   `<body>`; the body in the next band.
 * - key-points: a "key points" list before the body, an embedded tweet inside it, a "related"
 *   link list after it.
 * - table-cells: an old layout table: a navigation cell, the article running over two text cells
 *   of one row, an ad cell.
 * - gallery: a photo gallery (figures with sentence captions) inside the body, a sibling
 *   "more in this section" grid of teasers.
 * Asserted: every article paragraph, subheading, embedded post and body caption is in the object's
 * text (recall); no sidebar, related-list or share-bar text, and no other article's title is
 * (precision), and no "Read more" line linking another article of the site between the body's parts.
 * Four known gaps are `it.fails`, each with its reason: the key points before the body, an ad
 * slot's label between the body's parts, the body apart from a
 * header band (header-band) and a layout table's side cells (table-cells).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlay, Diagnostics, openStore, store } from '../../src/index.js';
import { TextWriter } from '../helpers/text-writer.js';
import { escapeXml, type FixtureCapture, writeWarc } from './fixture-warc.js';

const WORDS = `council harbour budget station school bridge river market ferry library hospital museum
tram village county police court mayor minister voters residents farmers workers drivers nurses
announced approved rejected delayed opened closed measured counted repaired inspected reported
planned funded cancelled extended widened quietly sharply slowly nearly again early late often
beyond across under after before during against the a of and with from into new old local
regional annual public narrow heavy wet dry weekly monthly final second`.split(/\s+/);
const AUTHORS = ['Ada Lind', 'Bram Kok', 'Chiara Neri', 'Dmitri Volkov'];
const CITIES = ['LISBON', 'GDANSK', 'TURKU', 'GHENT'];
const RSS = 'application/rss+xml';
/** Text every site prints around its articles that is not article text. */
const AD_LABEL = 'Advertisement';
const SHARE_BAR = ['Share on Facebook', 'Share on X', 'Email this story'];

interface Article {
  id: number;
  slug: string;
  title: string;
  date: Date;
  author: string;
  city: string;
  /** The standfirst: the feed description where a site prints one. */
  lead: string;
  paragraphs: string[];
  subheads: string[];
  keyPoints: string[];
  quote: string;
  tweet: string;
  captions: string[];
}

interface Site {
  name: string;
  seed: number;
  /** The article's own text besides its paragraphs that the site prints inside the body. */
  bodyExtras(a: Article): string[];
  /** Text the site prints beside or inside every article that is not the article's. */
  boilerplate: readonly string[];
  /** The article's own text in a block before the body that the wrapper does not reach (known gap). */
  leadBlocks?(a: Article): string[];
  /** One-line boxes between the body's parts that are not the article's: teaser lines linking
   *  another article of the site, left out; and labels (known gap). */
  teaserLines?: readonly string[];
  interruptions?: readonly string[];
  /** The recall or precision assertion this site fails, a known gap explained at the site. */
  knownGap?: 'recall' | 'precision';
  /** The feed item's description. */
  description(a: Article): string;
  articlePage(a: Article, all: readonly Article[]): string;
}

const host = (s: Site): string => `http://${s.name}.test`;
const path = (a: Article): string => `/news/${a.date.getUTCFullYear()}/${a.slug}`;
const day = (d: Date): string => d.toISOString().slice(0, 10);
const firstSentence = (text: string): string => `${text.split('. ')[0]}.`;
const others = (a: Article, all: readonly Article[]): Article[] => all.filter((x) => x !== a);
const linkList = (list: readonly Article[]): string => list.map((x) => `<li><a href="${path(x)}">${x.title}</a></li>`).join('');
const shareBar = `<div class="share"><a href="#fb">${SHARE_BAR[0]}</a> <a href="#x">${SHARE_BAR[1]}</a> <a href="#mail">${SHARE_BAR[2]}</a></div>`;
const adSlot = `<div class="slot"><span class="label">${AD_LABEL}</span><div class="unit"></div></div>`;
const mostRead = (a: Article, all: readonly Article[]): string =>
  `<aside class="rail"><h3>Most read</h3><ol>${linkList(others(a, all).slice(0, 4))}</ol><p>Weather: showers, 14 degrees.</p></aside>`;
const figure = (a: Article, i: number): string =>
  `<figure><img src="/img/${a.slug}-${i}.jpg" alt=""><figcaption>${a.captions[i]} Photo: Agency</figcaption></figure>`;

function page(s: Site, title: string, main: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title} | ${s.name}</title><link rel="alternate" type="${RSS}" href="/rss.xml"></head><body><header class="masthead"><a href="/">${s.name}</a><nav><a href="/news/">News</a> <a href="/sport/">Sport</a> <a href="/opinion/">Opinion</a></nav></header>${main}<footer><p>${s.name} newsroom · Contact · Privacy</p></footer></body></html>`;
}

/** The body broken into sibling divs by ad slots, "Read more" teasers and figures. */
const splitBody: Site = {
  name: 'split-body',
  seed: 121,
  bodyExtras: (a) => a.captions.slice(0, 1),
  boilerplate: [...SHARE_BAR, 'Most read', 'Weather: showers'],
  teaserLines: ['Read more', "the council's budget week in pictures"],
  interruptions: [AD_LABEL],
  description: (a) => firstSentence(a.paragraphs[0] as string),
  articlePage(a, all) {
    const [p0, p1, p2, p3, p4, p5, p6, p7] = a.paragraphs;
    const readMore = `<div class="teaser"><strong>Read more:</strong> <a href="${path(others(a, all)[0] as Article)}">the council's budget week in pictures</a></div>`;
    const part = (...ps: Array<string | undefined>): string => `<div class="text">${ps.map((p) => `<p>${p}</p>`).join('')}</div>`;
    const first = `<div class="text"><p><span class="dateline">${a.city} —</span> ${p0}</p><p>${p1}</p></div>`;
    return page(
      this,
      a.title,
      `<main><article><h1>${a.title}</h1><p class="byline">By ${a.author}, ${day(a.date)}</p>${shareBar}${first}${adSlot}${part(p2, p3)}${readMore}${part(p4)}${figure(a, 0)}${part(p5, p6)}${adSlot}${part(p7)}</article>${mostRead(a, all)}</main>`,
    );
  },
};

/** The standfirst in the header, the body apart, with a pull quote and subheadings. */
const standfirst: Site = {
  name: 'standfirst',
  seed: 122,
  bodyExtras: (a) => [a.lead, ...a.subheads],
  boilerplate: [...SHARE_BAR, 'Most read', 'Weather: showers', 'Topics'],
  description: (a) => a.lead,
  articlePage(a, all) {
    const [p0, p1, p2, p3, p4, p5, p6, p7] = a.paragraphs;
    const body = `<p>${p0}</p><p>${p1}</p><p>${p2}</p><blockquote class="pull"><p>${a.quote}</p></blockquote><h2>${a.subheads[0]}</h2><p>${p3}</p><p>${p4}</p><h2>${a.subheads[1]}</h2><p>${p5}</p><p>${p6}</p><p>${p7}</p>`;
    return page(
      this,
      a.title,
      `<div class="page"><div class="head-wrap"><div class="head"><div class="kicker"><a href="/news/">News</a></div><h1>${a.title}</h1><div class="standfirst"><p>${a.lead}</p></div></div><div class="meta"><span>${a.author}</span> <time datetime="${a.date.toISOString()}">${day(a.date)}</time>${shareBar}</div></div><div class="cols"><div class="main-col"><div class="body">${body}</div><div class="topics"><h4>Topics</h4><a href="/t/council">council</a> <a href="/t/transport">transport</a></div></div>${mostRead(a, all)}</div></div>`,
    );
  },
};

/**
 * The standfirst in a header band of its own under `<body>`, the body in the next band. Known gap
 * (recall): the description matches the band, and widening stops at it, a child of `<body>`; the
 * object is the standfirst alone. Following the band to the body after it was built and taken out:
 * of the dev pages only one `tune` page (and no `check` page) has this layout, so nothing showed the
 * rule holds beyond it (docs/quality.md).
 */
const headerBand: Site = {
  name: 'header-band',
  knownGap: 'recall',
  seed: 126,
  bodyExtras: (a) => a.subheads.slice(0, 1),
  boilerplate: [...SHARE_BAR, 'Most read', 'Weather: showers'],
  description: (a) => a.lead,
  articlePage(a, all) {
    const [p0, p1, p2, p3, p4, p5, p6, p7] = a.paragraphs;
    const body = `<p>${p0}</p><p>${p1}</p><p>${p2}</p><p>${p3}</p><h2>${a.subheads[0]}</h2><p>${p4}</p><p>${p5}</p><p>${p6}</p><p>${p7}</p>`;
    return page(
      this,
      a.title,
      `<div class="band"><div class="band-inner"><div class="kicker"><a href="/news/">News</a></div><h1>${a.title}</h1><div class="standfirst"><p>${a.lead}</p></div></div></div><div class="content"><div class="meta"><span>${a.author}</span> <time datetime="${a.date.toISOString()}">${day(a.date)}</time>${shareBar}</div><div class="body">${body}</div>${mostRead(a, all)}</div>`,
    );
  },
};

/** A key-points list before the body, an embedded tweet inside it, related links after it. */
const keyPoints: Site = {
  name: 'key-points',
  seed: 123,
  bodyExtras: (a) => [a.tweet, a.subheads[0] as string],
  leadBlocks: (a) => a.keyPoints,
  boilerplate: [...SHARE_BAR, 'Related stories', 'Most read', 'Weather: showers'],
  description: (a) => firstSentence(a.paragraphs[0] as string),
  articlePage(a, all) {
    const [p0, p1, p2, p3, p4, p5, p6, p7] = a.paragraphs;
    const tweet = `<blockquote class="embed-tweet"><p lang="en">${a.tweet}</p>— County Desk (@countydesk) <a href="https://x.example/countydesk/status/${a.id}">${day(a.date)}</a></blockquote>`;
    const related = `<div class="related"><h3>Related stories</h3><ul>${linkList(others(a, all).slice(-3))}</ul></div>`;
    return page(
      this,
      a.title,
      `<div class="wrap"><div class="story"><h1>${a.title}</h1><div class="info">${a.author} · ${day(a.date)}</div>${shareBar}<div class="summary"><h2>Key points:</h2><ul>${a.keyPoints.map((k) => `<li>${k}</li>`).join('')}</ul></div><div class="story-body"><p>${p0}</p><p>${p1}</p><p>${p2}</p>${tweet}<p>${p3}</p><h3>${a.subheads[0]}</h3><p>${p4}</p><p>${p5}</p><p>${p6}</p><p>${p7}</p></div>${related}</div>${mostRead(a, all)}</div>`,
    );
  },
};

/**
 * An old layout table: navigation cell, the article over two text cells of one row, an ad cell.
 * Known gap (precision): the wrapper is the table row, and its navigation and ad cells, each
 * several short lines, stay in the text (a fragment zone is a `div`, `section` or `aside`). Cells
 * beside the article's as fragment zones were built and taken out: no dev page changed (docs/quality.md).
 */
const tableCells: Site = {
  name: 'table-cells',
  knownGap: 'precision',
  seed: 124,
  bodyExtras: () => [],
  boilerplate: [AD_LABEL, 'Sections', 'Most read', 'Weather: showers'],
  description: (a) => firstSentence(a.paragraphs[0] as string),
  articlePage(a, all) {
    const ps = a.paragraphs.map((p) => `<p>${p}</p>`);
    const nav = `<td class="navcell" width="150"><b>Sections</b><br><a href="/news/">News</a><br><a href="/sport/">Sport</a><br><a href="/opinion/">Opinion</a><br><a href="/archive/">Archive</a></td>`;
    return page(
      this,
      a.title,
      `<table width="100%" cellpadding="4"><tr>${nav}<td valign="top"><h1>${a.title}</h1><p><i>${a.author}, ${day(a.date)}</i></p>${ps.slice(0, 4).join('')}</td><td valign="top">${ps.slice(4).join('')}</td><td width="160" valign="top">${adSlot}${mostRead(a, all)}</td></tr></table>`,
    );
  },
};

/** A photo gallery inside the body, a "more in this section" grid of teasers beside it. */
const gallery: Site = {
  name: 'gallery',
  seed: 125,
  bodyExtras: (a) => a.captions,
  boilerplate: [...SHARE_BAR, 'More in this section', 'Most read', 'Weather: showers'],
  description: (a) => firstSentence(a.paragraphs[0] as string),
  articlePage(a, all) {
    const [p0, p1, p2, p3, p4, p5, p6, p7] = a.paragraphs;
    const photos = `<div class="gallery">${a.captions.map((_, i) => figure(a, i)).join('')}</div>`;
    const more = `<section class="more"><h3>More in this section</h3>${others(a, all)
      .slice(0, 3)
      .map((x) => `<div class="card"><a href="${path(x)}"><img src="/img/${x.slug}-0.jpg" alt=""><span>${x.title}</span></a></div>`)
      .join('')}</section>`;
    return page(
      this,
      a.title,
      `<div id="content"><div class="article"><h1>${a.title}</h1><div class="by">By ${a.author} · ${day(a.date)}</div>${shareBar}<div class="article-text"><p>${p0}</p><p>${p1}</p><p>${p2}</p>${photos}<p>${p3}</p><p>${p4}</p><p>${p5}</p><p>${p6}</p><p>${p7}</p></div></div>${more}${mostRead(a, all)}</div>`,
    );
  },
};

const SITES = [splitBody, standfirst, headerBand, keyPoints, tableCells, gallery];
const ARTICLES_PER_SITE = 7;

function makeArticles(s: Site): Article[] {
  const w = new TextWriter(s.seed, WORDS);
  return Array.from({ length: ARTICLES_PER_SITE }, (_, i) => ({
    id: 5000 + s.seed * 10 + i,
    slug: `story-${i + 1}`,
    title: w.sentence(6).replace(/\.$/, ''),
    date: new Date(Date.UTC(2025, 8, 2 + i, 7 + i, 30)),
    author: w.pick(AUTHORS),
    city: w.pick(CITIES),
    lead: w.text(2),
    paragraphs: Array.from({ length: 8 }, (_, j) => w.text(2 + (j % 3))),
    subheads: [w.sentence(5), w.sentence(4)],
    keyPoints: [w.sentence(11), w.sentence(12), w.sentence(10)],
    quote: w.sentence(14),
    tweet: w.sentence(16),
    captions: [w.sentence(12), w.sentence(10), w.sentence(13)],
  }));
}

function captures(s: Site, all: readonly Article[]): FixtureCapture[] {
  const items = [...all]
    .reverse()
    .map((a) => {
      const url = `${host(s)}${path(a)}`;
      return `<item><title>${escapeXml(a.title)}</title><link>${url}</link><guid>${url}</guid><pubDate>${a.date.toUTCString()}</pubDate><description>${escapeXml(s.description(a))}</description></item>`;
    })
    .join('');
  const home = page(s, s.name, `<main>${linkList([...all].reverse())}</main>`);
  return [
    { url: `${host(s)}/`, body: home },
    ...all.map((a) => ({ url: `${host(s)}${path(a)}`, body: s.articlePage(a, all) })),
    {
      url: `${host(s)}/rss.xml`,
      body: `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>${s.name}</title><link>${host(s)}/</link><description>News</description>${items}</channel></rss>`,
      type: RSS,
    },
  ];
}

describe.each(SITES.map((s) => [s.name, s] as const))('news article layout: %s', (_, s) => {
  let dir: string;
  let articles: Article[];
  let versions: store.ObjectVersionRow[];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `wo-news-${s.name}-`));
    articles = makeArticles(s);
    const file = join(dir, `${s.name}.warc.gz`);
    await writeWarc(file, '2025-09-12T12:00:00Z', captures(s, articles));
    const out = join(dir, 'out');
    await buildOverlay({ inputs: [file], outDir: out, diagnostics: new Diagnostics(), writePages: false, workers: 1 });
    const db = openStore(out, { writable: false });
    versions = [...store.readObjectVersions(db)];
    db.close();
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const articleOf = (url: string): Article | undefined => articles.find((a) => new URL(url).pathname === path(a));

  it('makes one object per article', () => {
    expect(versions.map((v) => articleOf(v.url)?.slug ?? v.url).sort()).toEqual(articles.map((a) => a.slug).sort());
  });

  (s.knownGap === 'recall' ? it.fails : it)('keeps every paragraph of the article, and its own lists, subheadings and captions', () => {
    for (const v of versions) {
      const a = articleOf(v.url) as Article;
      for (const x of [...a.paragraphs, ...s.bodyExtras(a)]) expect(v.text, v.url).toContain(x);
    }
  });

  (s.knownGap === 'precision' ? it.fails : it)('leaves out the sidebars, related lists, ad labels and share bars', () => {
    for (const v of versions) {
      const a = articleOf(v.url) as Article;
      for (const b of s.boilerplate) expect(v.text, v.url).not.toContain(b);
      for (const other of others(a, articles)) expect(v.text, v.url).not.toContain(other.title);
    }
  });

  // key-points: the key-points list sits in its own block before the body; the wrapper (the body,
  // where the description matched) widens only for as much article text again as it holds (half
  // its own, WIDEN_MIN_GAIN), and three list items are far less. Missing: taking the block of
  // sentences right before the body. Tried as "a parent whose only other article text is that
  // block is taken on any gain": it closes this gap but the parent also brings the date and tag
  // lines around a post's header on real pages (bench:quality tune F1 -0.0002 on both page sets).
  const leadBlocks = s.leadBlocks;
  if (leadBlocks !== undefined)
    it.fails('keeps the article text in a block before the body', () => {
      for (const v of versions) for (const x of leadBlocks(articleOf(v.url) as Article)) expect(v.text, v.url).toContain(x);
    });

  // split-body: a "Read more" line between two parts of the body, mostly a link to another
  // article of the site (its URL has this article's pattern), is that article's teaser.
  const teaserLines = s.teaserLines;
  if (teaserLines !== undefined)
    it("leaves out the one-line teasers of other articles between the body's parts", () => {
      for (const v of versions) for (const b of teaserLines) expect(v.text, v.url).not.toContain(b);
    });

  // split-body: an ad slot's label between two parts of the body stays in the text: a one-line box
  // of a few words with no sentence is, by structure, also how sites write subheadings (a `<div>`),
  // which the article keeps. Missing: a signal that tells them apart without class names or words
  // (the label of an empty ad box: an empty element beside it is also a clearfix of a subheading).
  const interruptions = s.interruptions;
  if (interruptions !== undefined)
    it.fails("leaves out the one-line boxes between the body's parts", () => {
      for (const v of versions) for (const b of interruptions) expect(v.text, v.url).not.toContain(b);
    });
});
