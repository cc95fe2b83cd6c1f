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
