import { textContent } from 'domutils';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../core/diagnostics.js';
import type { FeedItem } from '../feeds/index.js';
import { feedItem } from '../../test/helpers/feed-items.js';
import { explainExtraction, extractObject, extractObjects, parsePage } from './index.js';

function item(over: Partial<FeedItem>): FeedItem {
  return feedItem({ link: 'https://blog.test/a', ...over });
}

const PARA1 = 'One of the most delightful aspects of being a scientist is that you’re always learning from colleagues and students.';
const PARA2 = 'This morning the New York Times ran a piece on how to study, and most of its advice was sound and well researched.';
const PAGE = `<!doctype html><html lang="en"><head><title>A study on how to study | Blog</title><script>var x = 1;</script></head>
<body><nav><a href="/">Home</a> <a href="/a">A study on how to study</a></nav>
<div id="post-5353" class="post"><h1 class="entry-title">A study on how to study</h1>
<div class="byline">by <a rel="author" href="/daniel">Daniel</a> on <time datetime="2010-09-08T03:16:54Z">September 8, 2010</time></div>
<div class="entry-content"><p>${PARA1}</p><p>${PARA2}</p><p style="display:none">hidden text never shown</p>
<div class="sharedaddy"><a href="https://facebook.com/share">Share on Facebook</a></div>
<p><a href="/related">related</a> <img src="/img/a.png" alt="chart"></p></div>
<div id="comments" class="comments-area"><p>Great post! One of the most delightful aspects indeed, I'm always learning too.</p></div></div>
<aside class="sidebar"><ul><li><a href="/a">A study on how to study</a></li></ul></aside></body></html>`;

const ITEM = item({
  title: 'A study on how to study',
  author: 'Daniel',
  published: '2010-09-08T03:16:54.000Z',
  categories: ['Advice'],
  description: `${PARA1} This morning the New York [&#8230;] <a href="https://blog.test/a">Read more</a>`,
});

describe('extractObject', () => {
  it('finds the article zone and leaves out comments, share widgets and hidden text', () => {
    const r = extractObject(parsePage(PAGE, 'https://blog.test/a'), ITEM);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.object.text.split('\n')).toEqual([PARA1, PARA2, 'related']);
    expect(r.object.title).toBe('A study on how to study');
    expect(r.object.author).toBe('Daniel');
    expect(r.object.published).toBe('2010-09-08T03:16:54.000Z');
    expect(r.object.paths.content).toBe('|html|body|div[@id=post-5353,@class=post]|div[@class=entry-content]');
    expect(r.object.paths.title).toBe('|html|body|div[@id=post-5353,@class=post]|h1[@class=entry-title]');
    expect(r.object.paths.date).toMatch(/\|time$/);
    expect(r.object.references).toEqual([
      { kind: 'link', url: 'https://blog.test/related', text: 'related' },
      { kind: 'image', url: 'https://blog.test/img/a.png', text: 'chart' },
    ]);
    expect(r.object.html).not.toMatch(/script|Facebook|Great post|hidden text/);
    expect(r.object.confidence).toBeGreaterThan(0.7);
    expect(explainExtraction(r).join('\n')).toMatch(/zones \(ngrams\)/);
  });

  it('leaves out a sign-up box whose form controls outnumber its lines, and keeps a form among enough text', () => {
    const signUp =
      '<div class="box"><h4>The morning letter</h4><p>The news of the county in your inbox at six every morning, free to cancel at any time.</p>' +
      '<form action="/nl"><input type="email" name="m"><button>Sign up</button></form></div>';
    const quiz =
      `<div class="task"><p>${PARA1}</p><p>${PARA2}</p><p>Try it yourself before the answer below.</p>` +
      '<p>Write the number of minutes you would study: <input type="number" name="minutes"></p><input type="hidden" name="t"></div>';
    const page = PAGE.replace('<p style="display:none">', `${signUp}${quiz}<p style="display:none">`);
    const r = extractObject(parsePage(page, 'https://blog.test/a'), ITEM);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.object.text).not.toContain('morning letter');
    expect(r.object.text).not.toContain('free to cancel');
    expect(r.object.text).toContain('Write the number of minutes');
  });

  it('falls back to concepts when the description summarises instead of excerpting', () => {
    const summary = item({
      title: 'A study on how to study',
      description: 'Scientist learning: New York Times study advice, colleagues and students.',
    });
    const r = extractObject(parsePage(PAGE, 'https://blog.test/a'), summary);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.object.text).toContain(PARA2);
    expect(r.object.text).not.toContain('Great post');
  });

  it('returns a reason, not the whole body, when the item is not on the page', () => {
    const other = item({
      title: 'Quantum gardening for beginners',
      description: 'Tomatoes grown under entangled photons yield twice the harvest in winter.',
    });
    const r = extractObject(parsePage(PAGE, 'https://blog.test/a'), other);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toMatch(/no conceptual node|concepts/);
  });

  it('gives each item of a channel page its own node', () => {
    const post = (id: number, title: string, text: string): string =>
      `<div class="post" id="p${id}"><h2>${title}</h2><div class="entry"><p>${text}</p><p>${text.split(' ').reverse().join(' ')}</p></div></div>`;
    const t1 = 'Rivers carry sediment from the mountains down to the sea over many thousands of years';
    const t2 = 'Compilers translate source programs into machine code through many careful optimisation passes';
    const html = `<html><body><div id="main">${post(1, 'Rivers and sediment', t1)}${post(2, 'How compilers work', t2)}</div></body></html>`;
    const [a, b] = extractObjects(parsePage(html, 'https://blog.test/'), [
      item({ title: 'Rivers and sediment', description: t1 }),
      item({ title: 'How compilers work', description: t2 }),
    ]);
    expect(a?.ok && b?.ok).toBe(true);
    if (!a?.ok || !b?.ok) return;
    expect(a.object.wrapper).not.toBe(b.object.wrapper);
    expect(a.object.text).toContain('sediment');
    expect(a.object.text).not.toContain('Compilers');
    expect(b.object.text).not.toContain('Rivers');
  });
});

describe('parsePage', () => {
  it('detects the language from <html lang>, else from the text', () => {
    expect(parsePage(PAGE, 'https://blog.test/a').language).toBe('en');
    const fr =
      '<html><body><p>Ceci est un article écrit en français, qui parle de la cuisine et des recettes de nos grands-mères.</p></body></html>';
    expect(parsePage(fr, 'https://blog.test/fr').language).toBe('fr');
  });

  it('caps DOMs nested too deep while parsing, keeps their text, and reports it', () => {
    const diagnostics = new Diagnostics();
    const deep = `<html><body>${'<div>'.repeat(2000)}deep${'</div>'.repeat(2000)}<p>shallow text</p></body></html>`;
    const page = parsePage(deep, 'https://blog.test/deep', { diagnostics, config: { maxDepth: 100 } });
    expect(diagnostics.count('page.too-deep')).toBe(1);
    expect(diagnostics.summary()[0]?.examples[0]).toBe(
      'DOM deeper than maxDepth 100: 1902 opening tags below that level dropped, their text kept (https://blog.test/deep)',
    );
    expect(textContent(page.document)).toContain('deep');
    expect(textContent(page.document)).toContain('shallow text');
  });

  it('truncates pages over the size cap and reports it', () => {
    const diagnostics = new Diagnostics();
    parsePage(`<html><body>${'x'.repeat(5000)}</body></html>`, 'https://blog.test/big', { diagnostics, config: { maxPageBytes: 1000 } });
    expect(diagnostics.count('page.too-large')).toBe(1);
  });

  /** One archived page (test/fixtures/pages) and the item its feed gave for it. */
  const fromFixture = (file: string, url: string, title: string, description: string) =>
    extractObject(
      parsePage(readFileSync(join(import.meta.dirname, '../../test/fixtures/pages', file), 'utf8'), url),
      item({ link: url, title, description }),
    );

  it("takes the article, not the post's own teaser in a sidebar widget that matches the summary more densely", () => {
    const r = fromFixture(
      'dragnet-teaser-in-widget.html',
      'http://fivethirtyeight.blogs.nytimes.com/2012/11/06/nov-5-late-poll-gains-for-obama-leave-romney-with-longer-odds/',
      'Nov. 5: Late Poll Gains for Obama Leave Romney With Longer Odds',
      'President Obama appears to have gained ground in the closing days of the race: among 12 national polls published on Monday, he led Mitt Romney by an average of 1.6 percentage points.',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.object.text).toMatch(/Mitt Romney has always had difficulty drawing a winning Electoral College hand/);
    expect(r.object.text).not.toMatch(/Search This Blog/);
  });

  it('leaves out a copy of the article that a hiding class keeps from the reader', () => {
    const r = fromFixture(
      'dragnet-hidden-copy.html',
      'http://online.wsj.com/article/SB10000872396390443570904577545761827262098.html',
      'Geithner Urges Action on Debt Crisis',
      '<p>Updated July 23, 2012, 10:49 p.m. ET Geithner Urges Quick Action on Debt Crisis BY JEFFREY SPARSHOTT Treasury Secretary Timothy Geithner Monday warned German leaders against leaving Europe teetering on the edge of financial disaster while trying to force troubled neighbors to...</p>',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.object.text.match(/Treasury Secretary Timothy Geithner Monday warned/g)).toHaveLength(1);
  });

  it('reaches the first block of an article split over layout blocks of one kind, an image block between', () => {
    const p1 = 'The kiln was loaded on Friday evening with forty bowls, six tall jugs and a stack of small tiles.';
    const p2 =
      'By Saturday noon the cones had bent, and the long wait for the kiln to cool down had begun; nobody was allowed to open the spy holes, however much they wanted to look.';
    const p3 =
      'On Monday morning the door opened on a glaze that had run further than any of us expected, pooling in the bowls and tying two of the jugs to the shelf they stood on.';
    const block = (inner: string): string =>
      `<div class="row"><div class="col"><div class="block html-block"><div class="block-content">${inner}</div></div></div></div>`;
    const image =
      '<div class="row"><div class="col"><div class="block image-block"><figure><img src="/k.jpg" alt=""></figure></div></div></div>';
    const html = `<html><body><nav><a href="/">Studio</a></nav><article><h1>After the firing</h1><div class="layout">${block(`<p>${p1}</p>`)}${image}${block(`<p>${p2}</p><p>${p3}</p>`)}</div></article><footer><p>Pottery by the river</p></footer></body></html>`;
    const r = extractObject(parsePage(html, 'https://blog.test/a'), item({ title: 'After the firing', description: `${p1} ${p2} ${p3}` }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.object.text.split('\n')).toEqual([p1, p2, p3]);
  });

  it("keeps the notes the article's text links to, short as they are, and leaves out a box of short lines nothing links to", () => {
    const p1 = 'The tide tables for the estuary were printed by the harbour office every spring, with corrections.';
    const p2 = 'Most of the corrections came from the ferrymen, who kept their own notebooks of the crossings.';
    const ref = (n: number): string => `<sup id="fnref:${n}"><a href="#fn:${n}" class="footnote-ref">${n}</a></sup>`;
    const notes =
      '<section class="footnotes"><ol><li id="fn:1"><p>Office records, 1931. <a href="#fnref:1">↩</a></p></li><li id="fn:2"><p>See the ferry log. <a href="#fnref:2">↩</a></p></li></ol></section>';
    const box = '<div class="facts"><div>Tides: 2 a day</div><div>Office: since 1880</div><div>Ferrymen: 12</div></div>';
    const html = `<html><body><article><h1>Tide tables</h1><div class="body"><p>${p1}${ref(1)}</p><p>${p2}${ref(2)}</p>${box}${notes}</div></article></body></html>`;
    const r = extractObject(parsePage(html, 'https://blog.test/a'), item({ title: 'Tide tables', description: `${p1} ${p2}` }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.object.text).toContain('Office records, 1931.');
    expect(r.object.text).toContain('See the ferry log.');
    expect(r.object.text).not.toContain('Ferrymen: 12');
  });
  it('leaves out a one-line box linking another post of the site, and keeps one-line boxes linking elsewhere', () => {
    const paras = [
      'The ferry crossing reopened on Monday after three weeks of repairs to the landing stage and its ramp.',
      'Drivers had queued for an hour at the bridge while the ferry was out, and the council counted the cost.',
      'The harbour master said the new ramp would last for twenty years if the winter storms are kind to it.',
    ];
    const page =
      '<!doctype html><html lang="en"><head><title>Ferry reopens</title></head><body><article><h1>Ferry reopens after repairs</h1>' +
      `<div class="text"><p>${paras[0]}</p></div>` +
      '<div class="box"><b>Read more:</b> <a href="/2025/03/bridge-queues-grow">Bridge queues grow as the ferry stays shut</a></div>' +
      `<div class="text"><p>${paras[1]}</p></div>` +
      '<div class="box">Source: <a href="https://agency.example/wire/123">County Wire Agency</a></div>' +
      '<div class="box"><a href="/tag/ferry">ferry</a> <a href="/tag/harbour">harbour</a></div>' +
      `<div class="text"><p>${paras[2]}</p></div></article></body></html>`;
    const r = extractObject(
      parsePage(page, 'https://news.test/2025/03/ferry-reopens'),
      item({ link: 'https://news.test/2025/03/ferry-reopens', title: 'Ferry reopens after repairs', description: paras[0] as string }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.object.text).not.toContain('Bridge queues grow');
    expect(r.object.text).toContain('Source: County Wire Agency');
    expect(r.object.text).toContain('ferry harbour');
    for (const p of paras) expect(r.object.text).toContain(p);
  });
});
