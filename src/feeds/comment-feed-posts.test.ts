import { describe, expect, it } from 'vitest';
import { assignCommentItems, commentItemsOfPage, pendingCommentFeeds } from './comment-feed-posts.js';
import { parseFeed } from './index.js';

const rss = (channel: string, items: string) => `<?xml version="1.0"?><rss version="2.0"><channel>${channel}${items}</channel></rss>`;
const item = (title: string, link: string, text: string, guid: string) =>
  `<item><title>${title}</title><link>${link}</link><guid isPermaLink="false">${guid}</guid><description>${text}</description></item>`;

const articles = parseFeed(
  rss(
    '<title>Diary</title><link>http://a.test/</link>',
    [
      item('Broad beans in November', 'http://a.test/beans', 'Beans were sown.', 'p1'),
      item('Forcing rhubarb', 'http://a.test/rhubarb', 'Pots.', 'p2'),
    ].join(''),
  ),
  { url: 'http://a.test/index.rss' },
);
const replies = ['We always lose a few to the mice as well this year', 'Aquadulce has never let me down on heavy clay soil'];
const articleFeeds = articles === null ? [] : [articles];

/** A comment feed of the two replies, each item linking the site root; [] when it does not parse. */
function replyFeed(channel: string, url: string) {
  const feed = parseFeed(rss(channel, replies.map((r, i) => item(`R${i}`, 'http://a.test/', r, `c${i}`)).join('')), { url });
  return feed === null ? [] : [feed];
}

describe('which post a comment-feed item answers', () => {
  it('a per-post feed naming its post by title goes to the article item of that title', () => {
    const feeds = replyFeed(
      '<title>Diary</title><link>http://a.test/</link><description>Comments on Broad beans in November</description>',
      'http://a.test/beans/replies.rss',
    );
    const posts = assignCommentItems(feeds, articleFeeds);
    expect(posts.byPost.get('a.test/beans')?.length).toBe(2);
    expect(posts.byFeed.size).toBe(0);
  });

  it('a site-wide feed whose items link to the site root: each item goes to the page holding its text, never the home page', () => {
    const feeds = replyFeed('<title>Comments for Diary</title><link>http://a.test/</link>', 'http://a.test/replies.rss');
    const posts = assignCommentItems(feeds, []);
    expect(posts.byPost.size).toBe(0);
    const pending = pendingCommentFeeds(posts, 'a.test');
    const onBeans = commentItemsOfPage([], pending, [], `Beans were sown. ${replies[0]}. Priya`);
    expect(onBeans.map((i) => i.description)).toEqual([replies[0]]);
    expect(commentItemsOfPage([], pending, [], 'Forcing rhubarb under old pots')).toEqual([]);
  });

  it('an unnamed per-post feed goes to the page advertising it', () => {
    const feeds = replyFeed(
      '<title>Diary</title><link>http://a.test/</link><description>Comments on a post</description>',
      'http://a.test/x/replies.rss',
    );
    const pending = pendingCommentFeeds(assignCommentItems(feeds, []), 'a.test');
    expect(commentItemsOfPage([], pending, ['http://a.test/x/replies.rss'])).toHaveLength(2);
    expect(commentItemsOfPage([], pending, ['http://a.test/other.rss'])).toHaveLength(0);
  });
});

describe('comment feeds of hostile size, in linear time', () => {
  const words = (i: number) => `reply ${i} says the ${['beans', 'mice', 'clay', 'pots'][i % 4]} did well`;

  it('20,000 article items sharing one title, and a comment feed naming that title', () => {
    const many = parseFeed(
      rss(
        '<title>Diary</title><link>http://a.test/</link>',
        Array.from({ length: 20_000 }, (_, i) => item('Broad beans', `http://a.test/p${i}`, 'Beans.', `p${i}`)).join(''),
      ),
      { url: 'http://a.test/index.rss' },
    );
    const feeds = replyFeed(
      '<title>Diary</title><link>http://a.test/</link><description>Comments on Broad beans</description>',
      'http://a.test/beans/replies.rss',
    );
    const started = Date.now();
    const posts = assignCommentItems(feeds, many === null ? [] : [many]);
    // 61 s when each item copied the set of the pages of its title.
    expect(Date.now() - started).toBeLessThan(2000);
    // A title naming 20,000 pages names none: the items wait for the page that advertises the feed.
    expect(posts.byPost.size).toBe(0);
    expect(posts.byFeed.get('a.test/beans/replies.rss')?.items).toHaveLength(2);
  });

  it('a site-wide feed of 20,000 items read against 200 pages: each page finds its own items', () => {
    const feed = parseFeed(
      rss(
        '<title>Comments for Diary</title><link>http://a.test/</link>',
        Array.from({ length: 20_000 }, (_, i) => item(`R${i}`, 'http://a.test/', words(i), `c${i}`)).join(''),
      ),
      { url: 'http://a.test/replies.rss' },
    );
    const pending = pendingCommentFeeds(assignCommentItems(feed === null ? [] : [feed], []), 'a.test');
    const started = Date.now();
    for (let page = 0; page < 200; page++) {
      const found = commentItemsOfPage([], pending, [], `Post ${page}. ${words(page * 100)}. ${words(page * 100 + 1)}. Thanks.`);
      expect(found.map((i) => i.description)).toEqual([words(page * 100), words(page * 100 + 1)]);
    }
    // 6.7 s when each page tokenised every item again.
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
