/**
 * WordPress themes outside the dev data (issue #12), each a site of posts over two crawls (the
 * second adds a post, a comment on two posts and edits one), asserting that the objects are exactly
 * the posts, each article whole, and the change kinds exact:
 * - redesign: a blog whose theme changes between the crawls (Twenty Ten, then a block theme): other
 *   wrappers and classes, a sidebar added, another header and footer, the date printed another way,
 *   the comments in other markup; the post texts the same. Twenty Ten's byline marks its label
 *   ("<span class=meta-prep-author>Posted on</span>") beside the linked name, and its comments
 *   name their authors in marked elements too: the post's author stays the same in both crawls;
 * - archives-full: home, date archives and category pages printing the full text of several posts
 *   each, in the post page's own markup; the feed has excerpts of the latest five;
 * - attachments: Twenty Twenty with an attachment page per image (/…/slug/img_N/) on the post
 *   template, holding only the image and its caption; the post's date is plain text in a link,
 *   each comment's a <time> of the same day: the post keeps its own date.
 */
import { TextWriter } from '../helpers/text-writer.js';
import type { FixtureCapture } from './fixture-warc.js';
import { MONTHS_EN, NAMES_EN, WORDS_EN } from './site-vocabulary.js';
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
  rssExcerptItems,
  type SiteEngine,
  site,
} from './two-crawl-sites.js';
import { clock12, isoDay, mdy, newestFirst, slugify, words } from './site-format.js';

const POSTS_REPLIES = [2, 0, 3, 1, 0, 2, 1, 0, 2, 1] as const;
const ENGLISH = { writer: (s: number) => new TextWriter(s, WORDS_EN), names: NAMES_EN, replies: POSTS_REPLIES };
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const longDate = mdy;
const ampm = (d: Date): string => clock12(d);
const chunks = <T>(xs: readonly T[], n: number): T[][] =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, (i + 1) * n));
const commentId = (p: Post, i: number): number => p.id * 10 + i;

// ---------------------------------------------------------------------------------------------
// 2. redesign

const redesign: SiteEngine = {
  name: 'redesign',
  seed: 4102,
  ...ENGLISH,
  path: (p) => `/${p.date.getUTCFullYear()}/${pad(p.date.getUTCMonth() + 1)}/${slugify(p.title)}/`,
  boilerplate: [
    'Proudly powered by WordPress',
    'About this blog',
    'written by the last miller',
    'Designed with WordPress',
    'Notes from the mill race',
  ],
  captures(st) {
    const host = site(this);
    const recent = newestFirst(st.shown);
    const classic = (p: Post): string => {
      const post = st.version(p);
      const rs = st.repliesOf(p);
      const comments =
        rs.length === 0
          ? '<div id="comments"><p class="nocomments">Comments are closed.</p></div>'
          : `<div id="comments"><h3 id="comments-title">${rs.length} Responses to <em>${post.title}</em></h3><ol class="commentlist">${rs
              .map(
                (r, i) =>
                  `<li class="comment ${i % 2 === 0 ? 'even thread-even' : 'odd alt thread-odd'} depth-1" id="li-comment-${commentId(p, i)}"><div id="comment-${commentId(p, i)}"><div class="comment-author vcard"><img alt="" src="/avatar/${i}.png" class="avatar avatar-40 photo" height="40" width="40"><cite class="fn">${r.name}</cite> <span class="says">says:</span></div><div class="comment-meta commentmetadata"><a href="${this.path(p)}#comment-${commentId(p, i)}">${longDate(r.when)} at ${ampm(r.when)}</a></div><div class="comment-body"><p>${r.text}</p></div><div class="reply"><a class="comment-reply-link" href="${this.path(p)}?replytocom=${commentId(p, i)}#respond">Reply</a></div></div></li>`,
              )
              .join(
                '',
              )}</ol><div id="respond"><h3 id="reply-title">Leave a Reply</h3><form action="/wp-comments-post.php" method="post" id="commentform"><p class="comment-form-comment"><label for="comment">Comment</label><textarea id="comment" name="comment" cols="45" rows="8"></textarea></p><p class="form-submit"><input name="submit" type="submit" id="submit" value="Post Comment"></p></form></div></div>`;
      return `<!DOCTYPE html><html dir="ltr" lang="en-GB"><head><meta charset="UTF-8"><title>${post.title} | Mill Race</title><link rel="profile" href="http://gmpg.org/xfn/11"><link rel="stylesheet" type="text/css" media="all" href="/wp-content/themes/twentyten/style.css"><link rel="alternate" type="application/rss+xml" title="Mill Race &raquo; Feed" href="${host}/feed/"><link rel="canonical" href="${host}${this.path(p)}"></head><body class="single single-post postid-${p.id}"><div id="wrapper" class="hfeed"><div id="header"><div id="masthead"><div id="branding" role="banner"><div id="site-title"><span><a href="${host}/" title="Mill Race" rel="home">Mill Race</a></span></div><div id="site-description">Notes from the mill race</div><img src="/wp-content/themes/twentyten/images/headers/path.jpg" width="940" height="198" alt=""></div><div id="access" role="navigation"><div class="menu"><ul><li class="current_page_item"><a href="${host}/">Home</a></li><li class="page_item"><a href="${host}/about/">About</a></li></ul></div></div></div></div><div id="main"><div id="container"><div id="content" role="main"><div id="post-${p.id}" class="post-${p.id} post type-post status-publish format-standard hentry category-uncategorized"><h1 class="entry-title">${post.title}</h1><div class="entry-meta"><span class="meta-prep meta-prep-author">Posted on</span> <a href="${host}${this.path(p)}" title="${hmOf(p.date)}" rel="bookmark"><span class="entry-date">${longDate(p.date)}</span></a> <span class="meta-sep">by</span> <span class="author vcard"><a class="url fn n" href="${host}/author/miller/" title="View all posts by miller">miller</a></span></div><div class="entry-content">${paras(post)}</div><div class="entry-utility">This entry was posted in <a href="${host}/category/uncategorized/" rel="category tag">Uncategorized</a>. Bookmark the <a href="${host}${this.path(p)}" rel="bookmark">permalink</a>.</div></div>${comments}</div></div><div id="primary" class="widget-area" role="complementary"><ul class="xoxo"><li id="archives" class="widget-container"><h3 class="widget-title">Archives</h3><ul><li><a href="${host}/2025/03/">March 2025</a></li></ul></li><li id="meta" class="widget-container"><h3 class="widget-title">Meta</h3><ul><li><a href="/wp-login.php">Log in</a></li></ul></li></ul></div></div><div id="footer" role="contentinfo"><div id="colophon"><div id="site-info"><a href="${host}/" rel="home">Mill Race</a></div><div id="site-generator"><a href="https://wordpress.org/">Proudly powered by WordPress.</a></div></div></div></div></body></html>`;
    };
    const blocks = (p: Post): string => {
      const post = st.version(p);
      const rs = st.repliesOf(p);
      const dmy = (d: Date): string => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
      const comments =
        rs.length === 0
          ? ''
          : `<div class="wp-block-comments"><h2 class="wp-block-comments-title">${rs.length} thoughts on “${post.title}”</h2><ol class="wp-block-comment-template">${rs
              .map(
                (r, i) =>
                  `<li id="comment-${commentId(p, i)}" class="comment depth-1"><div class="wp-block-group is-layout-flow"><div class="wp-block-columns"><div class="wp-block-column" style="flex-basis:40px"><div class="wp-block-avatar"><img alt="${r.name} Avatar" src="/avatar/${i}.png" class="avatar avatar-40 photo wp-block-avatar__image" height="40" width="40"></div></div><div class="wp-block-column"><div class="wp-block-comment-author-name">${r.name}</div><div class="wp-block-group is-layout-flex"><div class="wp-block-comment-date"><time datetime="${r.when.toISOString()}"><a href="${this.path(p)}#comment-${commentId(p, i)}">${dmy(r.when)} ${pad(r.when.getUTCHours())}:${pad(r.when.getUTCMinutes())}</a></time></div></div><div class="wp-block-comment-content"><p>${r.text}</p></div><div class="wp-block-comment-reply-link"><a rel="nofollow" class="comment-reply-link" href="${this.path(p)}?replytocom=${commentId(p, i)}#respond">Reply</a></div></div></div></div></li>`,
              )
              .join(
                '',
              )}</ol><div id="respond" class="comment-respond wp-block-post-comments-form"><h3 id="reply-title" class="comment-reply-title">Leave a Reply</h3><form action="/wp-comments-post.php" method="post" id="commentform" class="comment-form"><p class="comment-form-comment"><label for="comment">Comment <span class="required">*</span></label><textarea id="comment" name="comment" cols="45" rows="8" maxlength="65525" required></textarea></p><p class="form-submit wp-block-button"><input name="submit" type="submit" id="submit" class="wp-block-button__link wp-element-button" value="Post Comment"></p></form></div></div>`;
      return `<!DOCTYPE html><html lang="en-GB"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${post.title} – Mill Race</title><link rel="alternate" type="application/rss+xml" title="Mill Race » Feed" href="${host}/feed/"><link rel="canonical" href="${host}${this.path(p)}"><link rel="stylesheet" id="wp-block-library-css" href="/wp-includes/css/dist/block-library/style.min.css?ver=6.5" media="all"></head><body class="post-template-default single single-post postid-${p.id} single-format-standard wp-embed-responsive"><div class="wp-site-blocks"><header class="wp-block-template-part"><div class="wp-block-group alignwide has-global-padding is-layout-flex"><p class="wp-block-site-title"><a href="${host}" target="_self" rel="home">Mill Race</a></p><nav class="wp-block-navigation is-layout-flex" aria-label="Main menu"><ul class="wp-block-navigation__container"><li class="wp-block-navigation-item"><a class="wp-block-navigation-item__content" href="${host}/about/"><span class="wp-block-navigation-item__label">About the race</span></a></li><li class="wp-block-navigation-item"><a class="wp-block-navigation-item__content" href="${host}/feed/"><span class="wp-block-navigation-item__label">Subscribe</span></a></li></ul></nav></div></header><main class="wp-block-group has-global-padding is-layout-constrained"><div class="wp-block-columns alignwide is-layout-flex"><div class="wp-block-column is-layout-flow" style="flex-basis:66.66%"><h1 class="wp-block-post-title">${post.title}</h1><div class="wp-block-group is-layout-flex"><div class="wp-block-post-date"><time datetime="${p.date.toISOString()}">${dmy(p.date)}</time></div><div class="wp-block-post-author-name"><a href="${host}/author/miller/" class="wp-block-post-author-name__link">miller</a></div></div><div class="entry-content wp-block-post-content has-global-padding is-layout-constrained">${paras(post)}</div><div class="taxonomy-category wp-block-post-terms"><a href="${host}/category/uncategorized/" rel="tag">Uncategorized</a></div>${comments}</div><div class="wp-block-column sidebar is-layout-flow" style="flex-basis:33.33%"><h2 class="wp-block-heading">About this blog</h2><p>Mill Race is written by the last miller on the Tame, about water, grain and the machines between them.</p><h2 class="wp-block-heading">Recent posts</h2><ul class="wp-block-latest-posts__list wp-block-latest-posts">${recent
        .slice(0, 5)
        .map((x) => `<li><a class="wp-block-latest-posts__post-title" href="${host}${this.path(x)}">${x.title}</a></li>`)
        .join(
          '',
        )}</ul></div></div></main><footer class="wp-block-template-part"><div class="wp-block-group has-global-padding is-layout-constrained"><p class="has-small-font-size">© 2025 Mill Race · Designed with WordPress</p></div></footer></div></body></html>`;
    };
    const home =
      st.crawl === 1
        ? `<!DOCTYPE html><html lang="en-GB"><head><meta charset="UTF-8"><title>Mill Race | Notes from the mill race</title><link rel="alternate" type="application/rss+xml" title="Mill Race &raquo; Feed" href="${host}/feed/"></head><body class="home blog"><div id="wrapper" class="hfeed"><div id="header"><div id="site-title"><a href="${host}/">Mill Race</a></div><div id="site-description">Notes from the mill race</div></div><div id="main"><div id="container"><div id="content">${latest(
            st,
            5,
          )
            .map(
              (p) =>
                `<div class="post hentry"><h2 class="entry-title"><a href="${host}${this.path(p)}" rel="bookmark">${p.title}</a></h2><div class="entry-meta">Posted on ${longDate(p.date)}</div><div class="entry-summary"><p>${words(p.paragraphs[0] as string, 40)} […]</p></div></div>`,
            )
            .join(
              '',
            )}</div></div></div><div id="footer"><div id="site-generator">Proudly powered by WordPress.</div></div></div></body></html>`
        : `<!DOCTYPE html><html lang="en-GB"><head><meta charset="UTF-8"><title>Mill Race</title><link rel="alternate" type="application/rss+xml" title="Mill Race » Feed" href="${host}/feed/"></head><body class="home blog wp-embed-responsive"><div class="wp-site-blocks"><header class="wp-block-template-part"><p class="wp-block-site-title"><a href="${host}">Mill Race</a></p></header><main class="wp-block-group"><ul class="wp-block-post-template">${latest(
            st,
            5,
          )
            .map(
              (p) =>
                `<li class="wp-block-post"><h2 class="wp-block-post-title"><a href="${host}${this.path(p)}">${p.title}</a></h2><div class="wp-block-post-excerpt"><p class="wp-block-post-excerpt__excerpt">${words(p.paragraphs[0] as string, 40)} … </p></div></li>`,
            )
            .join(
              '',
            )}</ul></main><footer class="wp-block-template-part"><p>© 2025 Mill Race · Designed with WordPress</p></footer></div></body></html>`;
    return [
      { url: `${host}/`, body: home },
      ...st.shown.map((p) => ({ url: `${host}${this.path(p)}`, body: st.crawl === 1 ? classic(p) : blocks(p) })),
      rssCapture(this, '/feed/', 'Mill Race', rssExcerptItems(this, latest(st, 5))),
    ];
  },
};
function hmOf(d: Date): string {
  return ampm(d);
}

// ---------------------------------------------------------------------------------------------
// 4. archives-full

const CATS = ['mills', 'weirs'] as const;
const catOf = (p: Post): string => CATS[p.id % 2] as string;
const ordinal = (n: number): string =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;
const kubrickDate = (d: Date): string => `${MONTHS_EN[d.getUTCMonth()]} ${ordinal(d.getUTCDate())}, ${d.getUTCFullYear()}`;

const archivesFull: SiteEngine = {
  name: 'archives-full',
  seed: 4104,
  ...ENGLISH,
  path: (p) => `/blog/${slugify(p.title)}/`,
  boilerplate: ['is proudly powered by', 'Weir Watch keeps an eye'],
  captures(st) {
    const host = site(this);
    const recent = newestFirst(st.shown);
    const shell = (title: string, bodyClass: string, content: string): string =>
      `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><html xmlns="http://www.w3.org/1999/xhtml" dir="ltr" lang="en-US"><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8" /><title>Weir Watch ${title}</title><link rel="stylesheet" href="/wp-content/themes/default/style.css" type="text/css" media="screen" /><link rel="alternate" type="application/rss+xml" title="Weir Watch RSS Feed" href="${host}/feed/" /></head><body class="${bodyClass}"><div id="page"><div id="header" role="banner"><div id="headerimg"><h1><a href="${host}/">Weir Watch</a></h1><div class="description">Weir Watch keeps an eye on the river's weirs and mills</div></div></div><hr /><div id="content" class="narrowcolumn" role="main">${content}</div><div id="sidebar" role="complementary"><ul><li><h2>Archives</h2><ul><li><a href="${host}/2025/03/">March 2025</a></li></ul></li><li class="categories"><h2>Categories</h2><ul>${CATS.map((c) => `<li class="cat-item"><a href="${host}/category/${c}/">${cap(c)}</a> (${st.shown.filter((p) => catOf(p) === c).length})</li>`).join('')}</ul></li></ul></div><hr /><div id="footer" role="contentinfo"><p>Weir Watch is proudly powered by <a href="http://wordpress.org/">WordPress</a><br /><a href="${host}/feed/">Entries (RSS)</a> and <a href="${host}/comments/feed/">Comments (RSS)</a>.</p></div></div></body></html>`;
    // The listing entries: the post's own markup, the whole text.
    const entry = (p: Post, single: boolean): string => {
      const post = st.version(p);
      const n = st.repliesOf(p).length;
      return `<div class="post" id="post-${p.id}"><h2><a href="${host}${this.path(p)}" rel="bookmark" title="Permanent Link to ${post.title}">${post.title}</a></h2><small>${kubrickDate(p.date)} <!-- by miller --></small><div class="entry">${paras(post)}</div>${
        single
          ? `<p class="postmetadata alt"><small>This entry was posted on ${['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][p.date.getUTCDay()]}, ${kubrickDate(p.date)} at ${ampm(p.date)} and is filed under <a href="${host}/category/${catOf(p)}/" rel="category tag">${cap(catOf(p))}</a>. You can follow any responses to this entry through the <a href="${host}${this.path(p)}feed/">RSS 2.0</a> feed.</small></p>`
          : `<p class="postmetadata">Posted in <a href="${host}/category/${catOf(p)}/" rel="category tag">${cap(catOf(p))}</a> | <a href="${host}${this.path(p)}#comments">${n === 0 ? 'No Comments »' : n === 1 ? '1 Comment »' : `${n} Comments »`}</a></p>`
      }</div>`;
    };
    const nav = (older?: string, newer?: string): string =>
      `<div class="navigation"><div class="alignleft">${older === undefined ? '' : `<a href="${host}${older}">« Older Entries</a>`}</div><div class="alignright">${newer === undefined ? '' : `<a href="${host}${newer}">Newer Entries »</a>`}</div></div>`;
    const listing = (base: string, title: string, bodyClass: string, heading: string, ps: Post[], size: number): FixtureCapture[] =>
      chunks(ps, size).map((part, i, all) => ({
        url: `${host}${i === 0 ? base : `${base}page/${i + 1}/`}`,
        body: shell(
          title,
          bodyClass,
          `${heading}${part.map((p) => entry(p, false)).join('')}${nav(i + 1 < all.length ? `${base}page/${i + 2}/` : undefined, i > 0 ? (i === 1 ? base : `${base}page/${i}/`) : undefined)}`,
        ),
      }));
    const single = (p: Post): string => {
      const post = st.version(p);
      const rs = st.repliesOf(p);
      const idx = st.shown.indexOf(p);
      const prev = st.shown[idx - 1];
      const next = st.shown[idx + 1];
      const comments =
        rs.length === 0
          ? '<!-- If comments are open, but there are no comments. -->'
          : `<h3 id="comments">${rs.length === 1 ? 'One Response' : `${rs.length} Responses`} to “${post.title}”</h3><ol class="commentlist">${rs
              .map(
                (r, i) =>
                  `<li class="${i % 2 === 0 ? 'alt' : ''}" id="comment-${commentId(p, i)}"><cite>${r.name}</cite> Says:<br /><small class="commentmetadata"><a href="#comment-${commentId(p, i)}" title="">${kubrickDate(r.when)} at ${ampm(r.when)}</a> </small><p>${r.text}</p></li>`,
              )
              .join('')}</ol>`;
      return shell(
        `» Blog Archive » ${post.title}`,
        'single',
        `<div class="navigation"><div class="alignleft">${prev === undefined ? '' : `« <a href="${host}${this.path(prev)}" rel="prev">Older post</a>`}</div><div class="alignright">${next === undefined ? '' : `<a href="${host}${this.path(next)}" rel="next">Newer post</a> »`}</div></div>${entry(p, true)}${comments}<h3 id="respond">Leave a Reply</h3><form action="/wp-comments-post.php" method="post" id="commentform"><p><textarea name="comment" id="comment" cols="58" rows="10" tabindex="4"></textarea></p><p><input name="submit" type="submit" id="submit" tabindex="5" value="Submit Comment" /></p></form>`,
      );
    };
    return [
      ...listing('/', '', 'home blog', '', recent, 3),
      ...listing('/2025/03/', '» 2025 » March', 'archive date', '<h2 class="pagetitle">Archive for March, 2025</h2>', recent, 4),
      ...CATS.flatMap((c) =>
        listing(
          `/category/${c}/`,
          `» ${cap(c)}`,
          `archive category category-${c}`,
          `<h2 class="pagetitle">Archive for the ‘${cap(c)}’ Category</h2>`,
          recent.filter((p) => catOf(p) === c),
          4,
        ),
      ),
      ...st.shown.map((p) => ({ url: `${host}${this.path(p)}`, body: single(p) })),
      rssCapture(this, '/feed/', 'Weir Watch', rssExcerptItems(this, latest(st, 5))),
    ];
  },
};

// ---------------------------------------------------------------------------------------------
// 6. attachments (WordPress Twenty Twenty, an attachment page per image)

const attachments: SiteEngine = {
  name: 'attachments',
  seed: 4106,
  ...ENGLISH,
  path: (p) => `/${isoDay(p.date).replace(/-/g, '/')}/${slugify(p.title)}/`,
  boilerplate: ['Proudly powered by WordPress', 'Sluice Gate Diary'],
  captures(st) {
    const host = site(this);
    const recent = newestFirst(st.shown);
    const captionWriter = new TextWriter(this.seed + 77, WORDS_EN);
    const captions = new Map(st.shown.map((p) => [p, [captionWriter.sentence(10), captionWriter.sentence(9)]] as const));
    const imageCount = (p: Post): number => 1 + (p.id % 2);
    const imgUrl = (p: Post, i: number): string => `/wp-content/uploads/2025/03/IMG_${4000 + p.id + i}.jpg`;
    const attUrl = (p: Post, i: number): string => `${this.path(p)}img_${4000 + p.id + i}/`;
    const shell = (title: string, bodyClass: string, main: string): string =>
      `<!DOCTYPE html><html class="no-js" lang="en-US"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0"><title>${title} – Sluice</title><link rel="alternate" type="application/rss+xml" title="Sluice » Feed" href="${host}/feed/"><link rel="stylesheet" id="twentytwenty-style-css" href="/wp-content/themes/twentytwenty/style.css?ver=2.6" media="all"></head><body class="${bodyClass} wp-embed-responsive singular enable-search-modal has-post-thumbnail has-single-pagination showing-comments show-avatars footer-top-visible"><a class="skip-link screen-reader-text" href="#site-content">Skip to the content</a><header id="site-header" class="header-footer-group"><div class="header-inner section-inner"><div class="header-titles-wrapper"><div class="header-titles"><div class="site-title faux-heading"><a href="${host}/">Sluice</a></div><div class="site-description">Sluice Gate Diary</div></div></div><div class="header-navigation-wrapper"><nav class="primary-menu-wrapper" aria-label="Horizontal"><ul class="primary-menu reset-list-style"><li class="page_item"><a href="${host}/about/">About</a></li></ul></nav></div></div></header><main id="site-content">${main}</main><footer id="site-footer" class="header-footer-group"><div class="section-inner"><div class="footer-credits"><p class="footer-copyright">© 2025 <a href="${host}/">Sluice</a></p><p class="powered-by-wordpress"><a href="https://wordpress.org/">Proudly powered by WordPress</a></p></div><a class="to-the-top" href="#site-header"><span class="to-the-top-long">To the top ↑</span></a></div></footer></body></html>`;
    const respond = `<div id="respond" class="comment-respond"><h2 id="reply-title" class="comment-reply-title">Leave a Reply <small><a rel="nofollow" id="cancel-comment-reply-link" href="#respond" style="display:none;">Cancel reply</a></small></h2><form action="/wp-comments-post.php" method="post" id="commentform" class="section-inner thin max-percentage"><p class="comment-notes"><span id="email-notes">Your email address will not be published.</span> Required fields are marked <span class="required">*</span></p><p class="comment-form-comment"><label for="comment">Comment <span class="required">*</span></label> <textarea id="comment" name="comment" cols="45" rows="8" maxlength="65525" required></textarea></p><p class="form-submit"><input name="submit" type="submit" id="submit" class="submit" value="Post Comment"></p></form></div>`;
    const postPage = (p: Post): string => {
      const post = st.version(p);
      const rs = st.repliesOf(p);
      const figures = Array.from(
        { length: imageCount(p) },
        (_, i) =>
          `<figure class="wp-block-image size-large"><a href="${attUrl(p, i)}"><img decoding="async" width="1024" height="683" src="${imgUrl(p, i)}" alt="" class="wp-image-${p.id + i}"></a><figcaption class="wp-element-caption">${captions.get(p)?.[i]}</figcaption></figure>`,
      ).join('');
      const body = `<p>${post.paragraphs[0]}</p>${figures}<p>${post.paragraphs[1]}</p><p>${post.paragraphs[2]}</p>`;
      const comments =
        rs.length === 0
          ? ''
          : `<div class="comments" id="comments"><div class="comments-header section-inner small max-percentage"><h2 class="comment-reply-title">${rs.length} ${rs.length === 1 ? 'reply' : 'replies'} on “${post.title}”</h2></div><div class="comments-inner section-inner thin max-percentage">${rs
              .map(
                (r, i) =>
                  `<div id="comment-${commentId(p, i)}" class="comment even thread-even depth-1"><article id="div-comment-${commentId(p, i)}" class="comment-body"><footer class="comment-meta"><div class="comment-author vcard"><img alt="" src="/avatar/${i}.png" class="avatar avatar-120 photo" height="120" width="120"><span class="fn">${r.name}</span><span class="screen-reader-text says">says:</span></div><div class="comment-metadata"><a href="${this.path(p)}#comment-${commentId(p, i)}"><time datetime="${r.when.toISOString()}">${longDate(r.when)} at ${ampm(r.when)}</time></a></div></footer><div class="comment-content entry-content"><p>${r.text}</p></div><footer class="comment-footer-meta"><span class="comment-reply"><a rel="nofollow" class="comment-reply-link" href="#comment-${commentId(p, i)}">Reply</a></span></footer></article></div>`,
              )
              .join('')}</div></div><hr class="styled-separator is-style-wide section-inner" aria-hidden="true">`;
      return shell(
        post.title,
        `post-template-default single single-post postid-${p.id}`,
        `<article class="post-${p.id} post type-post status-publish format-standard has-post-thumbnail hentry category-gates" id="post-${p.id}"><header class="entry-header has-text-align-center header-footer-group"><div class="entry-header-inner section-inner medium"><div class="entry-categories"><span class="screen-reader-text">Categories</span><div class="entry-categories-inner"><a href="${host}/category/gates/" rel="category tag">Gates</a></div></div><h1 class="entry-title">${post.title}</h1><div class="post-meta-wrapper post-meta-single post-meta-single-top"><ul class="post-meta"><li class="post-author meta-wrapper"><span class="meta-text">By <a href="${host}/author/keeper/">keeper</a></span></li><li class="post-date meta-wrapper"><span class="meta-text"><a href="${this.path(p)}">${longDate(p.date)}</a></span></li><li class="post-comment-link meta-wrapper"><span class="meta-text"><a href="${this.path(p)}#comments">${rs.length === 0 ? 'No Comments' : `${rs.length} Comments`}<span class="screen-reader-text"> on ${post.title}</span></a></span></li></ul></div></div></header><div class="post-inner thin"><div class="entry-content">${body}</div></div><div class="section-inner"></div><div class="comments-wrapper section-inner">${comments}${respond}</div></article>`,
      );
    };
    const attachmentPage = (p: Post, i: number): string => {
      const name = `img_${4000 + p.id + i}`;
      return shell(
        name,
        `attachment attachment-template-default single single-attachment postid-${90000 + p.id + i} attachmentid-${90000 + p.id + i} attachment-jpeg`,
        `<article class="post-${90000 + p.id + i} attachment type-attachment status-inherit hentry" id="post-${90000 + p.id + i}"><header class="entry-header has-text-align-center header-footer-group"><div class="entry-header-inner section-inner medium"><h1 class="entry-title">${name}</h1><div class="post-meta-wrapper post-meta-single post-meta-single-top"><ul class="post-meta"><li class="post-author meta-wrapper"><span class="meta-text">By <a href="${host}/author/keeper/">keeper</a></span></li><li class="post-date meta-wrapper"><span class="meta-text"><a href="${attUrl(p, i)}">${longDate(p.date)}</a></span></li></ul></div></div></header><div class="post-inner thin"><div class="entry-content"><p class="attachment"><a href="${imgUrl(p, i)}"><img fetchpriority="high" decoding="async" width="1024" height="683" src="${imgUrl(p, i)}" class="attachment-medium size-medium" alt=""></a></p><p>${captions.get(p)?.[i]}</p></div></div><div class="section-inner"></div><div class="comments-wrapper section-inner">${respond}</div></article><nav class="pagination-single section-inner only-one only-prev" aria-label="Post"><hr class="styled-separator is-style-wide" aria-hidden="true"><div class="pagination-single-inner"><a class="previous-post" href="${this.path(p)}"><span class="arrow" aria-hidden="true">←</span><span class="title"><span class="title-inner">Published in ${p.title}</span></span></a></div></nav>`,
      );
    };
    const home = shell(
      'Sluice',
      'home blog',
      recent
        .slice(0, 5)
        .map(
          (p) =>
            `<article class="post-${p.id} post type-post hentry" id="post-${p.id}"><header class="entry-header has-text-align-center"><div class="entry-header-inner section-inner medium"><h2 class="entry-title heading-size-1"><a href="${this.path(p)}">${p.title}</a></h2><div class="post-meta-wrapper"><ul class="post-meta"><li class="post-date meta-wrapper"><a href="${this.path(p)}">${longDate(p.date)}</a></li></ul></div></div></header><div class="post-inner thin"><div class="entry-content"><p>${words(p.paragraphs[0] as string, 40)} <a href="${this.path(p)}" class="more-link">Continue reading</a></p></div></div></article>`,
        )
        .join('<hr class="post-separator styled-separator is-style-wide section-inner" aria-hidden="true">'),
    );
    return [
      { url: `${host}/`, body: home },
      ...st.shown.map((p) => ({ url: `${host}${this.path(p)}`, body: postPage(p) })),
      ...st.shown.flatMap((p) =>
        Array.from({ length: imageCount(p) }, (_, i) => ({ url: `${host}${attUrl(p, i)}`, body: attachmentPage(p, i) })),
      ),
      rssCapture(this, '/feed/', 'Sluice', rssExcerptItems(this, latest(st, 5))),
    ];
  },
};

describeTwoCrawlSites('a WordPress theme: %s', [redesign, archivesFull, attachments], (engine, built) => {
  itMakesObjectsForThePostsOnly(engine, built);
  itKeepsTheArticleWhole(engine, built);
  itReportsTheChangeKinds(engine, built);
});
