import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findAll } from 'domutils';
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../../feeds/index.js';
import { feedItem } from '../../../test/helpers/feed-items.js';
import { extractObject, parsePage } from '../index.js';
import { renderArticle } from '../article-render.js';
import { commentNodesInside, extractComments } from './index.js';

const FIXTURES = join(import.meta.dirname, '../../../test/fixtures/comments');
const POST = 'http://devblog.test:8081/2025/02/automatic-upgrades-configuring-dpkg/';
const read = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');
const commentItems = JSON.parse(read('wp-threaded.comment-items.json')) as FeedItem[];

function articleItem(title: string, description: string | null, link: string): FeedItem {
  return feedItem({ link, title, description, commentsUrl: `${link}#comments` });
}

const wpItem = articleItem(
  'Automatic Upgrades: Configuring dpkg',
  'As we have already mentioned, dpkg can be instructed not to ask for confirmation when replacing a configuration file (with the --force-confdef --force-confold options). Interactions can, however, have three other sources.',
  POST,
);

function extract(file: string, url: string, item: FeedItem, items: FeedItem[] = []) {
  const page = parsePage(read(file), url);
  const result = extractObject(page, item, { comments: { feedItems: items } });
  const extraction =
    result.ok && result.comments !== null ? result.comments : extractComments(page, { article: null, item, commentItems: items });
  return { page, result, extraction };
}

describe('extractComments on a WordPress page', () => {
  it('segments the comment list into records with author, date, permalink and threading', () => {
    const { extraction } = extract('wp-threaded.html', POST, wpItem);
    const c = extraction.comments;
    expect(c.map((x) => x.author)).toEqual(['Ahmed', 'Lena Brandt', 'Bea', 'Bea', 'sysadmin_kat', 'sysadmin_kat']);
    expect(c.map((x) => x.id)).toEqual(['comment-2', 'comment-3', 'comment-4', 'comment-29', 'comment-5', 'comment-30']);
    expect(c[3]).toMatchObject({ parent: 'comment-4', depth: 1, source: 'page' });
    expect(c.filter((x) => x.depth === 0)).toHaveLength(5);
    expect(c[0]?.published).toBe('2025-02-26T01:34:15.000Z');
    expect(c[1]?.authorUrl).toBe('http://lena.example.com/');
    expect(c[1]?.text).toBe(
      'The last source of interactions, and the hardest to get rid of, is the configuration scripts run by dpkg.\nSince Falcot Corp has many computers but only limited manpower, its administrators try to make upgrades as automatic as possible. There is unfortunately no standard solution, and no answer is overwhelmingly better than another.',
    );
    expect(c[0]?.permalink).toBe(`${POST}#comment-2`);
    // Bylines, dates and reply links are not comment text.
    for (const x of c) expect(x.text).not.toMatch(/says:|Reply|at \d+:\d+ [ap]m/);
    expect(c[0]?.html).toMatch(/^<p>To reconfigure debconf/);
    expect(extraction.zone?.attribs.id).toBe('comments');
    expect(extraction.zonePath).toMatch(/div\[@id=comments,/);
  });

  it('pairs page comments with the comment feed (source page+feed)', () => {
    const { extraction } = extract('wp-threaded.html', POST, wpItem, commentItems);
    expect(extraction.comments.map((x) => x.source)).toEqual(Array(6).fill('page+feed'));
    expect(extraction.reason).toMatch(/6 paired with the comment feed/);
  });

  it('keeps comments only in the feed (page captured earlier) with source feed and their parent', () => {
    const { extraction } = extract('wp-crawl1.html', POST, wpItem, commentItems);
    const c = extraction.comments;
    expect(c).toHaveLength(6);
    expect(c.slice(0, 4).map((x) => x.source)).toEqual(['page+feed', 'page+feed', 'page+feed', 'page+feed']);
    const feedOnly = c.filter((x) => x.source === 'feed');
    expect(feedOnly.map((x) => x.id)).toEqual(['comment-29', 'comment-30']);
    expect(feedOnly[0]).toMatchObject({ parent: 'comment-4', depth: 1, author: 'Bea', position: 4 });
    // "In reply to Bea." is the feed's threading note, not comment text.
    expect(feedOnly[0]?.text).toBe(
      'Since Falcot Corp has many computers but only limited manpower, its administrators try to make upgrades as automatic as possible.',
    );
  });

  it('gives the same hash to the same comment across crawls and sources, another to an edit', () => {
    const a = extract('wp-crawl1.html', POST, wpItem).extraction.comments;
    const b = extract('wp-threaded.html', POST, wpItem, commentItems).extraction.comments;
    expect(a.map((x) => x.hash)).toEqual(
      b
        .slice(0, 3)
        .map((x) => x.hash)
        .concat(b[4]?.hash ?? ''),
    );
    const feedOnly = extract('wp-crawl1.html', POST, wpItem, commentItems).extraction.comments.find((x) => x.id === 'comment-29');
    expect(feedOnly?.hash).toBe(b[3]?.hash);
    expect(new Set(b.map((x) => x.hash)).size).toBe(6);
  });

  it('leaves the comment zone, form and counters out of the article', () => {
    const { result, extraction } = extract('wp-threaded.html', POST, wpItem);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    for (const c of extraction.comments) expect(result.object.text).not.toContain(c.text.split('\n')[0]?.slice(0, 60));
    expect(result.object.text).not.toMatch(/Leave a comment|\d+ comments/);
    const body = result.object.wrapper?.parent;
    if (body === null || body === undefined || body.type !== 'tag') return;
    // Rendering a wider node with commentNodesInside skipped keeps the comments out as well.
    const skip = new Set(commentNodesInside(body as never, extraction.zone));
    expect(skip.has(extraction.zone as never) || !skip.size).toBe(true);
    const text = renderArticle(body as never, { baseUrl: POST, skip }).text;
    expect(text).not.toContain('To reconfigure debconf, use the dpkg-reconfigure tool');
  });
});

describe('extractComments elsewhere', () => {
  it('reads <dl> comments: byline in <dt>, text in <dd>, reply nested in the <dd>', () => {
    const url = 'http://blog.arborinvestmentplanner.com/2012/08/stock-investing-strategies-which-are-best-for-you/';
    const item = articleItem('Stock Investing Strategies: Which are Best for You?', 'There are many stock investing strategies.', url);
    const c = extract('dragnet-dl-threaded.html', url, item).extraction.comments;
    expect(c.map((x) => [x.author, x.text, x.depth])).toEqual([
      ['Roger Wohlner', 'Good post Ken. Good, concise explanations of the five strategies, easy for all to understand.', 0],
      ['KenFaulkenberry', 'Thank you Roger.', 1],
    ]);
    expect(c[1]?.parent).toBe('comment-21364');
    expect(c[0]?.published).toBe('2012-08-06T20:49:00.000Z');
  });

  it('keeps comments inside a wrapper grown over them, without the article dated like them', () => {
    const url = 'https://dragnet-r197.test/article/R197';
    const { result, extraction } = extract(
      'dragnet-inside-wrapper.html',
      url,
      articleItem('Econbrowser: Yet another discouraging GDP report', null, url),
    );
    const c = extraction.comments;
    expect(c).toHaveLength(13);
    // The wrapper grew over the comments: their entries are left out of the article's text.
    expect(result.ok && extraction.zone === result.object.wrapper).toBe(true);
    const text = result.ok ? result.object.text : '';
    expect(text).toContain("That's the same title I used");
    expect(text).not.toContain("I'm curious why you didn't think it was relevant");
    expect(c[0]?.id).toBe('c115775');
    expect(c[0]?.text).toMatch(/I'm curious why you didn't think it was relevant/);
    expect(c.some((x) => x.text.includes("That's the same title I used"))).toBe(false);
  });

  it('keeps flat comments (siblings of the article paragraphs in one block) out of the article', () => {
    const url = 'https://dragnet-r531.test/article/R531';
    const item = articleItem(
      'My Favorite Graphs... and the future',
      'This blog has always been about optimism, creating better user experiences, helping users spend more time in flow, and learning.',
      url,
    );
    const { result, extraction } = extract('dragnet-flat-siblings.html', url, item);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const c = extraction.comments;
    expect(c.length).toBeGreaterThanOrEqual(20);
    expect(c[0]?.id).toBe('c65581830');
    expect(c[0]?.text).toMatch(/If I had money and ran a company/);
    expect(result.object.text).toMatch(/There are 405 posts here/);
    for (const x of c) expect(result.object.text).not.toContain(x.text.split('\n')[0]?.slice(0, 60));
  });

  it('reads Blogger <dl> comments: each "X said..." <dt> goes with the body and dated footer after it', () => {
    const url = 'http://foodwishes.blogspot.com/2012/11/warming-up-with-beef-merlot.html';
    const c = extract('dragnet-blogger-said.html', url, articleItem('Warming Up with Beef Merlot', null, url)).extraction.comments;
    expect(c).toHaveLength(7);
    expect(c.slice(0, 3).map((x) => x.author)).toEqual(['Chibby', 'S/V Blondie-Dog', 'Chef John']);
    expect(c[1]).toMatchObject({ published: '2012-11-09T11:58:00.000Z' });
    expect(c[1]?.text).toMatch(/^Hi Chef,/);
  });

  it('reads the name printed before the date when nothing names the author ("2. Lettraggad - 29 August, 2011")', () => {
    const url = 'http://the-cannon.com/2011/08/29/i-have-not-gone-into-hiding/';
    const c = extract('dragnet-name-before-date.html', url, articleItem('I have not gone into hiding', null, url)).extraction.comments;
    expect(c).toHaveLength(25);
    expect(c.slice(0, 3).map((x) => x.author)).toEqual(['Joel Leigh', 'Lettraggad', 'Robbo']);
    expect(c[1]?.text).toMatch(/^We really do dont we/);
  });

  it("reads the Disqus plugin's server-side thread: the site URL a <cite> prints before the name is not the name", () => {
    const url = 'http://shankman.com/for-blank-doesnt-matter-today-what-matters-is-the-i-voted/';
    const c = extract('dragnet-disqus-fallback.html', url, articleItem('Today, I Only Care That You Vote.', null, url)).extraction.comments;
    expect(c).toHaveLength(8);
    expect(c.slice(0, 2).map((x) => [x.author, x.authorUrl])).toEqual([
      ['Amy D.', null],
      ['Jonathan L. Yarmis', null],
    ]);
    expect(c[1]?.byline).toBe('http://twitter.com/jyarmis Jonathan L. Yarmis');
  });

  it("reads bylines printed after the text, never across the 'Comments' heading, without the article's own byline", () => {
    const url = 'https://dragnet-t170.test/article/T170';
    const item = articleItem('How to record video of your Google Earth tours', 'There are many ways to record video of Google Earth.', url);
    const c = extract('dragnet-byline-after-text.html', url, item).extraction.comments;
    expect(c.map((x) => x.author)).toEqual(['Gary O. Grimm', 'David Tryse']);
    expect(c[0]?.text).toMatch(/^Working with Idaho Rivers United/);
    expect(c[1]?.text).toMatch(/^Fraps is great/);
    expect(c[0]?.published).toBe('2012-08-09T11:37:00.000Z');
  });

  it('takes the name line of an author box that also holds the date and a reply link', () => {
    const url = 'http://skepchick.org/2012/10/skepchick-quickies-10-29-3/';
    const c = extract('dragnet-author-box-lines.html', url, articleItem('Skepchick Quickies 10.29', null, url)).extraction.comments;
    expect(c).toHaveLength(7);
    expect(c.slice(0, 3).map((x) => x.author)).toEqual(['nomaduk', 'criticaldragon1177', 'nomaduk']);
    expect(c[2]?.depth).toBe(1);
  });

  it('finds no comments in an article whose sections each carry a dated byline', () => {
    const url = 'https://readability-lwn-1.test/article/lwn-1';
    const item = articleItem(
      'LWN.net Weekly Edition for March 26, 2015',
      'A trademark battle in the Arduino community. The Arduino has been one of the biggest success stories of the open-hardware movement.',
      url,
    );
    const { result, extraction } = extract('readability-lwn-bylined-sections.html', url, item);
    expect(extraction.comments).toEqual([]);
    expect(result.ok && result.object.text).toMatch(/The Arduino has been one of the biggest success stories/);
  });

  it('reads comments marked by <a name> anchors, the author after the date ("posted on <date> by X")', () => {
    const url = 'http://onstartups.com/tabid/3339/bid/91227/Startup-Psychology-Why-Awareness-Is-Awesome.aspx';
    const item = articleItem(
      'Startup Psychology: Why Awareness Is Awesome',
      "Awareness is not about being intelligent -- it's about recognizing and relating to the situation at hand.",
      url,
    );
    const c = extract('dragnet-anchor-names.html', url, item).extraction.comments;
    expect(c).toHaveLength(11);
    expect(c[0]).toMatchObject({ id: 'comment184238', author: 'Darren', published: '2012-10-24T19:26:00.000Z' });
    expect(c[0]?.text).toMatch(/^Thank you so much for this article/);
  });

  it('finds a lone comment: by its hex id in a hinted list, or named "comment" without one', () => {
    const typepad = 'https://dragnet-r399.test/article/R399';
    const t = extract(
      'dragnet-lone-hex-id.html',
      typepad,
      articleItem('Im in.. Are YOU in? - Virtual Geek', 'www.humanfaceofbigdata.com Download the IOS/Android app today', typepad),
    ).extraction.comments;
    expect(t.map((x) => [x.id, x.author])).toEqual([['comment-6a00e552e53bd28833017ee3cc53f7970d', 'Netbacker']]);
    expect(t[0]?.text).toMatch(/^Really\? How can you be in\?/);
    const named = 'http://www.oncewed.com/65628/wedding-blog/diy-wedding/fishtail-bun-wedding-hair-tutorial/';
    const n = extract(
      'dragnet-lone-named.html',
      named,
      articleItem(
        'Fishtail Bun Wedding Hair Tutorial',
        'Looking for pretty wedding updos hair ideas? Check out this post for a tutorial on a beautiful, fishtail bun.',
        named,
      ),
    ).extraction.comments;
    expect(n.map((x) => x.text)).toEqual(['This is so pretty and looks simple enough! I’ll have to give it a try this weekend!']);
    // The printed byline is kept apart from the text.
    expect(n[0]?.byline).toBe('Jennie - Duryea Place Designs writes 11/09/12 at 11:18 am');
  });

  it('reads the body inside a meta-named wrapper ("comment-meta comment_text"), the name beside a "Profile" link', () => {
    const url = 'http://filmdrunk.uproxx.com/2012/11/miami-connections-for-your-consideration-trailer-maurice-smith';
    const item = articleItem(
      'Miami Connection’s For Your Consideration trailer requires some serious considering',
      "TRAILER: A for your consideration trailer for Miami Connection's Maurice Smith, plus Miami Connection tour dates and ticketing information.",
      url,
    );
    const c = extract('dragnet-meta-wrapped-body.html', url, item).extraction.comments;
    expect(c).toHaveLength(10);
    expect(c[1]).toMatchObject({ author: 'Torgo', text: 'No San Francisco or Seattle :-(', published: '2012-11-05T14:01:00.000Z' });
  });

  it('finds comments in a main column classed "sidebar", replies classed "child" like their parents', () => {
    const url = 'https://dragnet-r45.test/article/R45';
    const c = extract(
      'dragnet-sidebar-main-column.html',
      url,
      articleItem("FBI: Crime reported to police fell last year - www's column on Newsvine", null, url),
    ).extraction.comments;
    expect(c.length).toBeGreaterThanOrEqual(3);
    expect(c.find((x) => x.id === 'c71520080')).toMatchObject({
      author: 'SomeDude68.',
      text: 'That was for 2010 and 2011. For 2012 violent crime is up.',
    });
  });

  it("keeps the blog owner's replies styled apart (li.authorpost between li.commentpost) in the list", () => {
    const url = 'https://dragnet-r740.test/article/R740';
    const item = articleItem(
      'Ed Brill - November 13- Notes and Domino Social Edition webcast',
      'November 13- Notes and Domino Social Edition webcast',
      url,
    );
    const c = extract('dragnet-owner-styled-apart.html', url, item).extraction.comments;
    expect(c).toHaveLength(10);
    expect(c[5]?.text).toMatch(/@3 Yes - It is a Notes client/);
    expect(c.map((x) => x.published?.slice(0, 10))).toContain('2012-11-08');
  });

  it('invents no comments on pages without them', () => {
    const pelican = 'http://pelican-dev.test:8090/posts/2025/12/principles/';
    const p = extract(
      'pelican-no-comments.html',
      pelican,
      articleItem('Principles', 'Principles of Debian packaging.', pelican),
    ).extraction;
    expect(p.comments).toEqual([]);
    expect(p.zone).toBeNull();
    const news = 'http://www.cbsnews.com/8301-201_162-57478379/latest-amelia-earhart-search-falls-short/';
    const n = extract(
      'dragnet-news-no-comments.html',
      news,
      articleItem(
        'Latest Amelia Earhart search falls short',
        "A $2.2M expedition to find wreckage from famed aviator's final flight 75 years ago ends without conclusive evidence",
        news,
      ),
    ).extraction;
    expect(n.comments).toEqual([]);
    expect(n.reason).toMatch(/^no comment zone/);
    // The comment form's preview of a comment being written (a dated `article#comment-0`) is none.
    const ball = 'http://www.neatorama.com/2012/08/09/Ball/';
    const item = articleItem(
      'Ball',
      "Sports balls, disco balls, meatballs, they're all here in this short film by Everynone. There's no plot to follow, just a treat for your eyes.",
      ball,
    );
    expect(extract('dragnet-form-preview.html', ball, item).extraction.comments).toEqual([]);
  });
});

describe('extractComments: the choice between comment lists', () => {
  const URL = 'http://blog.test/2025/03/a-post/';
  const entry = (author: string, day: number, text: string, cls: string): string =>
    `<li><p class="meta-${cls}"><span class="author">${author}</span> <span>March ${day}, 2025 at 9:1${day} am</span></p><p>${text}</p></li>`;
  const list = (id: string, cls: string, n: number): string =>
    `<div id="${id}" class="comments"><ol>${Array.from({ length: n }, (_, i) => entry(`Reader ${i + 1}`, i + 1, `Comment number ${i + 1} on this post says something about it.`, cls)).join('')}</ol></div>`;
  const page = (lists: string): string =>
    `<html><body><article><h1>A post</h1><p>The article text of this post is here.</p></article>${lists}</body></html>`;
  const zoneOf = (html: string): string | undefined =>
    extractComments(parsePage(html, URL), { article: null, commentItems: [] }).zone?.attribs.id;

  it('takes the first of two lists that rank the same (page order)', () => {
    expect(zoneOf(page(`${list('first', 'one', 3)}${list('second', 'two', 3)}`))).toBe('first');
  });

  it('takes a longer list after a shorter one', () => {
    expect(zoneOf(page(`${list('first', 'one', 2)}${list('second', 'two', 4)}`))).toBe('second');
  });
});

describe('extractComments on engines outside the dev data (issue #12)', () => {
  const URL = 'http://engine.test/2025/03/a-post.html';
  const ARTICLE = '<h1>A post</h1><p>The article text of this post is here, long enough to be the article of the page.</p>';
  const TEXTS = ['Winter window during lantern meadow old station followed the bright.', 'New with valley late evening market.'];
  const read = (html: string, siteStructures: string[] = []) => {
    const page = parsePage(`<html><body><main>${html}</main></body></html>`, URL);
    const article = findAll((e) => e.name === 'article', page.document.children)[0] ?? null;
    return extractComments(page, { article, siteStructures });
  };

  it("reads the <aside> right after the article as the post's own: name <h4>, <time>, text <div>", () => {
    const record = (name: string, text: string): string =>
      `<div class="c-x12"><img src="/av.png" alt=""><h4>${name}</h4><time datetime="2025-03-01T10:45:00Z">1 Mar 2025</time><div class="c-b9"><p>${text}</p></div></div>`;
    const found = read(
      `<article>${ARTICLE}</article><aside class="c-q7">${record('Hana Sato', TEXTS[0] as string)}${record('Bram Kok', TEXTS[1] as string)}</aside>`,
    );
    expect(found.comments.map((c) => [c.author, c.text])).toEqual([
      ['Hana Sato', TEXTS[0]],
      ['Bram Kok', TEXTS[1]],
    ]);
    // Two records, names found by their place only: the site's other post pages must confirm them.
    expect(found.evidence).toBe('records');
    // An <aside> beside the page's columns is a sidebar still.
    expect(
      read(
        `<article>${ARTICLE}</article></main><aside>${record('Hana Sato', TEXTS[0] as string)}${record('Bram Kok', TEXTS[1] as string)}</aside><main>`,
      ).comments,
    ).toEqual([]);
  });

  it('takes no short text signed by a date line after it for a name ("<p>text</p><div>July 31, 2012 | PW</div>")', () => {
    const signed = (text: string): string =>
      `<div class="comment" id="comment18788585"><div id="item18788585" class="body"><p>${text}</p></div><div class="signature">July 31, 2012 | <a href="/contributor/1" title="Unregistered Commenter"><img alt="Unregistered Commenter" src="/u.png">PW</a></div></div>`;
    const found = read(
      `<article>${ARTICLE}</article><div id="comments"><h3>Reader Comments (1)</h3>${signed('Gonna have to rethink "education."')}</div>`,
    );
    expect(found.comments.map((c) => c.text)).toEqual(['Gonna have to rethink "education."']);
  });

  it('reads a lone comment of the site\'s structure: "<dt>Name said...</dt>" before its <dd>, or a text row after its name row', () => {
    const dl = (n: number): string =>
      `<article>${ARTICLE}</article><div class="cb"><h4>${n} responses:</h4><dl>${TEXTS.slice(0, n)
        .map(
          (t, i) =>
            `<dt><a href="http://ada.example/">Ada Lind${i}</a> said...</dt><dd><p>${t}</p><p class="f"><a href="#c${i}">March 7, 2025 at 10:45 AM</a></p></dd>`,
        )
        .join('')}</dl></div>`;
    const structure = read(dl(2)).structure as string;
    expect(read(dl(1), [structure]).comments.map((c) => [c.author, c.text])).toEqual([['Ada Lind0', TEXTS[0]]]);
    const rows = (n: number): string =>
      `<article>${ARTICLE}</article><h3>コメント</h3><table>${TEXTS.slice(0, n)
        .map((t, i) => `<tr><th>${i + 1}</th><td>田中花子</td><td>2025年3月16日 10:45</td></tr><tr><td colspan="3">${t}</td></tr>`)
        .join('')}</table>`;
    const rowStructure = read(rows(2)).structure as string;
    expect(read(rows(1), [rowStructure]).comments.map((c) => [c.author, c.text])).toEqual([['田中花子', TEXTS[0]]]);
  });

  it('leaves an inline date beside the name (<small>) out of the text', () => {
    const record = (name: string, text: string): string =>
      `<div><span>${name}</span> <small>1 mars 2025, 10:45</small><div>${text}</div><a href="?r=1">Répondre</a></div>`;
    const found = read(`<article>${ARTICLE}</article><div>${TEXTS.map((t, i) => record(`Aline Morel${i}`, t)).join('')}</div>`);
    expect(found.comments.map((c) => [c.author, c.text, c.published])).toEqual([
      ['Aline Morel0', TEXTS[0], '2025-03-01T10:45:00.000Z'],
      ['Aline Morel1', TEXTS[1], '2025-03-01T10:45:00.000Z'],
    ]);
  });

  it("leaves an entry's own <header> and <footer> out of its text, and takes its name linking a profile on the site", () => {
    const record = (name: string, text: string): string =>
      `<section><header><a href="/u/${name}">${name}</a> <span>5 марта 2025 г. в 14:02</span></header><p>${text}</p><footer><a href="#otvet">Ответить</a></footer></section>`;
    const found = read(`<article>${ARTICLE}</article>${TEXTS.map((t, i) => record(`Вера${i}`, t)).join('')}`);
    expect(found.comments.map((c) => [c.author, c.text])).toEqual([
      ['Вера0', TEXTS[0]],
      ['Вера1', TEXTS[1]],
    ]);
    expect(found.evidence).toBe('records');
    // A lone entry beside the article (the zone holds both) is read with the site's structure.
    const lone = read(`<article>${ARTICLE}</article>${record('Вера0', TEXTS[0] as string)}`, [found.structure as string]);
    expect(lone.comments.map((c) => [c.author, c.text])).toEqual([['Вера0', TEXTS[0]]]);
  });

  it('reads "<img><a>Name</a><p>text</p><span>3 days ago</span>" as a name and its text, the date left out', () => {
    const record = (name: string, text: string): string =>
      `<li><img src="/av.png" alt=""><a href="http://x.example/">${name}</a><p>${text}</p><span>12 days ago</span></li>`;
    const found = read(`<article>${ARTICLE}</article><ul>${TEXTS.map((t, i) => record(`Bram Kok${i}`, t)).join('')}</ul>`);
    expect(found.comments.map((c) => [c.author, c.text])).toEqual([
      ['Bram Kok0', TEXTS[0]],
      ['Bram Kok1', TEXTS[1]],
    ]);
  });

  it('threads replies printed flat by their indentation (margin-left), naming each parent by an id of its own', () => {
    const record = (name: string, text: string, indent: string): string =>
      `<div style="margin-left:${indent}"><span>${name}</span> <small>1 mars 2025, 10:45</small><div>${text}</div></div>`;
    const found = read(
      `<article>${ARTICLE}</article><div>${record('Aline', TEXTS[0] as string, '0')}${record('Bruno', TEXTS[1] as string, '2.5em')}${record('Céline', TEXTS[0] as string, '80px')}${record('Denis', TEXTS[1] as string, '0px')}</div>`,
    );
    const [a, b, c, d] = found.comments;
    expect(found.comments.map((x) => x.depth)).toEqual([0, 1, 2, 0]);
    expect([a?.parent, b?.parent, c?.parent, d?.parent]).toEqual([null, a?.id, b?.id, null]);
    expect(a?.id).toMatch(/^record-/);
  });

  it('threads table rows by the width of the blank spacer image opening each row, not by images with alt text', () => {
    const row = (name: string, text: string, width: number, alt = ''): string =>
      `<tr><td><table><tr><td><img src="/s.gif" alt="${alt}" height="1" width="${width}"></td><td><div><span><a href="/u/${name}">${name}</a> <span><a href="/i/${name}">3 days ago</a></span></span></div><br><div class="comment"><div>${text}</div><a href="/reply/${name}">reply</a></div></td></tr></table></td></tr>`;
    const rows = (...rs: string[]): string => `<article>${ARTICLE}</article><table class="comment-tree">${rs.join('')}</table>`;
    const [t0, t1] = TEXTS as [string, string];
    const found = read(rows(row('ada', t0, 0), row('bob', t1, 40), row('cy', t0, 80), row('dee', t1, 0)));
    const [a, b] = found.comments;
    expect(found.comments.map((c) => [c.author, c.depth, c.parent])).toEqual([
      ['ada', 0, null],
      ['bob', 1, a?.id],
      ['cy', 2, b?.id],
      ['dee', 0, null],
    ]);
    // An image a reader sees (alt text) is no spacer; widths not in steps of one unit are no depths.
    expect(read(rows(row('ada', t0, 0, 'ada'), row('bob', t1, 40, 'bob'))).comments.map((c) => c.depth)).toEqual([0, 0]);
    expect(read(rows(row('ada', t0, 10), row('bob', t1, 40), row('cy', t0, 65))).comments.map((c) => c.depth)).toEqual([0, 0, 0]);
  });

  // A card opens with its byline (name, relative date); its text and its replies follow in its contents.
  const card = (name: string, text: string, replies = ''): string =>
    `<div class="comment-card"><div class="comment-header"><div class="comment-name">${name}</div><div class="comment-subtitle"><div class="comment-timeago">3 days ago</div></div></div><div class="comment-contents"><div class="comment-body"><p>${text}</p></div>${replies === '' ? '' : `<div class="comment-body">${replies}</div>`}</div></div>`;
  const readCards = (cards: string) =>
    read(
      `<article>${ARTICLE}</article><section id="comments"><div class="widget"><div class="login">Login</div><div class="box"><textarea placeholder="Add a comment"></textarea></div><div class="cards">${cards}</div></div></section>`,
    ).comments.map((c) => [c.author, c.depth, c.text]);
  const THIRD = 'Harbour lights across the narrow ferry at dusk.';

  it("gives a comment whose one reply is nested in its contents its own text: the reply's top is its card", () => {
    // The reply's date climbs out of its card into the parent's contents (the one other date is the
    // parent's); it stops at its card, shaped like the parent's, and the parent's text stays the parent's.
    const [ana, bram] = TEXTS as [string, string];
    expect(readCards(card('Ana Lind', ana, card('Bram Kok', bram)) + card('Cora Veld', THIRD))).toEqual([
      ['Ana Lind', 0, ana],
      ['Bram Kok', 1, bram],
      ['Cora Veld', 0, THIRD],
    ]);
    expect(readCards(card('Ana Lind', ana, card('Bram Kok', bram)))).toEqual([
      ['Ana Lind', 0, ana],
      ['Bram Kok', 1, bram],
    ]);
  });

  it('gives a reply that has replies of its own (three levels) its text, its replies theirs', () => {
    const [ana, bram] = TEXTS as [string, string];
    const [c1, c2, dirk] = ['Quiet orchard under the northern hills.', 'Copper kettle on the stove since noon.', THIRD];
    // B's card holds its replies' dates too: its top is its header, its contents (its text, the reply
    // cards) lie in the contents A took, and are B's all the same (B's card is shaped like A's).
    // A > B > (C1, C2), then a top-level sibling.
    expect(
      readCards(card('Ana Lind', ana, card('Bram Kok', bram, card('Cas Mol', c1) + card('Cees Bos', c2))) + card('Dirk Ros', dirk)),
    ).toEqual([
      ['Ana Lind', 0, ana],
      ['Bram Kok', 1, bram],
      ['Cas Mol', 2, c1],
      ['Cees Bos', 2, c2],
      ['Dirk Ros', 0, dirk],
    ]);
    // A > B > C, one reply each, then a top-level sibling.
    expect(readCards(card('Ana Lind', ana, card('Bram Kok', bram, card('Cas Mol', c1))) + card('Dirk Ros', dirk))).toEqual([
      ['Ana Lind', 0, ana],
      ['Bram Kok', 1, bram],
      ['Cas Mol', 2, c1],
      ['Dirk Ros', 0, dirk],
    ]);
  });

  // Known gap: with classes naming no comment, a card with replies (its date's climb stopped at its
  // header) is taken as loose text by the card after it. A rule marking a sibling that holds one of
  // the group's dates at the top's own steps as an entry (ac698f4) closed it and cut a readability
  // tune article (embedded posts read as records) from F1 0.993 to 0.626: reverted.
  it.fails('reads the cards when their classes name no comment: a card with replies is no text of the card after it', () => {
    const [ana, bram] = TEXTS as [string, string];
    const plain = (html: string): string => html.replaceAll('comment-', 'cx-');
    expect(readCards(plain(card('Ana Lind', ana, card('Bram Kok', bram, card('Cas Mol', THIRD))) + card('Dirk Ros', THIRD)))).toEqual([
      ['Ana Lind', 0, ana],
      ['Bram Kok', 1, bram],
      ['Cas Mol', 2, THIRD],
      ['Dirk Ros', 0, THIRD],
    ]);
  });

  it("reads a lone card without the widget around it: the comment box beside the cards is the list's", () => {
    expect(readCards(card('Ana Lind', TEXTS[0] as string))).toEqual([['Ana Lind', 0, TEXTS[0]]]);
  });

  it("keeps a nested reply's name when the record it nests in opens with its text (the name before the reply's path is the reply's)", () => {
    const record = (name: string, text: string, replies = ''): string =>
      `<div class="post"><div class="author"><a href="http://${name.toLowerCase()}.example/">${name}</a></div><div class="body"><div class="inner"><p>${text}</p><span class="when">March 1, 2025 10:45 AM</span>${replies}</div></div></div>`;
    const found = read(
      `<article>${ARTICLE}</article><div id="comments">${record('Ana', TEXTS[0] as string, record('Bram', TEXTS[1] as string))}${record('Cora', TEXTS[0] as string)}</div>`,
    );
    expect(found.comments.find((c) => c.text === TEXTS[1])?.author).toBe('Bram');
  });

  it("leaves a reply's in-reply-to link (a line naming another entry's author) out of its text and HTML", () => {
    const record = (name: string, text: string, to = ''): string =>
      `<div><span><a href="/u/${name}">${name}</a></span> <small>1 mars 2025, 10:45</small>${to === '' ? '' : `<a href="/t/7/2">▶ ${to}</a>`}<div><p>${text}</p></div></div>`;
    const quoted = `<a href="/u/aline_m">@aline_m</a> ${TEXTS[1]}`;
    const found = read(
      `<article>${ARTICLE}</article><div>${record('aline_m', TEXTS[0] as string)}${record('bruno', TEXTS[1] as string, 'aline_m')}${record('celine', quoted)}${record('denis', TEXTS[0] as string, 'nobody')}</div>`,
    );
    expect(found.comments.map((c) => [c.author, c.text])).toEqual([
      ['aline_m', TEXTS[0]],
      ['bruno', TEXTS[1]],
      // A name linked inside the text, or a link naming no author of the zone, is text.
      ['celine', `@aline_m ${TEXTS[1]}`],
      ['denis', `▶ nobody\n${TEXTS[0]}`],
    ]);
    expect(found.comments[1]?.html).toBe(`<p>${TEXTS[1]}</p>`);
    expect(found.comments[1]?.byline).toContain('▶ aline_m');
  });

  it('threads a flat list by its in-reply-to links: the earlier entry by the author it names that the link points at, none by the name alone', () => {
    const record = (name: string, n: number, text: string, to = '', toN = 0): string =>
      `<div><span><a href="/u/${name}">${name}</a></span> <a href="/t/7/${n}">${n} mars 2025, 10:45</a>${to === '' ? '' : `<a href="/t/7/${toN}">▶ ${to}</a>`}<div><p>${text}</p></div></div>`;
    const [a, b] = TEXTS as [string, string];
    const found = read(
      `<article>${ARTICLE}</article><div>${record('aline_m', 1, a)}${record('aline_m', 2, b)}${record('bruno', 3, a, 'aline_m', 1)}${record('celine', 4, b, 'bruno', 9)}${record('denis', 5, a)}${record('aline_m', 6, `${b}</p><p>aline_m`)}${record('elif', 7, a).replace('</a><div>', '</a><a href="/u/aline_m">▶ aline_m</a><div>')}</div>`,
    );
    const c = found.comments;
    expect(c.map((x) => [x.author, x.depth])).toEqual([
      ['aline_m', 0],
      ['aline_m', 0],
      // Its link leads to the first of aline_m's two entries.
      ['bruno', 1],
      // Its link leads to no entry of bruno's: the name alone threads nothing.
      ['celine', 0],
      ['denis', 0],
      // Its own name link, the same name signing its text, answers nobody.
      ['aline_m', 0],
      // Its link leads to aline_m's profile, which all of aline_m's entries print: no one entry.
      ['elif', 0],
    ]);
    expect(c.map((x) => x.parent)).toEqual([null, null, c[0]?.id, null, null, null, null]);
    expect(c[0]?.id).not.toBeNull();
  });

  it('leaves a counter line that most entries of the zone print alike, numbers aside ("6 points ·"), out of their text and HTML', () => {
    const record = (name: string, text: string, points: number, extra = ''): string =>
      `<li><div>${name}</div><div>1 mars 2025, 10:45</div><div>${text}</div>${extra}<div>${points} points · <a href="#c">Reply</a></div></li>`;
    const found = read(
      `<article>${ARTICLE}</article><ol>${record('Aline Morel', TEXTS[0] as string, 3)}${record('Bruno Lac', TEXTS[1] as string, 12, '<div>Version 2 works</div>')}${record('Céline Roy', TEXTS[0] as string, 6)}</ol>`,
    );
    expect(found.comments.map((c) => [c.author, c.text])).toEqual([
      ['Aline Morel', TEXTS[0]],
      // A line with a number one entry prints is its text.
      ['Bruno Lac', `${TEXTS[1]}\nVersion 2 works`],
      ['Céline Roy', TEXTS[0]],
    ]);
    expect(found.comments[1]?.html).not.toContain('points');
  });

  it("leaves out the widget's controls: a short link leading nowhere most entries print, a bar of them and a counter on a lone entry; not a folding title", () => {
    const record = (name: string, title: string, text: string): string =>
      `<li><div>${name}</div><div>1 mars 2025, 10:45</div><a class="t" href="#">${title}</a><div>${text}</div><div><a href="javascript:void(0)">Aimer</a> <a role="button">Signaler</a></div></li>`;
    const found = read(
      `<article>${ARTICLE}</article><ol>${record('Aline Morel', 'Tout à fait', TEXTS[0] as string)}${record('Bruno Lac', 'Pas sûr', TEXTS[1] as string)}${record('Céline Roy', 'Merci', TEXTS[0] as string)}</ol>`,
    );
    expect(found.comments.map((c) => [c.author, c.text])).toEqual([
      ['Aline Morel', `Tout à fait\n${TEXTS[0]}`],
      ['Bruno Lac', `Pas sûr\n${TEXTS[1]}`],
      ['Céline Roy', `Merci\n${TEXTS[0]}`],
    ]);
    expect(found.comments[1]?.html).not.toContain('Aimer');
    // A lone entry: its bar of a counter and a link to its own entry ("6 points · Zitieren").
    const lone = read(
      `<article>${ARTICLE}</article><h3>1 Kommentar</h3><ol class="comments"><li id="comment-7"><div>Aline Morel</div><div>1 mars 2025, 10:45</div><div>${TEXTS[0]}</div><div>6 points · <a href="#comment-7">Zitieren</a></div></li></ol>`,
    );
    expect(lone.comments.map((c) => [c.author, c.text])).toEqual([['Aline Morel', TEXTS[0]]]);
  });

  it('leaves the signature line holding the name and ending with a colon out of the text ("<cite>Name</cite> Says:<br>"), a colon inside the text not', () => {
    const record = (id: number, name: string, says: string, text: string): string =>
      `<li id="comment-${id}"><cite>${name}</cite> ${says}<br><small class="commentmetadata"><a href="#comment-${id}">March 4th, 2025 at 3:12 pm</a></small><p>${text}</p></li>`;
    const found = read(
      `<article>${ARTICLE}</article><h3>2 Responses</h3><ol class="commentlist">${record(1, 'Aline Morel', 'Says:', TEXTS[0] as string)}${record(2, 'Ana Ruiz', 'escribió:', `Nota: ${TEXTS[1]}`)}</ol>`,
    );
    expect(found.comments.map((c) => [c.author, c.text])).toEqual([
      ['Aline Morel', TEXTS[0]],
      ['Ana Ruiz', `Nota: ${TEXTS[1]}`],
    ]);
  });
});

/** The comments of a hand-written post page whose feed item prints the page's first paragraph. */
function commentsOf(html: string, url: string, title: string) {
  const page = parsePage(html, url);
  const first = findAll((e) => e.name === 'p', page.document.children)[0];
  const description = first === undefined ? null : first.children.map((c) => ('data' in c ? c.data : '')).join('');
  const result = extractObject(page, articleItem(title, description, url), { comments: { feedItems: [] } });
  expect(result.ok).toBe(true);
  return result.ok ? (result.comments?.comments ?? []) : [];
}

describe('a byline whose date sits in a layout wrapper of its own', () => {
  it("names the author from the line before the wrapper (a block theme's comment row, its class names gone)", () => {
    const url = 'http://blocks.test/2025/03/weir/';
    const entry = (name: string, when: string, text: string): string =>
      `<li><div><div><div><img alt="" src="/a.png"></div><div><div>${name}</div><div><div><time datetime="2025-03-16T10:45:00Z"><a href="#c">${when}</a></time></div></div><div><p>${text}</p></div><div><a href="?replytocom=1#respond">Reply</a></div></div></div></div></li>`;
    const html = `<html lang="en"><body><main><h1>The weir at dawn</h1><div><p>The weir was quiet at dawn, the water low and the old wheel still after the long dry spell of the spring.</p><p>By noon the miller had opened the sluice and the race ran again, loud enough to drown the birds.</p></div>
<div id="comments"><h2>2 thoughts on the weir</h2><ol>${entry('Ada Lind', '16/03/2025 10:45', 'I walked there last week and the wheel was turning again.')}${entry('Elif Aksoy', '16/03/2025 12:15', 'Lovely photographs of the sluice, thank you for these.')}</ol></div></main></body></html>`;
    const comments = commentsOf(html, url, 'The weir at dawn');
    expect(comments.map((c) => c.author)).toEqual(['Ada Lind', 'Elif Aksoy']);
    expect(comments.map((c) => c.text)).toEqual([
      'I walked there last week and the wheel was turning again.',
      'Lovely photographs of the sluice, thank you for these.',
    ]);
  });
});

describe("a link to the page's reply form", () => {
  it('is left out of a lone comment, which has no sibling to show it repeats', () => {
    const url = 'http://reka.test/zapisi/7.html';
    const html = `<html lang="en"><body><main><div><h1>Ice on the river</h1><p>The ice came early this year and the ferry stopped a week before the usual date, so the village walked across.</p><p>By February the old men were fishing through holes in the ice again, as they did when we were young.</p></div>
<div id="comments"><h3>Comments (1)</h3><div><div><a href="/u/anna">Anna Kozlova</a> <span>4 March 2025, 10:12</span></div><p>We walked across too, the whole school did, and nobody fell in.</p><div><a href="#answer">Answer</a></div></div></div>
<h3 id="answer">Leave a comment</h3><form><textarea name="t"></textarea><button>Send</button></form></main></body></html>`;
    const comments = commentsOf(html, url, 'Ice on the river');
    expect(comments.map((c) => [c.author, c.text])).toEqual([
      ['Anna Kozlova', 'We walked across too, the whole school did, and nobody fell in.'],
    ]);
  });
});

describe('a thread whose replies are set apart by a wrapper per level', () => {
  it('is one zone: a reply printed in <blockquote>s names its author where a comment does', () => {
    const url = 'http://moulin.test/billets/gel.html';
    const record = (name: string, when: string, text: string): string =>
      `<div><span>${name}</span> <small>${when}</small><div>${text}</div><a href="?repondre=1#ecrire">Répondre</a></div>`;
    const quoted = (depth: number, html: string): string => `${'<blockquote>'.repeat(depth)}${html}${'</blockquote>'.repeat(depth)}`;
    const html = `<html lang="fr"><body><div><a href="/">Carnet du moulin</a></div><div><h1>Le gel tardif</h1><div>1 mars 2025, 09:00</div><div><p>Le gel est revenu cette nuit sur les vergers de la vallée, et les fleurs des cerisiers ont noirci avant le matin.</p><p>Les anciens disent que cela arrive une année sur dix, mais nous en sommes à la troisième de suite.</p></div>
<div><h3>Réponses</h3>${record('Aline Morel', '1 mars 2025, 10:45', 'Chez nous aussi les abricotiers ont souffert.')}${quoted(1, record('Bruno Petit', '1 mars 2025, 12:15', 'Les abricotiers fleurissent trop tôt, ils gèlent presque chaque année dans la vallée.'))}${quoted(2, record('Denis Faure', '1 mars 2025, 13:45', 'Pas les nôtres, plantés au nord derrière le moulin, ils fleurissent plus tard.'))}${record('Élodie Blanc', '1 mars 2025, 15:15', 'Merci pour les photographies du verger.')}${quoted(1, record('Aline Morel', '1 mars 2025, 16:45', 'Elles sont de mon voisin, il monte au verger chaque matin.'))}
<h3 id="ecrire">Laisser une réponse</h3><form><textarea name="r"></textarea><button>Envoyer</button></form></div></div></body></html>`;
    const comments = commentsOf(html, url, 'Le gel tardif');
    expect(comments.map((c) => [c.depth, c.author])).toEqual([
      [0, 'Aline Morel'],
      [1, 'Bruno Petit'],
      [2, 'Denis Faure'],
      [0, 'Élodie Blanc'],
      [1, 'Aline Morel'],
    ]);
  });
});

describe("a comment system's embed printed without class names", () => {
  const url = 'http://weir.test/blog/2025/03/frost/';
  const forum = 'https://talk.weir.test';
  const post = (n: number, name: string, when: string, text: string, extra = { before: '', after: '' }): string =>
    `<article id="post-${n}"><a href="${forum}/t/frost/7/${n}" title="${when}">${when.slice(0, 6)}</a>${extra.before}<div><a href="${forum}/u/${name}"><img src="${forum}/avatar/${name}.png" alt=""></a></div><div><h3><a href="${forum}/u/${name}">${name}</a></h3><p>${text}</p>${extra.after}</div></article>`;
  const page = (posts: string, count: string): string =>
    `<html lang="en"><body><main><article><h1>Frost on the weir</h1><div><p>The frost came back in the night and the weir was white at dawn, the wheel stopped under the ice.</p><p>By noon the sun had freed it and the race ran again, louder than before after the long cold night.</p></div></article>
<section id="comments"><div><header><span>${count}</span></header>${posts}<footer><a href="${forum}/t/frost/7">Continue Discussion</a></footer></div></section></main></body></html>`;

  it('names each author by the link its avatar shares, and leaves the link to the entry itself and the in-reply-to line out of the text', () => {
    const html = page(
      post(2, 'farah_h', 'Mar 13, 2025 10:45am', 'The weir froze here too, the first time in years.', {
        before: '',
        after: `<a href="${forum}/t/frost/7/2">1 Reply</a>`,
      }) +
        post(3, 'dmitri_v', 'Mar 13, 2025 12:15pm', 'Did the wheel crack in the cold, or was it spared?', {
          before: `<a href="${forum}/t/frost/7/2">▶ farah_h</a>`,
          after: '',
        }) +
        post(4, 'ana_r', 'Mar 14, 2025 09:05am', 'Lovely photographs of the ice on the race.'),
      '3 Replies',
    );
    const comments = commentsOf(html, url, 'Frost on the weir');
    expect(comments.map((c) => [c.author, c.text])).toEqual([
      ['farah_h', 'The weir froze here too, the first time in years.'],
      ['dmitri_v', 'Did the wheel crack in the cold, or was it spared?'],
      ['ana_r', 'Lovely photographs of the ice on the race.'],
    ]);
    expect(comments.map((c) => c.depth)).toEqual([0, 1, 0]);
  });

  it("leaves a lone entry's date out of its text, the list around it taken for the entry", () => {
    const html = page(post(2, 'gus_m', 'Mar 25, 2025 10:45am', 'Frost on the ladder too, and the mill pond frozen.'), '1 Reply');
    const comments = commentsOf(html, url, 'Frost on the weir');
    expect(comments.map((c) => [c.author, c.text])).toEqual([['gus_m', 'Frost on the ladder too, and the mill pond frozen.']]);
  });
});

describe('a comment widget printed as bare nested cards (its DOM as archived, class names gone)', () => {
  it('reads each card: the letter avatar, the name before its score and date, the score by its place, the replies nested in the contents', () => {
    const url = 'http://polder.test/notes/dykes.html';
    const card = (id: number, name: string, score: string, text: string, children = ''): string =>
      `<div id="commento-comment-card-${id}"><div id="commento-comment-header-${id}"><div><button type="button" title="Upvote"></button><button type="button" title="Reply"></button></div><div>${name.charAt(0)}</div><div id="commento-comment-name-${id}">${name}</div><div><div>${score}</div><div title="Sat Mar 22 2025 10:45:00 GMT+0000">1 months ago</div></div></div><div id="commento-comment-contents-${id}"><div><p>${text}</p></div>${children === '' ? '' : `<div id="commento-comment-children-${id}">${children}</div>`}</div></div>`;
    const html = `<html lang="en"><body><main><article><h2>Dykes of the polder</h2><div><p>The old dykes of the polder were raised again this winter, a metre higher than the ones our grandparents built.</p><p>The pumping station runs day and night now, and the ditches are cleaner than they have been in years.</p></div></article>
<section><h3>Comments</h3><div id="commento"><div><textarea placeholder="Add a comment"></textarea></div><div id="commento-comments-area">${card(1, 'Hana Sato', '1 point', 'The new dyke shows from the church tower, a long green line.')}${card(2, 'Dmitri Volkov', '2 points', 'Does the station still run on diesel at night?', card(3, 'Gus Moran', '3 points', 'Electric since the spring, the diesel is kept for storms.'))}</div></div></section></main></body></html>`;
    const comments = commentsOf(html, url, 'Dykes of the polder');
    expect(comments.map((c) => [c.depth, c.author, c.text])).toEqual([
      [0, 'Hana Sato', 'The new dyke shows from the church tower, a long green line.'],
      [0, 'Dmitri Volkov', 'Does the station still run on diesel at night?'],
      [1, 'Gus Moran', 'Electric since the spring, the diesel is kept for storms.'],
    ]);
  });
});

describe('a byline naming the comment a reply answers', () => {
  it('takes the name the line marks up apart, not the label after it ("<span>Bram Kok</span> replied to <a>comment from Ada Lind</a>")', () => {
    const url = 'http://lock.test/2025/03/first-barge.html';
    const entry = (id: number, name: string, reply: string, text: string): string =>
      `<div id="comment-${id}"><div><div><div><span><span>${name}</span>${reply} <span>|</span> <a href="${url}#comment-${id}"><abbr title="2025-03-0${id}T10:45:00+00:00">March 0${id}, 2025 10:45 AM</abbr></a> <span>|</span> <a title="Reply" href="javascript:void(0);">Reply</a></span></div></div><div><p>${text}</p></div></div></div>`;
    const html = `<html lang="en"><body><div><div><h1>The first barge</h1><div><p>The lock keeper came out at dawn and opened the gates for the first barge of the season, a long green boat.</p><p>By noon there were six boats waiting below the lock and the keeper had not stopped for his lunch.</p></div></div>
<div id="comments"><h2>3 Comments</h2><div>${entry(1, 'Bram Kok', '', 'A fine day for the first barge.')}${entry(2, 'Ada Lind', '', 'Six boats before noon, a record.')}${entry(3, 'Bram Kok', ` replied to <a href="${url}#comment-2">comment from Ada Lind</a>`, 'Not a record, there were nine in 2019.')}</div></div></div></body></html>`;
    const comments = commentsOf(html, url, 'The first barge');
    expect(comments.map((c) => [c.author, c.text])).toEqual([
      ['Bram Kok', 'A fine day for the first barge.'],
      ['Ada Lind', 'Six boats before noon, a record.'],
      ['Bram Kok', 'Not a record, there were nine in 2019.'],
    ]);
  });
});

describe('signed records on a page of top-level <div>s (no <main>, <aside> or <footer>)', () => {
  it("finds the records inside the block holding the article, which is the page's main column, not a record", () => {
    const url = 'http://caderno.test/p4/';
    const signed = (text: string, name: string): string => `<blockquote><p>${text}</p></blockquote><p>— <cite>${name}</cite></p>`;
    const html = `<html lang="pt"><body><div><a href="/">Caderno</a> <div><a href="/">Início</a> <a href="/sobre/">Sobre</a></div></div>
<div><div><h1>O moinho da ilha</h1><p>O moinho da ilha voltou a moer esta semana, depois de dois invernos parado à espera de uma mó nova.</p><p>Os vizinhos vieram ver a primeira farinha e ficaram até ao fim da tarde a conversar no cais.</p></div>
<div class="conversa"><h3>Participe da conversa</h3>${signed('Que bom ver o moinho a trabalhar outra vez, lembro-me dele em criança.', 'Eva Matos')}${signed('A farinha ficou boa? Quero experimentar no pão de domingo.', 'Duarte Reis')}${signed('Fui ao cais e trouxe um saco, está ótima.', 'Eva Matos')}</div><div><textarea></textarea></div></div>
<div><h4>Recentes</h4><ul><li><a href="/p4/">O moinho da ilha</a></li><li><a href="/p3/">Sombra cesto lanterna antes carta</a></li><li><a href="/p2/">Padaria lanterna claro mercado devagar</a></li><li><a href="/p1/">Longo levado contado moinho vale</a></li></ul></div><div><p>Escrito à mão numa ilha pequena.</p></div></body></html>`;
    const comments = commentsOf(html, url, 'O moinho da ilha');
    expect(comments.map((c) => c.author)).toEqual(['Eva Matos', 'Duarte Reis', 'Eva Matos']);
  });
});
