import { describe, expect, it } from 'vitest';
import { type Feed, parseFeed } from './index.js';
import { readFixture } from '../../test/helpers/feed-fixtures.js';

function parse(name: string, url: string): Feed {
  const feed = parseFeed(readFixture(name), { url });
  if (feed === null) throw new Error(`${name} did not parse`);
  return feed;
}

describe('comment feeds are told apart from article feeds', () => {
  it('WordPress site-wide comment feed: kind comments, each item answers the post of its #comment anchor', () => {
    const feed = parse('wordpress-comments-sitewide.xml', 'http://devblog.test:8081/comments/feed/');
    expect(feed.kind).toBe('comments');
    expect(feed.kindReason).toMatch(/Comments for Package Notes/);
    expect(feed.items[0]?.link).toBe('http://devblog.test:8081/2026/03/description-the-control-file/#comment-26');
    expect(feed.items[0]?.inReplyTo).toBe('http://devblog.test:8081/2026/03/description-the-control-file/');
    expect(feed.items.every((i) => i.inReplyTo !== null && !i.inReplyTo.includes('#'))).toBe(true);
  });

  it('WordPress per-post comment feed: items reply to the post named by the channel link', () => {
    const feed = parse('wordpress-comments-per-post.xml', 'http://devblog.test:8081/2025/10/automatic-upgrades-configuring-apt/feed/');
    expect(feed.kind).toBe('comments');
    expect(new Set(feed.items.map((i) => i.inReplyTo))).toEqual(
      new Set(['http://devblog.test:8081/2025/10/automatic-upgrades-configuring-apt/']),
    );
  });

  it('an empty per-post comment feed is still a comment feed (by its title)', () => {
    const feed = parse('wordpress-comments-per-post-empty.xml', 'http://devblog.test:8081/2025/11/x/feed/');
    expect(feed).toMatchObject({ kind: 'comments', items: [] });
  });

  it('Blogger-style Atom comment feed with only thr:in-reply-to to tell (channel title is the blog name)', () => {
    const feed = parse('atom-comments-thr.xml', 'http://devblog.test:8081/feeds/comments/default');
    expect(feed.kind).toBe('comments');
    expect(feed.kindReason).toBe('4/4 items declare thr:in-reply-to');
    expect(feed.items[0]?.inReplyTo).toBe('http://devblog.test:8081/2026/03/description-the-control-file/');
  });

  it('the same comments at a neutral URL with no thr and no title signal fall back on comment anchors in links', () => {
    const xml = readFixture('atom-comments-thr.xml').replace(/<thr:in-reply-to[^>]*\/>/g, '');
    const feed = parseFeed(xml, { url: 'http://devblog.test:8081/atom.xml' });
    expect(feed?.kind).toBe('comments');
    expect(feed?.kindReason).toMatch(/comment anchor/);
    expect(feed?.items[0]?.inReplyTo).toBe('http://devblog.test:8081/2026/03/description-the-control-file/');
  });

  it('a site-wide comment feed named in no known word, its items linking to anchors on the posts: comments, each answering its post', () => {
    const item = (post: string, n: number, who: string) =>
      `<item><title>${who} sur « ${post} »</title><link>http://carnet.test/${post}/#r${n}</link><guid isPermaLink="false">${post}-${n}</guid><pubDate>Sun, 0${n} Mar 2025 10:00:00 +0000</pubDate><description>Réaction ${n} de ${who} au billet ${post}.</description></item>`;
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>Carnet — réactions</title><link>http://carnet.test/</link><description>x</description>${[
      item('jardin', 1, 'Ana'),
      item('jardin', 2, 'Bo'),
      item('four', 1, 'Cy'),
      item('four', 3, 'Ana'),
    ].join('')}</channel></rss>`;
    const feed = parseFeed(xml, { url: 'http://carnet.test/reactions.xml' });
    expect(feed?.kind).toBe('comments');
    expect(feed?.kindReason).toMatch(/anchors of pages several items link to/);
    expect(feed?.items.map((i) => i.inReplyTo)).toEqual([
      'http://carnet.test/jardin/',
      'http://carnet.test/jardin/',
      'http://carnet.test/four/',
      'http://carnet.test/four/',
    ]);
  });

  it.each([
    ['wordpress-rss2-full.xml', 'http://devblog.test:8081/feed/'],
    ['wordpress-atom.xml', 'http://devblog.test:8081/feed/atom/'],
    ['pelican-atom-full.xml', 'http://pelican-dev.test:8090/feeds/all.atom.xml'],
    ['pelican-rss-summary.xml', 'http://pelican-dev.test:8090/feeds/all.rss.xml'],
    ['dataset-excerpt-rss.xml', 'http://googlenewsblog.blogspot.com/feed.xml'],
  ])('article feed %s stays an article feed', (name, url) => {
    const feed = parse(name, url);
    expect(feed.kind).toBe('article');
    expect(feed.items.every((i) => i.inReplyTo === null)).toBe(true);
  });
});

describe('comment feeds recognised by what they are, never by their URL', () => {
  const rss = (channel: string, items: string) => `<?xml version="1.0"?><rss version="2.0"><channel>${channel}${items}</channel></rss>`;
  const replies = (link: string) =>
    ['Good point about the mice.', 'Aquadulce never let me down.', 'Chicken wire tunnels work.']
      .map(
        (t, i) =>
          `<item><title>Reader ${i}</title><link>${link}</link><guid isPermaLink="false">r${i}</guid><description>${t}</description></item>`,
      )
      .join('');

  it('a channel description "Comments on <title>" with items linking to the site root: per-post, post named by title, no reply target', () => {
    const feed = parseFeed(
      rss(
        '<title>Allotment Diary</title><link>http://a.test/</link><description>Comments on Broad beans sown in November</description>',
        replies('http://a.test/'),
      ),
      { url: 'http://a.test/x.rss' },
    );
    expect(feed).toMatchObject({ kind: 'comments', commentedPost: { url: null, title: 'Broad beans sown in November' } });
    expect(feed?.items.every((i) => i.inReplyTo === null)).toBe(true);
  });

  it('other languages count as English does ("Kommentare zu", "Commentaires sur")', () => {
    for (const d of ['Kommentare zu Saubohnen im November', 'Commentaires sur Les fèves en novembre']) {
      const feed = parseFeed(
        rss(`<title>Site</title><link>http://a.test/</link><description>${d}</description>`, replies('http://a.test/')),
        { url: 'http://a.test/f.xml' },
      );
      expect(feed?.kind).toBe('comments');
      expect(feed?.commentedPost?.title).not.toBeNull();
    }
  });

  it("distinct items all linking to one post page are that post's comment feed (JSON Feed too)", () => {
    const json = JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Site',
      home_page_url: 'http://a.test/',
      items: ['One reply here.', 'Another reply there.', 'A third reply.'].map((t, i) => ({
        id: `c${i}`,
        url: 'http://a.test/2026/03/post',
        content_text: t,
      })),
    });
    const feed = parseFeed(json, { url: 'http://a.test/feed.json' });
    expect(feed).toMatchObject({ kind: 'comments', commentedPost: { url: 'http://a.test/2026/03/post' } });
    expect(feed?.items.every((i) => i.inReplyTo === 'http://a.test/2026/03/post')).toBe(true);
  });

  it('a comment-feed-like URL alone does not make a comment feed', () => {
    const posts = ['one', 'two', 'three']
      .map((s) => `<item><title>Post ${s}</title><link>http://a.test/${s}</link><description>Text of ${s}.</description></item>`)
      .join('');
    expect(parseFeed(rss('<title>Site</title><link>http://a.test/</link>', posts), { url: 'http://a.test/comments/feed/' })?.kind).toBe(
      'article',
    );
  });
});

describe('full vs partial content (002)', () => {
  it.each([
    ['wordpress-rss2-full.xml', 'content field'],
    ['wordpress-atom.xml', 'content field'],
    ['pelican-atom-full.xml', 'content field'],
    ['rss-1.0-rdf.xml', 'content field'],
    ['json-feed-1.1.json', 'content field'],
  ])('%s is full content', (name, reason) => {
    const feed = parse(name, 'http://x.test/feed');
    expect(feed.isFullContent).toBe(true);
    expect(feed.fullContentReason).toMatch(reason);
    expect(feed.items.every((i) => i.isFullContent === true)).toBe(true);
  });

  it('Pelican RSS summaries ending in an ellipsis: partial', () => {
    const feed = parse('pelican-rss-summary.xml', 'http://pelican-dev.test:8090/feeds/all.rss.xml');
    expect(feed.isFullContent).toBe(false);
    expect(feed.fullContentReason).toBe('9/10 bodies end in a truncation marker (ellipsis, [...], read more)');
  });

  it('WordPress descriptions end in "Continue reading": partial when the content field is gone', () => {
    const xml = readFixture('wordpress-rss2-full.xml').replace(/<content:encoded>[\s\S]*?<\/content:encoded>/g, '');
    const feed = parseFeed(xml, { url: 'http://devblog.test:8081/feed/' });
    expect(feed?.isFullContent).toBe(false);
    expect(feed?.fullContentReason).toMatch(/truncation marker/);
  });

  it.each(['dataset-excerpt-rss.xml', 'dataset-excerpt-html-rss.xml', 'dataset-meta-description-rss.xml'])(
    '%s (excerpts, meta descriptions) is partial',
    (name) => {
      const feed = parse(name, 'http://x.test/feed.xml');
      expect(feed.isFullContent).toBe(false);
      expect(feed.items.every((i) => i.isFullContent === false)).toBe(true);
    },
  );

  it('a one-item feed whose content equals its short description is full (nothing was cut)', () => {
    const xml = readFixture('wordpress-rss2-full.xml');
    const first = `${xml.slice(0, xml.indexOf('</item>') + 7)}</channel></rss>`;
    const feed = parseFeed(first, { url: 'http://devblog.test:8081/feed/' });
    expect(feed?.isFullContent).toBe(true);
  });

  it('comment feeds carry whole comments', () => {
    expect(parse('wordpress-comments-sitewide.xml', 'http://devblog.test:8081/comments/feed/').isFullContent).toBe(true);
  });
});

describe('engine conventions beyond WordPress and Pelican', () => {
  const pelicanRss = readFixture('pelican-rss-summary.xml');

  it('Drupal-style teasers ending in a "Read more about <title>" link are partial', () => {
    // The ellipsis of each summary replaced by a Drupal 8+ read-more link naming the post.
    const xml = pelicanRss.replace(
      / …&lt;\/p&gt;/g,
      '&lt;/p&gt;&lt;a href="/node/1"&gt;Read more&lt;span class="visually-hidden"&gt; about this post&lt;/span&gt;&lt;/a&gt;',
    );
    const feed = parseFeed(xml, { url: 'http://drupal.test/rss.xml' });
    expect(feed?.isFullContent).toBe(false);
    expect(feed?.items.filter((i) => i.contentReason === 'body ends in a truncation marker').length).toBeGreaterThanOrEqual(8);
  });

  it('FeedBurner flares and tracking pixels are removed, and do not hide the cut ending', () => {
    const flare =
      '&lt;div class="feedflare"&gt;&lt;a href="http://feeds.feedburner.com/~ff/x?a=1"&gt;&lt;img src="http://feeds.feedburner.com/~ff/x?d=2" border="0"&gt;&lt;/a&gt;&lt;/div&gt;&lt;img src="http://feeds.feedburner.com/~r/x/~4/abc" height="1" width="1" alt=""/&gt;';
    const xml = pelicanRss.replace(/&lt;\/p&gt;<\/description>/g, `&lt;/p&gt;${flare}</description>`);
    const feed = parseFeed(xml, { url: 'http://feeds.feedburner.com/x' });
    expect(feed?.items.some((i) => i.description?.includes('feedflare') || i.description?.includes('~r/'))).toBe(false);
    expect(feed?.isFullContent).toBe(false);
  });

  it('article titles starting with "By" or "Re" words are not comment by-lines', () => {
    const titles = ['By the numbers: APT in 2026', 'Reproducible builds', 'By design', 'Release notes'];
    let i = 0;
    const xml = pelicanRss.replace(/<item><title>[^<]*<\/title>/g, () => `<item><title>${titles[i++ % titles.length]}</title>`);
    expect(parseFeed(xml, { url: 'http://blog.test/feed.xml' })?.kind).toBe('article');
  });

  it('Drupal comment permalinks (/comment/N#comment-N) are not taken for the post; the per-post channel link is', () => {
    const xml = readFixture('wordpress-comments-per-post.xml')
      .replace(/<title>\s*Comments on: [^<]*<\/title>/, '<title>Automatic Upgrades: Configuring APT</title>')
      .replace(
        /<link>http:\/\/devblog\.test:8081\/2025\/10\/automatic-upgrades-configuring-apt\/#comment-(\d+)<\/link>/g,
        '<link>http://devblog.test:8081/comment/$1#comment-$1</link>',
      );
    const feed = parseFeed(xml, { url: 'http://devblog.test:8081/x.xml' });
    expect(feed?.kind).toBe('comments');
    expect(new Set(feed?.items.map((i) => i.inReplyTo))).toEqual(
      new Set(['http://devblog.test:8081/2025/10/automatic-upgrades-configuring-apt/']),
    );
  });
});
