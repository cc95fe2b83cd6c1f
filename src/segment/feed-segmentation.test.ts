import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePage } from '../extract/index.js';
import { type FeedItem, parseFeed } from '../feeds/index.js';
import { segmentByFeed } from './feed-segmentation.js';

const fixture = (name: string): string => readFileSync(new URL(`../../test/fixtures/segment/${name}`, import.meta.url), 'utf8');
const CAPTURE_TIME = '2026-11-22T11:30:30Z';

function feedItems(): FeedItem[] {
  const feed = parseFeed(fixture('wp-dev-feed.xml'), { url: 'http://devblog.test:8081/feed/' });
  if (!feed) throw new Error('fixture feed did not parse');
  return feed.items;
}

describe('segmentByFeed', () => {
  it('finds the enclosing node of each item shown on the home page, in page order', () => {
    const items = feedItems();
    const page = parsePage(fixture('wp-dev-home.html'), 'http://devblog.test:8081/');
    const r = segmentByFeed(page, items, { captureTime: CAPTURE_TIME });
    expect(r.ok).toBe(true);
    expect(r.segments).toHaveLength(6);
    expect(r.segments.map((s) => s.position)).toEqual([0, 1, 2, 3, 4, 5]);
    const first = r.segments[0];
    expect(first?.permalink).toBe('http://devblog.test:8081/2026/10/frontends-aptitude-synaptic-synaptic/');
    expect(first?.title).toBe(items[first?.itemIndex ?? -1]?.title);
    // Widened to the post's own element: the footer with its date comes along.
    expect(first?.keyPath).toMatch(/\|article\[@id=post-37/);
    expect(first?.text).toContain('October 28, 2026');
    // The feed holds 10 items, the page shows 6: the others are reported, not forced onto the page.
    expect(r.unmatched).toHaveLength(items.length - 6);
  });

  it('finds the same posts among 20,000 items (the page is scanned only for the items it links)', () => {
    const items = feedItems();
    const page = parsePage(fixture('wp-dev-home.html'), 'http://devblog.test:8081/');
    const many: FeedItem[] = [...items];
    for (let i = many.length; i < 20_000; i++) {
      many.push({ ...(items[i % items.length] as FeedItem), link: `http://devblog.test:8081/synthetic/${i}/`, guid: `synthetic-${i}` });
    }
    const started = Date.now();
    const r = segmentByFeed(page, many, { captureTime: CAPTURE_TIME });
    const again = segmentByFeed(page, many, { captureTime: CAPTURE_TIME });
    // Guards against the quadratic scan (about 11 ms per item per page before): 20,000 items took minutes.
    expect(Date.now() - started).toBeLessThan(10_000);
    const few = segmentByFeed(page, items, { captureTime: CAPTURE_TIME });
    expect(r.segments.map((s) => [s.itemIndex, s.permalink])).toEqual(few.segments.map((s) => [s.itemIndex, s.permalink]));
    expect(again.segments).toHaveLength(6);
    expect(r.unmatched).toHaveLength(20_000 - 6);
  });

  it('punts on items whose text the page does not show (titles-only archive list)', () => {
    const page = parsePage(fixture('pelican-dev-archives.html'), 'http://pelican-dev.test:8090/archives.html');
    const r = segmentByFeed(page, feedItems());
    expect(r.ok).toBe(false);
    expect(r.segments).toEqual([]);
  });

  it('fails, and names the items, when the enclosing nodes of successive items overlap', () => {
    const items = feedItems().slice(0, 2);
    const [a, b] = items;
    // Both items' text in one paragraph: their enclosing nodes are the same node.
    const html = `<html><body><div><p><a href="${a?.link}">${a?.title}</a> ${plain(a)} <a href="${b?.link}">${b?.title}</a> ${plain(b)}</p></div></body></html>`;
    const r = segmentByFeed(parsePage(html, 'http://devblog.test:8081/'), items);
    expect(r.ok).toBe(false);
    expect(r.overlaps).toEqual([[0, 1]]);
    expect(r.reason).toContain('overlap');
  });
});

function plain(item: FeedItem | undefined): string {
  return (item?.description ?? '').replace(/<[^>]+>/g, ' ');
}
