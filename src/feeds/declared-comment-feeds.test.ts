import { describe, expect, it } from 'vitest';
import { parseFeed, withDeclaredCommentFeeds } from './index.js';
import type { Feed } from './types.js';

const ATOM = 'application/atom+xml';
const atom = (self: string, alternate: string, entries: string) =>
  `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:thr="http://purl.org/syndication/thread/1.0"><id>${self}</id><title>Tidewater</title><link rel="alternate" type="text/html" href="${alternate}"/>${entries}</feed>`;
const post = (n: number, replies: number) =>
  `<entry><id>tag:t.test,2025:post-${n}</id><published>2025-03-0${n}T09:00:00Z</published><title>Post ${n}</title><summary>Text of post ${n}.</summary><link rel="replies" type="${ATOM}" href="http://t.test/feeds/${n}/comments" thr:count="${replies}"/><link rel="alternate" type="text/html" href="http://t.test/2025/03/p${n}.html"/></entry>`;
const parse = (xml: string, url: string): Feed => parseFeed(xml, { url }) as Feed;

describe('comment feeds the site declares (RFC 4685 rel="replies", wfw:commentRss)', () => {
  const articles = parse(atom('blog', 'http://t.test/', post(1, 0) + post(2, 1)), 'http://t.test/feeds/posts');
  // A post without comments: its comment feed is empty, its channel link is the post.
  const empty = parse(atom('post-1.comments', 'http://t.test/2025/03/p1.html', ''), 'http://t.test/feeds/1/comments');
  const one = parse(
    atom(
      'post-2.comments',
      'http://t.test/2025/03/p2.html',
      '<entry><id>c1</id><published>2025-03-02T10:00:00Z</published><title>Nice</title><content type="html">Nice post, thank you.</content><author><name>Ada</name></author><link rel="alternate" type="text/html" href="http://t.test/2025/03/p2.html"/></entry>',
    ),
    'http://t.test/feeds/2/comments',
  );

  it('reads an empty or signal-less declared feed as an article feed on its own', () => {
    expect([empty.kind, one.kind]).toEqual(['article', 'article']);
  });

  it("makes them comment feeds of the declaring item's post, and leaves the other feeds alone", () => {
    const found = withDeclaredCommentFeeds([articles, empty, one].map((feed) => ({ feed })));
    expect(found.map((f) => f.feed.kind)).toEqual(['article', 'comments', 'comments']);
    expect(found[1]?.feed.commentedPost).toEqual({ url: 'http://t.test/2025/03/p1.html', title: 'Post 1' });
    expect(found[2]?.feed.items.map((i) => i.inReplyTo)).toEqual(['http://t.test/2025/03/p2.html']);
    expect(found[2]?.feed.kindReason).toMatch(/declared the comment feed of http:\/\/t\.test\/2025\/03\/p2\.html/);
    expect(found[0]?.feed).toBe(articles);
  });
});
