/**
 * A site captured under several spellings of its host (issue #12: objects and change kinds on unseen
 * engines). A Hugo blog whose feed names https://www.host/ links, while the crawls captured its
 * pages at http://host/ and https://www.host/: in the first crawl half the posts at each, one post at
 * both; in the second the other way round, the bare host redirecting to www. Internal links use
 * every spelling. Each post is one object whichever spelling a crawl captured (`spellingsOf`, the
 * parts SURT keys fold), so a post that moved host is `unchanged`, not `new`; the home page's list
 * entries linking another spelling of a post are that post, not objects of their own.
 */
import { TextWriter } from '../helpers/text-writer.js';
import { escapeXml, type FixtureCapture } from './fixture-warc.js';
import { NAMES_EN, WORDS_EN } from './site-vocabulary.js';
import {
  describeTwoCrawlSites,
  itKeepsTheArticleWhole,
  itMakesObjectsForThePostsOnly,
  itReportsTheChangeKinds,
  latest,
  type Post,
  pad,
  paras,
  rssCapture,
  type SiteEngine,
} from './two-crawl-sites.js';
import { isoDay, newestFirst, slugify } from './site-format.js';

const wwwMix: SiteEngine = {
  name: 'www-mix',
  seed: 4103,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: [2, 0, 3, 1, 0, 2, 1, 0, 2, 1],
  path: (p) => `/notes/${slugify(p.title)}/`,
  boilerplate: ['built with Hugo on a Sunday'],
  captures(st) {
    const bare = 'http://www-mix.test';
    const www = 'https://www.www-mix.test';
    const recent = newestFirst(st.shown);
    const index = (p: Post): number => st.shown.indexOf(p);
    // Crawl 1: even posts and the home page at the bare host, odd posts at www; crawl 2 the other way round.
    const hostOf = (p: Post): string => ((index(p) % 2 === 0) === (st.crawl === 1) ? bare : www);
    const link = (p: Post, i: number): string =>
      i % 3 === 0 ? `${www}${this.path(p)}` : i % 3 === 1 ? this.path(p) : `${bare}${this.path(p)}`;
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title><link rel="alternate" type="application/rss+xml" href="${www}/index.xml" title="Ledger"><link rel="stylesheet" href="/css/main.min.css"></head><body><header class="site-header"><a class="brand" href="${www}/">Ledger</a><nav><a href="/notes/">Notes</a> <a href="${bare}/about/">About</a> <a href="${www}/index.xml">RSS</a></nav></header><main>${main}</main><footer class="site-footer"><p>Ledger — built with Hugo on a Sunday. <a href="/">Home</a></p></footer></body></html>`;
    const postPage = (p: Post): string => {
      const post = st.version(p);
      const rs = st.repliesOf(p);
      const before = st.shown[index(p) - 1];
      const after = st.shown[index(p) + 1];
      return shell(
        `${post.title} · Ledger`,
        `<article class="h-entry"><h1 class="p-name">${post.title}</h1><p class="meta"><time class="dt-published" datetime="${p.date.toISOString()}">${isoDay(p.date)}</time> · <a class="u-url" href="${this.path(p)}">permalink</a></p><div class="e-content">${paras(post)}</div></article>${
          rs.length === 0
            ? ''
            : `<section class="responses"><h2>${rs.length} responses</h2><ul>${rs
                .map(
                  (r) =>
                    `<li class="h-cite"><a class="u-author h-card" href="https://${slugify(r.name)}.example/">${r.name}</a> <time class="dt-published" datetime="${r.when.toISOString()}">${isoDay(r.when)} ${pad(r.when.getUTCHours())}:${pad(r.when.getUTCMinutes())}</time><p class="p-content">${r.text}</p></li>`,
                )
                .join('')}</ul></section>`
        }<nav class="pager">${before === undefined ? '' : `<a rel="prev" href="${link(before, index(p))}">← Older</a>`} ${after === undefined ? '' : `<a rel="next" href="${link(after, index(p) + 1)}">Newer →</a>`}</nav>`,
      );
    };
    const home = shell(
      'Ledger',
      `<h1>Ledger</h1><ul class="notes">${recent.map((p, i) => `<li><time>${isoDay(p.date)}</time> <a href="${link(p, i)}">${p.title}</a></li>`).join('')}</ul>`,
    );
    const captures: FixtureCapture[] = [
      { url: `${st.crawl === 1 ? bare : www}/`, body: home },
      ...st.shown.map((p) => ({ url: `${hostOf(p)}${this.path(p)}`, body: postPage(p) })),
      rssCapture(
        this,
        '/index.xml',
        'Ledger',
        latest(st, 5)
          .map((p) => {
            const url = `${www}${this.path(p)}`;
            return `<item><title>${escapeXml(p.title)}</title><link>${url}</link><guid>${url}</guid><pubDate>${p.date.toUTCString()}</pubDate><description>${escapeXml(p.paragraphs[0] as string)}</description></item>`;
          })
          .join(''),
        `${www}/`,
      ),
    ];
    // rssCapture puts the feed on site(): move it to the www host.
    const feed = captures.at(-1) as FixtureCapture;
    feed.url = `${www}/index.xml`;
    if (st.crawl === 1) {
      // The second post served at both spellings in crawl 1 (no redirect).
      const p = st.shown[1] as Post;
      captures.push({ url: `${hostOf(p) === bare ? www : bare}${this.path(p)}`, body: postPage(p) });
    } else {
      // In crawl 2 the bare host redirects to www.
      captures.push({ url: `${bare}/`, body: '', status: 301, location: `${www}/` });
      for (const p of st.shown.filter((x) => hostOf(x) === www).slice(0, 3))
        captures.push({
          url: `${bare}${this.path(p)}`,
          body: '<html><body>Moved</body></html>',
          status: 301,
          location: `${www}${this.path(p)}`,
        });
    }
    return captures;
  },
};

describeTwoCrawlSites('a site captured under several spellings of its host: %s', [wwwMix], (engine, built) => {
  itMakesObjectsForThePostsOnly(engine, built);
  itKeepsTheArticleWhole(engine, built);
  itReportsTheChangeKinds(engine, built);
});
