/**
 * An engine outside the dev data (issue #12): its comment block carries no "comment" word in any
 * class or id (a heading, then repeated blocks of quoted text followed by a <cite> line with the name
 * and "Submitted at HH:MM on DD Month YYYY"), and its per-post comment feeds name the post only in
 * the channel description ("Comments on <post title>") while every item links to the site root. The
 * post pages advertise their comment feed with `rel=alternate`. One post's comment feed was not
 * captured: its comments are found by the structure the site's other post pages share. Written
 * once more with a CSS framework's utility classes: the "About" page on the post template is no post.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlay, Diagnostics, openStore, store } from '../../src/index.js';
import { rewriteClassNames } from './class-names.js';
import { escapeXml, type FixtureCapture, writeWarc } from './fixture-warc.js';

const SITE = 'http://allotment-diary.test';

interface Reply {
  name: string;
  at: string;
  day: string;
  text: string;
}

interface Post {
  slug: string;
  title: string;
  date: string;
  pubDate: string;
  paragraphs: string[];
  replies: Reply[];
  /** Whether the crawl holds this post's comment feed. */
  feedCaptured: boolean;
}

const POSTS: Post[] = [
  {
    slug: 'broad-beans-in-november',
    title: 'Broad beans sown in November',
    date: '3 November 2025',
    pubDate: 'Mon, 03 Nov 2025 09:12:00 +0000',
    paragraphs: [
      'The last of the dahlias came up this week and the bed they left behind was the obvious place for an autumn sowing of broad beans.',
      'I used Aquadulce Claudia again, two rows twenty centimetres apart, each seed pushed in to the depth of a thumb joint and watered once.',
      'Last winter the mice took a third of them, so this year the rows are covered with a tunnel of chicken wire until the shoots show.',
    ],
    replies: [
      {
        name: 'Maureen Ellis',
        at: '18:40',
        day: '3 November 2025',
        text: 'We always lose a few to the mice as well. Soaking the seed in paraffin was what my grandfather swore by, though I never dared.',
      },
      {
        name: 'Tom Whitcombe',
        at: '07:55',
        day: '4 November 2025',
        text: 'Aquadulce has never let me down on heavy clay. Do you pinch out the tops in spring or leave them for the blackfly?',
      },
      {
        name: 'Priya Raman',
        at: '21:02',
        day: '5 November 2025',
        text: 'Chicken wire tunnels are a good idea. I lost every pea I sowed last October and blamed the pigeons, but it may have been mice all along.',
      },
    ],
    feedCaptured: true,
  },
  {
    slug: 'rhubarb-forcing-pots',
    title: 'Forcing rhubarb under old chimney pots',
    date: '19 January 2026',
    pubDate: 'Mon, 19 Jan 2026 10:30:00 +0000',
    paragraphs: [
      'A neighbour on plot nine was clearing out a shed and gave me two terracotta chimney pots, which turn out to be perfect for forcing rhubarb.',
      'The crowns were mulched with leaf mould in December, and on Sunday the pots went over them with a slate on top to keep out every bit of light.',
      'If the weather stays mild the first pale stems should be ready in about six weeks, long before the uncovered crowns wake up.',
    ],
    replies: [
      {
        name: 'Gwen Howell',
        at: '12:15',
        day: '19 January 2026',
        text: 'Forced rhubarb with a little ginger is the best thing about February. Remember to rest that crown next year or it will sulk.',
      },
      {
        name: 'Tom Whitcombe',
        at: '16:48',
        day: '20 January 2026',
        text: 'Chimney pots look far better than the upturned dustbin I use. Did you need to weigh the slates down in the wind?',
      },
      {
        name: 'Daniel Okafor',
        at: '08:20',
        day: '22 January 2026',
        text: 'Our allotment society sells forcing jars but they cost a fortune. Salvage yards are worth a look for anyone else trying this.',
      },
    ],
    feedCaptured: true,
  },
  {
    slug: 'seed-potato-chitting',
    title: 'Chitting seed potatoes on the windowsill',
    date: '14 February 2026',
    pubDate: 'Sat, 14 Feb 2026 08:05:00 +0000',
    paragraphs: [
      'The seed potatoes arrived in the post on Thursday: Charlotte for salads, Pink Fir Apple because nothing else tastes quite like it, and a bag of Sarpo Mira.',
      'They are standing rose end up in egg boxes on the spare room windowsill, where it is cool and light and nobody will knock them over.',
      'By the end of March the sprouts should be short, dark and sturdy, which is exactly what you want when they go into the trench.',
    ],
    replies: [
      {
        name: 'Maureen Ellis',
        at: '10:02',
        day: '14 February 2026',
        text: 'Pink Fir Apple is worth every awkward knobbly minute of peeling. Mine always go in a week after everybody else on the site.',
      },
      {
        name: 'Priya Raman',
        at: '13:37',
        day: '15 February 2026',
        text: 'Sarpo Mira saved my crop in the wet summer two years ago when the blight took everything else on our row.',
      },
      {
        name: 'Gwen Howell',
        at: '19:10',
        day: '16 February 2026',
        text: 'Egg boxes on the windowsill, the sign that spring is nearly here. I keep mine in the porch, which is a little too cold some years.',
      },
    ],
    feedCaptured: true,
  },
  {
    slug: 'frost-on-the-brassicas',
    title: 'A hard frost on the brassicas',
    date: '2 March 2026',
    pubDate: 'Mon, 02 Mar 2026 07:45:00 +0000',
    paragraphs: [
      'Minus six on Friday night, the coldest morning of the winter, and the purple sprouting broccoli looked like it had been dipped in sugar.',
      'By noon the leaves had recovered completely, which is the whole point of growing brassicas through the winter on an exposed site.',
      'The only casualty was a row of late lettuces under fleece that I had forgotten about until I saw them collapsed and glassy.',
    ],
    replies: [
      {
        name: 'Daniel Okafor',
        at: '09:14',
        day: '2 March 2026',
        text: 'Purple sprouting always seems to taste sweeter after a frost. We had our first pickings at the weekend and they were lovely.',
      },
      {
        name: 'Maureen Ellis',
        at: '11:30',
        day: '2 March 2026',
        text: 'Fleece is not much use below minus four in my experience. A double layer and a cloche over the top might have saved the lettuces.',
      },
      {
        name: 'Tom Whitcombe',
        at: '20:05',
        day: '3 March 2026',
        text: 'Minus eight here in the valley. The leeks did not mind at all but the chard turned to mush overnight.',
      },
    ],
    feedCaptured: false,
  },
  {
    slug: 'first-sweet-peas',
    title: 'The first sweet peas',
    date: '4 March 2026',
    pubDate: 'Wed, 04 Mar 2026 18:10:00 +0000',
    paragraphs: [
      'Sweet peas sown in root trainers in October have spent the winter in the cold frame and are now ten centimetres tall and very sturdy.',
      'Their tips were pinched out on Sunday so that each plant makes two or three strong side shoots before it goes out against the canes in April.',
      'Spencer varieties again this year, mostly for the scent, with a row of Cupani along the fence because the bees seem to prefer it.',
    ],
    replies: [
      {
        name: 'Gwen Howell',
        at: '07:30',
        day: '5 March 2026',
        text: 'Cupani is the one for scent. Mine flowered until October last year once I kept picking them every other day.',
      },
    ],
    feedCaptured: false,
  },
];

const feedUrl = (p: Post) => `${SITE}/${p.slug}/replies.rss`;
const postUrl = (p: Post) => `${SITE}/${p.slug}`;

function page(title: string, main: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | Allotment Diary</title>
<link rel="alternate" type="application/rss+xml" title="Allotment Diary" href="/index.rss">${head}
</head><body>
<div id="top"><p class="site"><a href="/">Allotment Diary</a></p>
<ul class="menu"><li><a href="/">Home</a></li><li><a href="/about">About</a></li></ul></div>
<div id="middle">${main}</div>
<div id="side"><h4>Elsewhere</h4><ul><li><a href="http://rhs.example/">Royal Horticultural Society</a></li><li><a href="http://seeds.example/">Heritage seed library</a></li></ul>
<p>Notes from plot 14, written on Sunday evenings since 2019.</p></div>
<div id="bottom"><p>Allotment Diary. Text and photographs by the plot holder.</p></div>
</body></html>`;
}

function postPage(p: Post): string {
  const replies = p.replies
    .map(
      (r) =>
        `<div class="note"><blockquote><p>${r.text}</p></blockquote><cite>${r.name} &mdash; Submitted at ${r.at} on ${r.day}</cite></div>`,
    )
    .join('\n');
  const main = `<div class="entry"><h2>${p.title}</h2><p class="when">Written on ${p.date}</p>
<div class="text">${p.paragraphs.map((x) => `<p>${x}</p>`).join('\n')}</div></div>
<div id="talk"><h3>What readers said</h3>
${replies}
<form method="post" action="/say"><p><label>Name <input name="n"></label></p><p><textarea name="t"></textarea></p><p><button>Send</button></p></form></div>`;
  return page(p.title, main, `\n<link rel="alternate" type="application/rss+xml" title="Replies" href="/${p.slug}/replies.rss">`);
}

function homePage(): string {
  const entries = POSTS.map(
    (p) =>
      `<div class="entry"><h2><a href="/${p.slug}">${p.title}</a></h2><p class="when">Written on ${p.date}</p><p>${p.paragraphs[0]}</p></div>`,
  ).join('\n');
  return page('Home', entries);
}

function articleFeed(): string {
  const items = POSTS.map(
    (p) =>
      `<item><title>${escapeXml(p.title)}</title><link>${postUrl(p)}</link><guid>${postUrl(p)}</guid><pubDate>${p.pubDate}</pubDate><description>${escapeXml(p.paragraphs[0] as string)}</description></item>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Allotment Diary</title><link>${SITE}/</link><description>Notes from plot 14</description>
${items}</channel></rss>`;
}

function commentFeed(p: Post): string {
  const items = p.replies
    .map(
      (r, i) =>
        `<item><title>${escapeXml(r.name)}</title><link>${SITE}/</link><guid isPermaLink="false">${p.slug}-reply-${i + 1}</guid><description>${escapeXml(r.text)}</description></item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Allotment Diary</title><link>${SITE}/</link><description>Comments on ${escapeXml(p.title)}</description>
${items}</channel></rss>`;
}

const RSS = 'application/rss+xml';

function captures(): FixtureCapture[] {
  return [
    { url: `${SITE}/`, body: homePage() },
    {
      url: `${SITE}/about`,
      body: page(
        'About',
        '<div class="entry"><h2>About</h2><p>This diary follows one allotment plot through the seasons: what was sown, what came up and what the slugs ate first.</p></div>',
      ),
    },
    { url: `${SITE}/index.rss`, body: articleFeed(), type: RSS },
    ...POSTS.map((p) => ({ url: postUrl(p), body: postPage(p) })),
    ...POSTS.filter((p) => p.feedCaptured).map((p) => ({ url: feedUrl(p), body: commentFeed(p), type: RSS })),
  ];
}

/** The same site written with a CSS framework's utility classes: its "About" page, on the post
 *  template, prints prose where the posts print their date, in a `<p>` of the same class. */
const utilityClasses = (c: FixtureCapture): FixtureCapture =>
  c.type !== undefined ? c : { ...c, body: rewriteClassNames(c.body, 'utility') };

describe.each([
  ['', (c: FixtureCapture) => c],
  [', utility class names on every page', utilityClasses],
])('an unseen engine: comment block without comment words, per-post comment feeds linking to the site root%s', (_, markup) => {
  let dir: string;
  let versions: store.ObjectVersionRow[];
  let feeds: Array<{ url: string; kind: string }>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-unseen-'));
    const warc = join(dir, 'crawl-1.warc.gz');
    await writeWarc(warc, '2026-03-05T12:00:00Z', captures().map(markup));
    await buildOverlay({ inputs: [warc], outDir: join(dir, 'out'), diagnostics: new Diagnostics(), writePages: false, workers: 1 });
    const db = openStore(join(dir, 'out'), { writable: false });
    versions = [...store.readObjectVersions(db)];
    feeds = db.prepare('SELECT url, kind FROM feeds').all() as Array<{ url: string; kind: string }>;
    db.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the per-post feeds as comment feeds (channel description), never as article feeds', () => {
    const kinds = new Map(feeds.map((f) => [f.url.replace(/^https?:\/\//, ''), f.kind]));
    for (const p of POSTS.filter((x) => x.feedCaptured)) expect(kinds.get(feedUrl(p).replace(/^https?:\/\//, ''))).toBe('comments');
  });

  it('makes objects for the posts only: no object for the home page from comment items linking to it', () => {
    const urls = new Set(versions.map((v) => v.canonical_url.replace(/^https?:\/\//, '')));
    expect(urls).toEqual(new Set(POSTS.map((p) => postUrl(p).replace(/^https?:\/\//, ''))));
  });

  it('finds every reader comment of the posts whose comment feed was captured, with name and date', () => {
    for (const p of POSTS.filter((x) => x.feedCaptured)) {
      const v = versions.find((x) => x.canonical_url.endsWith(`/${p.slug}`));
      expect(v?.comments.map((c) => c.text)).toEqual(p.replies.map((r) => r.text));
      expect(v?.comments.map((c) => c.author)).toEqual(p.replies.map((r) => r.name));
      expect(v?.comments.every((c) => c.published !== null)).toBe(true);
    }
  });

  it('finds the comments of the posts whose comment feed was not captured, by the structure the site shares (one comment too)', () => {
    for (const p of POSTS.filter((x) => !x.feedCaptured)) {
      const v = versions.find((x) => x.canonical_url.endsWith(`/${p.slug}`));
      expect(v?.comments.map((c) => c.text)).toEqual(p.replies.map((r) => r.text));
      expect(v?.comments.map((c) => c.author)).toEqual(p.replies.map((r) => r.name));
    }
  });

  it('keeps every comment out of the article text', () => {
    for (const p of POSTS) {
      const v = versions.find((x) => x.canonical_url.endsWith(`/${p.slug}`));
      expect(v?.text).toContain(p.paragraphs[1]);
      for (const r of p.replies) expect(v?.text).not.toContain(r.text.slice(0, 40));
      expect(v?.text).not.toContain('What readers said');
    }
  });
});
