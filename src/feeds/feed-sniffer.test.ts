import { describe, expect, it } from 'vitest';
import { isFeedCandidate, looksLikeFeed } from './index.js';
import { readFixture } from '../../test/helpers/feed-fixtures.js';

const head = (name: string): string => readFixture(name).slice(0, 1024);

describe('looksLikeFeed', () => {
  it('accepts feed MIME types whatever the body start', () => {
    expect(looksLikeFeed('application/rss+xml', 'http://x.test/feed/', head('wordpress-rss2-full.xml'))).toBe(true);
    expect(looksLikeFeed('application/atom+xml', 'http://x.test/feed/atom/', head('wordpress-atom.xml'))).toBe(true);
    expect(looksLikeFeed('application/feed+json', 'http://x.test/feed.json', head('json-feed-1.1.json'))).toBe(true);
  });

  it.each(['text/xml', 'application/xml', 'text/html', 'application/octet-stream', 'text/plain', null])(
    'sniffs feeds served as %s',
    (mime) => {
      for (const name of [
        'wordpress-rss2-full.xml',
        'pelican-atom-full.xml',
        'rss-1.0-rdf.xml',
        'atom-0.3.xml',
        'rss-0.91-broken-dates.xml',
        'billion-laughs.xml',
      ]) {
        expect(looksLikeFeed(mime, 'http://x.test/whatever', head(name)), name).toBe(true);
      }
    },
  );

  it('sniffs JSON Feed served as application/json or octet-stream', () => {
    expect(looksLikeFeed('application/json', 'http://x.test/feed.json', head('json-feed-1.0.json'))).toBe(true);
    expect(looksLikeFeed('application/octet-stream', 'http://x.test/f', head('json-feed-1.1.json'))).toBe(true);
    expect(looksLikeFeed('application/json', 'http://x.test/api', '{"version": "1.0", "items": []}')).toBe(false);
  });

  it('rejects HTML pages, even at feed-like URLs or with a feed MIME type', () => {
    expect(looksLikeFeed('text/html', 'http://devblog.test:8081/feed/', head('../segment/wp-dev-home.html'))).toBe(false);
    expect(looksLikeFeed('application/rss+xml', 'http://x.test/feed/', head('pelican-home.html'))).toBe(false);
    expect(looksLikeFeed(null, 'http://x.test/rss', head('anchor-only-feedburner.html'))).toBe(false);
  });

  it('rejects other XML and media types', () => {
    expect(
      looksLikeFeed(
        'application/xml',
        'http://x.test/sitemap.xml',
        '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(false);
    expect(looksLikeFeed('image/png', 'http://x.test/feed.png', '<rss version="2.0">')).toBe(false);
  });
});

describe('isFeedCandidate: which bodies pass 1 reads to sniff', () => {
  it('reads feed and sniffable types, and pages only under a feed-like URL', () => {
    expect(isFeedCandidate(null, 'http://a.test/x')).toBe(true);
    expect(isFeedCandidate('application/rss+xml', 'http://a.test/x')).toBe(true);
    expect(isFeedCandidate('text/xml; charset=utf-8', 'http://a.test/x')).toBe(true);
    expect(isFeedCandidate('text/html', 'http://a.test/blog/feed/')).toBe(true);
    expect(isFeedCandidate('text/html', 'http://a.test/about/')).toBe(false);
    expect(isFeedCandidate('image/png', 'http://a.test/logo.png')).toBe(false);
  });
});
