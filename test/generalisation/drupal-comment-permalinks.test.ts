/**
 * A generated Drupal 7 site (Bartik-like) over two crawls (issue #12). Every comment prints its
 * permalink as Drupal 7 does, `<a href="/comment/31000#comment-31000" class="permalink"
 * rel="bookmark">`, a link to another URL of the host (redirected to a place in the post's page,
 * never captured) marked as an entry. The RSS feed has excerpts of the latest five posts; an older
 * post with more comments than any of them once looked like a channel page (more "entry" links than
 * any feed-linked post), the learnt template was rejected as too general and the older posts were
 * missed. In crawl 2 a moderator deletes one comment of an older post (Drupal keeps the other
 * comments' ids, leaving a gap).
 * Asserted as in the other unseen-engine suites: the objects are exactly the posts, each article
 * whole with no comment in it, every post's comments found; the deleted comment is
 * `comments-removed`, new comments `comments-added` and the one edit the only content edit.
 */
import { expect, it } from 'vitest';
import { TextWriter } from '../helpers/text-writer.js';
import { expectReplies } from './expect-replies.js';
import { NAMES_EN, WORDS_EN } from './site-vocabulary.js';
import {
  describeTwoCrawlSites,
  itKeepsTheArticleWhole,
  itMakesObjectsForThePostsOnly,
  latest,
  type Post,
  pad,
  paras,
  type Reply,
  rssCapture,
  rssExcerptItems,
  type SiteEngine,
  site,
  siteLookups,
  type State,
} from './two-crawl-sites.js';
import { slugify, words } from './site-format.js';

/** The older post (not in the feed, three comments) one comment of which is deleted in crawl 2, and which one. */
const MODERATED = 2;
const MODERATED_COMMENT = 1;

const commentId = (p: Post, i: number): number => p.id * 10 + i;
/** Drupal 7's default medium date: "Tue, 03/04/2025 - 09:15". */
const drupalDate = (d: Date): string =>
  `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()]}, ${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} - ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/** A post's comments in a crawl: the model's, less the deleted one in crawl 2. */
function printedReplies(st: State, posts: readonly Post[], p: Post): Reply[] {
  const rs = st.repliesOf(p);
  return st.crawl === 2 && posts.indexOf(p) === MODERATED ? rs.filter((_, i) => i !== MODERATED_COMMENT) : rs;
}

const drupal7: SiteEngine = {
  name: 'drupal7-permalinks',
  seed: 4105,
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: [2, 0, 3, 1, 0, 2, 1, 0, 2, 1],
  path: (p) => `/articles/${slugify(p.title)}`,
  boilerplate: ['Powered by Drupal', 'The Lock Keepers Association'],
  captures(st) {
    const host = site(this);
    const repliesOf = (p: Post): Reply[] => printedReplies(st, st.shown, p);
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" version="XHTML+RDFa 1.0" dir="ltr"><head profile="http://www.w3.org/1999/xhtml/vocab"><meta http-equiv="Content-Type" content="text/html; charset=utf-8" /><link rel="alternate" type="application/rss+xml" title="Lock Keepers RSS" href="${host}/rss.xml" /><meta name="Generator" content="Drupal 7 (http://drupal.org)" /><title>${title} | Lock Keepers</title></head><body class="html not-front not-logged-in one-sidebar sidebar-first page-node"><div id="skip-link"><a href="#main-content" class="element-invisible element-focusable">Skip to main content</a></div><div id="page-wrapper"><div id="page"><div id="header"><div class="section clearfix"><a href="/" title="Home" rel="home" id="logo"><img src="/sites/default/files/logo.png" alt="Home" /></a><div id="name-and-slogan"><div id="site-name"><strong><a href="/" title="Home" rel="home"><span>Lock Keepers</span></a></strong></div><div id="site-slogan">The Lock Keepers Association newsletter</div></div></div></div><div id="main-wrapper" class="clearfix"><div id="main" class="clearfix"><div id="sidebar-first" class="column sidebar"><div class="section"><div class="region region-sidebar-first"><div id="block-user-login" class="block block-user"><h2>User login</h2><div class="content"><form action="/node?destination=node" method="post" id="user-login-form"><div class="form-item"><label for="edit-name">Username</label><input type="text" id="edit-name" name="name" /></div></form></div></div></div></div></div><div id="content" class="column"><div class="section"><a id="main-content"></a><h1 class="title" id="page-title">${title}</h1><div class="region region-content"><div id="block-system-main" class="block block-system"><div class="content">${main}</div></div></div></div></div></div></div><div id="footer-wrapper"><div class="section"><div id="footer" class="region region-footer"><div id="block-system-powered-by" class="block block-system"><div class="content"><span>Powered by <a href="https://www.drupal.org">Drupal</a></span></div></div></div></div></div></div></div></body></html>`;
    const comment = (p: Post, r: Reply, i: number): string => {
      // Drupal keeps each comment's id: a deleted one leaves a gap.
      const cid = commentId(p, st.repliesOf(p).indexOf(r));
      return `<a id="comment-${cid}"></a><div class="comment ${i % 2 === 0 ? 'odd' : 'even'} clearfix"><div class="attribution"><div class="comment-submitted"><p class="commenter-name"><span class="username">${r.name}</span></p><p class="comment-time">${drupalDate(r.when)}</p><p class="comment-permalink"><a href="/comment/${cid}#comment-${cid}" class="permalink" rel="bookmark">Permalink</a></p></div></div><div class="comment-text"><div class="comment-arrow"></div><div class="content"><span rel="sioc:reply_of" resource="${this.path(p)}" class="rdf-meta element-hidden"></span><div class="field field-name-comment-body field-type-text-long field-label-hidden"><div class="field-items"><div class="field-item even" property="content:encoded"><p>${r.text}</p></div></div></div></div><ul class="links inline"><li class="comment-reply first last"><a href="/comment/reply/${p.id}/${cid}">reply</a></li></ul></div></div>`;
    };
    const node = (p: Post): string => {
      const post = st.version(p);
      const rs = repliesOf(p);
      const comments =
        rs.length === 0
          ? ''
          : `<div id="comments" class="comment-wrapper"><h2 class="title">Comments</h2>${rs.map((r, i) => comment(p, r, i)).join('')}</div>`;
      return `<div id="node-${p.id}" class="node node-article node-promoted clearfix" about="${this.path(p)}" typeof="sioc:Item foaf:Document"><span property="dc:title" content="${post.title}" class="rdf-meta element-hidden"></span><div class="meta submitted"><span property="dc:date dc:created" content="${p.date.toISOString()}" datatype="xsd:dateTime" rel="sioc:has_creator">Submitted by <span class="username" typeof="sioc:UserAccount" property="foaf:name">keeper</span> on ${drupalDate(p.date)}</span></div><div class="content clearfix"><div class="field field-name-body field-type-text-with-summary field-label-hidden"><div class="field-items"><div class="field-item even" property="content:encoded">${paras(post)}</div></div></div><div class="field field-name-field-tags field-type-taxonomy-term-reference field-label-above"><div class="field-label">Tags:&nbsp;</div><div class="field-items"><div class="field-item even" rel="dc:subject"><a href="/taxonomy/term/3" typeof="skos:Concept" property="rdfs:label skos:prefLabel">locks</a></div></div></div></div><ul class="links inline"><li class="comment-add first last active"><a href="${this.path(p)}#comment-form" title="Share your thoughts and opinions related to this posting." class="active">Add new comment</a></li></ul>${comments}</div>`;
    };
    const teaser = (p: Post): string =>
      `<div id="node-${p.id}" class="node node-article node-promoted node-teaser clearfix"><h2><a href="${this.path(p)}">${p.title}</a></h2><div class="meta submitted">Submitted by <span class="username">keeper</span> on ${drupalDate(p.date)}</div><div class="content clearfix"><div class="field field-name-body"><div class="field-items"><div class="field-item even"><p>${words(p.paragraphs[0] as string, 35)}…</p></div></div></div></div><ul class="links inline"><li class="node-readmore first"><a href="${this.path(p)}" rel="tag" title="${p.title}">Read more<span class="element-invisible"> about ${p.title}</span></a></li><li class="comment-comments last"><a href="${this.path(p)}#comments">${repliesOf(p).length} comments</a></li></ul></div>`;
    return [
      { url: `${host}/`, body: shell('Welcome', latest(st, 6).map(teaser).join('')) },
      ...st.shown.map((p) => ({ url: `${host}${this.path(p)}`, body: shell(st.version(p).title, node(p)) })),
      rssCapture(this, '/rss.xml', 'Lock Keepers', rssExcerptItems(this, latest(st, 5))),
    ];
  },
};

describeTwoCrawlSites('a Drupal 7 site whose comments link their permalinks as bookmarks: %s', [drupal7], (engine, built) => {
  const { postOf, kindsOf } = siteLookups(engine, built);
  itMakesObjectsForThePostsOnly(engine, built);
  itKeepsTheArticleWhole(engine, built);

  it("finds every post's comments, in order, with their authors, the deleted one gone in crawl 2", () => {
    const { model } = built();
    const crawl2 = { crawl: 2, repliesOf: (p: Post) => model.later.get(p.slug) ?? p.replies } as State;
    expectReplies(
      built().versions,
      (url) => (postOf(url) as Post).replies,
      (url) => printedReplies(crawl2, model.posts, postOf(url) as Post),
    );
  });

  it('reports the deleted comment as comments-removed, new comments as comments-added, the one edit as the only content edit', () => {
    const { model, changes } = built();
    const moderated = model.posts[MODERATED] as Post;
    // The model's changes leave the moderated post alone: its only change is the deletion.
    expect(model.later.has(moderated.slug) || model.edited === moderated).toBe(false);
    expect(moderated.replies.length).toBeGreaterThan(MODERATED_COMMENT);
    expect(kindsOf(moderated), moderated.slug).toEqual(['comments-removed']);
    for (const slug of model.later.keys())
      expect(kindsOf(model.posts.find((p) => p.slug === slug) as Post), slug).toEqual(['comments-added']);
    expect(kindsOf(model.edited)).toContain('content-edit');
    expect(kindsOf(model.added)).toEqual(['new']);
    const edits = changes.filter((c) => c.kinds.includes('content-edit')).map((c) => postOf(c.url)?.slug ?? c.url);
    expect(edits).toEqual([model.edited.slug]);
    const changed = new Set([...model.later.keys(), model.edited.slug, model.added.slug, moderated.slug]);
    for (const c of changes.filter((x) => !changed.has(postOf(x.url)?.slug ?? x.url)))
      expect(
        c.kinds.filter((k) => k !== 'boilerplate-only' && k !== 'unchanged'),
        c.url,
      ).toEqual([]);
  });
});
