/**
 * A generated Ghost (Casper-like) blog over two crawls (issue #12), from probe B's `ghost-root`:
 * - posts and static pages (/about/, /contact/, a long /colophon/) at root-level slugs, all on the
 *   same article template (the static pages without date or author);
 * - tag, author and paginated home pages of post cards (title link + excerpt);
 * - after each post a "read more" aside of three post cards of other posts (their feed
 *   descriptions), outside the article;
 * - per-post classes: `<body class="post-template tag-<x>">` and `<article class="… tag-<x>">`, so
 *   the same aside sits at a different exact key-path on posts of different tags, and a tag may
 *   have a single post (or none) in the feed;
 * - /rss/ with the latest five posts whole (excerpt as description, full text as content:encoded).
 * The older posts, not in the feed, are found by the site's template and must not be refused as
 * pages listing posts because of their aside.
 */
import { TextWriter } from '../helpers/text-writer.js';
import { escapeXml, type FixtureCapture } from './fixture-warc.js';
import { MONTHS_EN, NAMES_EN, WORDS_EN } from './site-vocabulary.js';
import {
  describeTwoCrawlSites,
  itKeepsTheArticleWhole,
  itMakesObjectsForThePostsOnly,
  itReportsTheChangeKinds,
  type Post,
  paras,
  RSS,
  type SiteEngine,
  site,
} from './two-crawl-sites.js';
import { isoDay, newestFirst, slugify, words } from './site-format.js';

const TAGS = ['quarry', 'ferry', 'orchard'] as const;
const tagOf = (p: Post): string => TAGS[p.id % TAGS.length] as string;
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const ghostDate = (d: Date): string => `${d.getUTCDate()} ${(MONTHS_EN[d.getUTCMonth()] as string).slice(0, 3)} ${d.getUTCFullYear()}`;
const chunks = <T>(xs: readonly T[], n: number): T[][] =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, (i + 1) * n));

const pageWriter = new TextWriter(9001, WORDS_EN);
const STATIC_PAGES = {
  about: { title: 'About', paragraphs: [pageWriter.text(3), pageWriter.text(2)] },
  contact: { title: 'Contact', paragraphs: ['Write to the editor at editor@ghost-root.test, or leave a note at the quarry office.'] },
  colophon: { title: 'Colophon', paragraphs: [6, 6, 6, 6, 5].map((n) => pageWriter.text(n)) },
};

const ghostRoot: SiteEngine = {
  name: 'ghost-root',
  seed: 4101,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: [2, 0, 3, 1, 0, 2, 1, 0, 2, 1],
  path: (p) => `/${slugify(p.title)}/`,
  boilerplate: ['Sign up for Quarry Notes', 'Powered by Ghost', 'Stone, water and the people between'],
  captures(st) {
    const host = site(this);
    const recent = newestFirst(st.shown);
    const head = (title: string, bodyClass: string, canonical: string, ogType: string): string =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" type="text/css" href="/assets/built/screen.css?v=4b1e0c"><link rel="canonical" href="${host}${canonical}"><meta property="og:site_name" content="Quarry Notes"><meta property="og:type" content="${ogType}"><meta property="og:title" content="${title}"><link rel="alternate" type="${RSS}" title="Quarry Notes" href="${host}/rss/"><meta name="generator" content="Ghost 5.82"></head><body class="${bodyClass} is-head-left-logo has-cover"><div class="viewport"><header id="gh-head" class="gh-head outer"><div class="gh-head-inner inner"><div class="gh-head-brand"><a class="gh-head-logo" href="${host}/">Quarry Notes</a></div><nav class="gh-head-menu"><ul class="nav"><li class="nav-home"><a href="${host}/">Home</a></li><li class="nav-about"><a href="${host}/about/">About</a></li><li class="nav-contact"><a href="${host}/contact/">Contact</a></li><li class="nav-colophon"><a href="${host}/colophon/">Colophon</a></li></ul></nav><div class="gh-head-actions"><a class="gh-head-button" href="#/portal/signup" data-portal="signup">Subscribe</a></div></div></header><div class="site-content">`;
    const foot = `</div><footer class="site-footer outer"><div class="inner"><section class="copyright"><a href="${host}/">Quarry Notes</a> © 2025</section><nav class="site-footer-nav"><ul class="nav"><li><a href="${host}/about/">About</a></li><li><a href="${host}/rss/">RSS</a></li></ul></nav><div class="gh-powered-by"><a href="https://ghost.org/" target="_blank" rel="noopener">Powered by Ghost</a></div></div></footer></div><script src="/assets/built/casper.js?v=4b1e0c"></script></body></html>`;
    const ctaBlock =
      '<section class="footer-cta outer"><div class="inner"><h2 class="footer-cta-title">Sign up for Quarry Notes</h2><a class="footer-cta-button" href="#/portal" data-portal="">Subscribe</a></div></section>';
    const card = (p: Post): string =>
      `<article class="post-card post tag-${tagOf(p)}"><a class="post-card-image-link" href="${this.path(p)}"><img class="post-card-image" src="/content/images/2025/03/${p.id}.jpg" alt="${p.title}" loading="lazy"></a><div class="post-card-content"><a class="post-card-content-link" href="${this.path(p)}"><header class="post-card-header"><div class="post-card-tags"><span class="post-card-primary-tag">${cap(tagOf(p))}</span></div><h2 class="post-card-title">${p.title}</h2></header><div class="post-card-excerpt">${words(p.paragraphs[0] as string, 30)}</div></a><footer class="post-card-meta"><time class="post-card-meta-date" datetime="${isoDay(p.date)}">${ghostDate(p.date)}</time><span class="post-card-meta-length">3 min read</span></footer></div></article>`;
    const listPage = (path: string, title: string, bodyClass: string, header: string, ps: Post[], next?: string): FixtureCapture => ({
      url: `${host}${path}`,
      body: `${head(title, bodyClass, path, 'website')}<main id="site-main" class="site-main outer">${header}<div class="inner posts"><div class="post-feed">${ps.map(card).join('')}</div>${next === undefined ? '' : `<nav class="pagination"><a class="older-posts" href="${next}">Older Posts →</a></nav>`}</div></main>${foot}`,
    });
    const commentsOf = (p: Post): string => {
      const rs = st.repliesOf(p);
      if (rs.length === 0) return '';
      const list = rs
        .map(
          (r, i) =>
            `<div class="gh-comment" id="comment-${p.id * 10 + i}"><div class="gh-comment-head"><strong class="gh-comment-author">${r.name}</strong> <time datetime="${r.when.toISOString()}">${ghostDate(r.when)}</time></div><div class="gh-comment-body"><p>${r.text}</p></div></div>`,
        )
        .join('');
      return `<section class="article-comments gh-canvas"><h3 class="comments-title">${rs.length} ${rs.length === 1 ? 'comment' : 'comments'}</h3>${list}</section>`;
    };
    // The "read more" aside: three cards of the latest other posts, after the article.
    const readMore = (p: Post): string =>
      `<aside class="read-more-wrap outer"><div class="read-more inner">${recent
        .filter((x) => x !== p)
        .slice(0, 3)
        .map(card)
        .join('')}</div></aside>`;
    const postPage = (p: Post): FixtureCapture => {
      const post = st.version(p);
      const tag = tagOf(p);
      const header = `<header class="article-header gh-canvas"><div class="article-tag post-card-tags"><span class="post-card-primary-tag"><a href="/tag/${tag}/">${cap(tag)}</a></span></div><h1 class="article-title">${post.title}</h1><div class="article-byline"><section class="article-byline-content"><ul class="author-list"><li class="author-list-item"><a href="/author/mara/" class="author-avatar"><img class="author-profile-image" src="/content/images/mara.jpg" alt="Mara Quill"></a></li></ul><div class="article-byline-meta"><h4 class="author-name"><a href="/author/mara/">Mara Quill</a></h4><div class="byline-meta-content"><time class="byline-meta-date" datetime="${isoDay(p.date)}">${ghostDate(p.date)}</time><span class="byline-reading-time"><span class="bull">•</span> 3 min read</span></div></div></section></div><figure class="article-image"><img src="/content/images/2025/03/${p.id}.jpg" alt="${post.title}"></figure></header>`;
      return {
        url: `${host}${this.path(p)}`,
        body: `${head(post.title, `post-template tag-${tag}`, this.path(p), 'article')}<main id="site-main" class="site-main"><article class="article post tag-${tag}">${header}<section class="gh-content gh-canvas">${paras(post)}</section></article>${commentsOf(p)}</main>${ctaBlock}${readMore(p)}${foot}`,
      };
    };
    const staticPage = (slug: keyof typeof STATIC_PAGES): FixtureCapture => {
      const pg = STATIC_PAGES[slug];
      return {
        url: `${host}/${slug}/`,
        body: `${head(`${pg.title} - Quarry Notes`, `page-template page-${slug}`, `/${slug}/`, 'article')}<main id="site-main" class="site-main"><article class="article page"><header class="article-header gh-canvas"><h1 class="article-title">${pg.title}</h1></header><section class="gh-content gh-canvas">${pg.paragraphs.map((x) => `<p>${x}</p>`).join('')}</section></article></main>${ctaBlock}${foot}`,
      };
    };
    const homePages = chunks(recent, 4);
    const siteHeader =
      '<div class="site-header-content outer"><div class="inner"><h1 class="site-title">Quarry Notes</h1><p class="site-description">Stone, water and the people between.</p></div></div>';
    const feedItems = recent
      .slice(0, 5)
      .map((p) => {
        const post = st.version(p);
        return `<item><title><![CDATA[${post.title}]]></title><description><![CDATA[${words(post.paragraphs[0] as string, 30)}]]></description><link>${host}${this.path(p)}</link><guid isPermaLink="false">65f1c0a2${p.id.toString(16)}00e3</guid><category><![CDATA[${cap(tagOf(p))}]]></category><dc:creator><![CDATA[Mara Quill]]></dc:creator><pubDate>${p.date.toUTCString()}</pubDate><content:encoded><![CDATA[<img src="${host}/content/images/2025/03/${p.id}.jpg" alt="${escapeXml(post.title)}"/>${paras(post)}]]></content:encoded></item>`;
      })
      .join('');
    return [
      ...homePages.map((ps, i) =>
        listPage(
          i === 0 ? '/' : `/page/${i + 1}/`,
          i === 0 ? 'Quarry Notes' : `Quarry Notes (Page ${i + 1})`,
          i === 0 ? 'home-template' : 'paged home-template',
          siteHeader,
          ps,
          i + 1 < homePages.length ? `/page/${i + 2}/` : undefined,
        ),
      ),
      ...TAGS.map((t) => {
        const tagged = recent.filter((p) => tagOf(p) === t);
        return listPage(
          `/tag/${t}/`,
          `${cap(t)} - Quarry Notes`,
          `tag-template tag-${t}`,
          `<section class="post-card post-card-large"><div class="post-card-content"><h1 class="post-card-title">${cap(t)}</h1><div class="post-card-excerpt">A collection of ${tagged.length} posts</div></div></section>`,
          tagged,
        );
      }),
      listPage(
        '/author/mara/',
        'Mara Quill - Quarry Notes',
        'author-template author-mara',
        '<section class="author-profile inner"><img class="author-profile-pic" src="/content/images/mara.jpg" alt="Mara Quill"><h1>Mara Quill</h1><p>Writes about the quarry, the river and the orchard above them.</p></section>',
        recent.slice(0, 6),
        '/author/mara/page/2/',
      ),
      staticPage('about'),
      staticPage('contact'),
      staticPage('colophon'),
      ...st.shown.map(postPage),
      {
        url: `${host}/rss/`,
        type: RSS,
        body: `<?xml version="1.0" encoding="UTF-8"?><rss xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" version="2.0"><channel><title><![CDATA[Quarry Notes]]></title><description><![CDATA[Stone, water and the people between.]]></description><link>${host}/</link><generator>Ghost 5.82</generator><lastBuildDate>${st.at.toUTCString()}</lastBuildDate>${feedItems}</channel></rss>`,
      },
    ];
  },
};

describeTwoCrawlSites('a Ghost blog with a read-more aside and per-post body classes: %s', [ghostRoot], (engine, built) => {
  itMakesObjectsForThePostsOnly(engine, built);
  itKeepsTheArticleWhole(engine, built);
  itReportsTheChangeKinds(engine, built);
});
