/**
 * Comments printed in the server-rendered (or archived, as a browser crawler snapshots it)
 * markup of comment systems and forum engines, each on a blog of posts over two crawls (the second
 * adds a post, a comment on two posts and edits one).
 * - hn-table: Hacker News markup: `<table class="comment-tree">` of `<tr class="athing comtr">`, the
 *   depth an indent image `<td class="ind"><img src="s.gif" width="40*depth">`, a `comhead` ("user
 *   3 days ago | parent | next [–]"), `<div class="commtext">` and a "reply" link;
 * - discourse-embed: Discourse's embed markup (app/views/embed/comments.html.erb) printed into the page:
 *   `div.discourse-comments` of `article.post`, each an `a.post-date` (" 4 Mar", the full date its title),
 *   an `a.in-reply-to` ("▶ user", left out of the reply's text: it names another comment's author),
 *   an avatar and `div.cooked` holding `h3.username`, the text and a "1 Reply" button; flat, each
 *   reply threaded by its in-reply-to link (parent and depth asserted); each comment's date is read
 *   from its date link's tooltip, the whole date of the yearless " 4 Mar" it prints, and asserted;
 * - commento: Commento's DOM as archived: nested `div.commento-card`, a header with the letter
 *   avatar, `div.commento-name`, `div.commento-subtitle` (score, relative time "3 days ago"), the text in
 *   `div.commento-body`, the children in a second `div.commento-body`;
 * - blogger-threaded: Blogger's threaded comments (`div.comment-thread` > `ol` > `li.comment`, replies
 *   in `div.comment-replies` > `div.comment-thread.inline-thread` one level deep), "Reply"/"Delete"
 *   links and `span.datetime.secondary-text` "May 3, 2025 at 11:59 AM";
 * - utterances-static: GitHub issue comments rendered at build time: `div.timeline` of
 *   `article.timeline-comment` with `a.author`, `<relative-time datetime>`, a `div.markdown-body` with
 *   code blocks and quotes;
 * HN's depth is read from its indent image's width (a blank spacer opening each row). Each Discourse
 *   comment's date is read from its date link's tooltip, the whole date of the yearless " 4 Mar" it
 *   prints (asserted). Known gaps, kept as `it.fails` (`GAPS`): none. A phpBB topic (replies with
 *   profile boxes, "Quote" buttons and signatures; per-post permalinks) is left for its own issue.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Comment, store } from '../../src/index.js';
import { TextWriter } from '../helpers/text-writer.js';
import { expectSiteReplies } from './expect-replies.js';
import { MONTHS_EN, NAMES_EN, WORDS_EN } from './site-vocabulary.js';
import {
  blogCaptures,
  type BuiltSite,
  buildTwoCrawls,
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
import { mdy } from './site-format.js';

interface Engine extends SiteEngine {
  /** The depth a reply is shown at, where the engine shows threads. */
  shownDepth?(r: Reply): number;
  /** What each comment must hold when its text is more than the reply's (quotes, code). */
  loose?(p: Post, replies: readonly Reply[], i: number): { own: string[]; quoted: number | undefined };
}

const MON3 = MONTHS_EN.map((m) => m.slice(0, 3));
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ampm = (d: Date, upper = true): string => {
  const h = d.getUTCHours();
  const s = `${h % 12 === 0 ? 12 : h % 12}:${pad(d.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
  return upper ? s : s.toLowerCase();
};
const isoS = (d: Date): string => d.toISOString().replace('.000Z', 'Z');
const slugify = (t: string): string =>
  t
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, '')
    .trim()
    .replace(/ +/g, '-')
    .slice(0, 40)
    .replace(/-$/, '');
const handle = (name: string): string => name.toLowerCase().replace(/[^a-z]+/g, '_');
const HANDLES = NAMES_EN.map(handle);
const GH_LOGINS = NAMES_EN.map((n) => n.toLowerCase().replace(/[^a-z]+/g, '-'));

/** The reply a reply answers: the last one before it one level up. */
const parentOf = (rs: readonly Reply[], i: number, depthOf: (r: Reply) => number = (r) => r.depth): number | undefined => {
  const d = depthOf(rs[i] as Reply);
  if (d === 0) return undefined;
  for (let j = i - 1; j >= 0; j--) if (depthOf(rs[j] as Reply) === d - 1) return j;
  return undefined;
};

/** Renders replies as a tree: `one(reply, index, childrenHtml)`. */
function renderTree(rs: readonly Reply[], one: (r: Reply, i: number, children: string) => string, depthOf = (r: Reply) => r.depth): string {
  const go = (from: number, depth: number): [string, number] => {
    let html = '';
    let i = from;
    while (i < rs.length && depthOf(rs[i] as Reply) === depth) {
      const [kids, next] = go(i + 1, depth + 1);
      html += one(rs[i] as Reply, i, kids);
      i = next;
    }
    return [html, i];
  };
  return go(0, 0)[0];
}

const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 's'}`;

// ---------------------------------------------------------------------------------------------
// 1. Hacker News comment tree
// ---------------------------------------------------------------------------------------------
/** HN's text-age: days, hours or minutes ago (arc's `text-age`). */
const hnAge = (at: Date, d: Date): string => {
  const mins = Math.floor((at.getTime() - d.getTime()) / 60_000);
  if (mins >= 1440) return `${plural(Math.trunc(mins / 1440), 'day')} ago`;
  if (mins >= 60) return `${plural(Math.trunc(mins / 60), 'hour')} ago`;
  return `${plural(mins, 'minute')} ago`;
};
const hnTable: Engine = {
  name: 'hn-table',
  seed: 8101,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: HANDLES,
  threaded: true,
  replies: [4, 0, 3, 5, 2, 0, 4, 3, 1, 3],
  path: (p) => `/posts/${slugify(p.title)}-${p.id}`,
  boilerplate: ['upvote', 'Discussion on this post', 'Guidelines', 'hours ago', 'days ago'],
  shownDepth: (r) => r.depth,
  captures(st) {
    const AUTHOR = 'Nils Rudd';
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1.0"><title>${title}</title><link rel="stylesheet" type="text/css" href="/news.css"><link rel="alternate" type="${RSS}" title="Sluice Log" href="/rss"></head><body><center><table id="hnmain" border="0" cellpadding="0" cellspacing="0" width="85%" bgcolor="#f6f6ef"><tr><td bgcolor="#ff6600"><table border="0" cellpadding="0" cellspacing="0" width="100%" style="padding:2px"><tr><td style="width:18px;padding-right:4px"><a href="/"><img src="/y18.svg" width="18" height="18" style="border:1px white solid; display:block"></a></td><td style="line-height:12pt; height:10px;"><span class="pagetop"><b class="hnname"><a href="/">Sluice Log</a></b> <a href="/archive">archive</a> | <a href="/about">about</a> | <a href="/rss">rss</a></span></td></tr></table></td></tr><tr id="pagespace" title="" style="height:10px"></tr><tr><td>${main}</td></tr><tr><td><img src="/s.gif" height="10" width="0"><table width="100%" cellspacing="0" cellpadding="1"><tr><td bgcolor="#ff6600"></td></tr></table><br><center><span class="yclinks"><a href="/guidelines">Guidelines</a> | <a href="/about">About</a> | <a href="mailto:nils@sluice.example">Contact</a></span></center></td></tr></table></center></body></html>`;
    const tree = (p: Post): string => {
      const rs = st.repliesOf(p);
      const cid = (i: number): number => 43_900_000 + p.id * 20 + i;
      const goto = `item%3Fid%3D${p.id}`;
      const rows = rs
        .map((r, i) => {
          const d = r.depth;
          const parent = parentOf(rs, i);
          let root: number | undefined;
          if (d >= 2)
            for (let j = i; j >= 0; j--)
              if ((rs[j] as Reply).depth === 0) {
                root = j;
                break;
              }
          let next: number | undefined;
          for (let j = i + 1; j < rs.length; j++) {
            if ((rs[j] as Reply).depth < d) break;
            if ((rs[j] as Reply).depth === d) {
              next = j;
              break;
            }
          }
          let prev: number | undefined;
          for (let j = i - 1; j >= 0; j--) {
            if ((rs[j] as Reply).depth < d) break;
            if ((rs[j] as Reply).depth === d) {
              prev = j;
              break;
            }
          }
          let kids = 0;
          for (let j = i + 1; j < rs.length && (rs[j] as Reply).depth > d; j++) kids++;
          const navs = [
            root === undefined ? '' : ` | <a href="#${cid(root)}" class="clicky" aria-hidden="true">root</a>`,
            parent === undefined ? '' : ` | <a href="#${cid(parent)}" class="clicky" aria-hidden="true">parent</a>`,
            prev === undefined ? '' : ` | <a href="#${cid(prev)}" class="clicky" aria-hidden="true">prev</a>`,
            next === undefined ? '' : ` | <a href="#${cid(next)}" class="clicky" aria-hidden="true">next</a>`,
          ].join('');
          return `<tr class="athing comtr" id="${cid(i)}"><td><table border="0"><tr><td class="ind" indent="${d}"><img src="/s.gif" height="1" width="${40 * d}"></td><td valign="top" class="votelinks"><center><a id="up_${cid(i)}" href="/vote?id=${cid(i)}&amp;how=up&amp;goto=${goto}"><div class="votearrow" title="upvote"></div></a></center></td><td class="default"><div style="margin-top:2px; margin-bottom:-10px;"><span class="comhead"><a href="/user?id=${r.name}" class="hnuser">${r.name}</a> <span class="age" title="${isoS(r.when).slice(0, -1)} ${Math.floor(r.when.getTime() / 1000)}"><a href="/item?id=${cid(i)}">${hnAge(st.at, r.when)}</a></span> <span id="unv_${cid(i)}"></span><span class="navs">${navs} <a class="togg clicky" id="${cid(i)}" n="${kids + 1}" href="javascript:void(0)">[–]</a><span class="onstory"></span></span></span></div><br><div class="comment"><div class="commtext c00">${r.text}</div><div class="reply"><p><font size="1"><u><a href="/reply?id=${cid(i)}&amp;goto=${goto}%23${cid(i)}" rel="nofollow">reply</a></u></font></p></div></div></td></tr></table></td></tr>`;
        })
        .join('');
      return `<table border="0" class="comment-tree">${rows}</table>`;
    };
    const postPage = (p: Post): string => {
      const v = st.version(p);
      const n = st.repliesOf(p).length;
      return shell(
        `${v.title} | Sluice Log`,
        `<table class="fatitem" border="0"><tr><td><article class="post"><h1 class="titleline">${v.title}</h1><p class="subline"><span class="by">by <a href="/about" rel="author">${AUTHOR}</a></span> on <time datetime="${p.date.toISOString()}">${mdy(p.date)}</time></p><div class="toptext">${paras(v)}</div></article></td></tr></table><br><h2 class="discussion-head">Discussion on this post (${n})</h2><form action="/comment" method="post"><input type="hidden" name="parent" value="${p.id}"><textarea name="text" rows="8" cols="80" wrap="virtual"></textarea><br><br><input type="submit" value="add comment"></form><br><br>${tree(p)}<br><br>`,
      );
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: shell(
        'Sluice Log',
        `<table border="0" class="itemlist">${latest(st, 5)
          .map(
            (p, k) =>
              `<tr class="athing" id="${p.id}"><td align="right" valign="top" class="title"><span class="rank">${k + 1}.</span></td><td class="title"><span class="titleline"><a href="${this.path(p)}">${p.title}</a></span></td></tr><tr><td colspan="1"></td><td class="subtext">${mdy(p.date)} | <a href="${this.path(p)}">${plural(st.repliesOf(p).length, 'comment')}</a></td></tr><tr class="spacer" style="height:5px"></tr>`,
          )
          .join('')}</table>`,
      ),
      post: postPage,
      feed: '/rss',
      title: 'Sluice Log',
    });
  },
};

// ---------------------------------------------------------------------------------------------
// 2. Discourse embed
// ---------------------------------------------------------------------------------------------
const discourseEmbed: Engine = {
  name: 'discourse-embed',
  seed: 8102,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: HANDLES,
  threaded: true,
  replies: [3, 1, 0, 4, 2, 0, 5, 2, 1, 3, 0],
  path: (p) => `/blog/${p.date.getUTCFullYear()}/${pad(p.date.getUTCMonth() + 1)}/${slugify(p.title)}/`,
  boilerplate: ['Continue Discussion', 'Start Discussion', '▶'],
  captures(st) {
    const forum = 'https://talk.discourse-embed.test';
    const AUTHOR = 'Mara Quill';
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><meta name="author" content="${AUTHOR}"><link rel="alternate" type="${RSS}" title="Weir Notes" href="/index.xml"><link rel="stylesheet" href="/css/main.css"></head><body><header class="site-header"><a class="site-title" href="/">Weir Notes</a><nav><a href="/blog/">Blog</a> <a href="/about/">About</a></nav></header><main class="page-content">${main}</main><footer class="site-footer"><p>© 2025 ${AUTHOR} · Built with Hugo</p></footer></body></html>`;
    const embed = (p: Post): string => {
      const rs = st.repliesOf(p);
      const topic = 900 + p.id;
      const tslug = slugify(p.title);
      const url = (n: number): string => `${forum}/t/${tslug}/${topic}/${n}`;
      const pid = (i: number): number => topic * 10 + i + 2;
      // Discourse's embed_post_date: "%e %b" within the year; the link's title the full date.
      const embedDate = (d: Date): string => `${String(d.getUTCDate()).padStart(2, ' ')} ${MON3[d.getUTCMonth()]}`;
      const titleDate = (d: Date): string => {
        const h = d.getUTCHours();
        return `${MONTHS_EN[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')}, ${d.getUTCFullYear()} ${String(h % 12 === 0 ? 12 : h % 12).padStart(2, ' ')}:${pad(d.getUTCMinutes())}${h < 12 ? 'am' : 'pm'}`;
      };
      const avatar = (name: string): string => `${forum}/user_avatar/talk.discourse-embed.test/${name}/45/${name.length * 13}_2.png`;
      const posts = rs
        .map((r, i) => {
          const parent = parentOf(rs, i);
          const replyTo =
            parent === undefined
              ? ''
              : `<a href="${url(parent + 2)}" data-link-to-post="${pid(parent)}" class="in-reply-to">▶ ${(rs[parent] as Reply).name}</a>`;
          const answers = rs.map((_, j) => j).filter((j) => parentOf(rs, j) === i);
          const repliesButton =
            answers.length === 0
              ? ''
              : answers.length === 1
                ? `<a href="${url(i + 2)}" data-link-to-post="${pid(answers[0] as number)}" class="post-replies button">1 Reply</a>`
                : `<a href="${url(i + 2)}" class="post-replies button" target="_blank">${answers.length} Replies</a>`;
          return `<article class='post' id='post-${pid(i)}'><a href="${url(i + 2)}" title="${titleDate(r.when)}" class="post-date" target="_blank">${embedDate(r.when)}</a>${replyTo}<div class='author'><a href='${forum}/u/${r.name}' target="_blank"><img src='${avatar(r.name)}' alt=''></a></div><div class='cooked'><h3 class='username'><a href='${forum}/u/${r.name}' target="_blank" class=''>${r.name}</a></h3><p>${r.text}</p>${repliesButton}</div></article>`;
        })
        .join('');
      const count = rs.length + 1;
      const head = `<header class='discourse'>${count < 2 ? `<a href="${forum}/t/${tslug}/${topic}" class="button" target="_blank">Start Discussion</a>` : ''}<span class='replies'>${rs.length === 1 ? '1 Reply' : `${rs.length} Replies`}</span></header>`;
      const foot =
        rs.length === 0
          ? ''
          : `<footer class="clearfix"><a href="${forum}" target="_blank"><img class="logo" src="${forum}/uploads/default/original/1X/logo.png" alt="Logo"></a><a href="${url(rs.length + 1)}" class="button" target="_blank">Continue Discussion</a></footer><div class="clearfix"></div>`;
      return `<section id="comments"><div id="discourse-comments" class="discourse-comments">${head}${posts}${foot}</div></section>`;
    };
    const postPage = (p: Post): string => {
      const v = st.version(p);
      return shell(
        `${v.title} · Weir Notes`,
        `<article class="post h-entry"><header class="post-header"><h1 class="post-title p-name">${v.title}</h1><p class="post-meta"><time class="dt-published" datetime="${p.date.toISOString()}">${mdy(p.date)}</time> · <span class="p-author h-card">${AUTHOR}</span></p></header><div class="post-content e-content">${paras(v)}</div></article>${embed(p)}`,
      );
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: shell(
        'Weir Notes',
        `<ul class="post-list">${latest(st, 5)
          .map(
            (p) =>
              `<li><span class="post-meta">${mdy(p.date)}</span><h3><a class="post-link" href="${this.path(p)}">${p.title}</a></h3></li>`,
          )
          .join('')}</ul>`,
      ),
      post: postPage,
      feed: '/index.xml',
      title: 'Weir Notes',
    });
  },
};

// ---------------------------------------------------------------------------------------------
// 3. Commento (DOM as archived)
// ---------------------------------------------------------------------------------------------
/** Commento's timeDifference (months of 30 days). */
const commentoAgo = (at: Date, d: Date): string => {
  const e = at.getTime() - d.getTime();
  const MIN = 60_000;
  const H = 60 * MIN;
  const D = 24 * H;
  const M = 30 * D;
  const Y = 12 * M;
  if (e < 5000) return 'just now';
  if (e < MIN) return `${Math.round(e / 1000)} seconds ago`;
  if (e < H) return `${Math.round(e / MIN)} minutes ago`;
  if (e < D) return `${Math.round(e / H)} hours ago`;
  if (e < M) return `${Math.round(e / D)} days ago`;
  if (e < Y) return `${Math.round(e / M)} months ago`;
  return `${Math.round(e / Y)} years ago`;
};
const commento: Engine = {
  name: 'commento',
  seed: 8103,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  threaded: true,
  replies: [3, 0, 4, 2, 5, 1, 0, 3, 2, 4],
  path: (p) => `/notes/${slugify(p.title)}.html`,
  boilerplate: ['Powered by Commento', 'Add a comment', 'Login with', 'points', 'days ago'],
  shownDepth: (r) => r.depth,
  captures(st) {
    const AUTHOR = 'Ilse Marten';
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="alternate" type="${RSS}" title="Polder Papers" href="/feed.xml"><link rel="stylesheet" href="https://cdn.commento.io/css/commento.css"></head><body><div class="wrapper"><header><h1 class="site"><a href="/">Polder Papers</a></h1></header><main>${main}</main><footer><p>Polder Papers — notes on dykes and drainage.</p></footer></div></body></html>`;
    const hex = (p: Post, i: number): string => ((p.id * 1_000_003 + i * 7919) >>> 0).toString(16).padStart(8, '0').repeat(8);
    const colours = ['#396ab1', '#da7c30', '#3e9651', '#cc2529', '#535154', '#6b4c9a', '#922428', '#948b3d'];
    const section = (p: Post): string => {
      const rs = st.repliesOf(p);
      const cards = renderTree(rs, (r, i, children) => {
        const h = hex(p, i);
        const score = (p.id + i) % 4;
        const options = `<div id="commento-comment-options-${h}" class="commento-options"><button id="commento-comment-collapse-${h}" type="button" class="commento-option-button commento-option-collapse" title="Collapse children"></button><button id="commento-comment-upvote-${h}" type="button" class="commento-option-button commento-option-upvote" title="Upvote"></button><button id="commento-comment-downvote-${h}" type="button" class="commento-option-button commento-option-downvote" title="Downvote"></button><button id="commento-comment-reply-${h}" type="button" class="commento-option-button commento-option-reply" title="Reply"></button></div>`;
        const kids = children === '' ? '' : `<div id="commento-comment-children-${h}" class="commento-body">${children}</div>`;
        return `<div id="commento-comment-card-${h}" class="commento-card" style="border-left: 2px solid ${colours[r.name.length % colours.length]};"><div id="commento-comment-header-${h}" class="commento-header">${options}<div class="commento-avatar" style="background: ${colours[r.name.length % colours.length]};">${r.name.charAt(0).toUpperCase()}</div><div id="commento-comment-name-${h}" class="commento-name">${r.name}</div><div id="commento-comment-subtitle-${h}" class="commento-subtitle"><div id="commento-comment-score-${h}" class="commento-score">${score} point${score === 1 ? '' : 's'}</div><div id="commento-comment-timeago-${h}" class="commento-timeago" title="${r.when.toString()}">${commentoAgo(st.at, r.when)}</div></div></div><div id="commento-comment-contents-${h}" class="commento-contents"><div id="commento-comment-body-${h}" class="commento-body"><p>${r.text}</p></div>${kids}</div></div>`;
      });
      return `<div id="commento"><div id="commento-main-area" class="commento-root commento-root-font"><div id="commento-login-box-container"></div><div class="commento-login"><div class="commento-login-text">Login</div></div><div id="commento-textarea-super-container-root"><div id="commento-textarea-container-root" class="commento-textarea-container"><div class="commento-blurred-textarea"><textarea id="commento-textarea-root" placeholder="Add a comment"></textarea></div></div></div><div class="commento-sort-policy-buttons-container"><div class="commento-sort-policy-buttons"><a id="commento-sort-policy-score-desc" class="commento-sort-policy-button commento-sort-policy-button-selected">Upvotes</a><a id="commento-sort-policy-creationdate-desc" class="commento-sort-policy-button">Newest</a><a id="commento-sort-policy-creationdate-asc" class="commento-sort-policy-button">Oldest</a></div></div><div id="commento-comments-area" class="commento-comments">${cards}</div><div id="commento-footer" class="commento-footer"><div class="commento-logo-container"><a class="commento-logo-link" href="https://commento.io"><span class="commento-logo-text">Powered by Commento</span></a></div></div></div></div>`;
    };
    const postPage = (p: Post): string => {
      const v = st.version(p);
      return shell(
        `${v.title} — Polder Papers`,
        `<article><h2 class="title">${v.title}</h2><div class="meta">${AUTHOR}, ${WEEKDAYS[p.date.getUTCDay()]} ${mdy(p.date)}</div><div class="content">${paras(v)}</div></article><section class="comments"><h3>Comments</h3>${section(p)}</section>`,
      );
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: shell(
        'Polder Papers',
        latest(st, 5)
          .map((p) => `<div class="entry"><h2><a href="${this.path(p)}">${p.title}</a></h2><div class="meta">${mdy(p.date)}</div></div>`)
          .join(''),
      ),
      post: postPage,
      feed: '/feed.xml',
      title: 'Polder Papers',
    });
  },
};

// ---------------------------------------------------------------------------------------------
// 4. Blogger threaded comments (layout templates)
// ---------------------------------------------------------------------------------------------
const bloggerDepth = (r: Reply): number => Math.min(r.depth, 1);
const bloggerThreaded: Engine = {
  name: 'blogger-threaded',
  seed: 8104,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  threaded: true,
  replies: [3, 2, 0, 5, 1, 4, 0, 3, 2, 4],
  path: (p) => `/${p.date.getUTCFullYear()}/${pad(p.date.getUTCMonth() + 1)}/${slugify(p.title).slice(0, 30).replace(/-$/, '')}.html`,
  boilerplate: ['Add comment', 'Load more...', 'Newer Post', 'Subscribe to:', 'Delete'],
  // Blogger threads one level deep: a reply to a reply joins its thread.
  shownDepth: bloggerDepth,
  captures(st) {
    const host = site(this);
    const AUTHOR = 'Rory Fenn';
    const blogId = '6021983344712098811';
    const postId = (p: Post): string => `50${p.id}7712093`;
    const cid = (p: Post, i: number): string => `${(p.id * 7_772_153 + i * 104_729) % 1_000_000_000}${p.id}`;
    const profile = (name: string): string => `https://www.blogger.com/profile/1${String(name.length * 9_173_317).padStart(19, '0')}`;
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html class="v2" dir="ltr" xmlns="http://www.w3.org/1999/xhtml" xmlns:b="http://www.google.com/2005/gml/b" xmlns:data="http://www.google.com/2005/gml/data" xmlns:expr="http://www.google.com/2005/gml/expr"><head><meta content="text/html; charset=UTF-8" http-equiv="Content-Type"/><meta content="blogger" name="generator"/><link href="${host}/feeds/posts/default" rel="alternate" title="Fen Drains - Atom" type="application/atom+xml"/><link href="${host}/feeds/posts/default?alt=rss" rel="alternate" title="Fen Drains - RSS" type="${RSS}"/><title>${title}</title></head><body class="loading"><div class="content"><div class="content-outer"><header><div class="header-outer"><div class="Header widget" id="Header1"><div id="header-inner"><div class="titlewrapper"><h1 class="title"><a href="${host}/">Fen Drains</a></h1></div><div class="descriptionwrapper"><p class="description"><span>Pumps, sluices and the people who mind them.</span></p></div></div></div></div></header><div class="main-outer"><div class="main-inner"><div class="column-center-outer"><div class="column-center-inner"><div class="main section" id="main"><div class="widget Blog" id="Blog1"><div class="blog-posts hfeed">${main}</div></div></div></div></div></div></div><footer><div class="footer-outer"><div class="widget Attribution" id="Attribution1"><div class="widget-content" style="text-align: center;">Powered by <a href="https://www.blogger.com" target="_blank">Blogger</a>.</div></div></div></footer></div></div></body></html>`;
    const postBlock = (p: Post, item: boolean): string => {
      const v = st.version(p);
      const title = item ? v.title : `<a href="${host}${this.path(p)}">${v.title}</a>`;
      return `<div class="date-outer"><h2 class="date-header"><span>${WEEKDAYS[p.date.getUTCDay()]}, ${mdy(p.date)}</span></h2><div class="date-posts"><div class="post-outer"><div class="post hentry uncustomized-post-template" itemprop="blogPost" itemscope="itemscope" itemtype="http://schema.org/BlogPosting"><meta content="${blogId}" itemprop="blogId"/><meta content="${postId(p)}" itemprop="postId"/><a name="${postId(p)}"></a><h3 class="post-title entry-title" itemprop="name">${title}</h3><div class="post-header"><div class="post-header-line-1"></div></div><div class="post-body entry-content" id="post-body-${postId(p)}" itemprop="description articleBody">${item ? paras(v) : `<p>${v.paragraphs[0]}</p>`}<div style="clear: both;"></div></div><div class="post-footer"><div class="post-footer-line post-footer-line-1"><span class="post-author vcard">Posted by <span class="fn" itemprop="author" itemscope="itemscope" itemtype="http://schema.org/Person"><span itemprop="name">${AUTHOR}</span></span></span> <span class="post-timestamp">at <meta content="${host}${this.path(p)}" itemprop="url"/><a class="timestamp-link" href="${host}${this.path(p)}" rel="bookmark" title="permanent link"><abbr class="published" itemprop="datePublished" title="${p.date.toISOString()}">${ampm(p.date)}</abbr></a></span> <span class="post-comment-link">${item ? '' : `<a class="comment-link" href="${host}${this.path(p)}#comment-form">${plural(st.repliesOf(p).length, 'comment')}</a>`}</span></div></div></div>${item ? comments(p) : ''}</div></div></div>`;
    };
    const comments = (p: Post): string => {
      const rs = st.repliesOf(p);
      const url = `${host}${this.path(p)}`;
      const li = (r: Reply, i: number, children: string): string => {
        const c = cid(p, i);
        const top = bloggerDepth(r) === 0;
        const actions = `<span class="comment-actions secondary-text">${top ? `<a class="comment-reply" data-comment-id="${c}" target="_self">Reply</a>` : ''}<span class="item-control blog-admin blog-admin pid-1874490203"><a href="https://www.blogger.com/comment/delete/${blogId}/${c}" target="_self">Delete</a></span></span>`;
        const block = `<div class="avatar-image-container"><img src="//resources.blogblog.com/img/blank.gif" width="35" height="35" alt="" title="${r.name}"/></div><div class="comment-block"><div class="comment-header"><cite class="user"><a href="${profile(r.name)}" rel="nofollow">${r.name}</a></cite><span class="icon user"></span><span class="datetime secondary-text"><a rel="nofollow" href="${url}?showComment=${r.when.getTime()}#c${c}">${mdy(r.when)} at ${ampm(r.when)}</a></span></div><p class="comment-content">${r.text}</p>${actions}</div>`;
        if (!top) return `<li class="comment" id="c${c}">${block}</li>`;
        const replies =
          children === ''
            ? ''
            : `<div class="comment-thread inline-thread" id="c${c}-rt"><span class="thread-toggle thread-expanded"><span class="thread-arrow"></span><span class="thread-count"><a target="_self">Replies</a></span></span><ol class="thread-chrome thread-expanded" id="c${c}-ra"><div>${children}</div><div class="continue" id="c${c}-continue"><a class="comment-reply" data-comment-id="${c}" target="_self">Reply</a></div></ol></div>`;
        return `<li class="comment" id="c${c}">${block}<div class="comment-replies">${replies}</div><div class="comment-replybox-single" id="c${c}-ce"></div></li>`;
      };
      const thread = renderTree(rs, li, bloggerDepth);
      return `<div class="comments threaded" id="comments"><a name="comments"></a><h4>${plural(rs.length, 'comment')}:</h4><div class="comments-content"><div id="comment-holder"><div class="comment-thread toplevel-thread"><ol id="top-ra">${thread}</ol><div class="continue" id="top-continue"><a class="comment-reply" target="_self">Add comment</a></div><div class="comment-replybox-thread" id="top-ce"></div><div class="loadmore hidden" data-post-id="${postId(p)}"><a target="_self">Load more...</a></div></div></div></div><p class="comment-footer"></p><div class="comment-form"><a name="comment-form"></a><p></p><a href="https://www.blogger.com/comment/frame/${blogId}?po=${postId(p)}&amp;hl=en" id="comment-editor-src"></a><iframe allowtransparency="true" class="blogger-iframe-colorize blogger-comment-from-post" frameborder="0" height="410px" id="comment-editor" name="comment-editor" src="" width="100%"></iframe></div></div>`;
    };
    const chrono = st.shown;
    const pager = (p: Post): string => {
      const i = chrono.indexOf(p);
      const newer = chrono[i + 1];
      const older = chrono[i - 1];
      return `<div class="blog-pager" id="blog-pager">${newer === undefined ? '' : `<span id="blog-pager-newer-link"><a class="blog-pager-newer-link" href="${host}${this.path(newer)}" id="Blog1_blog-pager-newer-link" title="Newer Post">Newer Post</a></span>`}${older === undefined ? '' : `<span id="blog-pager-older-link"><a class="blog-pager-older-link" href="${host}${this.path(older)}" id="Blog1_blog-pager-older-link" title="Older Post">Older Post</a></span>`}<a class="home-link" href="${host}/">Home</a></div><div class="clear"></div><div class="post-feeds"><div class="feed-links">Subscribe to: <a class="feed-link" href="${host}/feeds/${postId(p)}/comments/default" target="_blank" type="application/atom+xml">Post Comments (Atom)</a></div></div>`;
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: shell(
        'Fen Drains',
        latest(st, 5)
          .map((p) => postBlock(p, false))
          .join(''),
      ),
      post: (p) => shell(`Fen Drains: ${p.title}`, `${postBlock(p, true)}${pager(p)}`),
      feed: '/feeds/posts/default',
      title: 'Fen Drains',
    });
  },
};

// ---------------------------------------------------------------------------------------------
// 5. GitHub issue comments rendered statically (utterances-like)
// ---------------------------------------------------------------------------------------------
const CODE = [
  '$ git log --oneline -3',
  'make tide-table YEAR=2025',
  'sed -n 1,40p gauges.csv',
  'curl -s https://example.org/levels.json | jq .',
];
const ghQuotes = (p: Post, i: number): boolean => i > 0 && (p.id + i) % 3 === 0;
const ghCode = (p: Post, i: number): string | undefined =>
  (p.id + i) % 4 === 1 ? [CODE[(p.id + i) % CODE.length], CODE[(p.id + i + 1) % CODE.length]].join('\n') : undefined;
const utterances: Engine = {
  name: 'utterances-static',
  seed: 8105,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: GH_LOGINS,
  replies: [2, 4, 0, 3, 1, 5, 0, 2, 3, 1],
  path: (p) => `/posts/${p.date.getUTCFullYear()}-${pad(p.date.getUTCMonth() + 1)}-${pad(p.date.getUTCDate())}-${slugify(p.title)}/`,
  boilerplate: ['commented', 'Add reaction', 'Sign in to comment', 'Styling with Markdown'],
  loose: (p, replies, i) => ({
    own: [(replies[i] as Reply).text, ...(ghCode(p, i)?.split('\n') ?? [])],
    quoted: ghQuotes(p, i) ? i - 1 : undefined,
  }),
  captures(st) {
    const AUTHOR = 'Wren Askew';
    const repo = 'wrenaskew/levels-blog';
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="alternate" type="${RSS}" title="Levels" href="/index.xml"><link rel="stylesheet" href="/assets/github-markdown.css"></head><body><nav class="top"><a href="/">Levels</a> · <a href="/tags/">Tags</a></nav><main class="container">${main}</main><footer><small>Comments are GitHub issue comments on <a href="https://github.com/${repo}">${repo}</a>.</small></footer></body></html>`;
    const timeline = (p: Post): string => {
      const rs = st.repliesOf(p);
      const issue = p.id - 3000;
      const items = rs
        .map((r, i) => {
          const cid = 2_840_000_000 + p.id * 100 + i;
          const code = ghCode(p, i);
          const prev = rs[i - 1];
          const quote = ghQuotes(p, i) && prev !== undefined ? `<blockquote>\n<p>${prev.text}</p>\n</blockquote>\n` : '';
          const body = `${quote}<p>${r.text}</p>${code === undefined ? '' : `\n<div class="highlight highlight-source-shell notranslate position-relative overflow-auto" dir="auto"><pre>${code}</pre></div>`}`;
          const label =
            i % 3 === 2
              ? '<span class="Label Label--secondary tooltipped tooltipped-n" aria-label="This user has previously committed to the levels-blog repository.">Contributor</span>'
              : '';
          return `<article class="timeline-comment" id="issuecomment-${cid}"><a class="avatar" href="https://github.com/${r.name}" tabindex="-1"><img class="avatar-user" src="https://avatars.githubusercontent.com/u/${r.name.length * 1_000_003}?s=88&amp;v=4" width="44" height="44" alt="@${r.name}"></a><div class="comment"><header class="comment-header timeline-comment-header"><span class="comment-meta"><strong><a class="author Link--primary text-bold css-overflow-wrap-anywhere" href="https://github.com/${r.name}">${r.name}</a></strong> commented <a class="Link--secondary js-timestamp" href="https://github.com/${repo}/issues/${issue}#issuecomment-${cid}"><relative-time datetime="${isoS(r.when)}" class="no-wrap" title="${mdy(r.when)}, ${ampm(r.when)} UTC">${MON3[r.when.getUTCMonth()]} ${r.when.getUTCDate()}, ${r.when.getUTCFullYear()}</relative-time></a></span>${label}</header><div class="markdown-body markdown-body-scrollable">${body}</div><div class="comment-footer" reaction-count="${(p.id + i) % 3}"><details class="details-overlay details-popover reactions-popover"><summary aria-label="Add reaction"><svg class="octicon octicon-smiley" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M8 0a8 8 0 1 1 0 16A8 8 0 0 1 8 0Z"></path></svg></summary></details></div></div></article>`;
        })
        .join('');
      const head = `<div class="timeline-header"><a class="text-link" href="https://github.com/${repo}/issues/${issue}">${plural(rs.length, 'comment')}</a> – powered by <a class="text-link" href="https://utteranc.es">utteranc.es</a></div>`;
      return `<section class="utterances-static">${head}<div class="timeline">${items}<article class="timeline-comment new-comment"><div class="comment"><header class="new-comment-header tabnav"><nav class="tabnav-tabs"><button type="button" class="tabnav-tab" aria-selected="true">Write</button><button type="button" class="tabnav-tab">Preview</button></nav></header><form class="comment-body"><textarea class="form-control" placeholder="Sign in to comment" disabled></textarea></form><footer class="comment-footer"><a class="text-link markdown-info" href="https://guides.github.com/features/mastering-markdown/"><svg class="octicon v-align-bottom" viewBox="0 0 16 16" width="16" height="16"><path d="M14.85 3H1.15C.52 3 0 3.52 0 4.15v7.69C0 12.48.52 13 1.15 13h13.69"></path></svg> Styling with Markdown is supported</a><a class="btn btn-primary" href="https://api.utteranc.es/authorize">Sign in with GitHub</a></footer></div></article></div></section>`;
    };
    const postPage = (p: Post): string => {
      const v = st.version(p);
      return shell(
        `${v.title} | Levels`,
        `<article class="post"><header><h1>${v.title}</h1><p class="post-info">Posted by ${AUTHOR} on <time datetime="${p.date.toISOString()}">${mdy(p.date)}</time></p></header><div class="post-body">${paras(v)}</div></article><h2 id="comments">Comments</h2>${timeline(p)}`,
      );
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: shell(
        'Levels',
        latest(st, 5)
          .map((p) => `<article class="summary"><h2><a href="${this.path(p)}">${p.title}</a></h2><time>${mdy(p.date)}</time></article>`)
          .join(''),
      ),
      post: postPage,
      feed: '/index.xml',
      title: 'Levels',
    });
  },
};

const ENGINES: Engine[] = [hnTable, discourseEmbed, commento, bloggerThreaded, utterances];

/** What each engine still gets wrong, asserted as expected failures: the comments, or their depths. */
const GAPS: Readonly<Record<string, ReadonlyArray<'comments' | 'depths'>>> = {};

const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();

describe.each(ENGINES.map((e) => [e.name, e] as const))("comments in a comment system's markup: %s", (_, engine) => {
  const itOrGap = (gap: 'comments' | 'depths') => ((GAPS[engine.name] ?? []).includes(gap) ? it.fails : it);
  let overlay: BuiltSite;
  /** The fused versions' comments as stored (depth included), by page URL and crawl. */
  let stored: Map<string, Comment[]>;
  beforeAll(async () => {
    overlay = await buildTwoCrawls(engine, (db) => {
      const fused = [...store.iterateVersions(db)].filter((v) => v.fusion !== null);
      stored = new Map(fused.map((v) => [`${v.url} ${v.crawl}`, store.listComments(db, v.id)]));
    });
  }, 120_000);
  afterAll(() => rmSync(overlay.dir, { recursive: true, force: true }));
  const built = (): BuiltSite => overlay;
  const { postOf } = siteLookups(engine, built);
  const repliesAt = (url: string, crawl: string): readonly Reply[] => {
    const p = postOf(url);
    if (p === undefined) return [];
    return (crawl.includes('crawl-2') ? overlay.model.later.get(p.slug) : undefined) ?? p.replies;
  };

  itMakesObjectsForThePostsOnly(engine, built);

  if (engine.loose === undefined)
    itOrGap('comments')("finds every post's comments, in order, with their authors, in both crawls", () => {
      expectSiteReplies(overlay, postOf);
    });
  else
    itOrGap('comments')("finds every post's comments, in order, with their authors, their code and quotes kept", () => {
      const loose = engine.loose as NonNullable<Engine['loose']>;
      for (const v of overlay.versions.filter((x) => postOf(x.url) !== undefined)) {
        const p = postOf(v.url) as Post;
        const rs = repliesAt(v.url, v.crawl);
        const where = `${v.url} in ${v.crawl}`;
        expect(
          v.comments.map((c) => c.author),
          where,
        ).toEqual(rs.map((r) => r.name));
        rs.forEach((r, i) => {
          const text = norm(v.comments[i]?.text ?? '');
          const { own, quoted } = loose(p, rs, i);
          for (const x of own) expect(text, `${where} #${i} own`).toContain(norm(x));
          if (quoted !== undefined) expect(text, `${where} #${i} quote`).toContain(norm((rs[quoted] as Reply).text));
          rs.forEach((o, j) => {
            if (j !== i && j !== quoted && !o.text.includes(r.text)) expect(text, `${where} #${i} holds #${j}`).not.toContain(norm(o.text));
          });
        });
      }
    });

  /** A version's replies as generated, its comments as stored, and where they are. */
  const storedAt = (v: { url: string; crawl: string }) => ({
    rs: repliesAt(v.url, v.crawl),
    comments: stored.get(`${v.url} ${v.crawl}`) ?? [],
    where: `${v.url} in ${v.crawl}`,
  });

  if (engine.name === 'discourse-embed')
    it("dates each comment by its link's tooltip (the whole date of the yearless one it prints), and names its author", () => {
      for (const v of overlay.versions) {
        const { rs, comments, where } = storedAt(v);
        const minute = (d: Date): string => new Date(Math.floor(d.getTime() / 60_000) * 60_000).toISOString();
        expect(
          comments.map((c) => [c.published, c.author]),
          `${where} dates and authors`,
        ).toEqual(rs.map((r) => [minute(r.when), r.name]));
      }
    });

  // Discourse's embed prints every post alike, flat: the thread is in the in-reply-to links only. The
  // depth asserted is the reply's place in that thread (its parent's + 1, `Comment.depth`), not the
  // layout's 0: a flat layout is no claim that the replies are top-level.
  if (engine.name === 'discourse-embed')
    it("gives each reply the comment its in-reply-to link answers as parent, and that comment's depth + 1", () => {
      for (const v of overlay.versions) {
        const { rs, comments, where } = storedAt(v);
        expect(
          comments.map((c) => c.depth),
          `${where} depths`,
        ).toEqual(rs.map((r) => r.depth));
        rs.forEach((_r, i) => {
          const up = parentOf(rs, i);
          expect(comments[i]?.parent ?? null, `${where} #${i} parent`).toBe(up === undefined ? null : (comments[up]?.id ?? 'an id'));
        });
      }
      expect(overlay.model.posts.some((p) => p.replies.some((r) => r.depth > 0))).toBe(true);
    });

  const shownDepth = engine.shownDepth;
  if (shownDepth !== undefined)
    itOrGap('depths')('gives each comment the depth the thread shows it at, and each reply the comment it answers', () => {
      for (const v of overlay.versions) {
        const { rs, comments, where } = storedAt(v);
        expect(
          comments.map((c) => c.depth),
          `${where} depths`,
        ).toEqual(rs.map((r) => shownDepth(r)));
        rs.forEach((_r, i) => {
          const up = parentOf(rs, i, shownDepth);
          if (comments.length === rs.length)
            expect(comments[i]?.parent ?? null, `${where} #${i} parent`).toBe(up === undefined ? null : (comments[up]?.id ?? 'an id'));
        });
      }
      expect(overlay.model.posts.some((p) => p.replies.some((r) => r.depth > 0))).toBe(true);
    });

  itKeepsTheArticleWhole(engine, built);
  itReportsTheChangeKinds(engine, built);
});
