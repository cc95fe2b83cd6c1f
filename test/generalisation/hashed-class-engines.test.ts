/**
 * Generated engines whose class names are hashes (CSS modules, styled components, a site builder's
 * generated names), no "comment" word in any class or id and no comment feed (issue #12: comments
 * found by structure, the vocabulary only a hint). Each prints a comment as a byline line, then the
 * text; the byline's parts are all the engine says of what they are:
 * - row-divs: a row of the name (`<div>`) and the printed date (`<span>`), as site builders print it;
 * - tooltip-links: the name and the date as two links, the date shortened ("Mar 25") and printed
 *   whole in its tooltip as feeds print dates ("Tue, 25 Mar 2025 10:45:00 GMT");
 * - weekday-lines: the name and the date as two lines, the date opening with its weekday ("Wed,
 *   03/19/2025 - 10:45"): the weekday is no name;
 * - label-fi: the name in a `<cite>` beside a label in Finnish ("kirjoitti:"), the date a line below:
 *   the name's line is the byline whatever the label says;
 * - label-span: the name and the date as parts of a `<span>` line with a label between them
 *   ("<strong><a>Jane</a></strong> commented <a title="Tue, 4 Mar 2025 10:45:00 GMT">Mar 4</a>", as
 *   GitHub prints it);
 * - time-span: label-span with a `<time datetime>` in the date link; the post prints its date as text
 *   only, so the comments' `<time>` of the post's day must not be taken for the post's date;
 * - signed-divs: every part a `<div>`, the article's date line too, each comment signed after its
 *   text ("— Jane · Mar 4, 2025"): the hashed names (digits inside, the same on every entry) keep
 *   the article's date line and the comments' apart, and a post's lone comment is found by the
 *   structure the site's other posts show.
 * Each comment's text must be its own, the byline out of it, and its author the name.
 */
import { expect, it } from 'vitest';
import { TextWriter } from '../helpers/text-writer.js';
import { hashedName } from './class-names.js';
import { expectSiteReplies } from './expect-replies.js';
import { MONTHS_EN, NAMES_EN, WORDS_EN } from './site-vocabulary.js';
import { clock12, mdy, mon3, slugify } from './site-format.js';
import {
  blogCaptures,
  describeTwoCrawlSites,
  hm,
  itKeepsTheArticleWhole,
  itMakesObjectsForThePostsOnly,
  itReportsTheChangeKinds,
  latest,
  type Post,
  pad,
  type Reply,
  type SiteEngine,
  siteLookups,
} from './two-crawl-sites.js';

/** A block's class attribute: its role's generated name, as a bundler hashes one. */
const c = (role: string): string => `class="${hashedName(role)}"`;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** "Tue, 25 Mar 2025 10:45:00 GMT" (RFC 822, as `Date#toUTCString` prints it). */
const rfc822 = (d: Date): string => d.toUTCString();

interface HashedEngine extends SiteEngine {
  byline(r: Reply, i: number): string;
}

/** A comment printed as its byline, then its text. */
const bylineFirst = (byline: string, text: string): string => `${byline}<div ${c('entry-text')}><p>${text}</p></div>`;

function hashedEngine(
  name: string,
  seed: number,
  byline: HashedEngine['byline'],
  lang = 'en',
  layout: { entry: (byline: string, text: string) => string; postTag: string; dateTag: string } = {
    entry: bylineFirst,
    postTag: 'article',
    dateTag: 'p',
  },
): HashedEngine {
  return {
    name,
    seed,
    writer: (s) => new TextWriter(s, WORDS_EN),
    names: NAMES_EN,
    replies: [2, 0, 3, 1, 0, 2, 1, 0],
    path: (p) => `/posts/${p.slug}`,
    byline,
    captures(st) {
      const shell = (title: string, main: string): string =>
        `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title><link rel="alternate" type="application/rss+xml" href="/rss.xml"></head><body><div ${c('shell')}><header ${c('top')}><a href="/">${name}</a></header><main ${c('main')}>${main}</main><footer ${c('foot')}>© ${name}</footer></div></body></html>`;
      const postPage = (p: Post): string => {
        const post = st.version(p);
        const replies = st.repliesOf(p);
        const entries = replies
          .map(
            (r, i) =>
              `<div ${c('entry')}><img src="/a/${slugify(r.name)}.png" alt="" ${c('avatar')}><div ${c('entry-main')}>${layout.entry(this.byline(r, i), r.text)}<div ${c('entry-actions')}><button type="button">♥</button></div></div></div>`,
          )
          .join('');
        const thread =
          replies.length > 0 ? `<section ${c('thread')}><h2 ${c('thread-title')}>${replies.length} responses</h2>${entries}</section>` : '';
        return shell(
          post.title,
          `<${layout.postTag} ${c('post')}><h1 ${c('title')}>${post.title}</h1><${layout.dateTag} ${c('date')}>${mdy(post.date)}</${layout.dateTag}><div ${c('body')}>${post.paragraphs.map((x) => `<p>${x}</p>`).join('')}</div></${layout.postTag}>${thread}`,
        );
      };
      return blogCaptures(this, st, {
        home: '/',
        homeBody: shell(
          name,
          latest(st, 5)
            .map((p) => `<div ${c('card')}><h2><a href="${this.path(p)}">${p.title}</a></h2></div>`)
            .join(''),
        ),
        post: postPage,
        feed: '/rss.xml',
        title: name,
      });
    },
  };
}

const ENGINES = [
  hashedEngine(
    'row-divs',
    811,
    (r) =>
      `<div ${c('row')}><div ${c('who')}>${r.name}</div><span ${c('when')}>${MONTHS_EN[r.when.getUTCMonth()]} ${r.when.getUTCDate()}, ${r.when.getUTCFullYear()} ${clock12(r.when, true)}</span></div>`,
  ),
  hashedEngine(
    'tooltip-links',
    823,
    (r, i) =>
      `<div ${c('row')}><a href="/u/${slugify(r.name)}" ${c('who')}>${r.name}</a><a href="#r${i + 1}" title="${rfc822(r.when)}" ${c('when')}>${mon3(r.when)} ${r.when.getUTCDate()}</a></div>`,
  ),
  hashedEngine(
    'weekday-lines',
    829,
    (r) =>
      `<p ${c('who')}>${r.name}</p><p ${c('when')}>${WEEKDAYS[r.when.getUTCDay()]}, ${pad(r.when.getUTCMonth() + 1)}/${pad(r.when.getUTCDate())}/${r.when.getUTCFullYear()} - ${hm(r.when)}</p>`,
  ),
  hashedEngine(
    'label-fi',
    839,
    (r) =>
      `<div ${c('row')}><cite ${c('who')}>${r.name}</cite> <span ${c('label')}>kirjoitti:</span></div><div ${c('when')}>${r.when.getUTCDate()}.${r.when.getUTCMonth() + 1}.${r.when.getUTCFullYear()} klo ${hm(r.when)}</div>`,
    'fi',
  ),
  hashedEngine(
    'label-span',
    847,
    (r, i) =>
      `<header ${c('head')}><span ${c('meta')}><strong><a href="/u/${slugify(r.name)}">${r.name}</a></strong> commented <a href="#r${i + 1}" title="${rfc822(r.when)}">${mon3(r.when)} ${r.when.getUTCDate()}</a></span></header>`,
  ),
  hashedEngine(
    'time-span',
    851,
    (r, i) =>
      `<header ${c('head')}><span ${c('meta')}><strong><a href="/u/${slugify(r.name)}">${r.name}</a></strong> commented <a href="#r${i + 1}"><time datetime="${r.when.toISOString()}">${mon3(r.when)} ${r.when.getUTCDate()}</time></a></span></header>`,
  ),
  hashedEngine(
    'signed-divs',
    853,
    (r) => `<div ${c('sign')}>— ${r.name} · ${mdy(r.when)} ${clock12(r.when)} · <a href="#">link</a></div>`,
    'en',
    {
      entry: (byline, text) => `<div ${c('entry-text')}>${text}</div>${byline}`,
      postTag: 'div',
      dateTag: 'div',
    },
  ),
];

describeTwoCrawlSites('an engine with hashed class names: %s', ENGINES, (engine, built) => {
  const { postOf } = siteLookups(engine, built);
  itMakesObjectsForThePostsOnly(engine, built);
  itKeepsTheArticleWhole(engine, built);
  itReportsTheChangeKinds(engine, built);

  it("finds every post's comments, in order, their bylines out of their text and their authors named", () => {
    expectSiteReplies(built(), postOf);
  });

  it('dates each comment', () => {
    for (const v of built().versions) {
      const post = postOf(v.url) as Post;
      const replies = (v.crawl.includes('crawl-2') ? built().model.later.get(post.slug) : undefined) ?? post.replies;
      expect(
        v.comments.map((x) => x.published),
        v.url,
      ).toEqual(replies.map((r) => r.when.toISOString()));
    }
  });
});
