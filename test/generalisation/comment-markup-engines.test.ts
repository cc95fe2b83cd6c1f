/**
 * Comment markup on six engines outside the dev data and the other generalisation suites (issue #12),
 * each a site of posts over two crawls (the second adds a post, a comment on two posts and edits one).
 * Besides the shared assertions, the post's author and date must never be a commenter's name or a
 * comment's time (comment zones are not the post's byline), and footnotes stay in the article.
 * - blogger-classic: Blogger's classic template: a date header above `<div class="post">`, comments in
 *   `<dl id="comments-block">` ("Name said..."), a per-post Atom comment feed (newest first) linked
 *   from the post page's head, and the Atom posts feed with full content;
 * - related-dated: after each article, before its comments, a "related posts" box of three entries,
 *   each a title link, that post's date and a 25-word excerpt (shaped like comment records);
 * - zh-list: a Chinese blog ("3 条评论", dates "2025年5月3日 14:22", comments in `<ul><li>` with a name
 *   `<span>`, a date `<span>` and the text `<p>`);
 * - quoting-en: comments quoting an earlier comment in a `<blockquote>`, some with a `<pre><code>` block
 *   or two paragraphs; names link to the commenters' sites, the date is a `#comment-N` permalink;
 * - footnotes-en: articles with a footnotes section (short numbered notes with a ↩ back-link) after the
 *   body; comments in a `<section>` of `<article>`s whose `<footer>` holds the name and a `<time>`;
 * - short-replies-en: WordPress (Twenty Ten) comments whose texts are very short ("Thanks!", "+1"),
 *   a text sometimes repeated by two commenters on one post.
 */
import { expect, it } from 'vitest';
import { TextWriter } from '../helpers/text-writer.js';
import { expectSiteReplies, type PrintedReply } from './expect-replies.js';
import { escapeXml } from './fixture-warc.js';
import { NAMES_EN, WORDS_EN } from './site-vocabulary.js';
import {
  ATOM,
  blogCaptures,
  describeTwoCrawlSites,
  hm,
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
  site,
  siteLookups,
} from './two-crawl-sites.js';
import { UnspacedWriter, clock12, mdy } from './site-format.js';

interface Engine extends SiteEngine {
  /** The comments as the engine prints them (default: each reply's name and text). */
  printed?(p: Post, replies: readonly Reply[]): PrintedReply[];
  /** Text that belongs to a post's article besides its paragraphs (footnotes). */
  articleExtras?(p: Post): string[];
  /** Use a looser comment assertion (quotes). */
  quoting?: boolean;
}

const WEEKDAYS_EN = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ampm = (d: Date): string => clock12(d, true);

/** Blogger's classic template ("Minima" classic). */
const bloggerClassic: Engine = {
  name: 'blogger-classic',
  seed: 401,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: [2, 0, 3, 1, 0, 4, 2, 1, 0, 2],
  path: (p) => `/${p.date.getUTCFullYear()}/${pad(p.date.getUTCMonth() + 1)}/${p.slug}.html`,
  boilerplate: ['said...', 'Post a Comment', 'Links to this post', 'Previous Posts'],
  captures(st) {
    const host = site(this);
    const blog = '4417203981126634120';
    const postId = (p: Post): string => `7${p.id}55120934881`;
    const commentId = (p: Post, r: Reply): string => `${r.when.getTime() % 1_000_000_007}${p.id}`;
    const url = (p: Post): string => `${host}${this.path(p)}`;
    const profile = (r: Reply): string => `https://www.blogger.com/profile/0${(r.name.length * 7919).toString().padStart(19, '4')}`;
    const sidebar = `<div id="sidebar"><div id="sidebar2"><h2 class="sidebar-title">Previous Posts</h2><ul id="recently">${latest(st, 10)
      .map((p) => `<li><a href="${url(p)}">${p.title}</a></li>`)
      .join(
        '',
      )}</ul><h2 class="sidebar-title">Archives</h2><ul class="archive-list"><li><a href="${host}/2025_03_01_archive.html">March 2025</a></li></ul><p id="powered-by"><a href="http://www.blogger.com"><img src="http://buttons.blogger.com/bloggerbutton1.gif" alt="Powered by Blogger" /></a></p></div></div>`;
    const head = (title: string, extra = ''): string =>
      `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"><html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en"><head><title>${title}</title><meta http-equiv="Content-Type" content="text/html; charset=UTF-8" /><meta name="generator" content="Blogger" /><link rel="alternate" type="${ATOM}" title="Mudflat Notes - Atom" href="${host}/feeds/posts/default" /><link rel="alternate" type="${RSS}" title="Mudflat Notes - RSS" href="${host}/feeds/posts/default?alt=rss" />${extra}<style type="text/css">body{background:#fff}</style></head>`;
    const page = (title: string, main: string, extra = ''): string =>
      `${head(title, extra)}<body><div id="navbar-iframe-container"></div><div id="header"><h1 id="blog-title"><a href="${host}/">Mudflat Notes</a></h1><p id="description">Low tide, high hopes.</p></div><div id="content"><div id="main"><div id="main2">${main}</div></div>${sidebar}</div><div style="clear:both"></div></body></html>`;
    const dateHeader = (d: Date): string => `<h2 class="date-header">${WEEKDAYS_EN[d.getUTCDay()]}, ${mdy(d)}</h2>`;
    const postDiv = (p: Post, onItemPage: boolean): string => {
      const v = st.version(p);
      const n = st.repliesOf(p).length;
      const title = onItemPage ? p.title : `<a href="${url(p)}">${p.title}</a>`;
      const link = onItemPage
        ? ''
        : ` <span class="post-comment-link"><a class="comment-link" href="${url(p)}#comments">${n} comment${n === 1 ? '' : 's'}</a></span>`;
      return `<div class="post"><a name="${postId(p)}"></a><h3 class="post-title">${title}</h3><div class="post-body"><div>${paras(v)}<div style="clear:both;"></div></div></div><p class="post-footer"><em>posted by Mudflat Warden at <a href="${url(p)}" title="permanent link">${ampm(p.date)}</a></em>${link} <span class="item-control blog-admin pid-88120"><a style="border:none;" href="http://www.blogger.com/post-edit.g?blogID=${blog}&amp;postID=${postId(p)}" title="Edit Post"><img class="icon-action" alt="" src="http://img1.blogblog.com/img/icon18_edit_allbkg.gif" height="18" width="18" /></a></span></p></div>`;
    };
    const postPage = (p: Post): string => {
      const replies = st.repliesOf(p);
      const dl = replies
        .map((r) => {
          const c = commentId(p, r);
          return `<dt class="comment-author" id="c${c}"><a name="c${c}"></a><a href="${profile(r)}" rel="nofollow">${r.name}</a> said...</dt><dd class="comment-body"><p>${r.text}</p></dd><dd class="comment-footer"><span class="comment-timestamp"><a href="${url(p)}?showComment=${r.when.getTime()}#c${c}" title="comment permalink">${mdy(r.when)} ${ampm(r.when)}</a></span> <span class="item-control blog-admin pid-1702"><a style="border:none;" href="https://www.blogger.com/delete-comment.g?blogID=${blog}&amp;postID=${c}" title="Delete Comment"><span class="delete-comment-icon">&nbsp;</span></a></span></dd>`;
        })
        .join('');
      const comments = `<div id="comments"><a name="comments"></a><h4>${replies.length} Comments:</h4><dl id="comments-block">${dl}</dl><p class="comment-timestamp"><a class="comment-link" href="https://www.blogger.com/comment.g?blogID=${blog}&amp;postID=${postId(p)}">Post a Comment</a></p><a name="links"></a><h4>Links to this post:</h4><p class="post-footer-line post-footer-line-3"><a class="comment-link" href="https://www.blogger.com/blog-this.g">Create a Link</a></p><p class="comment-timestamp"><a href="${host}/">&lt;&lt; Home</a></p></div>`;
      const feedLink = `<link rel="alternate" type="${ATOM}" title="Mudflat Notes - ${escapeXml(p.title)} Comments" href="${host}/feeds/${postId(p)}/comments/default" />`;
      return page(`Mudflat Notes: ${p.title}`, `${dateHeader(p.date)}${postDiv(p, true)}${comments}`, feedLink);
    };
    const listing = (posts: readonly Post[]): string => posts.map((p) => `${dateHeader(p.date)}${postDiv(p, false)}`).join('');
    const atomEntry = (p: Post): string => {
      const n = st.repliesOf(p).length;
      return `<entry><id>tag:blogger.com,1999:blog-${blog}.post-${postId(p)}</id><published>${p.date.toISOString()}</published><updated>${p.date.toISOString()}</updated><title type='text'>${escapeXml(p.title)}</title><content type='html'>${escapeXml(paras(st.version(p)))}</content><link rel='replies' type='${ATOM}' href='${host}/feeds/${postId(p)}/comments/default' title='Post Comments'/><link rel='replies' type='text/html' href='https://www.blogger.com/comment.g?blogID=${blog}&amp;postID=${postId(p)}' title='${n} Comments'/><link rel='edit' type='${ATOM}' href='http://www.blogger.com/feeds/${blog}/posts/default/${postId(p)}'/><link rel='self' type='${ATOM}' href='http://www.blogger.com/feeds/${blog}/posts/default/${postId(p)}'/><link rel='alternate' type='text/html' href='${url(p)}' title='${escapeXml(p.title)}'/><author><name>Mudflat Warden</name><uri>https://www.blogger.com/profile/01234567890123456789</uri><email>noreply@blogger.com</email></author><thr:total>${n}</thr:total></entry>`;
    };
    const feedHead = `<?xml version='1.0' encoding='UTF-8'?><feed xmlns='http://www.w3.org/2005/Atom' xmlns:openSearch='http://a9.com/-/spec/opensearchrss/1.0/' xmlns:thr='http://purl.org/syndication/thread/1.0'>`;
    const postsFeed = `${feedHead}<id>tag:blogger.com,1999:blog-${blog}</id><updated>${st.at.toISOString()}</updated><title type='text'>Mudflat Notes</title><subtitle type='html'>Low tide, high hopes.</subtitle><link rel='http://schemas.google.com/g/2005#feed' type='${ATOM}' href='${host}/feeds/posts/default'/><link rel='self' type='${ATOM}' href='http://www.blogger.com/feeds/${blog}/posts/default'/><link rel='alternate' type='text/html' href='${host}/'/><author><name>Mudflat Warden</name></author><generator version='7.00' uri='http://www.blogger.com'>Blogger</generator><openSearch:totalResults>${st.shown.length}</openSearch:totalResults><openSearch:startIndex>1</openSearch:startIndex><openSearch:itemsPerPage>25</openSearch:itemsPerPage>${latest(
      st,
      25,
    )
      .map(atomEntry)
      .join('')}</feed>`;
    // Blogger lists a post's comments newest first.
    const commentFeed = (p: Post): string => {
      const replies = [...st.repliesOf(p)].reverse();
      const entries = replies
        .map((r) => {
          const c = commentId(p, r);
          return `<entry><id>tag:blogger.com,1999:blog-${blog}.post-${c}</id><published>${r.when.toISOString()}</published><updated>${r.when.toISOString()}</updated><title type='text'>${escapeXml(r.text.slice(0, 40))}...</title><content type='html'>${escapeXml(r.text)}</content><link rel='edit' type='${ATOM}' href='http://www.blogger.com/feeds/${blog}/${postId(p)}/comments/default/${c}'/><link rel='self' type='${ATOM}' href='http://www.blogger.com/feeds/${blog}/${postId(p)}/comments/default/${c}'/><link rel='alternate' type='text/html' href='${url(p)}?showComment=${r.when.getTime()}#c${c}' title=''/><author><name>${r.name}</name><uri>${profile(r)}</uri><email>noreply@blogger.com</email></author><thr:in-reply-to xmlns:thr='http://purl.org/syndication/thread/1.0' href='${url(p)}' ref='tag:blogger.com,1999:blog-${blog}.post-${postId(p)}' source='http://www.blogger.com/feeds/${blog}/posts/default/${postId(p)}' type='text/html'/></entry>`;
        })
        .join('');
      return `${feedHead}<id>tag:blogger.com,1999:blog-${blog}.post${postId(p)}..comments</id><updated>${st.at.toISOString()}</updated><title type='text'>Comments on Mudflat Notes: ${escapeXml(p.title)}</title><link rel='http://schemas.google.com/g/2005#feed' type='${ATOM}' href='${host}/feeds/${postId(p)}/comments/default'/><link rel='alternate' type='text/html' href='${url(p)}'/><author><name>Mudflat Warden</name></author><generator version='7.00' uri='http://www.blogger.com'>Blogger</generator><openSearch:totalResults>${replies.length}</openSearch:totalResults>${entries}</feed>`;
    };
    return [
      { url: `${host}/`, body: page('Mudflat Notes', listing(latest(st, 3))) },
      { url: `${host}/2025_03_01_archive.html`, body: page('Mudflat Notes: March 2025', listing([...st.shown].reverse())) },
      ...st.shown.map((p) => ({ url: url(p), body: postPage(p) })),
      { url: `${host}/feeds/posts/default`, body: postsFeed, type: ATOM },
      ...st.shown.map((p) => ({ url: `${host}/feeds/${postId(p)}/comments/default`, body: commentFeed(p), type: ATOM })),
    ];
  },
};

/** A blog printing a "related posts" box (title link, date, 25-word excerpt) between article and comments. */
const relatedDated: Engine = {
  name: 'related-dated',
  seed: 409,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: [1, 0, 2, 1, 3, 0, 1, 2, 0, 1, 2, 1],
  path: (p) => `/${p.date.getUTCFullYear()}/${pad(p.date.getUTCMonth() + 1)}/${pad(p.date.getUTCDate())}/${p.slug}/`,
  boilerplate: ['You might also like', 'Leave a comment'],
  captures(st) {
    const excerpt = (p: Post): string => `${(p.paragraphs[0] as string).split(' ').slice(0, 25).join(' ')}…`;
    const related = (p: Post): Post[] => {
      const i = st.shown.indexOf(p);
      return [1, 2, 3].map((k) => st.shown[(i + k) % st.shown.length] as Post);
    };
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title} | Brackish</title><link rel="alternate" type="${RSS}" title="Brackish" href="/feed/"></head><body class="single"><header class="site-header"><a class="brand" href="/">Brackish</a><nav><a href="/archive/">Archive</a> <a href="/about/">About</a></nav></header><main id="main">${main}</main><footer class="site-footer"><p>© 2025 Brackish. Words and photos by the author.</p></footer></body></html>`;
    const postPage = (p: Post): string => {
      const v = st.version(p);
      const replies = st.repliesOf(p);
      const rel = `<aside class="related-posts"><h3>You might also like</h3>${related(p)
        .map(
          (o) =>
            `<div class="related-post"><a class="related-title" href="${this.path(o)}">${o.title}</a><span class="related-date">${mdy(o.date)}</span><p class="related-excerpt">${excerpt(o)}</p></div>`,
        )
        .join('')}</aside>`;
      const list = replies
        .map(
          (r, i) =>
            `<li id="comment-${p.id * 10 + i}"><span class="comment-name">${r.name}</span> <span class="comment-date">${mdy(r.when)} at ${hm(r.when)}</span><p>${r.text}</p></li>`,
        )
        .join('');
      const comments = `<section class="responses"><h3>${replies.length === 0 ? 'No comments yet' : `${replies.length} comment${replies.length === 1 ? '' : 's'}`}</h3>${replies.length > 0 ? `<ol>${list}</ol>` : ''}<p><a href="#respond">Leave a comment</a></p></section>`;
      return shell(
        p.title,
        `<article class="post"><h1 class="post-title">${p.title}</h1><p class="post-date">${mdy(p.date)}</p><div class="post-body">${paras(v)}</div></article>${rel}${comments}`,
      );
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: shell(
        'Brackish',
        latest(st, 5)
          .map(
            (p) => `<div class="teaser"><h2><a href="${this.path(p)}">${p.title}</a></h2><p>${mdy(p.date)}</p><p>${excerpt(p)}</p></div>`,
          )
          .join(''),
      ),
      post: postPage,
      feed: '/feed/',
      title: 'Brackish',
    });
  },
};

/** Chinese words and particles: sentences join them without spaces. */
const WORDS_ZH = `港口 村庄 草地 果园 灯笼 自行车 渡船 市场 面包店 小教堂 采石场 磨坊 河 桥 车站 岛 山谷 山脊 花园 厨房
信 账本 日记 窗户 梯子 木桶 篮子 冬天 春天 秋天 夏天 早上 傍晚 周末 雨水 霜 雷声 阳光 影子 的 了 在 和 从 到 把
修好 粉刷 测量 种下 收集 搬运 数了 注意到 安静地 慢慢地 仔细地 很早 很晚 又 几乎 常常 一起`.split(/\s+/);
const NAMES_ZH = ['王小明', '李静', '张伟', '刘芳', '陈思远', '杨丽', '赵磊'];

/** A Chinese WordPress-style blog: "3 条评论", comments in <ul><li> with name and date <span>s. */
const zhList: Engine = {
  name: 'zh-list',
  seed: 419,
  writer: (s) => new UnspacedWriter(new TextWriter(s, WORDS_ZH)),
  names: NAMES_ZH,
  replies: [0, 2, 1, 3, 0, 1, 2, 0, 1, 0, 1],
  path: (p) => `/archives/${p.id}`,
  boilerplate: ['条评论', '发表评论', '最新文章'],
  captures(st) {
    const date = (d: Date): string => `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${hm(d)}`;
    const side = `<aside id="secondary"><section class="widget"><h3>最新文章</h3><ul>${latest(st, 5)
      .map((p) => `<li><a href="${this.path(p)}">${p.title}</a></li>`)
      .join(
        '',
      )}</ul></section><section class="widget"><h3>文章归档</h3><ul><li><a href="/archives/date/2025/03">2025年三月</a></li></ul></section><section class="widget"><h3>标签</h3><p>${st.crawl === 1 ? '散步 河边 天气' : '散步 河边 天气 摄影'}</p></section></aside>`;
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="UTF-8"><title>${title} – 河边笔记</title><link rel="alternate" type="${RSS}" title="河边笔记 » Feed" href="/feed"></head><body><header id="masthead"><p class="site-title"><a href="/">河边笔记</a></p><p class="site-description">记录河边的日常</p><nav><a href="/">首页</a> <a href="/about">关于</a></nav></header><div id="content"><div id="primary">${main}</div>${side}</div><footer id="colophon"><p>© 2025 河边笔记 · 自豪地采用 WordPress</p></footer></body></html>`;
    const postPage = (p: Post): string => {
      const v = st.version(p);
      const replies = st.repliesOf(p);
      const items = replies
        .map(
          (r, i) =>
            `<li class="comment" id="comment-${p.id * 10 + i}"><div class="comment-meta"><span class="comment-author">${r.name}</span><span class="comment-date">${date(r.when)}</span></div><p>${r.text}</p><a class="reply" href="?replytocom=${p.id * 10 + i}#respond">回复</a></li>`,
        )
        .join('');
      const comments =
        replies.length > 0
          ? `<div id="comments"><h3 class="comments-title">${replies.length} 条评论</h3><ul class="comment-list">${items}</ul></div>`
          : '';
      const respond = `<div id="respond"><h3>发表评论</h3><form action="/wp-comments-post.php" method="post"><p>您的电子邮箱地址不会被公开。</p><textarea name="comment"></textarea><input name="author"><input type="submit" value="发表评论"></form></div>`;
      return shell(
        p.title,
        `<article class="post"><header><h1 class="entry-title">${p.title}</h1><p class="entry-meta">发表于 ${date(p.date)} · 分类：<a href="/category/life">生活</a></p></header><div class="entry-content">${paras(v)}</div></article>${comments}${respond}`,
      );
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: shell(
        '河边笔记',
        latest(st, 5)
          .map((p) => `<article><h2><a href="${this.path(p)}">${p.title}</a></h2><p>${date(p.date)}</p><p>${p.paragraphs[0]}</p></article>`)
          .join(''),
      ),
      post: postPage,
      feed: '/feed',
      title: '河边笔记',
    });
  },
};

/** quoting-en: how reply `i` of a post is printed: whether it quotes reply i-1, its paragraphs, its code. */
const quotes = (p: Post, i: number): boolean => i > 0 && (p.id + i) % 2 === 1;
const CODE = ['$ rsync -av ledger/ backup/ledger/\n$ du -sh backup', 'for f in *.jpg; do\n  convert "$f" -resize 50% "small/$f"\ndone'];
const code = (p: Post, i: number): string | undefined => (i % 3 === 2 ? CODE[(p.id + i) % CODE.length] : undefined);
const ownParagraphs = (r: Reply): string[] => {
  const s = r.text.split(/(?<=\.) /);
  return s.length >= 2 ? [s[0] as string, s.slice(1).join(' ')] : [r.text];
};

const quotingEn: Engine = {
  name: 'quoting-en',
  seed: 421,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: [3, 0, 4, 2, 1, 0, 5, 2, 0, 3, 1],
  path: (p) => `/posts/${p.slug}.html`,
  quoting: true,
  boilerplate: ['Post a comment'],
  captures(st) {
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title} - Ferry Logs</title><link rel="alternate" type="${RSS}" href="/rss.xml"></head><body><div id="top"><a href="/">Ferry Logs</a> — a sysadmin's harbour</div><div id="page">${main}</div><div id="bottom">Ferry Logs is hand-written in vim.</div></body></html>`;
    const postPage = (p: Post): string => {
      const v = st.version(p);
      const replies = st.repliesOf(p);
      const cid = (i: number): number => p.id * 10 + i + 1;
      const items = replies
        .map((r, i) => {
          const prev = replies[i - 1];
          const quote = quotes(p, i) && prev !== undefined ? `<blockquote><p>${prev.text}</p></blockquote>` : '';
          const c = code(p, i);
          const body = `${quote}${ownParagraphs(r)
            .map((x) => `<p>${x}</p>`)
            .join('')}${c === undefined ? '' : `<pre><code>${escapeXml(c)}</code></pre>`}`;
          return `<div class="comment" id="comment-${cid(i)}"><div class="comment-meta"><a class="url" rel="external nofollow" href="https://${r.name.split(' ')[0]?.toLowerCase()}.example.net/">${r.name}</a> · <a class="permalink" href="#comment-${cid(i)}">${mdy(r.when)} at ${hm(r.when)}</a></div><div class="comment-content">${body}</div></div>`;
        })
        .join('');
      const comments = `<div id="comments"><h2>Comments</h2>${items === '' ? '<p>No comments yet.</p>' : items}<p><a href="/comment?post=${p.id}">Post a comment</a></p></div>`;
      return shell(p.title, `<div class="post"><h1>${p.title}</h1><div class="byline">${mdy(p.date)}</div>${paras(v)}</div>${comments}`);
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: shell(
        'Ferry Logs',
        latest(st, 5)
          .map((p) => `<h2><a href="${this.path(p)}">${p.title}</a></h2><p>${mdy(p.date)}</p>`)
          .join(''),
      ),
      post: postPage,
      feed: '/rss.xml',
      title: 'Ferry Logs',
    });
  },
};

/** footnotes-en: each post's notes (fixed per post). */
const footnotesOf = (p: Post): string[] => {
  const w = new TextWriter(p.id, WORDS_EN);
  return Array.from({ length: 2 + (p.id % 2) }, () => w.sentence(6 + Math.floor(p.id % 4)));
};

const footnotesEn: Engine = {
  name: 'footnotes-en',
  seed: 431,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: [2, 1, 0, 3, 1, 0, 2, 1, 0, 2, 0, 2],
  path: (p) => `/notes/${p.slug}/`,
  articleExtras: footnotesOf,
  boilerplate: ['Comments', 'Reply by email'],
  captures(st) {
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="generator" content="Hugo 0.125.4"><title>${title} · Sandbar</title><link rel="alternate" type="${RSS}" href="/index.xml" title="Sandbar"></head><body><header><a href="/">Sandbar</a><nav><a href="/notes/">Notes</a> <a href="/about/">About</a></nav></header><main>${main}</main><footer><p>Sandbar · CC BY 4.0 · <a href="/index.xml">RSS</a></p></footer></body></html>`;
    const postPage = (p: Post): string => {
      const v = st.version(p);
      const notes = footnotesOf(p);
      const replies = st.repliesOf(p);
      // The notes are referenced from the end of the paragraphs, one per paragraph.
      const body = v.paragraphs
        .map((x, i) =>
          i < notes.length
            ? `<p>${x}<sup id="fnref:${i + 1}"><a href="#fn:${i + 1}" class="footnote-ref" role="doc-noteref">${i + 1}</a></sup></p>`
            : `<p>${x}</p>`,
        )
        .join('');
      const fn = `<section class="footnotes" role="doc-endnotes"><hr><ol>${notes
        .map(
          (n, i) =>
            `<li id="fn:${i + 1}"><p>${n}&#160;<a href="#fnref:${i + 1}" class="footnote-backref" role="doc-backlink">&#x21a9;&#xfe0e;</a></p></li>`,
        )
        .join('')}</ol></section>`;
      const items = replies
        .map(
          (r, i) =>
            `<article class="comment" id="c${p.id}-${i + 1}"><p>${r.text}</p><footer><span class="comment-author">${r.name}</span> · <time datetime="${r.when.toISOString()}">${mdy(r.when)}</time></footer></article>`,
        )
        .join('');
      const comments =
        replies.length > 0
          ? `<section class="comments"><h2>Comments</h2>${items}<p><a href="mailto:sandbar@example.org?subject=${p.slug}">Reply by email</a></p></section>`
          : '';
      return shell(
        p.title,
        `<article class="post"><h1>${p.title}</h1><time datetime="${p.date.toISOString()}">${mdy(p.date)}</time><div class="content">${body}${fn}</div></article>${comments}`,
      );
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: shell(
        'Sandbar',
        latest(st, 5)
          .map((p) => `<h2><a href="${this.path(p)}">${p.title}</a></h2><time>${mdy(p.date)}</time>`)
          .join(''),
      ),
      post: postPage,
      feed: '/index.xml',
      title: 'Sandbar',
    });
  },
};

/** short-replies-en: the short texts, "+1" twice so that some posts show it from two commenters. */
const SHORT = ['Thanks!', '+1', 'Great post!', 'Lovely.', '+1', 'Thank you for this.', 'Agreed.', 'So true!'];
const shortText = (p: Post, i: number): string =>
  // A later reader of some posts says what the first one said.
  i > 0 && i === p.replies.length && p.id % 3 === 2 ? shortText(p, 0) : (SHORT[(p.id + i * 3) % SHORT.length] as string);

const shortRepliesEn: Engine = {
  name: 'short-replies-en',
  seed: 433,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: [2, 4, 1, 3, 0, 2, 5, 1, 4, 2, 3],
  path: (p) => `/${p.date.getUTCFullYear()}/${pad(p.date.getUTCMonth() + 1)}/${p.slug}/`,
  printed: (p, replies) => replies.map((r, i) => ({ name: r.name, text: shortText(p, i) })),
  boilerplate: ['Responses to', 'Leave a Reply', 'says:'],
  captures(st) {
    const host = site(this);
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html dir="ltr" lang="en-US"><head><meta charset="UTF-8" /><title>${title} | Weir Walks</title><link rel="alternate" type="${RSS}" title="Weir Walks &raquo; Feed" href="${host}/feed/" /></head><body class="single"><div id="wrapper" class="hfeed"><div id="header"><div id="site-title"><a href="${host}/">Weir Walks</a></div><div id="site-description">Walks along the old mill weirs</div><div id="access"><a href="${host}/">Home</a> <a href="${host}/about/">About</a></div></div><div id="main"><div id="container"><div id="content" role="main">${main}</div></div><div id="primary" class="widget-area"><ul class="xoxo"><li class="widget-container"><h3 class="widget-title">Meta</h3><ul><li><a href="${host}/wp-login.php">Log in</a></li></ul></li></ul></div></div><div id="footer"><div id="site-info"><a href="${host}/">Weir Walks</a></div><div id="site-generator"><a href="http://wordpress.org/">Proudly powered by WordPress.</a></div></div></div></body></html>`;
    const postPage = (p: Post): string => {
      const v = st.version(p);
      const replies = st.repliesOf(p);
      const cid = (i: number): number => p.id * 10 + i + 1;
      const items = replies
        .map(
          (r, i) =>
            `<li class="comment ${i % 2 === 0 ? 'even thread-even' : 'odd alt thread-odd thread-alt'} depth-1" id="li-comment-${cid(i)}"><div id="comment-${cid(i)}"><div class="comment-author vcard"><img alt='' src='http://0.gravatar.com/avatar/${(r.name.length * 31).toString(16)}?s=40&amp;d=mm' class='avatar avatar-40 photo' height='40' width='40' /><cite class="fn">${r.name}</cite> <span class="says">says:</span></div><div class="comment-meta commentmetadata"><a href="${host}${this.path(p)}#comment-${cid(i)}">${mdy(r.when)} at ${ampm(r.when).toLowerCase()}</a></div><div class="comment-body"><p>${shortText(p, i)}</p></div><div class="reply"><a rel='nofollow' class='comment-reply-link' href='${this.path(p)}?replytocom=${cid(i)}#respond'>Reply</a></div></div></li>`,
        )
        .join('');
      const n = replies.length;
      const comments = `<div id="comments">${n > 0 ? `<h3 id="comments-title">${n} Response${n === 1 ? '' : 's'} to <em>${p.title}</em></h3><ol class="commentlist">${items}</ol>` : ''}<div id="respond"><h3 id="reply-title">Leave a Reply</h3><form action="${host}/wp-comments-post.php" method="post" id="commentform"><p class="comment-notes">Your email address will not be published.</p><p><label for="author">Name</label><input id="author" name="author" type="text" /></p><p><textarea id="comment" name="comment"></textarea></p><p class="form-submit"><input name="submit" type="submit" id="submit" value="Post Comment" /></p></form></div></div>`;
      return shell(
        p.title,
        `<div id="nav-above" class="navigation"></div><div class="post-${p.id} post type-post hentry"><h1 class="entry-title">${p.title}</h1><div class="entry-meta"><span class="meta-prep meta-prep-author">Posted on</span> <a href="${host}${this.path(p)}" rel="bookmark"><span class="entry-date">${mdy(p.date)}</span></a> <span class="meta-sep">by</span> <span class="author vcard"><a class="url fn n" href="${host}/author/weir/">weir</a></span></div><div class="entry-content">${paras(v)}</div><div class="entry-utility">This entry was posted in <a href="${host}/category/walks/" rel="category tag">Walks</a>. Bookmark the <a href="${host}${this.path(p)}" rel="bookmark">permalink</a>.</div></div>${comments}`,
      );
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: shell(
        'Weir Walks',
        latest(st, 5)
          .map(
            (p) =>
              `<div class="post hentry"><h2 class="entry-title"><a href="${this.path(p)}">${p.title}</a></h2><div class="entry-summary"><p>${p.paragraphs[0]}</p></div><span class="comments-link"><a href="${this.path(p)}#comments">${st.repliesOf(p).length} Comments</a></span></div>`,
          )
          .join(''),
      ),
      post: postPage,
      feed: '/feed/',
      title: 'Weir Walks',
    });
  },
};

const ENGINES: Engine[] = [bloggerClassic, relatedDated, zhList, quotingEn, footnotesEn, shortRepliesEn];

const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();

describeTwoCrawlSites('comment markup on an unseen engine: %s', ENGINES, (engine, built) => {
  const { postOf } = siteLookups(engine, built);
  const printedOf = (p: Post, replies: readonly Reply[]): PrintedReply[] =>
    engine.printed?.(p, replies) ?? replies.map((r) => ({ name: r.name, text: r.text }));

  itMakesObjectsForThePostsOnly(engine, built);

  if (engine.quoting !== true)
    it("finds every post's comments, in order, with their authors, in both crawls", () => {
      expectSiteReplies(built(), postOf, printedOf);
    });
  else
    it("finds every post's comments, in order, with their authors, each with its own text and quote, in both crawls", () => {
      for (const v of built().versions) {
        const p = postOf(v.url) as Post;
        const want = (v.crawl.includes('crawl-2') ? built().model.later.get(p.slug) : undefined) ?? p.replies;
        const where = `${v.url} in ${v.crawl}`;
        expect(
          v.comments.map((c) => c.author),
          where,
        ).toEqual(want.map((r) => r.name));
        const got = v.comments.map((c) => norm(c.text));
        want.forEach((r, i) => {
          const text = got[i] ?? '';
          for (const x of ownParagraphs(r)) expect(text, `${where} #${i} own text`).toContain(norm(x));
          const c = code(p, i);
          if (c !== undefined) {
            expect(text, `${where} #${i} code`).toContain(norm(c));
            // The code block's lines stay lines.
            const lines = (v.comments[i]?.text ?? '').split('\n').map(norm);
            for (const line of c.split('\n')) expect(lines, `${where} #${i} code line`).toContain(norm(line));
          }
          const prev = want[i - 1];
          if (quotes(p, i) && prev !== undefined) expect(text, `${where} #${i} quote`).toContain(norm(prev.text));
          // No other reply's text is in this comment, but the one it quotes.
          want.forEach((o, j) => {
            if (j !== i && !(j === i - 1 && quotes(p, i))) expect(text, `${where} #${i} holds #${j}`).not.toContain(norm(o.text));
          });
        });
      }
    });

  itKeepsTheArticleWhole(engine, built);

  const extras = engine.articleExtras;
  // Notes shorter than a sentence, each ending in its ↩ back-link, are a zone of short lines; the
  // article's text links to them, so they are the article's (`isLinkedFromOutside` in article-render.ts).
  if (extras !== undefined)
    it('keeps the footnotes in the article, none in the comments', () => {
      for (const v of built().versions) {
        const p = postOf(v.url) as Post;
        for (const n of extras(p)) {
          expect(v.text, v.url).toContain(n);
          for (const c of v.comments) expect(c.text, v.url).not.toContain(n);
        }
      }
    });

  // Metadata: the post's author and date are the post's, never a commenter's name or a comment's time.
  it("takes no commenter's name as the post's author and no comment's time as its date", () => {
    for (const v of built().versions) {
      const p = postOf(v.url) as Post;
      const replies = (v.crawl.includes('crawl-2') ? built().model.later.get(p.slug) : undefined) ?? p.replies;
      expect(
        replies.map((r) => r.name),
        `${v.url} in ${v.crawl}: author ${v.author}`,
      ).not.toContain(v.author);
      const times = replies.map((r) => r.when.getTime());
      const published = v.published === null ? null : new Date(v.published).getTime();
      expect(times, `${v.url} in ${v.crawl}: published ${v.published}`).not.toContain(published);
    }
  });

  itReportsTheChangeKinds(engine, built);
});
