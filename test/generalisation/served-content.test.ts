/**
 * One page the site serves under many URLs (issue #12: post detection on unseen engines, 0 non-post
 * pages as objects). A blog removed last year's posts but still answers their URLs, which old
 * links and the crawler's seed list hold, with HTTP 200 and a "nothing found" notice printed in the
 * post template itself (the same heading and content blocks as a post): a soft 404. Those URLs
 * have the posts' shape, so the template learnt from the feed-linked posts matches them all.
 * - removed-posts: posts at `/YYYY/MM/DD/slug/`; twelve removed ones of 2024 answer the notice,
 *   linked from an "older posts" list on the home page; both crawls.
 * Asserted: the objects are exactly the posts, the notice pages none of them; change kinds exact.
 */
import { TextWriter } from '../helpers/text-writer.js';
import type { FixtureCapture } from './fixture-warc.js';
import { NAMES_EN, WORDS_EN } from './site-vocabulary.js';
import {
  describeTwoCrawlSites,
  itKeepsTheArticleWhole,
  itMakesObjectsForThePostsOnly,
  itReportsTheChangeKinds,
  latest,
  pad,
  type Post,
  rssCapture,
  rssExcerptItems,
  type SiteEngine,
  type State,
  site,
} from './two-crawl-sites.js';

const dayOf = (p: Post): number => p.date.getUTCDate();

const removed = Array.from({ length: 12 }, (_, i) => `/2024/${pad(1 + (i % 12))}/${pad(3 + i)}/old-entry-${i + 1}/`);

const removedPosts: SiteEngine = {
  name: 'removed-posts',
  seed: 4301,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: [0, 0, 0, 0, 0, 0, 0, 0],
  path: (p) => `/2025/03/${pad(dayOf(p))}/${p.slug}/`,
  captures(st: State): FixtureCapture[] {
    const host = site(this);
    const page = (title: string, content: string): string =>
      `<!DOCTYPE html><html><head><title>${title} | Tidewater</title><link rel="alternate" type="application/rss+xml" href="/feed/"></head><body><div id="content"><article class="post"><h1 class="entry-title">${title}</h1><div class="entry-content">${content}</div></article></div><div id="sidebar"><h3>Recent posts</h3><ul>${latest(
        st,
        4,
      )
        .map((o) => `<li><a href="${this.path(o)}">${o.title}</a></li>`)
        .join('')}</ul></div></body></html>`;
    const notice = page(
      'Nothing found',
      '<p>Sorry, but the page you were looking for is not here any more. It may have been moved, or removed with the older entries of this blog.</p><p>Browse the archives by month or use the search form in the sidebar to find what you were looking for.</p>',
    );
    return [
      {
        url: `${host}/`,
        body: page(
          'Tidewater',
          latest(st, 5)
            .map((p) => `<h2><a href="${this.path(p)}">${p.title}</a></h2>`)
            .join(''),
        ),
      },
      ...st.shown.map((p) => ({
        url: `${host}${this.path(p)}`,
        body: page(
          p.title,
          st
            .version(p)
            .paragraphs.map((x) => `<p>${x}</p>`)
            .join(''),
        ),
      })),
      ...removed.map((path) => ({ url: `${host}${path}`, body: notice })),
      rssCapture(this, '/feed/', 'Tidewater', rssExcerptItems(this, latest(st, 3))),
    ];
  },
};

describeTwoCrawlSites('one page served under many URLs: %s', [removedPosts], (e, built) => {
  itMakesObjectsForThePostsOnly(e, built);
  itKeepsTheArticleWhole(e, built);
  itReportsTheChangeKinds(e, built);
});
