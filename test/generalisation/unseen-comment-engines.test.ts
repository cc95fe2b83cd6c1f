/**
 * Reader comments on engines outside the dev data, without a "comment" word in any class or id,
 * most without a comment feed (issue #12 item 1, third point: comment zones as repeated records, decided per
 * site). Six engines, each a site of twelve posts over two crawls:
 * - German, threaded replies in nested lists, dates "12. März 2025 um 14:22";
 * - English, a guestbook table (name and date in one cell, the text in the next);
 * - Spanish, a definition list ("<dt>Name escribió el 3 de marzo de 2025, 14:22:</dt><dd>…");
 * - English, plain divs with the signature line after the text ("— Name · Mar 3, 2025");
 * - French, one <article> per reaction with a <time datetime>, and a site-wide comment feed whose
 *   title says "réactions" and whose items link to "#r1" anchors on the posts;
 * - English, a numbered list whose items print "1. <a>Name</a> on 12/03/2025 at 14:22<br>text";
 * - Hebrew, dates with a month word no hint list holds ("4 במרץ 2025, 11:12"), the comments in a
 *   <section> after the page footer;
 * - Portuguese, nested <div> replies with avatars, "<strong>Name</strong> <span>há 3 dias</span>"
 *   as the first line of a block whose text follows in a <div>.
 * Only one post has more than two comments in the first crawl: the other posts' one or two
 * comments are found because the site shows the same records on its other post pages, with the
 * article feed or without any feed (posts found by their template). The second
 * crawl changes every sidebar, adds a reply to two posts, edits one post and adds a new one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlay, Diagnostics, openStore, store } from '../../src/index.js';
import { TextWriter } from '../helpers/text-writer.js';
import { expectReplies } from './expect-replies.js';
import { escapeXml, type FixtureCapture, writeWarc } from './fixture-warc.js';
import { NAMES_EN, WORDS_EN } from './site-vocabulary.js';

/** Comments per post in the first crawl: only one post has more than two. */
const REPLIES_PER_POST = [0, 1, 2, 1, 0, 5, 2, 1, 0, 2, 1, 2];

interface Reply {
  name: string;
  when: Date;
  text: string;
  depth: number;
}
interface Post {
  slug: string;
  title: string;
  date: Date;
  paragraphs: string[];
  replies: Reply[];
}

interface Engine {
  name: string;
  lang: string;
  date(d: Date): string;
  post(p: Post, replies: readonly Reply[]): string;
  list(posts: readonly Post[]): string;
  /** The site publishes its ten latest comments as a feed. */
  commentFeed?: boolean;
  /** The comments, printed after the page footer (loaded late), else none. */
  afterFooter?(p: Post, replies: readonly Reply[]): string;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const MONTHS_DE = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
const MONTHS_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const MONTHS_FR = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const paras = (p: Post): string => p.paragraphs.map((x) => `<p>${x}</p>`).join('');

/** German: threaded replies as nested ordered lists. */
const threadedDe: Engine = {
  name: 'threaded-de',
  lang: 'de',
  date: (d) =>
    `${d.getUTCDate()}. ${MONTHS_DE[d.getUTCMonth()]} ${d.getUTCFullYear()} um ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
  post(p, replies) {
    let html = '';
    let depth = 0;
    replies.forEach((r, i) => {
      if (i > 0 && r.depth > depth) html += '<ol class="kinder">';
      else if (i > 0) {
        html += '</li>';
        for (; depth > r.depth; depth--) html += '</ol></li>';
      }
      depth = r.depth;
      html += `<li><div class="kopf"><b>${r.name}</b> <small>${this.date(r.when)}</small></div><div class="inhalt"><p>${r.text}</p></div>`;
    });
    if (replies.length > 0) html += `</li>${'</ol></li>'.repeat(depth)}`;
    const thread =
      replies.length > 0 ? `<section id="antworten"><h3>${replies.length} Antworten</h3><ol class="liste">${html}</ol></section>` : '';
    return `<article><h1>${p.title}</h1><p class="datum">${this.date(p.date)}</p>${paras(p)}</article>${thread}<form><textarea name="t"></textarea><button>Senden</button></form>`;
  },
  list(posts) {
    return posts
      .map(
        (p) =>
          `<article><h2><a href="/${p.slug}/">${p.title}</a></h2><p class="datum">${this.date(p.date)}</p><p>${p.paragraphs[0]}</p></article>`,
      )
      .join('');
  },
};

/** English: a guestbook table, the name and date in the first cell, the text in the second. */
const tableEn: Engine = {
  name: 'table-en',
  lang: 'en',
  date: (d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
  post(p, replies) {
    const rows = replies.map(
      (r) => `<tr><td class="who">${r.name}<br><span>${this.date(r.when)}</span></td><td class="said">${r.text}</td></tr>`,
    );
    const book = replies.length > 0 ? `<h4>Visitors wrote (${replies.length})</h4><table class="book">${rows.join('')}</table>` : '';
    return `<div class="post"><h2>${p.title}</h2><div class="posted">Posted ${this.date(p.date)}</div>${paras(p)}</div>${book}<p><a href="/write?to=${p.slug}">Sign the book</a></p>`;
  },
  list(posts) {
    return posts
      .map(
        (p) =>
          `<div class="post"><h2><a href="/${p.slug}/">${p.title}</a></h2><div class="posted">Posted ${this.date(p.date)}</div><p>${p.paragraphs[0]}</p></div>`,
      )
      .join('');
  },
};

/** Spanish: a definition list, the signature line in <dt>, the text in <dd>. */
const listEs: Engine = {
  name: 'dl-es',
  lang: 'es',
  date: (d) =>
    `${d.getUTCDate()} de ${MONTHS_ES[d.getUTCMonth()]} de ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
  post(p, replies) {
    const items = replies.map((r) => `<dt><strong>${r.name}</strong> escribió el ${this.date(r.when)}:</dt><dd><p>${r.text}</p></dd>`);
    const block = replies.length > 0 ? `<div id="opiniones"><h3>Opiniones</h3><dl>${items.join('')}</dl></div>` : '';
    return `<div id="entrada"><h1>${p.title}</h1><p><em>${this.date(p.date)}</em></p>${paras(p)}</div>${block}`;
  },
  list(posts) {
    return posts
      .map(
        (p) =>
          `<div class="resumen"><h2><a href="/${p.slug}/">${p.title}</a></h2><p><em>${this.date(p.date)}</em></p><p>${p.paragraphs[0]}</p></div>`,
      )
      .join('');
  },
};

/** English: plain divs, the signature line after the text, replies indented by a style. */
const divsAfterEn: Engine = {
  name: 'divs-after-en',
  lang: 'en',
  date: (d) => `${MONTHS_EN[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`,
  post(p, replies) {
    const items = replies.map(
      (r) =>
        `<div class="r" style="margin-left:${r.depth * 2}em"><div class="b">${r.text}</div><div class="s">— ${r.name} · ${this.date(r.when)} · <a href="#">link</a></div></div>`,
    );
    const block = replies.length > 0 ? `<div class="after"><div class="t">Responses</div>${items.join('')}</div>` : '';
    return `<div class="main"><div class="t1">${p.title}</div><div class="d">${this.date(p.date)}</div><div class="body">${paras(p)}</div></div>${block}`;
  },
  list(posts) {
    return posts
      .map(
        (p) =>
          `<div class="main"><div class="t1"><a href="/${p.slug}/">${p.title}</a></div><div class="d">${this.date(p.date)}</div><div class="body"><p>${p.paragraphs[0]}</p></div></div>`,
      )
      .join('');
  },
};

/** The same without any class attribute: title, date and body are three bare <div>s in a row, which
 *  only their places tell apart (key-path positions), the responses a <div> beside them. */
const withoutClassAttributes = (html: string): string => html.replace(/\sclass="[^"]*"/g, '');
const divsBareEn: Engine = {
  ...divsAfterEn,
  name: 'divs-bare-en',
  post(p, replies) {
    return withoutClassAttributes(divsAfterEn.post.call(this, p, replies));
  },
  list(posts) {
    return withoutClassAttributes(divsAfterEn.list.call(this, posts));
  },
};

/** French: an <article> per reaction, a <time datetime> in its footer; a site-wide comment feed. */
const articleFr: Engine = {
  name: 'article-fr',
  lang: 'fr',
  commentFeed: true,
  date: (d) => `${d.getUTCDate()} ${MONTHS_FR[d.getUTCMonth()]} ${d.getUTCFullYear()}`,
  post(p, replies) {
    const items = replies.map(
      (r, i) =>
        `<article id="r${i + 1}" class="reaction"><footer><span class="nom">${r.name}</span>, le <time datetime="${r.when.toISOString()}">${this.date(r.when)}</time></footer><p>${r.text}</p></article>`,
    );
    const block = `<section class="reactions"><h2>Réactions</h2>${items.join('') || '<p>Pas encore de réaction.</p>'}</section>`;
    return `<article class="billet"><header><h1>${p.title}</h1><time datetime="${p.date.toISOString()}">${this.date(p.date)}</time></header>${paras(p)}</article>${block}`;
  },
  list(posts) {
    return posts
      .map(
        (p) =>
          `<article class="billet"><header><h2><a href="/${p.slug}/">${p.title}</a></h2><time datetime="${p.date.toISOString()}">${this.date(p.date)}</time></header><p>${p.paragraphs[0]}</p></article>`,
      )
      .join('');
  },
};

/** English: a numbered list, each item's first line (before a <br>) its signature, the text after it. */
const numberedEn: Engine = {
  name: 'numbered-en',
  lang: 'en',
  date: (d) =>
    `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} at ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
  post(p, replies) {
    const items = replies.map(
      (r, i) =>
        `<li><span>${i + 1}.</span> <a href="http://${r.name.split(' ')[0]?.toLowerCase()}.example/">${r.name}</a> on ${this.date(r.when)}<br>${r.text}</li>`,
    );
    const list = replies.length > 0 ? `<h3>${replies.length} responses so far</h3><ol class="list">${items.join('')}</ol>` : '';
    return `<div class="story"><h1>${p.title}</h1><p>${this.date(p.date)}</p>${paras(p)}</div>${list}`;
  },
  list(posts) {
    return posts
      .map(
        (p) => `<div class="story"><h1><a href="/${p.slug}/">${p.title}</a></h1><p>${this.date(p.date)}</p><p>${p.paragraphs[0]}</p></div>`,
      )
      .join('');
  },
};

const MONTHS_HE = ['ינואר', 'פברואר', 'מרץ', 'אפריל', 'מאי', 'יוני', 'יולי', 'אוגוסט', 'ספטמבר', 'אוקטובר', 'נובמבר', 'דצמבר'];

/** Hebrew dates ("4 במרץ 2025, 11:12": a month word no hint list holds) in a <section> after the page footer. */
const afterFooterHe: Engine = {
  name: 'after-footer-he',
  lang: 'he',
  date: (d) => `${d.getUTCDate()} ב${MONTHS_HE[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
  post(p) {
    return `<div class="ma"><h1>${p.title}</h1><p>${this.date(p.date)}</p>${paras(p)}</div>`;
  },
  afterFooter(_, replies) {
    const items = replies.map((r) => `<li><p class="m"><span>${r.name}</span> · ${this.date(r.when)}</p><p>${r.text}</p></li>`);
    return replies.length > 0 ? `<section class="z"><h3>תגובות</h3><ul>${items.join('')}</ul></section>` : '';
  },
  list(posts) {
    return posts
      .map((p) => `<div class="ma"><h2><a href="/${p.slug}/">${p.title}</a></h2><p>${this.date(p.date)}</p><p>${p.paragraphs[0]}</p></div>`)
      .join('');
  },
};

/** Portuguese: nested <div> replies, an avatar, the name in <strong> and a relative date on the
 *  block's first line, the text in a <div> below it, a "Responder" link. */
const avatarsPt: Engine = {
  name: 'avatars-pt',
  lang: 'pt',
  date: (d) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`,
  post(p, replies) {
    const ago = (r: Reply): number => Math.round((Date.UTC(2025, 4, 1) - r.when.getTime()) / 86_400_000);
    const one = (r: Reply, kids: string): string =>
      `<div class="c"><img src="/av/${r.name.split(' ')[0]?.toLowerCase()}.png" alt=""><div class="cc"><strong>${r.name}</strong> <span>há ${ago(r)} dias</span><div class="tx"><p>${r.text}</p></div><a href="?responder=1#form">Responder</a></div>${kids}</div>`;
    const tree = (from: number, depth: number): [string, number] => {
      let html = '';
      let i = from;
      while (i < replies.length && (replies[i] as Reply).depth === depth) {
        const [kids, next] = tree(i + 1, depth + 1);
        html += one(replies[i] as Reply, kids);
        i = next;
      }
      return [html, i];
    };
    const block = replies.length > 0 ? `<div class="disc"><h3>${replies.length} comentários</h3>${tree(0, 0)[0]}</div>` : '';
    return `<div class="texto"><h1>${p.title}</h1><p>${this.date(p.date)}</p>${paras(p)}</div>${block}<div id="form"><textarea></textarea></div>`;
  },
  list(posts) {
    return posts
      .map(
        (p) => `<div class="texto"><h2><a href="/${p.slug}/">${p.title}</a></h2><p>${this.date(p.date)}</p><p>${p.paragraphs[0]}</p></div>`,
      )
      .join('');
  },
};

const ENGINES = [threadedDe, tableEn, listEs, divsAfterEn, articleFr, numberedEn, afterFooterHe, avatarsPt, divsBareEn];
const site = (e: Engine): string => `http://${e.name}.test`;

interface Crawls {
  files: string[];
  posts: Post[];
  /** Comments of each post in the second crawl. */
  later: Map<string, Reply[]>;
  edited: string;
  added: string;
}

function makePost(w: TextWriter, i: number, replies: number): Post {
  const date = new Date(Date.UTC(2025, 2, 1 + i * 3, 9, 15));
  const title = w.sentence(5).replace(/\.$/, '');
  const list: Reply[] = [];
  for (let j = 0; j < replies; j++) {
    const depth = j > 0 && w.chance(0.3) ? Math.min((list[j - 1]?.depth ?? 0) + 1, 2) : 0;
    list.push({ name: w.pick(NAMES_EN), when: new Date(date.getTime() + (j + 1) * 5_400_000), text: w.text(1 + (j % 3)), depth });
  }
  return { slug: `p${i + 1}`, title, date, paragraphs: [w.text(3), w.text(4), w.text(3)], replies: list };
}

/** A "latest replies" box beside the article, inside <main>: the site's four latest comments, each
 *  quoted with its post's title linking to that post (on every page, so on the posts of others). */
function latestReplies(posts: readonly Post[], repliesOf: (p: Post) => readonly Reply[]): string {
  const latest = posts
    .flatMap((p) => repliesOf(p).map((r) => ({ p, r })))
    .sort((a, b) => b.r.when.getTime() - a.r.when.getTime())
    .slice(0, 4);
  const items = latest.map(
    ({ p, r }) =>
      `<li><b>${r.name}</b> ${r.when.toISOString().slice(0, 10)} <a href="/${p.slug}/">${p.title}</a><p>${r.text.slice(0, 80)}</p></li>`,
  );
  return `<div class="more"><h4>Latest replies</h4><ul>${items.join('')}</ul></div>`;
}

function page(e: Engine, title: string, main: string, crawl: number, recent: readonly Post[], box = '', after = ''): string {
  const side = `<h4>Recent</h4><ul>${recent.map((p) => `<li><a href="/${p.slug}/">${p.title}</a></li>`).join('')}</ul><p>${crawl === 1 ? 'Visitors this week: 312.' : 'Visitors this week: 540. New: a reading list.'}</p>`;
  return `<!DOCTYPE html><html lang="${e.lang}"><head><meta charset="utf-8"><title>${title}</title>
<link rel="alternate" type="application/rss+xml" href="/feed.xml"></head>
<body><header><a href="/">Notebook</a> <nav><a href="/">Start</a> <a href="/about/">About</a></nav></header>
<main>${main}${box}</main><aside>${side}</aside><footer><p>Written by hand on a small island.</p></footer>${after}</body></html>`;
}

function feed(e: Engine, posts: readonly Post[]): string {
  const items = posts
    .slice(-6)
    .map(
      (p) =>
        `<item><title>${escapeXml(p.title)}</title><link>${site(e)}/${p.slug}/</link><guid>${site(e)}/${p.slug}/</guid><pubDate>${p.date.toUTCString()}</pubDate><description>${escapeXml(p.paragraphs[0] as string)}</description></item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Notebook</title><link>${site(e)}/</link><description>Notes</description>${items}</channel></rss>`;
}

/** The site's ten latest comments, each linking to its anchor on its post. */
function commentFeed(e: Engine, posts: readonly Post[], repliesOf: (p: Post) => readonly Reply[]): string {
  const latest = posts
    .flatMap((p) => repliesOf(p).map((r, i) => ({ p, r, i })))
    .sort((a, b) => b.r.when.getTime() - a.r.when.getTime())
    .slice(0, 10);
  const items = latest
    .map(
      ({ p, r, i }) =>
        `<item><title>${escapeXml(r.name)} sur « ${escapeXml(p.title)} »</title><link>${site(e)}/${p.slug}/#r${i + 1}</link><guid isPermaLink="false">${p.slug}-${i + 1}</guid><pubDate>${r.when.toUTCString()}</pubDate><description>${escapeXml(r.text)}</description></item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Notebook — réactions</title><link>${site(e)}/</link><description>Notes</description>${items}</channel></rss>`;
}

async function writeCrawls(e: Engine, dir: string, seed: number, withFeed: boolean, withBox: boolean): Promise<Crawls> {
  const w = new TextWriter(seed, WORDS_EN);
  const posts = REPLIES_PER_POST.map((n, i) => makePost(w, i, n));
  const added = makePost(w, posts.length, 1);
  const later = new Map<string, Reply[]>();
  for (const p of [posts[1], posts[6]] as Post[]) {
    later.set(p.slug, [...p.replies, { name: w.pick(NAMES_EN), when: new Date(p.date.getTime() + 90_000_000), text: w.text(2), depth: 0 }]);
  }
  const edited = posts[8] as Post;
  const editedPost = { ...edited, paragraphs: edited.paragraphs.map((x, i) => (i === 1 ? `${x} ${w.sentence(14)}` : x)) };
  const files: string[] = [];
  for (const crawl of [1, 2]) {
    const shown = crawl === 1 ? posts : [...posts, added];
    const recent = [...shown].reverse().slice(0, 5);
    const repliesOf = (p: Post): readonly Reply[] => (crawl === 2 ? (later.get(p.slug) ?? p.replies) : p.replies);
    const box = withBox ? latestReplies(shown, repliesOf) : '';
    const captures: FixtureCapture[] = [
      { url: `${site(e)}/`, body: page(e, 'Notebook', e.list(recent), crawl, recent) },
      { url: `${site(e)}/about/`, body: page(e, 'About', `<h1>About</h1><p>${w.text(3)}</p>`, crawl, recent) },
      ...shown.map((p) => {
        const body = e.post(crawl === 2 && p === edited ? editedPost : p, repliesOf(p));
        const after = e.afterFooter?.(p, repliesOf(p)) ?? '';
        return { url: `${site(e)}/${p.slug}/`, body: page(e, p.title, body, crawl, recent, box, after) };
      }),
    ];
    if (withFeed) captures.push({ url: `${site(e)}/feed.xml`, body: feed(e, shown), type: 'application/rss+xml' });
    if (e.commentFeed === true)
      captures.push({ url: `${site(e)}/reactions.xml`, body: commentFeed(e, shown, repliesOf), type: 'application/rss+xml' });
    const file = join(dir, `${e.name}-crawl-${crawl}.warc.gz`);
    await writeWarc(file, crawl === 1 ? '2025-05-01T12:00:00Z' : '2025-06-01T12:00:00Z', captures);
    files.push(file);
  }
  return { files, posts: [...posts, added], later, edited: edited.slug, added: added.slug };
}

/**
 * Every engine with its article feed; two without any feed (posts found by their template alone);
 * two with a "latest replies" box inside <main> beside the article, whose entries (dated, named,
 * on every post page, some also in the site-wide comment feed) are other posts' comments.
 */
const CASES = [
  ...ENGINES.map((e, i) => [e.name, e, 41 + i, true, false] as const),
  ...[tableEn, threadedDe].map((e, i) => [`${e.name}, no feed at all`, e, 61 + i, false, false] as const),
  ...[articleFr, divsAfterEn].map((e, i) => [`${e.name}, latest replies beside the article`, e, 71 + i, true, true] as const),
];

describe.each(CASES)('comments on an unseen engine: %s', (_, engine, seed, withFeed, withBox) => {
  let dir: string;
  let crawls: Crawls;
  let versions: store.ObjectVersionRow[];
  let changes: Array<{ url: string; kinds: string[] }>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `wo-${engine.name}-`));
    crawls = await writeCrawls(engine, dir, seed, withFeed, withBox);
    const out = join(dir, 'out');
    await buildOverlay({ inputs: crawls.files, outDir: out, diagnostics: new Diagnostics(), writePages: false, workers: 1 });
    const db = openStore(out, { writable: false });
    versions = [...store.readObjectVersions(db)];
    changes = [...store.readChanges(db)].map((c) => ({ url: c.url, kinds: c.kinds }));
    db.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const postOf = (url: string): Post | undefined => crawls.posts.find((p) => url.endsWith(`/${p.slug}/`));
  const kindsOf = (slug: string): string[] => changes.filter((c) => c.url.endsWith(`/${slug}/`)).flatMap((c) => c.kinds);

  it('makes objects for the posts only', () => {
    expect(new Set(versions.map((v) => postOf(v.url)?.slug ?? v.url))).toEqual(new Set(crawls.posts.map((p) => p.slug)));
  });

  it("finds every post's comments, in order, with their authors, in both crawls", () => {
    expectReplies(
      versions,
      (url) => (postOf(url) as Post).replies,
      (url) => crawls.later.get((postOf(url) as Post).slug),
    );
  });

  it('keeps every comment out of the article text', () => {
    for (const v of versions) {
      for (const r of postOf(v.url)?.replies ?? []) expect(v.text).not.toContain(r.text.slice(0, 40));
    }
  });

  it('reports new comments as comments-added, the one edit as the only content edit', () => {
    for (const slug of crawls.later.keys()) expect(kindsOf(slug)).toEqual(['comments-added']);
    expect(kindsOf(crawls.edited)).toContain('content-edit');
    expect(kindsOf(crawls.added)).toEqual(['new']);
    const edits = changes.filter((c) => c.kinds.includes('content-edit')).map((c) => c.url);
    expect(edits.map((u) => postOf(u)?.slug)).toEqual([crawls.edited]);
  });
});
