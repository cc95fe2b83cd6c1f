import { describe, expect, it } from 'vitest';
import { type Feed, parseFeed } from '../feeds/index.js';
import { FeedItemPool } from './feed-capture.js';

/** An RSS snapshot of `url` listing `posts` (number: its title and text). */
function snapshot(url: string, posts: readonly number[], edited: number | null = null): Feed {
  const items = posts
    .map(
      (n) =>
        `<item><title>Post ${n}</title><link>http://pool.test/p${n}/</link><pubDate>Mon, 06 Jan 2025 10:00:00 GMT</pubDate><description>Notes ${n}${n === edited ? ', edited' : ''} on the river garden.</description></item>`,
    )
    .join('');
  const feed = parseFeed(
    `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>http://pool.test/</link>${items}</channel></rss>`,
    { url },
  );
  if (feed === null) throw new Error('fixture feed did not parse');
  return feed;
}

describe('FeedItemPool', () => {
  it("shares the items a feed's later snapshots repeat, and no other", () => {
    const pool = new FeedItemPool();
    const first = pool.share(snapshot('http://pool.test/feed', [3, 2, 1]));
    // An hour later: a new post, post 2 edited, post 1 as it was.
    const later = pool.share(snapshot('http://pool.test/feed', [4, 3, 2, 1], 2));
    const [p4, p3, p2, p1] = later.items;
    expect(p3).toBe(first.items[0]);
    expect(p1).toBe(first.items[2]);
    expect(p2).not.toBe(first.items[1]);
    expect(p2?.description).toContain('edited');
    expect(p4?.title).toBe('Post 4');
    // The same items in another feed (its Atom twin, a tag feed) are that feed's own.
    const other = pool.share(snapshot('http://pool.test/tag/feed', [3]));
    expect(other.items[0]).not.toBe(first.items[0]);
    expect(other.items[0]).toEqual(first.items[0]);
  });
});
