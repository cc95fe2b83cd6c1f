/**
 * Generated engines whose unchanged pages read differently in every crawl (issue #12: change kinds
 * on unseen engines, no false content edits); the latest five posts are in an RSS feed with
 * excerpts, the older ones found by the site's template.
 * - relative-en: every date printed relative to the capture: the post's line "Posted 7 weeks ago ·
 *   4 min read" inside the article, each comment's "3 days ago". Posts of the same age print the
 *   same line, so in one crawl it is a line the host repeats on several pages (its template) and in
 *   the next it is not;
 * - relative-de: the same engine in German ("Veröffentlicht vor 7 Wochen", "vor 3 Tagen");
 * - counters-en: counts inside the article: "March 4, 2025 · 114,700 views · 2 comments · Share (3)"
 *   under the headline and "♥ 12 likes" after the text, each page with its own numbers; each comment
 *   ends with its score, "6 points · Reply", which rises from crawl to crawl;
 * - sessions-php: an old PHP site that keeps no session in a cookie for a crawler, so every link it
 *   prints carries a new session id each crawl (`/item/3100.php?sid=…`), the links inside the article too.
 * Asserted as in the other unseen-engine suites: the objects are exactly the posts, each article
 * whole with no comment in it, new comments comments-added and the one edit the only content edit.
 */
import { it } from 'vitest';
import { TextWriter } from '../helpers/text-writer.js';
import { expectReplies } from './expect-replies.js';
import { MONTHS_EN, NAMES_DE, NAMES_EN, WORDS_DE, WORDS_EN } from './site-vocabulary.js';
import {
  describeTwoCrawlSites,
  itKeepsTheArticleWhole,
  itMakesObjectsForThePostsOnly,
  itReportsTheChangeKinds,
  latest,
  type Post,
  RSS,
  blogCaptures,
  type SiteEngine,
  siteLookups,
} from './two-crawl-sites.js';

/** How long ago `from` was at `now`, in the engine's words. */
type Ago = (days: number) => string;
const AGO_EN: Ago = (days) => (days < 14 ? `${days} days ago` : `${Math.round(days / 7)} weeks ago`);
const AGO_DE: Ago = (days) => (days < 14 ? `vor ${days} Tagen` : `vor ${Math.round(days / 7)} Wochen`);

const relativeDates = (
  name: string,
  seed: number,
  lang: { words: readonly string[]; names: readonly string[]; ago: Ago; posted: string; replies: string; read: string },
): SiteEngine => ({
  name,
  seed,
  writer: (s) => new TextWriter(s, lang.words),
  names: lang.names,
  replies: [2, 0, 3, 1, 0, 2, 1, 0],
  path: (p) => `/p/${p.slug}`,
  captures(st) {
    const ago = (d: Date): string => lang.ago(Math.max(1, Math.round((st.at.getTime() - d.getTime()) / 86_400_000)));
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html><head><title>${title}</title><link rel="alternate" type="${RSS}" href="/rss.xml"></head><body><nav><a href="/">${name}</a></nav>${main}<footer>${name} · 2025</footer></body></html>`;
    const postPage = (p: Post): string => {
      const post = st.version(p);
      const replies = st.repliesOf(p);
      const list = replies
        .map((r) => `<div class="r"><strong>${r.name}</strong> · <span>${ago(r.when)}</span><p>${r.text}</p></div>`)
        .join('');
      return shell(
        post.title,
        `<div class="entry"><h1>${post.title}</h1><div class="meta">${lang.posted} ${ago(post.date)} · 4 ${lang.read}</div>${post.paragraphs
          .map((x) => `<p>${x}</p>`)
          .join('')}</div>${replies.length > 0 ? `<div class="replies"><h3>${replies.length} ${lang.replies}</h3>${list}</div>` : ''}`,
      );
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: shell(
        name,
        latest(st, 5)
          .map((p) => `<h2><a href="${this.path(p)}">${p.title}</a></h2><p>${ago(p.date)}</p>`)
          .join(''),
      ),
      post: postPage,
      feed: '/rss.xml',
      title: name,
    });
  },
});

/** The English engines' writer, commenters and comments per post. */
const ENGLISH_POSTS: Pick<SiteEngine, 'writer' | 'names' | 'replies'> = {
  writer: (s) => new TextWriter(s, WORDS_EN),
  names: NAMES_EN,
  replies: [2, 0, 3, 1, 0, 2, 1, 0],
};

/** A blog printing counts beside its article, each page its own. */
const countersEn: SiteEngine = {
  name: 'counters-en',
  seed: 239,
  ...ENGLISH_POSTS,
  path: (p) => `/blog/${p.slug}/`,
  captures(st) {
    const date = (d: Date): string => `${MONTHS_EN[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
    const count = (p: Post, base: number, step: number): string => (p.id * base + st.crawl * step).toLocaleString('en-US');
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html><head><title>${title}</title><link rel="alternate" type="${RSS}" href="/rss.xml"></head><body><nav><a href="/">Counters</a></nav>${main}<footer>Page generated in 0.${st.crawl + 2}3 s</footer></body></html>`;
    const postPage = (p: Post): string => {
      const post = st.version(p);
      const replies = st.repliesOf(p);
      const list = replies
        .map(
          (r, i) =>
            `<li class="cm" id="c${p.id}-${i}"><div class="who">${r.name}</div><div class="when">${date(r.when)}</div><div class="txt">${r.text}</div><div class="score">${(i + 1) * st.crawl * 3} points · <a href="#c${p.id}-${i}">Reply</a></div></li>`,
        )
        .join('');
      return shell(
        post.title,
        `<article><h1>${post.title}</h1><p class="meta">${date(post.date)} · ${count(p, 37, 412)} views · ${replies.length} comments · <a href="#share">Share (${count(p, 1, 3)})</a></p>${post.paragraphs
          .map((x) => `<p>${x}</p>`)
          .join('')}<p class="likes">♥ ${count(p, 2, 5)} likes</p></article>${replies.length > 0 ? `<ol class="cms">${list}</ol>` : ''}`,
      );
    };
    return blogCaptures(this, st, {
      home: '/',
      homeBody: shell(
        'Counters',
        latest(st, 5)
          .map((p) => `<h2><a href="${this.path(p)}">${p.title}</a></h2>`)
          .join(''),
      ),
      post: postPage,
      feed: '/rss.xml',
      title: 'Counters',
    });
  },
};

/** A PHP site writing its session id into every link, the links inside its articles too. */
const sessionsPhp: SiteEngine = {
  name: 'sessions-php',
  seed: 263,
  ...ENGLISH_POSTS,
  path: (p) => `/item/${p.id}.php`,
  captures(st) {
    const sid = (n: number): string => ((st.crawl * 2654435761 + n * 40503) % 4294967296).toString(16).padStart(8, '0');
    const link = (p: Post, n: number): string => `${this.path(p)}?sid=${sid(n)}`;
    const date = (d: Date): string => `${d.getUTCDate()} ${MONTHS_EN[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
    const shell = (title: string, main: string): string =>
      `<!DOCTYPE html><html><head><title>${title}</title><link rel="alternate" type="${RSS}" href="/rss.php"></head><body><div class="nav"><a href="/index.php?sid=${sid(0)}">Home</a></div>${main}<div class="foot">Powered by PHP</div></body></html>`;
    const postPage = (p: Post): string => {
      const post = st.version(p);
      const replies = st.repliesOf(p);
      const earlier = st.shown[Math.max(0, st.shown.indexOf(p) - 1)] as Post;
      const list = replies.map((r) => `<tr><td class="name">${r.name}<br>${date(r.when)}</td><td>${r.text}</td></tr>`).join('');
      return shell(
        post.title,
        `<div class="item"><h1>${post.title}</h1><div class="date">${date(post.date)}</div><p>${post.paragraphs[0]}</p><p>${post.paragraphs[1]} See also <a href="${link(earlier, p.id)}">${earlier === p ? 'this post' : 'the post before'}</a>.</p><p>${post.paragraphs[2]}</p></div>${replies.length > 0 ? `<table class="comments">${list}</table>` : ''}`,
      );
    };
    return blogCaptures(this, st, {
      home: '/index.php',
      homeBody: shell(
        'Sessions',
        latest(st, 5)
          .map((p) => `<h2><a href="${link(p, 1)}">${p.title}</a></h2>`)
          .join(''),
      ),
      post: postPage,
      feed: '/rss.php',
      title: 'Sessions',
    });
  },
};

const ENGINES = [
  relativeDates('relative-en', 229, {
    words: WORDS_EN,
    names: NAMES_EN,
    ago: AGO_EN,
    posted: 'Posted',
    replies: 'replies',
    read: 'min read',
  }),
  relativeDates('relative-de', 233, {
    words: WORDS_DE,
    names: NAMES_DE,
    ago: AGO_DE,
    posted: 'Veröffentlicht',
    replies: 'Antworten',
    read: 'Min. Lesezeit',
  }),
  countersEn,
  sessionsPhp,
];

describeTwoCrawlSites('a site whose unchanged pages read differently in each crawl: %s', ENGINES, (engine, built) => {
  const { postOf } = siteLookups(engine, built);
  itMakesObjectsForThePostsOnly(engine, built);
  itKeepsTheArticleWhole(engine, built);
  itReportsTheChangeKinds(engine, built);
  // counters-en's score line ("6 points · Reply") leaves the text of the comments of a page with
  // several (a line most entries of the zone print alike, numbers masked: `counterLinesOf`), and of a
  // lone comment as a bar of a counter and a link to its own entry (`controlLinksOf`).
  it("finds every post's comments, in order, with their authors, in both crawls", () => {
    const later = (url: string) => built().model.later.get((postOf(url) as Post).slug);
    expectReplies(built().versions, (url) => (postOf(url) as Post).replies, later);
  });
});
