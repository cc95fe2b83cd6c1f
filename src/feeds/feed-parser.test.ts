import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../core/diagnostics.js';
import { type Feed, parseFeed } from './index.js';
import { readFixture } from '../../test/helpers/feed-fixtures.js';

function parse(name: string, url: string): Feed {
  const diagnostics = new Diagnostics();
  const feed = parseFeed(readFixture(name), { url, diagnostics });
  expect(diagnostics.summary()).toEqual([]);
  if (feed === null) throw new Error(`${name} did not parse`);
  return feed;
}

describe('parseFeed: formats', () => {
  it.each([
    ['wordpress-rss2-full.xml', 'http://devblog.test:8081/feed/', 'rss-2.0', 'Package Notes', 'http://devblog.test:8081/', 'en-US'],
    [
      'pelican-atom-full.xml',
      'http://pelican-dev.test:8090/feeds/all.atom.xml',
      'atom-1.0',
      'Backports & Bytes',
      'http://pelican-dev.test:8090/',
      null,
    ],
  ])('the channel of %s: format, kind, title, site URL, language', (file, url, format, title, siteUrl, language) => {
    expect(parse(file, url)).toMatchObject({ format, kind: 'article', title, siteUrl, language });
  });

  it('RSS 2.0 (WordPress): every field normalised', () => {
    const feed = parse('wordpress-rss2-full.xml', 'http://devblog.test:8081/feed/');
    expect(feed.items).toHaveLength(10);
    const [item] = feed.items;
    expect(item).toMatchObject({
      guid: 'http://devblog.test:8081/?p=37',
      guidIsPermalink: false,
      link: 'http://devblog.test:8081/2026/10/frontends-aptitude-synaptic-synaptic/',
      title: 'Frontends: aptitude, synaptic: synaptic',
      author: 'Paula Valdés',
      published: '2026-10-28T19:47:52.000Z',
      categories: ['Maintenance and Updates', 'apt', 'apt-cache', 'synaptic'],
      commentsUrl: 'http://devblog.test:8081/2026/10/frontends-aptitude-synaptic-synaptic/#respond',
      commentFeedUrl: 'http://devblog.test:8081/2026/10/frontends-aptitude-synaptic-synaptic/feed/',
      commentCount: 0,
      isValid: true,
      inReplyTo: null,
    });
    expect(item?.description).toMatch(/Continue reading.*<\/a>$/s);
    expect(item?.content).toMatch(/^<p><code>synaptic<\/code> is a graphical package manager/);
    expect(item?.content).toMatch(/<\/figure>$/);
  });

  it('titles are plain text: whitespace collapsed, entities decoded, markup dropped', () => {
    const feed = parse('wordpress-comments-sitewide.xml', 'http://devblog.test:8081/comments/feed/');
    expect(feed.title).toBe('Comments for Package Notes');
    expect(feed.items[0]?.title).toBe('Comment on Description: the control File by Tomasz K.');
    const pelican = parse('pelican-atom-full.xml', 'http://pelican-dev.test:8090/feeds/all.atom.xml');
    expect(pelican.title).toBe('Backports & Bytes');
  });

  it('Atom 1.0 (Pelican): alternate link, author name, published and updated, html content', () => {
    const [item] = parse('pelican-atom-full.xml', 'http://pelican-dev.test:8090/feeds/all.atom.xml').items;
    expect(item).toMatchObject({
      guid: 'tag:pelican-dev.test,2026-11-09:/posts/2026/11/configuring-the-package-manager-apt/',
      guidIsPermalink: false,
      link: 'http://pelican-dev.test:8090/posts/2026/11/configuring-the-package-manager-apt/',
      title: 'Configuring the Package Manager (apt)',
      author: 'Anna Lindqvist',
      published: '2026-11-09T14:38:18.000Z',
      updated: '2026-11-09T14:38:18.000Z',
    });
    expect(item?.content).toMatch(/^<p>In order to be able to install additional software/);
    expect(item?.categories.length).toBeGreaterThan(0);
  });

  it('Atom 1.0 (WordPress): thr:total and replies links', () => {
    const feed = parse('wordpress-atom.xml', 'http://devblog.test:8081/feed/atom/');
    expect(feed.items[0]).toMatchObject({
      title: 'Frontends: aptitude, synaptic: synaptic',
      commentsUrl: 'http://devblog.test:8081/2026/10/frontends-aptitude-synaptic-synaptic/#comments',
      commentFeedUrl: 'http://devblog.test:8081/2026/10/frontends-aptitude-synaptic-synaptic/feed/atom/',
      commentCount: 0,
    });
  });

  it('RSS 1.0 (RDF): rdf:about guid, dc:date, dc:creator, dc:subject, content:encoded', () => {
    const feed = parse('rss-1.0-rdf.xml', 'http://devblog.test:8081/feed/rdf/');
    expect(feed).toMatchObject({ format: 'rss-1.0', title: 'Package Notes', language: 'en-US' });
    expect(feed.items).toHaveLength(3);
    expect(feed.items[0]).toMatchObject({
      guid: 'http://devblog.test:8081/2026/10/frontends-aptitude-synaptic-synaptic/',
      guidIsPermalink: true,
      author: 'Paula Valdés',
      published: '2026-10-28T19:47:52.000Z',
      categories: ['Maintenance and Updates', 'apt', 'apt-cache', 'synaptic'],
    });
    expect(feed.items[0]?.content).toMatch(/^<p><code>synaptic<\/code>/);
  });

  it('Atom 0.3: issued/modified, escaped content, links relative to xml:base', () => {
    const feed = parse('atom-0.3.xml', 'http://mirror.test/atom03.xml');
    expect(feed).toMatchObject({ format: 'atom-0.3', siteUrl: 'http://pelican-dev.test:8090/', language: 'en' });
    expect(feed.items[0]).toMatchObject({
      link: 'http://pelican-dev.test:8090/posts/2026/11/configuring-the-package-manager-apt/',
      published: '2026-11-09T14:38:18.000Z',
      updated: '2026-11-09T14:38:18.000Z',
      author: 'Anna Lindqvist',
    });
    expect(feed.items[0]?.content).toMatch(/^<p>In order to be able/);
  });

  it('JSON Feed 1.1: authors, tags, content_html, summary', () => {
    const feed = parse('json-feed-1.1.json', 'http://devblog.test:8081/feed.json');
    expect(feed).toMatchObject({ format: 'json-feed', title: 'Package Notes', language: 'en-US', isFullContent: true });
    expect(feed.items[0]).toMatchObject({
      link: 'http://devblog.test:8081/2026/10/frontends-aptitude-synaptic-synaptic/',
      author: 'Paula Valdés',
      published: '2026-10-28T19:47:52.000Z',
      categories: ['Maintenance and Updates', 'apt', 'apt-cache', 'synaptic'],
      isValid: true,
    });
  });

  it('JSON Feed 1.0: feed-level author, content_text, attachments resolved against the feed URL', () => {
    const feed = parse('json-feed-1.0.json', 'http://devblog.test:8081/feed.json');
    expect(feed.items[0]).toMatchObject({
      author: 'Package Notes team',
      enclosures: [{ url: 'http://devblog.test:8081/files/notes.mp3', type: 'audio/mpeg', length: 1024 }],
    });
    expect(feed.items[0]?.content).not.toMatch(/<p>/);
  });

  it('RSS 0.91 with the Netscape DTD: undeclared HTML entities decoded, DTD ignored', () => {
    const feed = parse('rss-0.91-broken-dates.xml', 'http://pelican-dev.test:8090/rss091.xml');
    expect(feed).toMatchObject({ format: 'rss-0.9x', title: 'Backports & Bytes été', language: 'en' });
  });

  it('RSS 0.91 broken dates: every variant parsed, the item without a date is invalid (002)', () => {
    const feed = parse('rss-0.91-broken-dates.xml', 'http://pelican-dev.test:8090/rss091.xml');
    expect(feed.items.map((i) => i.published)).toEqual([
      '2024-01-02T15:00:00.000Z',
      '2024-01-02T10:00:00.000Z',
      '2024-01-02T10:00:00.000Z',
      '2024-01-02T22:00:00.000Z',
      '2024-01-02T10:00:00.000Z',
      '2024-01-02T17:00:00.000Z',
      '2024-01-02T10:00:00.000Z',
      null,
    ]);
    expect(feed.items.at(-1)).toMatchObject({ isValid: false, invalidReason: 'no date' });
    expect(feed.items.filter((i) => i.isValid)).toHaveLength(7);
  });

  it('returns null for bodies that are not feeds', () => {
    expect(parseFeed(readFixture('../segment/wp-dev-home.html'), { url: 'http://devblog.test:8081/' })).toBeNull();
    expect(
      parseFeed('<?xml version="1.0"?><urlset><url><loc>http://x.test/</loc></url></urlset>', { url: 'http://x.test/sitemap.xml' }),
    ).toBeNull();
    expect(parseFeed('{"version": "1.0", "items": []}', { url: 'http://x.test/api.json' })).toBeNull();
  });
});

describe('parseFeed: Atom text constructs and relative URLs', () => {
  it('type="xhtml" content is kept as markup without its wrapper div; relative hrefs resolve against xml:base', () => {
    const xml = readFixture('pelican-atom-full.xml').replace(
      /<content type="html">[\s\S]*?<\/content>/,
      '<content type="xhtml" xml:base="http://pelican-dev.test:8090/posts/2026/11/"><div xmlns="http://www.w3.org/1999/xhtml"><p>See <a href="../10/printer-configuration/">printers</a> &amp; <img src="img/apt.png"/></p></div></content>',
    );
    const feed = parseFeed(xml, { url: 'http://pelican-dev.test:8090/feeds/all.atom.xml' });
    expect(feed?.items[0]?.content).toBe(
      '<p>See <a href="http://pelican-dev.test:8090/posts/2026/10/printer-configuration/">printers</a> &amp; <img src="http://pelican-dev.test:8090/posts/2026/11/img/apt.png"/></p>',
    );
  });

  it('type="text" summaries are stored as escaped HTML, titles of type="html" as plain text', () => {
    const xml = readFixture('pelican-atom-full.xml')
      .replace(/<summary type="html">[\s\S]*?<\/summary>/, '<summary type="text">a &lt; b &amp; c</summary>')
      .replace(
        '<title>Configuring the Package Manager (apt)</title>',
        '<title type="html">Configuring &lt;em&gt;apt&lt;/em&gt; &amp;amp; friends</title>',
      );
    const item = parseFeed(xml, { url: 'http://pelican-dev.test:8090/feeds/all.atom.xml' })?.items[0];
    expect(item?.description).toBe('a &lt; b &amp; c');
    expect(item?.title).toBe('Configuring apt & friends');
  });
});
