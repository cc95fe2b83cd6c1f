/**
 * Invented comments (issue #12: comments given on <= 5% of pages without comments): pages whose posts
 * have no reader comments (but engine 7) while the page carries records
 * shaped like comments (a name, a date or time, a short text, repeated) that are not the post's:
 * - tweets-widget: a WordPress (Twenty Sixteen) sidebar "Latest tweets" widget, five tweets
 *   (name, @handle, text, "2 hours ago"), changing between crawls;
 * - testimonials: a small business's blog with a "What our clients say" block after every post
 *   (three quotes each signed "— Name, Company, March 2025");
 * - events-sidebar: a parish/society blog with an "Upcoming events" list (The Events Calendar's list
 *   widget: date, title, venue, short description) after the article, changing between crawls;
 * - author-box-and-guest-posts: a multi-author magazine: after each post an author box (name, date
 *   joined, bio) and "More by this author" (title, date, excerpt × up to 3);
 * - forum-latest: a community blog with a "Latest forum topics" block (Discourse-like: username,
 *   relative time, topic title, first line of its first post) below the post;
 * - reviews-shop: a product-review blog whose pages also show the shop's "Customer reviews" widget
 *   (stars, name, date, text), identical on every page of a crawl (site-wide: not any post's
 *   comments), one review newer in the second crawl;
 * - recent-comments-footer: a WordPress blog WITH real comments, and a footer "Recent comments"
 *   widget quoting the site's five latest comments (name, post title, date, excerpt): only the
 *   real ones are the post's comments.
 * Asserted: each version's comments are exactly its post's (none but on engine 7), no widget record
 * is in a comment or in the article, the article is whole, the objects are the posts, the change
 * kinds exact. A structure whose every held zone shows texts the host repeats on its other pages is
 * the site's template, not its comment structure, so the template-found posts are not read with it
 * (`CommentSites.learnt`). The second crawl re-reads only its changed posts: it decides with the
 * first crawl's pages counted (`comment_sites`), so a changed post's testimonials are the site's
 * template there too, as in a build of that crawl alone. Known gap, kept as `it.fails`:
 * testimonials, a quote's signature (its class names an author) taken as the post's author.
 */
import { expect, it } from 'vitest';
import { TextWriter } from '../helpers/text-writer.js';
import { expectSiteReplies } from './expect-replies.js';
import { MONTHS_EN, NAMES_EN, WORDS_EN } from './site-vocabulary.js';
import {
  blogCaptures,
  describeTwoCrawlSites,
  itKeepsTheArticleWhole,
  itMakesObjectsForThePostsOnly,
  itReportsTheChangeKinds,
  latest,
  pad,
  paras,
  type Post,
  type Reply,
  RSS,
  type SiteEngine,
  type State,
  site,
  siteLookups,
  stateOf,
} from './two-crawl-sites.js';
import { clock12, mdy, words } from './site-format.js';

interface Engine extends SiteEngine {
  /** The comment-shaped records (their texts) a crawl prints on a post's page: in no comment, not in the article. */
  records(p: Post, st: State): string[];
  /** Names the records print (never the post's author). */
  recordNames?: readonly string[];
}

const dmy = (d: Date): string => `${d.getUTCDate()} ${MONTHS_EN[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const my = (d: Date): string => `${MONTHS_EN[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const mon = (d: Date): string => (MONTHS_EN[d.getUTCMonth()] as string).slice(0, 3);
const ampm = (d: Date): string => clock12(d);
const iso = (d: Date): string => d.toISOString().replace('.000Z', '+00:00');
const ago = (now: Date, d: Date): string => {
  const m = Math.round((now.getTime() - d.getTime()) / 60_000);
  if (m < 60) return `${m} minutes ago`;
  if (m < 1440) return `${Math.round(m / 60)} hour${Math.round(m / 60) === 1 ? '' : 's'} ago`;
  if (m < 2880) return 'yesterday';
  return `${mon(d)} ${d.getUTCDate()}`;
};
const short = (now: Date, d: Date): string => {
  const m = Math.round((now.getTime() - d.getTime()) / 60_000);
  if (m < 60) return `${m}m`;
  if (m < 1440) return `${Math.round(m / 60)}h`;
  if (m < 30 * 1440) return `${Math.round(m / 1440)}d`;
  return `${mon(d)} ${d.getUTCDate()}`;
};
const NO_REPLIES = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/** A WordPress (Twenty Sixteen) page: header, main, the sidebar `aside`, footer. */
function twentySixteen(o: {
  site: string;
  tagline: string;
  title: string;
  bodyClass: string;
  main: string;
  aside: string;
  host: string;
  footer?: string;
}): string {
  return `<!DOCTYPE html><html lang="en-US" class="no-js"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${o.title} &#8211; ${o.site}</title><link rel="alternate" type="${RSS}" title="${o.site} &raquo; Feed" href="${o.host}/feed/" /><link rel='stylesheet' id='twentysixteen-style-css' href='${o.host}/wp-content/themes/twentysixteen/style.css?ver=20241112' media='all' /><meta name="generator" content="WordPress 6.5.3" /></head><body class="${o.bodyClass}"><div id="page" class="site"><div class="site-inner"><a class="skip-link screen-reader-text" href="#content">Skip to content</a><header id="masthead" class="site-header"><div class="site-header-main"><div class="site-branding"><p class="site-title"><a href="${o.host}/" rel="home">${o.site}</a></p><p class="site-description">${o.tagline}</p></div><div id="site-header-menu" class="site-header-menu"><nav id="site-navigation" class="main-navigation" aria-label="Primary Menu"><div class="menu-main-container"><ul id="menu-main" class="primary-menu"><li class="menu-item"><a href="${o.host}/">Home</a></li><li class="menu-item"><a href="${o.host}/about/">About</a></li><li class="menu-item"><a href="${o.host}/contact/">Contact</a></li></ul></div></nav></div></div></header><div id="content" class="site-content"><div id="primary" class="content-area"><main id="main" class="site-main">${o.main}</main></div><aside id="secondary" class="sidebar widget-area">${o.aside}</aside></div><footer id="colophon" class="site-footer">${o.footer ?? ''}<div class="site-info"><span class="site-title"><a href="${o.host}/" rel="home">${o.site}</a></span><a href="https://wordpress.org/" class="imprint">Proudly powered by WordPress</a></div></footer></div></div></body></html>`;
}

/** A Twenty Sixteen single post's `<article>` with its entry footer (author, date, category). */
function tsArticle(host: string, url: string, p: Post, v: Post, author: string, category: string): string {
  return `<article id="post-${p.id}" class="post-${p.id} post type-post status-publish format-standard hentry category-${category.toLowerCase()}"><header class="entry-header"><h1 class="entry-title">${p.title}</h1></header><div class="entry-content">${paras(v)}</div><footer class="entry-footer"><span class="byline"><span class="author vcard"><img alt='' src='https://secure.gravatar.com/avatar/9b1f?s=49&#038;d=mm&#038;r=g' class='avatar avatar-49 photo' height='49' width='49' /><span class="screen-reader-text">Author </span> <a class="url fn n" href="${host}/author/${author.split(' ')[0]?.toLowerCase()}/">${author}</a></span></span><span class="posted-on"><span class="screen-reader-text">Posted on </span><a href="${url}" rel="bookmark"><time class="entry-date published updated" datetime="${iso(v.date)}">${mdy(v.date)}</time></a></span><span class="cat-links"><span class="screen-reader-text">Categories </span><a href="${host}/category/${category.toLowerCase()}/" rel="category tag">${category}</a></span></footer></article>`;
}

// ---------------------------------------------------------------------------------------------
// 1. tweets-widget

interface Tweet {
  name: string;
  handle: string;
  text: string;
  when: Date;
  id: string;
}
const TWEETERS = [
  { name: 'Tidewater Cycling', handle: 'tidewatercc' },
  { name: 'Tidewater Cycling', handle: 'tidewatercc' },
  { name: 'Coast Road Club', handle: 'coastroadclub' },
  { name: 'Mara Quinn', handle: 'maraquinnrides' },
];
/** The site's tweets, newest first: the widget shows the five latest of the crawl. */
const ALL_TWEETS: Tweet[] = (() => {
  const w = new TextWriter(5501, WORDS_EN);
  return Array.from({ length: 8 }, (_, i) => {
    const t = w.pick(TWEETERS);
    // Two tweets after the first crawl, the rest before it.
    const base = Date.parse(i < 2 ? '2025-06-01T12:00:00Z' : '2025-05-01T12:00:00Z');
    const when = new Date(base - [40, 300, 35, 170, 26 * 60, 50 * 60, 4 * 1440, 6 * 1440][i]! * 60_000);
    return { ...t, text: w.sentence(10 + (i % 4) * 2), when, id: `18${i}4410922${7 - i}3356${i}` };
  });
})();
const tweetsAt = (st: State): Tweet[] => (st.crawl === 1 ? ALL_TWEETS.filter((t) => t.when < st.at).slice(0, 5) : ALL_TWEETS.slice(0, 5));

const tweetsWidget: Engine = {
  name: 'tweets-widget',
  seed: 5101,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: NO_REPLIES,
  path: (p) => `/${p.date.getUTCFullYear()}/${pad(p.date.getUTCMonth() + 1)}/${pad(p.date.getUTCDate())}/${p.slug}/`,
  boilerplate: ['Latest tweets', 'Follow @tidewatercc', 'Recent Posts'],
  records: (_p, st) => tweetsAt(st).map((t) => t.text),
  recordNames: ['Coast Road Club', 'Mara Quinn'],
  captures(st) {
    const host = site(this);
    const widget = `<section id="twitter-timeline-3" class="widget widget_twitter_timeline"><h2 class="widget-title">Latest tweets</h2><ul class="tweets">${tweetsAt(
      st,
    )
      .map(
        (t) =>
          `<li class="tweet"><div class="tweet-header"><a class="tweet-author" href="https://twitter.com/${t.handle}" rel="nofollow"><img class="tweet-avatar" src="https://pbs.twimg.com/profile_images/${t.handle.length}0921/${t.handle}_normal.jpg" alt="" width="24" height="24"> <span class="tweet-name">${t.name}</span> <span class="tweet-handle">@${t.handle}</span></a></div><p class="tweet-text">${t.text}</p><a class="tweet-time" href="https://twitter.com/${t.handle}/status/${t.id}" rel="nofollow"><time datetime="${t.when.toISOString()}">${ago(st.at, t.when)}</time></a></li>`,
      )
      .join('')}</ul><p><a class="twitter-follow" href="https://twitter.com/tidewatercc">Follow @tidewatercc</a></p></section>`;
    const aside = `<section id="search-2" class="widget widget_search"><form role="search" method="get" class="search-form" action="${host}/"><label><span class="screen-reader-text">Search for:</span><input type="search" class="search-field" placeholder="Search &hellip;" value="" name="s" /></label><button type="submit" class="search-submit"><span class="screen-reader-text">Search</span></button></form></section>${widget}<section id="recent-posts-2" class="widget widget_recent_entries"><h2 class="widget-title">Recent Posts</h2><ul>${latest(
      st,
      5,
    )
      .map((p) => `<li><a href="${host}${this.path(p)}">${p.title}</a></li>`)
      .join('')}</ul></section>`;
    const page = (title: string, bodyClass: string, main: string): string =>
      twentySixteen({ site: 'Tidewater Cycling', tagline: 'Rides, routes and repairs', title, bodyClass, main, aside, host });
    const postPage = (p: Post): string => {
      const url = `${host}${this.path(p)}`;
      return page(
        p.title,
        `post-template-default single single-post postid-${p.id} single-format-standard`,
        `${tsArticle(host, url, p, st.version(p), 'Jo Marsh', 'Rides')}<nav class="navigation post-navigation" aria-label="Posts"><h2 class="screen-reader-text">Post navigation</h2><div class="nav-links"><div class="nav-previous"><a href="${host}/" rel="prev"><span class="meta-nav" aria-hidden="true">Previous</span></a></div></div></nav>`,
      );
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: page(
        'Tidewater Cycling',
        'home blog',
        latest(st, 5)
          .map(
            (p) =>
              `<article class="post hentry"><header class="entry-header"><h2 class="entry-title"><a href="${host}${this.path(p)}" rel="bookmark">${p.title}</a></h2></header><div class="entry-content"><p>${p.paragraphs[0]}</p></div></article>`,
          )
          .join(''),
      ),
      post: postPage,
      feed: '/feed/',
      title: 'Tidewater Cycling',
    });
  },
};

// ---------------------------------------------------------------------------------------------
// 2. testimonials

interface Testimonial {
  name: string;
  company: string;
  when: Date;
  text: string;
}
const CLIENTS = [
  ['Ruth Ellery', 'Ellery Joinery'],
  ['Marcus Obi', 'Obi & Daughters Bakery'],
  ['Priya Nair', 'Harbourside Dental'],
  ['Tom Beckett', 'Beckett Marine Supplies'],
  ['Lena Vogel', 'Vogel Florists'],
  ['Sean Doyle', 'Doyle Plumbing Ltd'],
  ['Ines Carvalho', 'Carvalho Studio'],
] as const;
const TESTIMONIALS: Testimonial[] = (() => {
  const w = new TextWriter(5202, WORDS_EN);
  return CLIENTS.map(([name, company], i) => ({
    name,
    company,
    when: new Date(Date.UTC(2025, 1 + (i % 3), 3 + i * 2)),
    text: w.text(1 + (i % 2)),
  }));
})();
/** Three testimonials per post, rotating with the post. */
const testimonialsOf = (p: Post): Testimonial[] =>
  [0, 2, 4].map((k) => TESTIMONIALS[(Number(p.slug.slice(1)) + k) % TESTIMONIALS.length] as Testimonial);

const testimonials: Engine = {
  name: 'testimonials',
  seed: 5203,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: NO_REPLIES,
  path: (p) => `/blog/${p.slug}`,
  boilerplate: ['What our clients say', 'Book a free consultation'],
  records: (p) => testimonialsOf(p).flatMap((t) => [t.text, t.company]),
  recordNames: CLIENTS.map(([name]) => name),
  captures(st) {
    const host = site(this);
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | Ledgerline Bookkeeping</title><meta name="description" content="Bookkeeping and payroll for small businesses in the harbour towns."><link rel="alternate" type="${RSS}" title="Ledgerline Bookkeeping blog" href="${host}/blog/rss.xml"></head><body class="page-blog"><header class="site-header"><div class="container"><a class="logo" href="${host}/"><img src="${host}/img/ledgerline.svg" alt="Ledgerline Bookkeeping"></a><nav class="main-nav"><ul><li><a href="${host}/services">Services</a></li><li><a href="${host}/pricing">Pricing</a></li><li><a href="${host}/blog" aria-current="page">Blog</a></li><li><a class="btn btn-primary" href="${host}/contact">Book a free consultation</a></li></ul></nav></div></header><main class="site-main"><div class="container">${main}</div></main><footer class="site-footer"><div class="container"><p>Ledgerline Bookkeeping Ltd · 14 Quay Street · Registered in England No. 11833402</p><p><a href="${host}/privacy">Privacy</a> · <a href="${host}/terms">Terms</a></p></div></footer></body></html>`;
    const postPage = (p: Post): string => {
      const v = st.version(p);
      const quotes = testimonialsOf(p)
        .map(
          (t) =>
            `<figure class="testimonial"><blockquote class="testimonial__quote"><p>&ldquo;${t.text}&rdquo;</p></blockquote><figcaption class="testimonial__author">&mdash; <span class="testimonial__name">${t.name}</span>, <span class="testimonial__company">${t.company}</span>, <time datetime="${t.when.toISOString().slice(0, 10)}">${my(t.when)}</time></figcaption></figure>`,
        )
        .join('');
      return shell(
        p.title,
        `<article class="blog-post"><header class="blog-post__header"><p class="blog-post__meta"><time datetime="${iso(p.date)}">${dmy(p.date)}</time> · 4 min read</p><h1 class="blog-post__title">${p.title}</h1></header><div class="blog-post__body">${paras(v)}</div></article><section class="testimonials" aria-labelledby="testimonials-heading"><h2 id="testimonials-heading">What our clients say</h2><div class="testimonials__grid">${quotes}</div></section><section class="cta"><h2>Talk to us about your books</h2><p><a class="btn btn-primary" href="${host}/contact">Book a free consultation</a></p></section>`,
      );
    };
    return blogCaptures(this, st, {
      home: '/blog',
      homeBody: shell(
        'Blog',
        `<h1>Blog</h1>${latest(st, 6)
          .map(
            (p) =>
              `<article class="blog-card"><h2><a href="${host}${this.path(p)}">${p.title}</a></h2><time>${dmy(p.date)}</time><p>${p.paragraphs[0]}</p></article>`,
          )
          .join('')}`,
      ),
      post: postPage,
      feed: '/blog/rss.xml',
      title: 'Ledgerline Bookkeeping blog',
    });
  },
};

// ---------------------------------------------------------------------------------------------
// 3. events-sidebar

interface Event {
  id: number;
  start: Date;
  title: string;
  venue: string;
  text: string;
}
const VENUES = ['St Anne’s Church Hall', 'The Old Custom House', 'Quarry Lane Allotments', 'Harbour Library, Room 2'];
const EVENTS: Event[] = (() => {
  const w = new TextWriter(5303, WORDS_EN);
  return Array.from({ length: 8 }, (_, i) => ({
    id: 880 + i,
    start: new Date(Date.UTC(2025, 4, 3 + i * 6, 10 + (i % 3) * 4, i % 2 === 0 ? 0 : 30)),
    title: w.sentence(4).replace(/\.$/, ''),
    venue: VENUES[i % VENUES.length] as string,
    text: w.sentence(14 + (i % 3) * 3),
  }));
})();
/** The next four events after the crawl. */
const eventsAt = (st: State): Event[] => EVENTS.filter((e) => e.start > st.at).slice(0, 4);

const eventsSidebar: Engine = {
  name: 'events-sidebar',
  seed: 5307,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: NO_REPLIES,
  path: (p) => `/${p.date.getUTCFullYear()}/${pad(p.date.getUTCMonth() + 1)}/${p.slug}/`,
  boilerplate: ['Upcoming Events', 'View Calendar'],
  records: (_p, st) => eventsAt(st).flatMap((e) => [e.text]),
  recordNames: VENUES,
  captures(st) {
    const host = site(this);
    const w = 'tribe-events-widget-events-list';
    const events = eventsAt(st)
      .map(
        (e) =>
          `<div class="tribe-common-g-row ${w}__event-row"><div class="${w}__event-date-tag tribe-common-g-col"><time class="${w}__event-date-tag-datetime" datetime="${e.start.toISOString().slice(0, 10)}"><span class="${w}__event-date-tag-month">${mon(e.start)}</span><span class="${w}__event-date-tag-daynum tribe-common-h2">${e.start.getUTCDate()}</span></time></div><div class="${w}__event-wrapper tribe-common-g-col"><article class="${w}__event post-${e.id} tribe_events type-tribe_events status-publish hentry"><div class="${w}__event-details"><header class="${w}__event-header"><div class="${w}__event-datetime-wrapper tribe-common-b2 tribe-common-b3--min-medium"><time class="${w}__event-datetime" datetime="${e.start.toISOString().slice(0, 10)}"><span class="tribe-event-date-start">${mdy(e.start)} @ ${ampm(e.start)}</span></time></div><h3 class="${w}__event-title tribe-common-h7"><a href="${host}/event/event-${e.id}/" title="${e.title}" rel="bookmark" class="${w}__event-title-link tribe-common-anchor-thin">${e.title}</a></h3><address class="${w}__event-venue tribe-common-b2"><span class="tribe-events-venue-title">${e.venue}</span></address></header><div class="${w}__event-description tribe-common-b2"><p>${e.text}</p></div></div></article></div></div>`,
      )
      .join('');
    const calendar = `<div class="tribe-compatibility-container"><div class="tribe-common tribe-events tribe-events-view tribe-events-view--widget-events-list tribe-events-widget"><div class="tribe-events-widget-events-list"><header class="${w}__header"><h2 class="${w}__header-title tribe-common-h6 tribe-common-h--alt">Upcoming Events</h2></header><div class="${w}__events">${events}</div><div class="${w}__view-more tribe-common-b1 tribe-common-b2--min-medium"><a href="${host}/events/" class="${w}__view-more-link tribe-common-anchor-thin" title="View more events.">View Calendar</a></div></div></div></div>`;
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="en-GB"><head><meta charset="UTF-8"><title>${title} &#8211; Millbrook History Society</title><link rel="alternate" type="${RSS}" title="Millbrook History Society &raquo; Feed" href="${host}/feed/" /></head><body class="single single-post"><div id="page" class="site"><header id="masthead" class="site-header"><div class="site-branding"><p class="site-title"><a href="${host}/">Millbrook History Society</a></p><p class="site-description">Talks, walks and the village archive</p></div><nav class="main-navigation"><ul><li><a href="${host}/">News</a></li><li><a href="${host}/events/">Events</a></li><li><a href="${host}/join/">Join</a></li></ul></nav></header><div id="content" class="site-content"><div id="primary" class="content-area"><main id="main" class="site-main">${main}</main></div></div><footer id="colophon" class="site-footer"><div class="site-info">Millbrook History Society · Registered charity 1093321</div></footer></div></body></html>`;
    const postPage = (p: Post): string => {
      const v = st.version(p);
      return shell(
        p.title,
        `<article id="post-${p.id}" class="post-${p.id} post type-post status-publish hentry"><header class="entry-header"><h1 class="entry-title">${p.title}</h1><div class="entry-meta"><span class="posted-on">Posted on <time class="entry-date published" datetime="${iso(p.date)}">${mdy(p.date)}</time></span><span class="byline"> by <span class="author vcard"><a class="url fn n" href="${host}/author/secretary/">The Secretary</a></span></span></div></header><div class="entry-content">${paras(v)}</div></article><section class="after-post-events widget">${calendar}</section>`,
      );
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: shell(
        'News',
        latest(st, 5)
          .map(
            (p) =>
              `<article class="post"><h2 class="entry-title"><a href="${host}${this.path(p)}">${p.title}</a></h2><p>${p.paragraphs[0]}</p></article>`,
          )
          .join(''),
      ),
      post: postPage,
      feed: '/feed/',
      title: 'Millbrook History Society',
    });
  },
};

// ---------------------------------------------------------------------------------------------
// 4. author-box-and-guest-posts

const AUTHORS = [
  {
    name: 'Odile Fenwick',
    slug: 'odile-fenwick',
    joined: new Date(Date.UTC(2021, 0, 12)),
    bio: 'Odile writes about small harbours, tide tables and the people who keep old boats afloat. She lives on a converted barge with two cats.',
  },
  {
    name: 'Rafael Suñer',
    slug: 'rafael-suner',
    joined: new Date(Date.UTC(2023, 8, 4)),
    bio: 'Rafael is a guest contributor and a retired ferry engineer. He restores marine engines and writes the occasional long read for us.',
  },
];
const authorOf = (p: Post) => AUTHORS[p.id % 3 === 0 ? 1 : 0] as (typeof AUTHORS)[number];
const excerpt = (p: Post): string => `${words(p.paragraphs[0] as string, 22)}&hellip;`;
const moreBy = (p: Post, st: State): Post[] =>
  latest(st, 99)
    .filter((o) => o !== p && authorOf(o) === authorOf(p))
    .slice(0, 3);

const authorBox: Engine = {
  name: 'author-box-and-guest-posts',
  seed: 5401,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: NO_REPLIES,
  path: (p) => `/${p.slug}/`,
  boilerplate: ['More by this author', 'Contributor since', 'Member since'],
  records: (p, st) => [authorOf(p).bio, ...moreBy(p, st).map((o) => words(o.paragraphs[0] as string, 22))],
  captures(st) {
    const host = site(this);
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>${title} - Slipway Magazine</title><meta property="og:type" content="article"><link rel="alternate" type="${RSS}" title="Slipway Magazine Feed" href="${host}/feed/" /></head><body class="post-template-default single single-post"><div class="td-container"><header class="td-header-wrap"><div class="td-logo"><a href="${host}/">Slipway Magazine</a></div><nav class="td-header-menu"><ul><li><a href="${host}/category/boats/">Boats</a></li><li><a href="${host}/category/people/">People</a></li><li><a href="${host}/write-for-us/">Write for us</a></li></ul></nav></header><div class="td-main-content-wrap"><div class="td-main-content">${main}</div></div><footer class="td-footer-wrap"><p>&copy; 2025 Slipway Magazine. Guest posts welcome.</p></footer></div></body></html>`;
    const postPage = (p: Post): string => {
      const v = st.version(p);
      const a = authorOf(p);
      const box = `<div class="author-box-wrap"><a href="${host}/author/${a.slug}/" aria-label="author-photo"><img alt="${a.name}" src="https://secure.gravatar.com/avatar/${a.slug.length}f3a?s=96&d=mm" class="avatar avatar-96 photo" height="96" width="96"></a><div class="desc"><div class="td-author-name vcard author"><span class="fn"><a href="${host}/author/${a.slug}/">${a.name}</a></span></div><div class="td-author-joined">Member since <time datetime="${a.joined.toISOString().slice(0, 10)}">${dmy(a.joined)}</time></div><div class="td-author-description">${a.bio}</div></div><div class="clearfix"></div></div>`;
      const more = moreBy(p, st);
      const moreBlock =
        more.length === 0
          ? ''
          : `<div class="td-more-by-author"><h4 class="td-block-title"><span>More by this author</span></h4><div class="td-block-inner">${more
              .map(
                (o) =>
                  `<div class="td_module_wrap td_module_6"><div class="item-details"><h3 class="entry-title td-module-title"><a href="${host}${this.path(o)}" rel="bookmark" title="${o.title}">${o.title}</a></h3><div class="td-module-meta-info"><span class="td-post-author-name"><a href="${host}/author/${a.slug}/">${a.name}</a> <span>-</span> </span><span class="td-post-date"><time class="entry-date updated td-module-date" datetime="${iso(o.date)}">${mdy(o.date)}</time></span></div><div class="td-excerpt">${excerpt(o)}</div></div></div>`,
              )
              .join('')}</div></div>`;
      return shell(
        p.title,
        `<article id="post-${p.id}" class="post-${p.id} post type-post status-publish hentry"><div class="td-post-header"><header class="td-post-title"><h1 class="entry-title">${p.title}</h1><div class="td-module-meta-info"><div class="td-post-author-name"><div class="td-author-by">By</div> <a href="${host}/author/${a.slug}/">${a.name}</a><div class="td-author-line"> - </div></div><span class="td-post-date"><time class="entry-date updated td-module-date" datetime="${iso(p.date)}">${mdy(p.date)}</time></span></div></header></div><div class="td-post-content tagdiv-type">${paras(v)}</div><footer>${box}</footer></article>${moreBlock}`,
      );
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: shell(
        'Slipway Magazine',
        latest(st, 6)
          .map(
            (p) =>
              `<div class="td_module_wrap"><h3 class="entry-title"><a href="${host}${this.path(p)}">${p.title}</a></h3><div class="td-excerpt">${excerpt(p)}</div></div>`,
          )
          .join(''),
      ),
      post: postPage,
      feed: '/feed/',
      title: 'Slipway Magazine',
    });
  },
};

// ---------------------------------------------------------------------------------------------
// 5. forum-latest

interface Topic {
  id: number;
  user: string;
  when: Date;
  title: string;
  first: string;
  posts: number;
}
const FORUM_USERS = ['solder_sam', 'kit_h', 'bea.makes', 'oldmillmark', 'ferrofluid', 'janet_w'];
const TOPICS: Topic[] = (() => {
  const w = new TextWriter(5505, WORDS_EN);
  const crawl2 = Date.parse('2025-06-01T12:00:00Z');
  return Array.from({ length: 9 }, (_, i) => ({
    id: 4410 + i * 3,
    user: w.pick(FORUM_USERS),
    // Newest first; the first three after the first crawl.
    when: new Date(crawl2 - [25, 190, 26 * 60, 31 * 1440 + 50, 31 * 1440 + 400, 32 * 1440, 33 * 1440, 36 * 1440, 40 * 1440][i]! * 60_000),
    title: w.sentence(6).replace(/\.$/, '?'),
    first: w.sentence(16 + (i % 3) * 4),
    posts: 2 + ((i * 7) % 19),
  }));
})();
const topicsAt = (st: State): Topic[] => TOPICS.filter((t) => t.when < st.at).slice(0, 5);

const forumLatest: Engine = {
  name: 'forum-latest',
  seed: 5509,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: NO_REPLIES,
  path: (p) => `/blog/${p.date.getUTCFullYear()}/${p.slug}`,
  boilerplate: ['Latest forum topics', 'Visit the forum'],
  records: (_p, st) => topicsAt(st).flatMap((t) => [t.first]),
  recordNames: FORUM_USERS,
  captures(st) {
    const host = site(this);
    const forum = 'https://forum.forum-latest.test';
    const topics = topicsAt(st)
      .map(
        (t) =>
          `<li class="topic-list-item" data-topic-id="${t.id}"><div class="topic-poster"><img class="avatar" width="25" height="25" src="${forum}/user_avatar/forum/${t.user}/50/${t.id}_2.png" alt=""> <a class="username" href="${forum}/u/${t.user}" data-user-card="${t.user}">${t.user}</a> <span class="relative-date" data-time="${t.when.getTime()}" title="${mdy(t.when)} ${ampm(t.when)}">${short(st.at, t.when)}</span></div><a class="title raw-link raw-topic-link" href="${forum}/t/${t.id}">${t.title}</a><p class="excerpt">${t.first}</p><span class="posts-count">${t.posts} replies</span></li>`,
      )
      .join('');
    const block = `<section class="discourse-latest" aria-labelledby="forum-h"><h3 id="forum-h">Latest forum topics</h3><ul class="topic-list">${topics}</ul><p><a href="${forum}/latest">Visit the forum</a></p></section>`;
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="generator" content="Jekyll v4.3.3"><title>${title} | Quarry Lane Makerspace</title><link rel="alternate" type="${RSS}" title="Quarry Lane Makerspace" href="${host}/feed.xml"></head><body><header class="site-header"><div class="wrapper"><a class="site-title" rel="author" href="${host}/">Quarry Lane Makerspace</a><nav class="site-nav"><div class="trigger"><a class="page-link" href="${host}/about/">About</a><a class="page-link" href="${host}/membership/">Membership</a><a class="page-link" href="${forum}/">Forum</a></div></nav></div></header><main class="page-content" aria-label="Content"><div class="wrapper">${main}</div></main><footer class="site-footer h-card"><div class="wrapper"><p>Quarry Lane Makerspace CIC · Open Tue &amp; Thu evenings</p></div></footer></body></html>`;
    const postPage = (p: Post): string => {
      const v = st.version(p);
      return shell(
        p.title,
        `<article class="post h-entry" itemscope itemtype="http://schema.org/BlogPosting"><header class="post-header"><h1 class="post-title p-name" itemprop="name headline">${p.title}</h1><p class="post-meta"><time class="dt-published" datetime="${iso(p.date)}" itemprop="datePublished">${mon(p.date)} ${p.date.getUTCDate()}, ${p.date.getUTCFullYear()}</time> • <span itemprop="author" itemscope itemtype="http://schema.org/Person"><span class="p-author h-card" itemprop="name">Quarry Lane crew</span></span></p></header><div class="post-content e-content" itemprop="articleBody">${paras(v)}</div><a class="u-url" href="${host}${this.path(p)}" hidden></a></article>${block}`,
      );
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: shell(
        'Quarry Lane Makerspace',
        `<div class="home"><h2 class="post-list-heading">Posts</h2><ul class="post-list">${latest(st, 8)
          .map(
            (p) =>
              `<li><span class="post-meta">${mon(p.date)} ${p.date.getUTCDate()}, ${p.date.getUTCFullYear()}</span><h3><a class="post-link" href="${host}${this.path(p)}">${p.title}</a></h3></li>`,
          )
          .join('')}</ul></div>`,
      ),
      post: postPage,
      feed: '/feed.xml',
      title: 'Quarry Lane Makerspace',
    });
  },
};

// ---------------------------------------------------------------------------------------------
// 6. reviews-shop

interface ShopReview {
  name: string;
  stars: number;
  when: Date;
  text: string;
  product: string;
}
const PRODUCTS = ['Burr grinder G2', 'Pour-over kettle', 'Hand grinder Mini', 'Espresso tamper 58mm'];
const SHOP_REVIEWS: ShopReview[] = (() => {
  const w = new TextWriter(5606, WORDS_EN);
  return Array.from({ length: 5 }, (_, i) => ({
    name: w.pick(['Karen P.', 'Dev S.', 'Moira T.', 'Luis G.', 'Hamid R.', 'Jess O.']),
    stars: 5 - (i % 3 === 2 ? 1 : 0),
    // The first one after the first crawl.
    when: new Date(Date.UTC(2025, i === 0 ? 4 : 3, i === 0 ? 20 : 28 - i * 4)),
    text: w.text(1 + (i % 2)),
    product: PRODUCTS[i % PRODUCTS.length] as string,
  }));
})();
const shopReviewsAt = (st: State): ShopReview[] => SHOP_REVIEWS.filter((r) => r.when < st.at).slice(0, 3);

const reviewsShop: Engine = {
  name: 'reviews-shop',
  seed: 5611,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: NO_REPLIES,
  path: (p) => `/reviews/${p.slug}/`,
  boilerplate: ['Customer reviews', 'Read all reviews', 'Verified buyer'],
  records: (_p, st) => shopReviewsAt(st).map((r) => r.text),
  recordNames: ['Karen P.', 'Dev S.', 'Moira T.', 'Luis G.', 'Hamid R.', 'Jess O.'],
  captures(st) {
    const host = site(this);
    const reviews = shopReviewsAt(st)
      .map(
        (r) =>
          `<div class="shop-review" itemprop="review" itemscope itemtype="https://schema.org/Review"><div class="shop-review__rating" itemprop="reviewRating" itemscope itemtype="https://schema.org/Rating"><meta itemprop="worstRating" content="1"><meta itemprop="bestRating" content="5"><meta itemprop="ratingValue" content="${r.stars}"><span class="stars" aria-label="Rated ${r.stars} out of 5">${'★'.repeat(r.stars)}${'☆'.repeat(5 - r.stars)}</span></div><div class="shop-review__meta"><span class="shop-review__author" itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">${r.name}</span></span> <span class="shop-review__verified">Verified buyer</span> <time itemprop="datePublished" datetime="${r.when.toISOString().slice(0, 10)}">${dmy(r.when)}</time></div><p class="shop-review__product">on <a href="https://shop.reviews-shop.test/products/${r.product.toLowerCase().replace(/ /g, '-')}">${r.product}</a></p><div class="shop-review__body" itemprop="reviewBody"><p>${r.text}</p></div></div>`,
      )
      .join('');
    const widget = `<div class="shop-reviews-widget" itemscope itemtype="https://schema.org/Organization"><meta itemprop="name" content="Crema &amp; Co. Shop"><h3 class="widget-title">Customer reviews</h3><div class="shop-reviews__summary" itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating"><span itemprop="ratingValue">4.8</span> out of 5 &middot; based on <span itemprop="reviewCount">${st.crawl === 1 ? 312 : 318}</span> reviews</div>${reviews}<a class="shop-reviews__all" href="https://shop.reviews-shop.test/reviews">Read all reviews</a></div>`;
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"><title>${title} | Crema &amp; Co. Reviews</title><link rel="alternate" type="${RSS}" title="Crema &amp; Co. Reviews" href="${host}/feed/" /></head><body class="single-post"><header id="site-header"><a class="brand" href="${host}/">Crema &amp; Co.</a><nav><a href="${host}/reviews/">Reviews</a> <a href="https://shop.reviews-shop.test/">Shop</a></nav></header><div id="wrapper"><main id="content">${main}</main><aside id="sidebar" class="widget-area"><section class="widget">${widget}</section></aside></div><footer id="site-footer"><p>&copy; 2025 Crema &amp; Co. We may earn a commission from links in our reviews.</p></footer></body></html>`;
    const postPage = (p: Post): string => {
      const v = st.version(p);
      return shell(
        p.title,
        `<article class="post review-post hentry"><header><h1 class="entry-title">${p.title}</h1><p class="entry-meta">By <span class="author vcard"><span class="fn">Tess Albright</span></span> · <time class="published" datetime="${iso(p.date)}">${mdy(p.date)}</time></p></header><div class="entry-content">${paras(v)}<div class="review-verdict"><p><strong>Our verdict:</strong> ${4 + (p.id % 2)} out of 5</p></div></div></article>`,
      );
    };
    return blogCaptures(this, st, {
      home: '/reviews/',
      homeBody: shell(
        'Reviews',
        latest(st, 6)
          .map((p) => `<article class="post"><h2><a href="${host}${this.path(p)}">${p.title}</a></h2><p>${p.paragraphs[0]}</p></article>`)
          .join(''),
      ),
      post: postPage,
      feed: '/feed/',
      title: 'Crema &amp; Co. Reviews',
    });
  },
};

// ---------------------------------------------------------------------------------------------
// 7. recent-comments-footer (real comments too)

const recentCommentsFooter: Engine = {
  name: 'recent-comments-footer',
  seed: 5707,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: [2, 0, 3, 1, 0, 2, 1, 0, 2, 1],
  path: (p) => `/${p.date.getUTCFullYear()}/${pad(p.date.getUTCMonth() + 1)}/${pad(p.date.getUTCDate())}/${p.slug}/`,
  boilerplate: ['Recent Comments', 'Leave a Reply', 'says:'],
  // The footer quotes the site's five latest comments: the ones of other posts (the page's own are its comments).
  records: (p, st) =>
    recentOf(st)
      .filter((x) => x.p !== p)
      .map((x) => words(x.r.text, 10)),
  captures(st) {
    const host = site(this);
    const url = (p: Post): string => `${host}${this.path(p)}`;
    const cid = (p: Post, i: number): number => p.id * 10 + i + 1;
    const recent = recentOf(st)
      .map(
        ({ p, r, i }) =>
          `<li class="recentcomments"><img alt='' src='https://secure.gravatar.com/avatar/${r.name.length}c1?s=32&#038;d=mm' class='avatar avatar-32 photo' height='32' width='32' /><span class="comment-author-link">${r.name}</span> on <a href="${url(p)}#comment-${cid(p, i)}">${p.title}</a><span class="rc-date"><time datetime="${iso(r.when)}">${mdy(r.when)}</time></span><p class="rc-excerpt">${words(r.text, 12)}&hellip;</p></li>`,
      )
      .join('');
    const footer = `<div id="footer-widgets" class="footer-widgets"><section id="recent-comments-excerpts-2" class="widget widget_recent_comments"><h2 class="widget-title">Recent Comments</h2><ul id="recentcomments">${recent}</ul></section><section id="text-3" class="widget widget_text"><h2 class="widget-title">About</h2><div class="textwidget"><p>Notes from a walled garden by the estuary.</p></div></section></div>`;
    const aside = `<section id="archives-2" class="widget widget_archive"><h2 class="widget-title">Archives</h2><ul><li><a href="${host}/2025/04/">April 2025</a></li><li><a href="${host}/2025/03/">March 2025</a></li></ul></section>`;
    const page = (title: string, bodyClass: string, main: string): string =>
      twentySixteen({ site: 'Estuary Garden', tagline: 'A walled garden by the water', title, bodyClass, main, aside, host, footer });
    const postPage = (p: Post): string => {
      const replies = st.repliesOf(p);
      const items = replies
        .map(
          (r, i) =>
            `<li id="comment-${cid(p, i)}" class="comment ${i % 2 === 0 ? 'even thread-even' : 'odd alt thread-odd thread-alt'} depth-1"><article id="div-comment-${cid(p, i)}" class="comment-body"><footer class="comment-meta"><div class="comment-author vcard"><img alt='' src='https://secure.gravatar.com/avatar/${r.name.length}c1?s=42&#038;d=mm' class='avatar avatar-42 photo' height='42' width='42' /><b class="fn">${r.name}</b> <span class="says">says:</span></div><div class="comment-metadata"><a href="${url(p)}#comment-${cid(p, i)}"><time datetime="${iso(r.when)}">${mdy(r.when)} at ${ampm(r.when)}</time></a></div></footer><div class="comment-content"><p>${r.text}</p></div><div class="reply"><a rel='nofollow' class='comment-reply-link' href='${url(p)}?replytocom=${cid(p, i)}#respond'>Reply</a></div></article></li>`,
        )
        .join('');
      const n = replies.length;
      const comments = `<div id="comments" class="comments-area">${n > 0 ? `<h2 class="comments-title">${n === 1 ? `One thought on &ldquo;${p.title}&rdquo;` : `${n} thoughts on &ldquo;${p.title}&rdquo;`}</h2><ol class="comment-list">${items}</ol>` : ''}<div id="respond" class="comment-respond"><h2 id="reply-title" class="comment-reply-title">Leave a Reply</h2><form action="${host}/wp-comments-post.php" method="post" id="commentform" class="comment-form"><p class="comment-notes"><span id="email-notes">Your email address will not be published.</span></p><p class="comment-form-comment"><label for="comment">Comment</label> <textarea id="comment" name="comment" cols="45" rows="8"></textarea></p><p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="Post Comment" /></p></form></div></div>`;
      return page(
        p.title,
        `post-template-default single single-post postid-${p.id} single-format-standard`,
        `${tsArticle(host, url(p), p, st.version(p), 'Wren Ashby', 'Garden')}${comments}`,
      );
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: page(
        'Estuary Garden',
        'home blog',
        latest(st, 5)
          .map(
            (p) =>
              `<article class="post hentry"><header class="entry-header"><h2 class="entry-title"><a href="${url(p)}" rel="bookmark">${p.title}</a></h2></header><div class="entry-content"><p>${p.paragraphs[0]}</p></div></article>`,
          )
          .join(''),
      ),
      post: postPage,
      feed: '/feed/',
      title: 'Estuary Garden',
    });
  },
};
/** The site's five latest comments of a crawl, newest first. */
function recentOf(st: State): Array<{ p: Post; r: Reply; i: number }> {
  return st.shown
    .flatMap((p) => st.repliesOf(p).map((r, i) => ({ p, r, i })))
    .sort((a, b) => b.r.when.getTime() - a.r.when.getTime())
    .slice(0, 5);
}

// ---------------------------------------------------------------------------------------------

const ENGINES: Engine[] = [tweetsWidget, testimonials, eventsSidebar, authorBox, forumLatest, reviewsShop, recentCommentsFooter];

describeTwoCrawlSites("records shaped like comments in a widget, not the post's: %s", ENGINES, (engine, built) => {
  const { postOf } = siteLookups(engine, built);

  // Known gap: a testimonial's signature, marked as an author, taken as the post's (it has no byline).
  const itOrAuthorGap = engine.name === 'testimonials' ? it.fails : it;

  itMakesObjectsForThePostsOnly(engine, built);

  it("finds exactly each post's own comments (none on a site without any), with their authors, in both crawls", () => {
    expectSiteReplies(built(), postOf);
  });

  const recordsOf = (v: { url: string; crawl: string }): string[] =>
    engine.records(postOf(v.url) as Post, stateOf(built().model, v.crawl.includes('crawl-2') ? 2 : 1)).map((r) => r.slice(0, 40));

  it('takes no widget record as a comment', () => {
    for (const v of built().versions)
      for (const r of recordsOf(v))
        for (const c of v.comments) expect(c.text, `${v.url} in ${v.crawl}: comment by ${c.author}`).not.toContain(r);
  });

  it('keeps no widget record in the article', () => {
    for (const v of built().versions) for (const r of recordsOf(v)) expect(v.text, `${v.url} in ${v.crawl}`).not.toContain(r);
  });

  // The records' names (clients, venues, forum users, shop reviewers, tweeters) are nobody's byline of the post.
  itOrAuthorGap("takes no widget record's name as the post's author", () => {
    for (const v of built().versions)
      for (const n of engine.recordNames ?? []) expect(v.author ?? '', `${v.url} in ${v.crawl}`).not.toContain(n);
  });

  itKeepsTheArticleWhole(engine, built);
  itReportsTheChangeKinds(engine, built);
});
