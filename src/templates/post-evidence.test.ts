import { describe, expect, it } from 'vitest';
import { schemelessKey } from '../core/url.js';
import { describeUrlShape } from '../core/url-shape.js';
import { parseDocument } from 'htmlparser2';
import { canonicalElsewhere } from './channel-page.js';
import {
  buildSiteEvidence,
  canonicalCopies,
  contentKey,
  itemEvidence,
  listedItems,
  negativePostEvidence,
  oneEntryListings,
  queryCopies,
  queryPages,
  servedUnderManyPaths,
} from './post-evidence.js';

describe('negative post evidence', () => {
  const items = [
    {
      link: 'http://a.test/posts/one/',
      description: '<p>The first post opens with these words about compost bins and rotas in the shed.</p>',
      content: null,
    },
    {
      link: 'http://a.test/posts/two/',
      description: 'The second post opens with a story about marmalade made from Seville oranges in January.',
      content: null,
    },
  ];
  const site = buildSiteEvidence(
    ['http://a.test/posts/one/', 'http://a.test/posts/two/', 'http://a.test/posts/three/'],
    ['http://a.test/'],
    items,
  );

  it("finds items' opening texts on whole tokens, in the items' order, the page's own item left out", () => {
    const opening = (n: number) => `item ${n} opens with these ten words of its own`;
    const evidence = itemEvidence([1, 2, 3, 4].map((n) => ({ link: `http://a.test/posts/${n}/`, text: `${opening(n)} and more.` })));
    const page = `Listed: ${opening(3)}. Then ${opening(1)}; then ${opening(2)}s (a longer last word), and ${opening(4)}.`;
    expect(listedItems('http://a.test/posts/4/', page, evidence)).toEqual([1, 3].map((n) => schemelessKey(`http://a.test/posts/${n}/`)));
    expect(listedItems('http://a.test/other/', opening(1).split(' ').slice(0, 9).join(' '), evidence)).toEqual([]);
  });

  it('a feed channel link is not a post', () => {
    expect(negativePostEvidence('http://a.test/', 'anything', site)).toMatchObject({ isNotPost: true, isWeak: false });
  });

  it('a page holding the texts of two feed items of other pages lists posts', () => {
    const text =
      'Tag garden. The first post opens with these words about compost bins and rotas in the shed. More. The second post opens with a story about marmalade made from Seville oranges in January.';
    expect(negativePostEvidence('http://a.test/posts/three/', text, site)?.reason).toMatch(/texts of 2 feed items/);
  });

  it('a post quoting one other post is still a post; its own item text does not count', () => {
    const text = 'The first post opens with these words about compost bins and rotas in the shed. And then it goes on.';
    expect(
      negativePostEvidence(
        'http://a.test/posts/one/',
        `${text} The second post opens with a story about marmalade made from Seville oranges in January.`,
        site,
      ),
    ).toBeNull();
  });

  it('a page outside the posts URL shape is weak evidence (a link as entry may overrule it)', () => {
    expect(negativePostEvidence('http://a.test/about/', 'About us.', site)).toMatchObject({ isNotPost: true, isWeak: true });
  });

  it('an about page at the site root, where the posts are root slugs, is weak evidence when only a main block calls it a post', () => {
    // The feed links root slugs only: the shape `/*` is fitted by every one-segment URL.
    const rootSlugs = buildSiteEvidence(
      ['http://b.test/compost-bins/', 'http://b.test/seville-marmalade/', 'http://b.test/forcing-rhubarb/'],
      [],
      [],
    );
    expect(rootSlugs.urlShapes.map(describeUrlShape)).toEqual(['/*']);
    expect(negativePostEvidence('http://b.test/about/', 'About us.', rootSlugs, 'main-block')).toMatchObject({
      isNotPost: true,
      isWeak: true,
      reason: expect.stringMatching(/no post template matches it and it fits only the URL shape \/\*/),
    });
    // A post template match says the page is built like the posts: the URL has nothing to add.
    expect(negativePostEvidence('http://b.test/about/', 'About us.', rootSlugs, 'template')).toBeNull();
    // A shape with dates or a literal segment says more than the depth: fitting it is evidence enough.
    expect(negativePostEvidence('http://a.test/posts/four/', 'A fourth post.', site, 'main-block')).toBeNull();
  });

  it("a page whose content is another post's is weak evidence, however well its URL fits", () => {
    const latest = 'The second post opens with a story about marmalade made from Seville oranges in January. It goes on.';
    expect(negativePostEvidence('http://a.test/posts/latest/', `Menu. ${latest}`, site, 'template', latest)).toMatchObject({
      isWeak: true,
      reason: 'its content holds the text of the feed item of a.test/posts/two, another page',
    });
  });

  it("where the feed's channel link fits the posts' URL shape (a wiki), the URL is weak evidence against every page", () => {
    const wiki = buildSiteEvidence(
      ['http://w.test/wiki/Compost_Bins', 'http://w.test/wiki/Marmalade', 'http://w.test/wiki/Rhubarb'],
      ['http://w.test/wiki/Main_Page'],
      [],
    );
    expect(negativePostEvidence('http://w.test/wiki/Main_Page', 'Welcome.', wiki)).toMatchObject({ isWeak: false });
    expect(negativePostEvidence('http://w.test/wiki/About', 'About us.', wiki)).toMatchObject({
      isWeak: true,
      reason: expect.stringMatching(/fits the URL shape \/wiki\/\* .* as the feed's channel link http:\/\/w.test\/wiki\/Main_Page does/),
    });
    // Where the channel link lies outside the shape, fitting it is evidence enough.
    expect(negativePostEvidence('http://a.test/posts/four/', 'A fourth post.', site)).toBeNull();
  });
});

describe('pages showing one content', () => {
  const post = 'http://s.test/p5-lamp/';
  const tag = 'http://s.test/tag/lamp/';
  const keys = (...urls: string[]): Set<string> => new Set(urls.map((u) => schemelessKey(u)));

  it('keys a content by its words, not by its markup or case; a short text gives no key', () => {
    expect(contentKey('The lamp, the  boat and the train were mended again last week.')).toBe(
      contentKey('the LAMP the boat and the train were mended again last week'),
    );
    expect(contentKey('Read more')).toBeNull();
  });

  it('takes the page linking to the other for a list of that one entry', () => {
    const listings = oneEntryListings([
      { url: post, links: keys('http://s.test/', 'http://s.test/about/') },
      { url: tag, links: keys('http://s.test/', post) },
    ]);
    expect([...listings]).toEqual([[tag, post]]);
  });

  it('tells nothing when both pages link each other, or neither does', () => {
    expect(
      oneEntryListings([
        { url: post, links: keys(tag) },
        { url: tag, links: keys(post) },
      ]).size,
    ).toBe(0);
    expect(
      oneEntryListings([
        { url: post, links: keys() },
        { url: tag, links: keys() },
      ]).size,
    ).toBe(0);
  });

  it('takes the page naming the other its canonical URL for a copy of it, whichever links which', () => {
    const print = `${post}?print=1`;
    expect([
      ...canonicalCopies([
        { url: post, canonical: null },
        { url: print, canonical: schemelessKey(post) },
      ]),
    ]).toEqual([[print, post]]);
    // A canonical URL naming a page that does not show this content says nothing here.
    expect(
      canonicalCopies([
        { url: print, canonical: schemelessKey('http://s.test/') },
        { url: tag, canonical: null },
      ]).size,
    ).toBe(0);
  });

  it('takes the same page under a query for a copy of the page without one, else of the shortest query', () => {
    const reply = `${post}?replytocom=12`;
    expect([...queryCopies([{ url: reply }, { url: post }, { url: tag }])]).toEqual([[reply, post]]);
    expect([...queryCopies([{ url: `${post}?sort=oldest` }, { url: `${post}?s=1` }])]).toEqual([[`${post}?sort=oldest`, `${post}?s=1`]]);
    // Another path is another page, whatever the query.
    expect(queryCopies([{ url: 'http://s.test/?p=1' }, { url: 'http://s.test/a/?p=1' }]).size).toBe(0);
  });

  it('takes one content shown under five paths or more for a page the site serves, not a post', () => {
    const days = (n: number) => Array.from({ length: n }, (_, i) => `http://s.test/2025/03/${i + 1}/`);
    expect(servedUnderManyPaths(days(5))).toBe(5);
    expect(servedUnderManyPaths(days(4))).toBeNull();
    // A post's own copies share its path: ten reply links are one path.
    expect(servedUnderManyPaths(Array.from({ length: 10 }, (_, i) => `${post}?replytocom=${i}`))).toBeNull();
  });

  it('reads one-entry listings and canonical copies of thousands of pages in linear time', () => {
    const urls = Array.from({ length: 5000 }, (_, i) => `http://s.test/2025/03/day-${i}/`);
    const pages = urls.map((url, i) => ({
      url,
      links: new Set(Array.from({ length: 50 }, (_, k) => schemelessKey(urls[(i + k + 1) % urls.length] as string))),
      canonical: null,
    }));
    const started = Date.now();
    expect(oneEntryListings(pages).size).toBe(5000);
    expect(canonicalCopies(pages).size).toBe(0);
    // 50 s when every page canonicalised every other page's URL for each check.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('takes a page under a post URL with a query and the same title for a further page of that post', () => {
    const title = 'Broad beans: sowing in November';
    expect([
      ...queryPages([
        { url: post, title },
        { url: `${post}?page=2`, title: 'Broad Beans - sowing in November' },
        { url: `${post}?page=3`, title: 'Another post' },
      ]),
    ]).toEqual([[`${post}?page=2`, post]]);
    // Posts under one path told apart by their query (`?p=12`) have titles of their own; the home page is no post.
    expect(
      queryPages([
        { url: 'http://s.test/?p=1', title: 'One' },
        { url: 'http://s.test/?p=2', title: 'Two' },
      ]).size,
    ).toBe(0);
  });
});

describe('canonicalElsewhere', () => {
  const page = (url: string, head: string) => ({
    url,
    document: parseDocument(`<html><head>${head}</head><body><p>x</p></body></html>`),
    language: null,
    elements: 0,
  });

  it("reads the other page of the host a page's rel=canonical names", () => {
    expect(canonicalElsewhere(page('http://s.test/a/?print=1', '<link rel="canonical" href="/a/">'))).toBe(
      schemelessKey('http://s.test/a/'),
    );
  });

  it('is null for no canonical link, the page itself, or another host', () => {
    expect(canonicalElsewhere(page('http://s.test/a/', ''))).toBeNull();
    expect(canonicalElsewhere(page('http://s.test/a/', '<link rel="canonical" href="http://s.test/a/">'))).toBeNull();
    expect(canonicalElsewhere(page('http://s.test/a/', '<link rel="canonical" href="http://mirror.test/a/">'))).toBeNull();
  });
});
