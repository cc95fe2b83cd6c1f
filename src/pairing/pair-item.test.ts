import { describe, expect, it } from 'vitest';
import { schemelessKey } from '../core/url.js';
import type { FeedItem } from '../feeds/index.js';
import { feedItem } from '../../test/helpers/feed-items.js';
import { pairItem } from './pair-item.js';
import type { CaptureLookup, CaptureRef } from './types.js';

const item = (fields: Partial<FeedItem>): FeedItem =>
  feedItem({ title: 'A post', published: '2026-10-01T00:00:00.000Z', description: 'text', ...fields });

/** A lookup over an in-memory list of captures, keyed as the store keys them. */
function lookupOf(captures: Array<Partial<CaptureRef> & { url: string }>): CaptureLookup {
  const rows: CaptureRef[] = captures.map((c, i) => ({
    id: i + 1,
    time: '2026-11-22T11:30:00Z',
    status: 200,
    mime: 'text/html',
    recordType: 'response',
    location: null,
    ...c,
  }));
  return { findByUrlKey: (key) => rows.filter((r) => schemelessKey(r.url) === key) };
}

describe('pairItem', () => {
  it('pairs by link across scheme, case and tracking parameters', () => {
    const lookup = lookupOf([{ url: 'https://Blog.test/2026/a-post/' }]);
    const p = pairItem(item({ link: 'http://blog.test/2026/a-post?utm_source=rss' }), '2026-11-22T11:30:00Z', lookup);
    expect(p.capture?.id).toBe(1);
    expect(p.via).toBe('link');
  });

  it('prefers feedburner:origLink over the proxy link', () => {
    const lookup = lookupOf([{ url: 'http://blog.test/real' }, { url: 'http://feeds.example.com/~r/x/1' }]);
    const p = pairItem(
      item({ link: 'http://feeds.example.com/~r/x/1', origLink: 'http://blog.test/real' }),
      '2026-11-22T11:30:00Z',
      lookup,
    );
    expect(p.capture?.url).toBe('http://blog.test/real');
    expect(p.via).toBe('orig-link');
  });

  it('follows redirect chains inside the archive', () => {
    const lookup = lookupOf([
      { url: 'http://blog.test/?p=12', status: 301, location: 'http://blog.test/moved/' },
      { url: 'http://blog.test/moved/', status: 302, location: 'https://blog.test/final/' },
      { url: 'https://blog.test/final/' },
    ]);
    const p = pairItem(item({ link: 'http://blog.test/?p=12' }), '2026-11-22T11:30:00Z', lookup);
    expect(p.capture?.url).toBe('https://blog.test/final/');
    expect(p.via).toBe('link -> 301 -> 302');
    expect(p.reason).toContain('2 redirects');
  });

  it('uses a permalink guid when the link is missing', () => {
    const lookup = lookupOf([{ url: 'http://blog.test/p/1' }]);
    expect(pairItem(item({ guid: 'http://blog.test/p/1', guidIsPermalink: true }), '2026-11-22T00:00:00Z', lookup).via).toBe('guid');
  });

  it('chooses the capture nearest in time to the feed capture', () => {
    const lookup = lookupOf([
      { url: 'http://blog.test/a', time: '2026-01-01T00:00:00Z' },
      { url: 'http://blog.test/a', time: '2026-11-22T10:00:00Z' },
    ]);
    expect(pairItem(item({ link: 'http://blog.test/a' }), '2026-11-22T11:00:00Z', lookup).capture?.id).toBe(2);
  });

  it('explains every failure', () => {
    const lookup = lookupOf([
      { url: 'http://blog.test/gone', status: 404 },
      { url: 'http://blog.test/loop1', status: 301, location: 'http://blog.test/loop2' },
      { url: 'http://blog.test/loop2', status: 301, location: 'http://blog.test/loop1' },
    ]);
    expect(pairItem(item({ link: 'http://blog.test/missing' }), '2026-11-22T00:00:00Z', lookup).reason).toMatch(
      /not captured in this crawl/,
    );
    expect(pairItem(item({ link: 'http://blog.test/gone' }), '2026-11-22T00:00:00Z', lookup).reason).toMatch(/captured only as 404/);
    expect(pairItem(item({ link: 'http://blog.test/loop1' }), '2026-11-22T00:00:00Z', lookup).reason).toMatch(/redirect loop/);
    expect(pairItem(item({ guid: 'tag:blog.test,2026:1' }), '2026-11-22T00:00:00Z', lookup).reason).toMatch(/no http\(s\) link/);
  });
});
