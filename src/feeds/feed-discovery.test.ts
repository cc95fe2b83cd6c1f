import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { discoverFeeds } from './index.js';
import { readFixture } from '../../test/helpers/feed-fixtures.js';

describe('discoverFeeds (002 "Feed discovery")', () => {
  it('WordPress home: autodiscovery links, the comment feed flagged', () => {
    const feeds = discoverFeeds(readFixture('../segment/wp-dev-home.html'), 'http://devblog.test:8081/');
    expect(feeds.filter((f) => f.via === 'autodiscovery')).toEqual([
      {
        url: 'http://devblog.test:8081/feed/',
        type: 'application/rss+xml',
        title: 'Package Notes » Feed',
        via: 'autodiscovery',
        isCommentFeed: false,
      },
      {
        url: 'http://devblog.test:8081/comments/feed/',
        type: 'application/rss+xml',
        title: 'Package Notes » Comments Feed',
        via: 'autodiscovery',
        isCommentFeed: true,
      },
    ]);
  });

  it('Pelican home: Atom and RSS autodiscovery', () => {
    const feeds = discoverFeeds(readFixture('pelican-home.html'), 'http://pelican-dev.test:8090/');
    expect(feeds.map((f) => [f.url, f.type, f.via])).toEqual([
      ['http://pelican-dev.test:8090/feeds/all.atom.xml', 'application/atom+xml', 'autodiscovery'],
      ['http://pelican-dev.test:8090/feeds/all.rss.xml', 'application/rss+xml', 'autodiscovery'],
    ]);
  });

  it('a page without autodiscovery: the FeedBurner anchor is found, the e-mail subscription link is not', () => {
    const feeds = discoverFeeds(readFixture('anchor-only-feedburner.html'), 'https://dragnet-188.test/article/188');
    expect(feeds).toEqual([
      {
        url: 'http://feeds.feedburner.com/hackermonthly',
        type: 'application/rss+xml',
        title: 'RSS Feed',
        via: 'link-heuristic',
        isCommentFeed: false,
      },
    ]);
  });

  it('takes a parsed document too (the extract stage shares its DOM), with the same result', () => {
    const html = readFixture('../segment/wp-dev-home.html');
    expect(discoverFeeds(parseDocument(html), 'http://devblog.test:8081/')).toEqual(discoverFeeds(html, 'http://devblog.test:8081/'));
  });

  it('resolves against <base>, keeps each URL once, autodiscovery first, skips sitemaps and non-feed JSON', () => {
    const html = `<html><head><base href="http://blog.test/sub/">
      <link rel="alternate" type="application/json" href="/wp-json/wp/v2/posts/1">
      <link rel="alternate" type="application/feed+json" href="feed.json" title="JSON">
      <link rel="alternate" type="text/html" href="/fr/">
      <link rel="stylesheet" type="text/css" href="style.css"></head>
      <body><a href="feed.json">JSON again</a><a href="/sitemap.xml">Sitemap</a><a href="/rss.xml">RSS</a>
      <a href="/2024/01/post/feed/">Comments on this post (RSS)</a><a href="/atom.xml#x">Atom</a></body></html>`;
    expect(discoverFeeds(html, 'http://blog.test/')).toEqual([
      { url: 'http://blog.test/sub/feed.json', type: 'application/feed+json', title: 'JSON', via: 'autodiscovery', isCommentFeed: false },
      { url: 'http://blog.test/rss.xml', type: 'application/rss+xml', title: 'RSS', via: 'link-heuristic', isCommentFeed: false },
      {
        url: 'http://blog.test/2024/01/post/feed/',
        type: 'application/rss+xml',
        title: 'Comments on this post (RSS)',
        via: 'link-heuristic',
        isCommentFeed: true,
      },
      { url: 'http://blog.test/atom.xml', type: 'application/atom+xml', title: 'Atom', via: 'link-heuristic', isCommentFeed: false },
    ]);
  });
});

describe('discoverFeeds: link heuristics stay on the site', () => {
  it("anchors to other sites' feeds (blogroll) are left out; subdomains and FeedBurner are kept", () => {
    const html = `<body><a href="http://friend.example.org/feed/">Friend's blog</a>
      <a href="http://rss.news.co.uk/rss.xml">Section RSS</a><a href="https://feeds.feedburner.com/news">FeedBurner</a>
      <a href="http://other.co.uk/rss.xml">Elsewhere</a><a href="http://feeds.feedburner.com/">FeedBurner home</a></body>`;
    expect(discoverFeeds(html, 'https://www.news.co.uk/a/b').map((f) => f.url)).toEqual([
      'http://rss.news.co.uk/rss.xml',
      'https://feeds.feedburner.com/news',
    ]);
  });
});
