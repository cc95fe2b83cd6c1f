/**
 * A third round of engines outside the dev data and outside the other generalisation suites
 * (issue #12), each a site of posts over two crawls. The second crawl changes every sidebar, adds a
 * comment to two posts, edits one post and adds a new one.
 * - signed-ol-de: German; the comments an `<ol>` of `<li>`, each the text and then, closing the
 *   entry, a `<p>` "— <b>Name</b>, 14.03.2025 um 10:12" (numeric dates).
 * - indent-fr: French; a threaded discussion printed flat: sibling `<div style="margin-left:…">`
 *   records whose indentation alone says which reply answers which, each a name `<span>`, a
 *   `<small>` date "5 mars 2025, 14:02", the text in a `<div>` and a "Répondre" link; each
 *   reply's parent must be the comment it answers. quoted-fr: the same, each reply wrapped in
 *   as many `<blockquote>` as its depth instead (its level is its wrapping).
 * - sections-ru: Russian; one `<section>` per comment with a `<header>` (name link, date "5 марта
 *   2025 г. в 14:02") and a `<footer>` ("Ответить"); a guestbook page of the same site prints its
 *   entries in the same shape and is no post.
 * - wfw-partial: English; the RSS items carry `wfw:commentRss` and `slash:comments`, but the crawl
 *   holds the comment feeds of the three latest posts only; the pages print each comment as an
 *   avatar, a name link, the text and a relative date ("12 days ago", so it reads differently in
 *   the second crawl).
 * - paged-pl: Polish; a JSON Feed; comments without any date (an avatar, a name link, the text)
 *   before a "Dodaj komentarz" form; posts with many comments show the latest four and link
 *   "Starsze komentarze" to a second comment page, a capture of its own that prints the article
 *   again with the older comments and must not become an object. A post's object holds the
 *   comments its permalink page prints.
 * Asserted as in more-unseen-engines.test.ts: the objects are exactly the posts; each post's
 * comments are found, in order, with their authors (and dates, where printed); none is in the
 * article text; new comments are comments-added, the one edit the only content edit.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Comment, store } from '../../src/index.js';
import { TextWriter } from '../helpers/text-writer.js';
import { expectReplies } from './expect-replies.js';
import { escapeXml } from './fixture-warc.js';
import {
  MONTHS_EN,
  MONTHS_FR,
  MONTHS_RU,
  NAMES_DE,
  NAMES_EN,
  NAMES_FR,
  NAMES_PL,
  NAMES_RU,
  WORDS_DE,
  WORDS_EN,
  WORDS_FR,
  WORDS_PL,
  WORDS_RU,
} from './site-vocabulary.js';
import {
  type BuiltSite,
  buildTwoCrawls,
  hm,
  jsonFeedCapture,
  itKeepsTheArticleWhole,
  itMakesObjectsForThePostsOnly,
  itReportsTheChangeKinds,
  latest,
  type Post,
  pad,
  paras,
  RSS,
  type Reply,
  type SiteEngine,
  siteLookups,
  site,
} from './two-crawl-sites.js';

interface Engine extends SiteEngine {
  /** Whether the pages print each comment's day and time (not "12 days ago", not undated). */
  datedComments?: boolean;
  /** The comments a post's permalink page prints, of all it has (default: all). */
  onPage?(replies: readonly Reply[]): readonly Reply[];
}

const firstName = (r: Reply): string => (r.name.split(' ')[0] as string).toLowerCase();
const rssItems = (host: string, e: Engine, posts: readonly Post[], extra: (p: Post) => string = () => ''): string =>
  posts
    .map((p) => {
      const url = `${host}${e.path(p)}`;
      return `<item><title>${escapeXml(p.title)}</title><link>${url}</link><guid>${url}</guid><pubDate>${p.date.toUTCString()}</pubDate><description>${escapeXml(p.paragraphs[0] as string)}</description>${extra(p)}</item>`;
    })
    .join('');

/** German: an ordered list of comments, each closed by a "— <b>Name</b>, 14.03.2025 um 10:12" line. */
const signedOlDe: Engine = {
  name: 'signed-ol-de',
  datedComments: true,
  seed: 91,
  writer: (seed) => new TextWriter(seed, WORDS_DE),
  names: NAMES_DE,
  replies: [1, 0, 2, 1, 4, 0, 2, 1, 1, 2],
  path: (p) => `/artikel/${p.slug}/`,
  captures(st) {
    const host = site(this);
    const date = (d: Date): string => `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} um ${hm(d)}`;
    const side = `<div id="rand"><h3>Neueste Artikel</h3><ul>${latest(st, 5)
      .map((p) => `<li><a href="${this.path(p)}">${p.title}</a></li>`)
      .join('')}</ul><p>${st.crawl === 1 ? 'Besucher heute: 87' : 'Besucher heute: 132. Der Werkstattkalender ist erschienen.'}</p></div>`;
    const page = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>${title} – Werkbank</title><link rel="alternate" type="${RSS}" href="/feed.rss"></head><body><div id="kopf"><a href="/">Werkbank</a></div><div id="haupt">${main}</div>${side}<div id="fuss">Werkbank · Impressum</div></body></html>`;
    const postPage = (p: Post): string => {
      const replies = st.repliesOf(p);
      const items = replies.map((r) => `<li><p>${r.text}</p><p>— <b>${r.name}</b>, ${date(r.when)}</p></li>`).join('');
      const list = replies.length > 0 ? `<h3>Kommentare</h3><ol>${items}</ol>` : '';
      return page(
        p.title,
        `<div class="beitrag"><h1>${p.title}</h1><p class="datum">${date(p.date)}</p>${paras(st.version(p))}</div>${list}<h3>Kommentar schreiben</h3><form action="/senden"><textarea name="t"></textarea><button>Absenden</button></form>`,
      );
    };
    return [
      {
        url: `${host}/`,
        body: page(
          'Werkbank',
          latest(st, 4)
            .map((p) => `<div class="beitrag"><h2><a href="${this.path(p)}">${p.title}</a></h2><p>${p.paragraphs[0]}</p></div>`)
            .join(''),
        ),
      },
      ...st.shown.map((p) => ({ url: `${host}${this.path(p)}`, body: postPage(p) })),
      {
        url: `${host}/feed.rss`,
        body: `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Werkbank</title><link>${host}/</link><description>Werkbank</description>${rssItems(host, this, latest(st, 6))}</channel></rss>`,
        type: RSS,
      },
    ];
  },
};

/** French: a threaded discussion printed as flat sibling records, each set in by `indent` for its depth. */
const threadedFr = (name: string, seed: number, indent: (depth: number, record: string) => string): Engine => ({
  name,
  datedComments: true,
  seed,
  writer: (seed) => new TextWriter(seed, WORDS_FR),
  names: NAMES_FR,
  replies: [2, 0, 3, 1, 0, 5, 2, 1],
  threaded: true,
  path: (p) => `/billets/${p.slug}.html`,
  captures(st) {
    const host = site(this);
    const date = (d: Date): string => `${d.getUTCDate()} ${MONTHS_FR[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${hm(d)}`;
    const side = `<div class="marge"><h4>Derniers billets</h4><ul>${latest(st, 5)
      .map((p) => `<li><a href="${this.path(p)}">${p.title}</a></li>`)
      .join('')}</ul>${st.crawl === 1 ? '<p>Abonnés : 212</p>' : '<p>Abonnés : 240</p><p>Nouveau : la carte des moulins.</p>'}</div>`;
    const page = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>${title} | Carnet du moulin</title><link rel="alternate" type="application/atom+xml" href="/atom.xml"></head><body><div class="tete"><a href="/">Carnet du moulin</a></div><div class="corps">${main}</div>${side}<div class="pied">Carnet du moulin, depuis 2009.</div></body></html>`;
    const postPage = (p: Post): string => {
      const replies = st.repliesOf(p);
      const records = replies
        .map((r) =>
          indent(
            r.depth,
            `<span>${r.name}</span> <small>${date(r.when)}</small><div>${r.text}</div><a href="?repondre=1#ecrire">Répondre</a>`,
          ),
        )
        .join('');
      const thread = replies.length > 0 ? `<h3>Réponses</h3>${records}` : '';
      return page(
        p.title,
        `<h1>${p.title}</h1><p>${date(p.date)}</p><div class="texte">${paras(st.version(p))}</div><div class="discussion">${thread}<h3 id="ecrire">Laisser une réponse</h3><form><textarea name="r"></textarea><button>Envoyer</button></form></div>`,
      );
    };
    const entries = latest(st, 6)
      .map((p) => {
        const url = `${host}${this.path(p)}`;
        return `<entry><id>${url}</id><title>${escapeXml(p.title)}</title><link rel="alternate" href="${url}"/><published>${p.date.toISOString()}</published><updated>${p.date.toISOString()}</updated><summary>${escapeXml(p.paragraphs[0] as string)}</summary></entry>`;
      })
      .join('');
    return [
      {
        url: `${host}/`,
        body: page(
          'Carnet du moulin',
          latest(st, 4)
            .map((p) => `<h2><a href="${this.path(p)}">${p.title}</a></h2><p>${p.paragraphs[0]}</p>`)
            .join(''),
        ),
      },
      ...st.shown.map((p) => ({ url: `${host}${this.path(p)}`, body: postPage(p) })),
      {
        url: `${host}/atom.xml`,
        body: `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><id>${host}/</id><title>Carnet du moulin</title><updated>${latest(st, 1)[0]?.date.toISOString()}</updated><link rel="alternate" href="${host}/"/>${entries}</feed>`,
        type: 'application/atom+xml',
      },
    ];
  },
});

/** indent-fr: each record a <div> set in by its `margin-left`. */
const indentFr = threadedFr('indent-fr', 92, (depth, record) => `<div style="margin-left:${depth * 40}px">${record}</div>`);

/**
 * quoted-fr: each reply's record wrapped in as many <blockquote> as its depth, the blockquotes
 * siblings of the top-level records (not nested in the record answered): the replies' date nodes
 * have other ancestors than the top-level ones', and their level is their wrapping.
 */
const quotedFr = threadedFr(
  'quoted-fr',
  96,
  (depth, record) => `${'<blockquote>'.repeat(depth)}<div>${record}</div>${'</blockquote>'.repeat(depth)}`,
);
/** Russian: one <section> per comment with <header> and <footer>; a guestbook page in the same shape. */
const sectionsRu: Engine = {
  name: 'sections-ru',
  datedComments: true,
  seed: 93,
  writer: (seed) => new TextWriter(seed, WORDS_RU),
  names: NAMES_RU,
  replies: [0, 1, 2, 1, 3, 0, 2, 1, 0, 2, 1],
  path: (p) => `/zapisi/${p.id}.html`,
  captures(st) {
    const host = site(this);
    const w = new TextWriter(this.seed + 1000, WORDS_RU);
    const date = (d: Date): string => `${d.getUTCDate()} ${MONTHS_RU[d.getUTCMonth()]} ${d.getUTCFullYear()} г. в ${hm(d)}`;
    const side = `<aside><h3>Свежие записи</h3><ul>${latest(st, 5)
      .map((p) => `<li><a href="${this.path(p)}">${p.title}</a></li>`)
      .join('')}</ul><p>${st.crawl === 1 ? 'Читателей: 318' : 'Читателей: 356. Открыта запись на экскурсию.'}</p></aside>`;
    const page = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><title>${title} — Заметки с реки</title><link rel="alternate" type="${RSS}" href="/rss.xml"></head><body><div class="shapka"><a href="/">Заметки с реки</a> <a href="/gostevaya/">Гостевая книга</a></div><main>${main}</main>${side}<div class="podval">© Заметки с реки</div></body></html>`;
    const record = (r: { name: string; when: Date; text: string }): string =>
      `<section><header><a href="/u/${encodeURIComponent(r.name)}">${r.name}</a> <span>${date(r.when)}</span></header><p>${r.text}</p><footer><a href="#otvet">Ответить</a></footer></section>`;
    const postPage = (p: Post): string => {
      const replies = st.repliesOf(p);
      const block = replies.length > 0 ? `<h3>Комментарии (${replies.length})</h3>${replies.map(record).join('')}` : '';
      return page(
        p.title,
        `<div class="zapis"><h1>${p.title}</h1><p class="data">${date(p.date)}</p>${paras(st.version(p))}</div>${block}<h3 id="otvet">Оставить комментарий</h3><form><textarea name="t"></textarea><button>Отправить</button></form>`,
      );
    };
    // The guestbook: visitors' notes in the comment shape, under a short greeting; no article.
    const guests = Array.from({ length: 5 + st.crawl }, (_, i) => ({
      name: NAMES_RU[(i * 5) % NAMES_RU.length] as string,
      when: new Date(Date.UTC(2025, 1, 2 + i * 4, 18, 40)),
      text: w.text(1 + (i % 2)),
    }));
    return [
      {
        url: `${host}/`,
        body: page(
          'Заметки с реки',
          latest(st, 4)
            .map((p) => `<div class="zapis"><h2><a href="${this.path(p)}">${p.title}</a></h2><p>${p.paragraphs[0]}</p></div>`)
            .join(''),
        ),
      },
      {
        url: `${host}/gostevaya/`,
        body: page(
          'Гостевая книга',
          `<h1>Гостевая книга</h1><p>Оставьте пару слов.</p>${guests.map(record).join('')}<form><textarea name="t"></textarea><button>Отправить</button></form>`,
        ),
      },
      ...st.shown.map((p) => ({ url: `${host}${this.path(p)}`, body: postPage(p) })),
      {
        url: `${host}/rss.xml`,
        body: `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Заметки с реки</title><link>${host}/</link><description>Заметки</description><language>ru</language>${rssItems(host, this, latest(st, 6))}</channel></rss>`,
        type: RSS,
      },
    ];
  },
};

/** English: per-post comment feeds (wfw:commentRss, slash:comments), captured for the three latest posts only. */
const wfwPartial: Engine = {
  name: 'wfw-partial',
  seed: 94,
  writer: (seed) => new TextWriter(seed, WORDS_EN),
  names: NAMES_EN,
  replies: [1, 2, 0, 1, 3, 2, 0, 1, 2],
  path: (p) => `/${p.date.getUTCFullYear()}/${pad(p.date.getUTCMonth() + 1)}/${p.slug}/`,
  captures(st) {
    const host = site(this);
    const day = (d: Date): string => `${MONTHS_EN[d.getUTCMonth()]?.slice(0, 3)} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
    const ago = (d: Date): string => `${Math.round((st.at.getTime() - d.getTime()) / 86_400_000)} days ago`;
    const commentFeedUrl = (p: Post): string => `${host}${this.path(p)}comments.rss`;
    const side = `<div class="rail"><h3>Recent posts</h3><ul>${latest(st, 5)
      .map((p) => `<li><a href="${this.path(p)}">${p.title}</a></li>`)
      .join('')}</ul>${st.crawl === 1 ? '<p>Now reading: a book on tides.</p>' : '<p>Now reading: a history of lighthouses.</p>'}</div>`;
    const page = (title: string, head: string, main: string): string =>
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title} - Lowtide</title><link rel="alternate" type="${RSS}" href="/rss.xml">${head}</head><body><div class="mast"><a href="/">Lowtide</a></div><div class="col">${main}</div>${side}<div class="foot">Lowtide runs on a small server.</div></body></html>`;
    const postPage = (p: Post): string => {
      const replies = st.repliesOf(p);
      const items = replies
        .map(
          (r) =>
            `<li><img src="/av/${firstName(r)}.png" alt="" width="40"><a href="http://${firstName(r)}.example/">${r.name}</a><p>${r.text}</p><span>${ago(r.when)}</span></li>`,
        )
        .join('');
      return page(
        p.title,
        `<link rel="alternate" type="${RSS}" href="${commentFeedUrl(p)}">`,
        `<div class="post"><h1>${p.title}</h1><div class="meta">${day(p.date)}</div>${paras(st.version(p))}</div>${replies.length > 0 ? `<h3>${replies.length} thoughts</h3><ul>${items}</ul>` : ''}<h3>Leave a thought</h3><form><textarea name="t"></textarea><button>Post</button></form>`,
      );
    };
    const commentFeed = (p: Post): string => {
      const url = `${host}${this.path(p)}`;
      const items = st
        .repliesOf(p)
        .map(
          (r, i) =>
            `<item><title>By: ${r.name}</title><link>${url}#r${i + 1}</link><guid isPermaLink="false">${url}#r${i + 1}</guid><pubDate>${r.when.toUTCString()}</pubDate><dc:creator>${r.name}</dc:creator><description>${escapeXml(r.text)}</description></item>`,
        )
        .join('');
      return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Comments on: ${escapeXml(p.title)}</title><link>${url}</link><description>Comments</description>${items}</channel></rss>`;
    };
    const feedPosts = latest(st, 6);
    const items = rssItems(
      host,
      this,
      feedPosts,
      (p) =>
        `<comments>${host}${this.path(p)}#thoughts</comments><wfw:commentRss>${commentFeedUrl(p)}</wfw:commentRss><slash:comments>${st.repliesOf(p).length}</slash:comments>`,
    );
    return [
      {
        url: `${host}/`,
        body: page(
          'Lowtide',
          '',
          latest(st, 4)
            .map((p) => `<div class="post"><h2><a href="${this.path(p)}">${p.title}</a></h2><p>${p.paragraphs[0]}</p></div>`)
            .join(''),
        ),
      },
      ...st.shown.map((p) => ({ url: `${host}${this.path(p)}`, body: postPage(p) })),
      {
        url: `${host}/rss.xml`,
        body: `<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:slash="http://purl.org/rss/1.0/modules/slash/"><channel><title>Lowtide</title><link>${host}/</link><description>Lowtide</description>${items}</channel></rss>`,
        type: RSS,
      },
      // The crawler followed the comment feeds of the three latest posts only.
      ...feedPosts.slice(0, 3).map((p) => ({ url: commentFeedUrl(p), body: commentFeed(p), type: RSS })),
    ];
  },
};

/** Comments a paged-pl permalink page prints: the latest four. */
const COMMENTS_PER_PAGE = 4;

/** Polish: a JSON Feed; undated comments (avatar, name link, text); long threads paged. */
const pagedPl: Engine = {
  name: 'paged-pl',
  seed: 95,
  writer: (seed) => new TextWriter(seed, WORDS_PL),
  names: NAMES_PL,
  replies: [1, 0, 2, 6, 1, 0, 7, 1, 2],
  path: (p) => `/wpis/${p.slug}/`,
  onPage: (replies) => replies.slice(-COMMENTS_PER_PAGE),
  captures(st) {
    const host = site(this);
    const side = `<div class="bok"><h3>Ostatnie wpisy</h3><ul>${latest(st, 5)
      .map((p) => `<li><a href="${this.path(p)}">${p.title}</a></li>`)
      .join('')}</ul><p>${st.crawl === 1 ? 'Odwiedzin: 4410' : 'Odwiedzin: 5120. Nowy cykl o młynach.'}</p></div>`;
    const page = (title: string, main: string): string =>
      `<!DOCTYPE html><html lang="pl"><head><meta charset="utf-8"><title>${title} | Nad rzeką</title><link rel="alternate" type="application/feed+json" href="/feed.json"></head><body><div class="gora"><a href="/">Nad rzeką</a></div><div class="srodek">${main}</div>${side}<div class="dol">Nad rzeką, blog od 2011.</div></body></html>`;
    const record = (r: Reply): string =>
      `<div class="w"><img src="/av/${encodeURIComponent(firstName(r))}.jpg" alt="" width="48"><a href="http://${encodeURIComponent(firstName(r))}.example/">${r.name}</a><p>${r.text}</p></div>`;
    const article = (p: Post): string => `<div class="wpis"><h1>${p.title}</h1>${paras(st.version(p))}</div>`;
    const form = '<h3>Dodaj komentarz</h3><form><input name="imie"><textarea name="t"></textarea><button>Wyślij</button></form>';
    const older = (p: Post): Reply[] => st.repliesOf(p).slice(0, -COMMENTS_PER_PAGE);
    const pageTwo = (p: Post): string => `${host}${this.path(p)}komentarze-2/`;
    const postPage = (p: Post): string => {
      const shown = st.repliesOf(p).slice(-COMMENTS_PER_PAGE);
      const more = older(p).length > 0 ? `<p><a href="${pageTwo(p)}">Starsze komentarze</a></p>` : '';
      return page(p.title, `${article(p)}${shown.length > 0 ? `<div class="kom">${shown.map(record).join('')}</div>${more}` : ''}${form}`);
    };
    const olderPage = (p: Post): string =>
      page(
        p.title,
        `${article(p)}<div class="kom">${older(p).map(record).join('')}</div><p><a href="${this.path(p)}">Nowsze komentarze</a></p>${form}`,
      );
    return [
      {
        url: `${host}/`,
        body: page(
          'Nad rzeką',
          latest(st, 4)
            .map((p) => `<div class="wpis"><h2><a href="${this.path(p)}">${p.title}</a></h2><p>${p.paragraphs[0]}</p></div>`)
            .join(''),
        ),
      },
      ...st.shown.map((p) => ({ url: `${host}${this.path(p)}`, body: postPage(p) })),
      ...st.shown.filter((p) => older(p).length > 0).map((p) => ({ url: pageTwo(p), body: olderPage(p) })),
      jsonFeedCapture(this, 'Nad rzeką', latest(st, 6), (p) => ({ summary: p.paragraphs[0] })),
    ];
  },
};

const ENGINES = [signedOlDe, indentFr, quotedFr, sectionsRu, wfwPartial, pagedPl];

describe.each(ENGINES.map((e) => [e.name, e] as const))('a third-round unseen engine: %s', (_, engine) => {
  let overlay: BuiltSite;
  /** The fused versions' comments as stored (ids included: a parent names one), by page URL and crawl. */
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
  const onPage = (replies: readonly Reply[]): readonly Reply[] => engine.onPage?.(replies) ?? replies;

  itMakesObjectsForThePostsOnly(engine, built);

  it("finds every post's comments, in order, with their authors, in both crawls", () => {
    const later = (url: string): readonly Reply[] | undefined => {
      const replies = overlay.model.later.get((postOf(url) as Post).slug);
      return replies === undefined ? undefined : onPage(replies);
    };
    expectReplies(overlay.versions, (url) => onPage((postOf(url) as Post).replies), later);
  });

  if (engine.datedComments === true)
    it('reads each comment date as printed', () => {
      for (const v of overlay.versions) {
        const post = postOf(v.url) as Post;
        const replies = onPage((v.crawl.includes('crawl-2') ? overlay.model.later.get(post.slug) : undefined) ?? post.replies);
        expect(
          v.comments.map((c) => c.published),
          v.url,
        ).toEqual(replies.map((r) => r.when.toISOString()));
      }
    });

  if (engine.threaded === true)
    it("gives each reply the comment it answers as its parent, from the entries' indentation", () => {
      for (const v of overlay.versions) {
        const post = postOf(v.url) as Post;
        const replies = onPage((v.crawl.includes('crawl-2') ? overlay.model.later.get(post.slug) : undefined) ?? post.replies);
        const comments = stored.get(`${v.url} ${v.crawl}`) ?? [];
        const ids = comments.map((c) => c.id);
        replies.forEach((r, i) => {
          const up = r.depth === 0 ? -1 : replies.slice(0, i).findLastIndex((x) => x.depth === r.depth - 1);
          if (up >= 0)
            expect(
              ids.filter((id) => id === ids[up] && id !== null),
              `${v.url} #${up}: one id`,
            ).toHaveLength(1);
          expect(comments[i]?.parent, `${v.url} #${i}`).toBe(up < 0 ? null : ids[up]);
          expect(comments[i]?.depth, `${v.url} #${i}`).toBe(r.depth);
        });
      }
      // The thread has replies to check.
      expect(overlay.model.posts.some((p) => p.replies.some((r) => r.depth > 0))).toBe(true);
    });

  itKeepsTheArticleWhole(engine, built);

  itReportsTheChangeKinds(engine, built);
});
