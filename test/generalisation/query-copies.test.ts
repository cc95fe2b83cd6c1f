/**
 * A post page served again, or continued, under query parameters, without a `rel=canonical` to say so (issue #12:
 * post detection on unseen engines, 0 non-post pages as objects). Crawlers follow every reply link
 * of a WordPress-style comment list, so a crawl holds `/slug/?replytocom=<id>` for each comment: the
 * post itself, its reply form moved under that comment.
 * - reply-links: a classic theme without `rel=canonical`; each comment's "Reply" link captured.
 * - sort-links: comments sortable (`?sort=oldest`, `?sort=newest`), both captured besides the post;
 *   the reply links not captured.
 * - paged-article: every second article in three pages (`?page=2`, `?page=3`), each later page its
 *   own text under the article's title.
 * Most posts are not in the feed (it lists the latest three), so the template learnt from the
 * feed-linked ones finds them, and their copies with them. Asserted: the objects are exactly the
 * posts (one per post, whatever URLs it was captured under); each post's comments, in order, with
 * their authors; articles whole; change kinds exact.
 */
import { it } from 'vitest';
import { TextWriter } from '../helpers/text-writer.js';
import { expectSiteReplies } from './expect-replies.js';
import type { FixtureCapture } from './fixture-warc.js';
import { NAMES_EN, WORDS_EN } from './site-vocabulary.js';
import {
  describeTwoCrawlSites,
  itKeepsTheArticleWhole,
  itMakesObjectsForThePostsOnly,
  itReportsTheChangeKinds,
  latest,
  type Post,
  type Reply,
  rssCapture,
  rssExcerptItems,
  type SiteEngine,
  type State,
  site,
  siteLookups,
} from './two-crawl-sites.js';

interface Engine extends SiteEngine {
  /** The query strings each post page is captured under besides its own URL. */
  variants(p: Post, replies: readonly Reply[]): string[];
  /** The article text a query page shows instead of the post's (a later page of it); none: the post's. */
  pageText?(p: Post, query: string): string[];
}

const commentId = (p: Post, i: number): string => `${p.id}${i}`;

function engine(name: string, seed: number, variants: Engine['variants'], pageText?: Engine['pageText']): Engine {
  return {
    name,
    seed,
    variants,
    ...(pageText === undefined ? {} : { pageText }),
    writer: (s) => new TextWriter(s, WORDS_EN),
    names: NAMES_EN,
    replies: [0, 2, 3, 1, 0, 2, 1, 3],
    path: (p) => `/2025/03/${p.slug}/`,
    captures(st: State): FixtureCapture[] {
      const host = site(this);
      const form = (title: string): string =>
        `<div id="respond"><h3>${title}</h3><form action="/wp-comments-post.php"><textarea name="comment"></textarea><input type="submit" value="Post Comment"></form></div>`;
      const postPage = (p: Post, replyTo: number | null, text = st.version(p).paragraphs): string => {
        const replies = st.repliesOf(p);
        const list = replies
          .map(
            (r, i) =>
              `<li class="comment" id="comment-${commentId(p, i)}"><div class="comment-author vcard"><cite class="fn">${r.name}</cite> <span class="says">says:</span></div><div class="comment-meta"><a href="#comment-${commentId(p, i)}">${r.when.toUTCString()}</a></div><p>${r.text}</p><div class="reply"><a href="${this.path(p)}?replytocom=${commentId(p, i)}#respond">Reply</a></div>${replyTo === i ? form(`Reply to ${r.name}`) : ''}</li>`,
          )
          .join('');
        const thread =
          replies.length > 0 ? `<div id="comments"><h2>${replies.length} Responses</h2><ol class="commentlist">${list}</ol></div>` : '';
        return `<!DOCTYPE html><html><head><title>${p.title} | Saltings</title><link rel="alternate" type="application/rss+xml" href="/feed/"></head><body class="single"><div id="content"><article class="post"><h1 class="entry-title">${p.title}</h1><div class="entry-content">${text.map((x) => `<p>${x}</p>`).join('')}</div></article>${thread}${replyTo === null ? form('Leave a Reply') : ''}</div><div id="sidebar"><h3>Recent posts</h3><ul>${latest(
          st,
          4,
        )
          .map((o) => `<li><a href="${this.path(o)}">${o.title}</a></li>`)
          .join('')}</ul></div></body></html>`;
      };
      return [
        {
          url: `${host}/`,
          body: `<html><body>${latest(st, 5)
            .map((p) => `<h2><a href="${this.path(p)}">${p.title}</a></h2>`)
            .join('')}</body></html>`,
        },
        ...st.shown.flatMap((p) => {
          const url = `${host}${this.path(p)}`;
          return [
            { url, body: postPage(p, null) },
            ...this.variants(p, st.repliesOf(p)).map((q, i) => ({
              url: `${url}?${q}`,
              body: postPage(p, q.startsWith('replytocom=') ? i : null, this.pageText?.(p, q)),
            })),
          ];
        }),
        rssCapture(this, '/feed/', 'Saltings', rssExcerptItems(this, latest(st, 3))),
      ];
    },
  };
}

const ENGINES = [
  engine('reply-links', 4201, (p, replies) => replies.map((_, i) => `replytocom=${commentId(p, i)}`)),
  engine('sort-links', 4202, () => ['sort=oldest', 'sort=newest']),
  // Each page of an article its own text, the post's words in another order.
  engine(
    'paged-article',
    4203,
    (p) => (p.id % 2 === 0 ? ['page=2', 'page=3'] : []),
    (p, q) => p.paragraphs.map((x) => `${x.split(' ').reverse().join(' ')} (${q})`),
  ),
];

describeTwoCrawlSites('a post page copied under query parameters: %s', ENGINES, (e, built) => {
  const { postOf } = siteLookups(e, built);

  itMakesObjectsForThePostsOnly(e, built);

  it("finds every post's comments, in order, with their authors, in both crawls", () => {
    expectSiteReplies(built(), postOf);
  });

  itKeepsTheArticleWhole(e, built);
  itReportsTheChangeKinds(e, built);
});
