/**
 * Generated engines printing their post dates in numbers only (issue #12: metadata and change kinds
 * on unseen engines). Day and month are both at most 12 on some posts ("10.03.2025"), so the order
 * must be the site's: learnt from the feed-linked pages, whose feed gives each printed date's day.
 * Every page shows the latest posts beside the article, so a crawl with a new post changes every page.
 * - dotted-de: a German site, "10.03.2025";
 * - slashed-uk: an English site printing day first, "10/03/2025" (an English page's default order is
 *   month first, so its language cannot tell);
 * - slashed-us: an English site printing month first, "03/10/2025".
 * The older posts are in no feed: the template reads their dates. The post that leaves the feed in
 * the second crawl must keep its date, and no post may be a metadata edit.
 */
import { expect, it } from 'vitest';
import { TextWriter } from '../helpers/text-writer.js';
import { NAMES_DE, NAMES_EN, WORDS_DE, WORDS_EN } from './site-vocabulary.js';
import {
  blogCaptures,
  describeTwoCrawlSites,
  itKeepsTheArticleWhole,
  itMakesObjectsForThePostsOnly,
  itReportsTheChangeKinds,
  latest,
  type Post,
  pad,
  RSS,
  type SiteEngine,
  siteLookups,
} from './two-crawl-sites.js';

const numericDates = (
  name: string,
  seed: number,
  lang: { words: readonly string[]; names: readonly string[]; latest: string },
  printed: (d: Date) => string,
): SiteEngine => ({
  name,
  seed,
  writer: (s) => new TextWriter(s, lang.words),
  names: lang.names,
  replies: [2, 0, 3, 1, 0, 2, 1, 0],
  path: (p) => `/artikel/${p.slug}.html`,
  captures(st) {
    const side = `<aside><h4>${lang.latest}</h4><ul>${latest(st, 3)
      .map((p) => `<li><a href="${this.path(p)}">${p.title}</a> ${printed(p.date)}</li>`)
      .join('')}</ul></aside>`;
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html><head><title>${title}</title><link rel="alternate" type="${RSS}" href="/rss.xml"></head><body><nav><a href="/">${name}</a></nav>${main}${side}<footer>${name}</footer></body></html>`;
    const postPage = (p: Post): string => {
      const post = st.version(p);
      const replies = st.repliesOf(p);
      const list = replies.map((r) => `<div class="k"><b>${r.name}</b> <span>${printed(r.when)}</span><p>${r.text}</p></div>`).join('');
      return shell(
        post.title,
        `<div class="beitrag"><h1>${post.title}</h1><div class="datum">${printed(post.date)}</div>${post.paragraphs
          .map((x) => `<p>${x}</p>`)
          .join('')}</div>${replies.length > 0 ? `<div class="ks">${list}</div>` : ''}`,
      );
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: shell(
        name,
        latest(st, 5)
          .map((p) => `<h2><a href="${this.path(p)}">${p.title}</a></h2>`)
          .join(''),
      ),
      post: postPage,
      feed: '/rss.xml',
      title: name,
    });
  },
});

const day = (d: Date): string => pad(d.getUTCDate());
const month = (d: Date): string => pad(d.getUTCMonth() + 1);
const ENGLISH = { words: WORDS_EN, names: NAMES_EN, latest: 'Latest posts' };

const ENGINES = [
  numericDates(
    'dotted-de',
    401,
    { words: WORDS_DE, names: NAMES_DE, latest: 'Neueste Beiträge' },
    (d) => `${day(d)}.${month(d)}.${d.getUTCFullYear()}`,
  ),
  numericDates('slashed-uk', 409, ENGLISH, (d) => `${day(d)}/${month(d)}/${d.getUTCFullYear()}`),
  numericDates('slashed-us', 419, ENGLISH, (d) => `${month(d)}/${day(d)}/${d.getUTCFullYear()}`),
];

describeTwoCrawlSites('a site printing its dates in numbers only: %s', ENGINES, (engine, built) => {
  const { postOf } = siteLookups(engine, built);
  itMakesObjectsForThePostsOnly(engine, built);
  itKeepsTheArticleWhole(engine, built);
  itReportsTheChangeKinds(engine, built);

  it("dates every post by its day, the template-found ones in the site's order", () => {
    const { versions } = built();
    expect(versions.some((v) => v.method === 'template')).toBe(true);
    for (const v of versions)
      expect(v.published?.slice(0, 10), `${v.url} (${v.method})`).toBe((postOf(v.url) as Post).date.toISOString().slice(0, 10));
  });
});
