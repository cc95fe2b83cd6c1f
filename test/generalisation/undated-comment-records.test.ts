/**
 * Reader comments without any date, comment id, comment word or comment feed (issue #12 item 1,
 * third point): a Portuguese site whose threads are nested <div> records, each an avatar, a name
 * line (a <strong>, or a link to the commenter's site) and free text, replies nested one level
 * down. Only the recurrence of that structure on several post pages of the host makes it the
 * site's comment structure (decided per site, `MIN_RECORD_PAGES`). Seven posts, two without
 * comments, an index and an about page, and a feed listing only the four latest posts (the others
 * are found by the site's post template). A second site shows the same record shape on one post
 * only: nothing there may become a comment. The same sites again as guestbook-like engines print
 * their records: free text first, then a signature line closing the record ("— <cite>Ana
 * Lima</cite>", replies nested in the signed box or not), or a quote followed by its signature as
 * the next sibling; and as name/text pairs of sibling elements (`<dt>Name</dt><dd>text</dd>`, or
 * two alternating <div> shapes in one container). A host whose commented posts are split between
 * the feed-linked ones and those the templates pass finds is decided over both together.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlay, type Comment, Diagnostics, openStore, store } from '../../src/index.js';
import { TextWriter } from '../helpers/text-writer.js';
import { escapeXml, type FixtureCapture, writeWarc } from './fixture-warc.js';

const WORDS = `porto aldeia prado pomar lanterna bicicleta barco mercado padaria capela pedreira moinho rio
ponte estação ilha vale serra jardim cozinha carta livro janela escada barril cesto inverno
primavera outono verão manhã tarde chuva geada trovão sol sombra pintado medido plantado levado
contado seguido lembrado devagar cedo ainda quase sempre juntos além sob sobre com para depois
antes velho novo pequeno longo estreito claro pesado`.split(/\s+/);
const NAMES = ['Ana Lima', 'Bruno Costa', 'Carla Neves', 'Duarte Reis', 'Eva Matos', 'Filipe Sá', 'Gil Moura'];

interface Reply {
  name: string;
  /** The commenter's own site, linked from the name, or none. */
  site: string | null;
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

const pad = (n: number): string => String(n).padStart(2, '0');
const dateOf = (d: Date): string => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;

/**
 * Where a record prints its name: `opening`, a name line and then the text; `closing`, the text and
 * then a signature line ("— <cite>Name</cite>"), every record at the top level (a guestbook);
 * `closing-threaded`, signed so too, replies nested inside the signed box after its signature;
 * `paired`, the text quoted and the signature as the next sibling; `dl`, the name and the text as
 * sibling elements of a definition list (`<dt>Name</dt><dd>text</dd>`); `div-pairs`, the same with
 * two alternating <div> shapes in one container.
 */
type NamePlace = 'opening' | 'closing' | 'closing-threaded' | 'paired' | 'dl' | 'div-pairs';

/** A reply and the replies nested in it, as the red-team engine "avatars-pt" prints them without dates
 *  (`opening`), or as guestbook-like engines sign them (`closing`, `paired`). */
/** The commenter's name, linked to their own site when they have one. */
const nameOf = (r: Reply): string => (r.site === null ? r.name : `<a href="${r.site}" rel="nofollow">${r.name}</a>`);

function thread(replies: readonly Reply[], place: NamePlace): string {
  const one = (r: Reply, kids: string): string => {
    if (place === 'dl') return `<dt>${nameOf(r)}</dt><dd><p>${r.text}</p></dd>`;
    if (place === 'div-pairs') return `<div class="quem">${nameOf(r)}</div><div class="disse"><p>${r.text}</p></div>`;
    if (place !== 'opening') {
      const cite = `<cite>${r.name}</cite>`;
      const signed = r.site === null ? cite : `<a href="${r.site}" rel="nofollow">${cite}</a>`;
      if (place === 'paired') return `<blockquote><p>${r.text}</p></blockquote><p class="s">— ${signed}</p>${kids}`;
      return `<div class="m"><p>${r.text}</p><p class="s">— ${signed}</p>${kids}</div>`;
    }
    const name = r.site === null ? `<strong>${r.name}</strong>` : nameOf(r);
    const avatar = `<img src="/av/${r.name.split(' ')[0]?.toLowerCase()}.png" alt="">`;
    return `<div class="c">${avatar}<div class="cc">${name}<div class="tx"><p>${r.text}</p></div><a href="?responder=1#form">Responder</a></div>${kids}</div>`;
  };
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
  return tree(0, 0)[0];
}

function postBody(p: Post, place: NamePlace): string {
  const paras = p.paragraphs.map((x) => `<p>${x}</p>`).join('');
  const records = place === 'dl' ? `<dl>${thread(p.replies, place)}</dl>` : thread(p.replies, place);
  const block = p.replies.length > 0 ? `<div class="disc"><h3>Participe da conversa</h3>${records}</div>` : '';
  return `<div class="texto"><h1>${p.title}</h1><p>${dateOf(p.date)}</p>${paras}</div>${block}<div id="form"><textarea></textarea></div>`;
}

function page(title: string, main: string, recent: readonly Post[]): string {
  const side = `<h4>Recentes</h4><ul>${recent.map((p) => `<li><a href="/${p.slug}/">${p.title}</a></li>`).join('')}</ul>`;
  return `<!DOCTYPE html><html lang="pt"><head><meta charset="utf-8"><title>${title}</title>
<link rel="alternate" type="application/rss+xml" href="/feed.xml"></head>
<body><header><a href="/">Caderno</a> <nav><a href="/">Início</a> <a href="/sobre/">Sobre</a></nav></header>
<main>${main}</main><aside>${side}</aside><footer><p>Escrito à mão numa ilha pequena.</p></footer></body></html>`;
}

function makePost(w: TextWriter, i: number, replies: number): Post {
  const list: Reply[] = [];
  for (let j = 0; j < replies; j++) {
    const depth = j > 0 && w.chance(0.4) ? Math.min((list[j - 1]?.depth ?? 0) + 1, 2) : 0;
    const name = w.pick(NAMES);
    const site = w.chance(0.4) ? `http://${name.split(' ')[0]?.toLowerCase()}.example/` : null;
    list.push({ name, site, text: w.text(1 + (j % 3)), depth });
  }
  const date = new Date(Date.UTC(2025, 2, 1 + i * 3, 9, 15));
  return { slug: `p${i + 1}`, title: w.sentence(5).replace(/\.$/, ''), date, paragraphs: [w.text(3), w.text(4), w.text(3)], replies: list };
}

const SITE = 'http://caderno.test';

/**
 * The site's feed: `latest`, its four latest posts; `elsewhere`, every post, with titles and
 * descriptions its pages do not print (feed-guided extraction finds no wrapper: each post is read
 * by the extraction pass's E-mCST fallback); `none`.
 */
type FeedMode = 'latest' | 'elsewhere' | 'none';

/** One crawl of the site: posts with `replies[i]` comments each, an index, an about page, a feed (`FeedMode`). */
async function writeSite(file: string, seed: number, replies: readonly number[], feed: FeedMode, place: NamePlace): Promise<Post[]> {
  const w = new TextWriter(seed, WORDS);
  const posts = replies.map((n, i) => makePost(w, i, n));
  // A guestbook answers no one: its signed records are one flat list; so are the name/text pairs.
  if (place !== 'opening' && place !== 'closing-threaded') for (const r of posts.flatMap((p) => p.replies)) r.depth = 0;
  const recent = [...posts].reverse().slice(0, 5);
  const list = recent.map((p) => `<div class="texto"><h2><a href="/${p.slug}/">${p.title}</a></h2><p>${p.paragraphs[0]}</p></div>`);
  const items = (feed === 'latest' ? posts.slice(-4) : posts)
    .map((p, i) => {
      const [title, description] = feed === 'latest' ? [p.title, p.paragraphs[0] as string] : [`Entry ${i + 1}`, 'Read it on the site.'];
      return `<item><title>${escapeXml(title)}</title><link>${SITE}/${p.slug}/</link><guid>${SITE}/${p.slug}/</guid><pubDate>${p.date.toUTCString()}</pubDate><description>${escapeXml(description)}</description></item>`;
    })
    .join('');
  const captures: FixtureCapture[] = [
    { url: `${SITE}/`, body: page('Caderno', list.join(''), recent) },
    { url: `${SITE}/sobre/`, body: page('Sobre', `<h1>Sobre</h1><p>${w.text(3)}</p>`, recent) },
    ...posts.map((p) => ({ url: `${SITE}/${p.slug}/`, body: page(p.title, postBody(p, place), recent) })),
  ];
  if (feed !== 'none')
    captures.push({
      url: `${SITE}/feed.xml`,
      type: 'application/rss+xml',
      body: `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Caderno</title><link>${SITE}/</link><description>Notas</description>${items}</channel></rss>`,
    });
  await writeWarc(file, '2025-05-01T12:00:00Z', captures);
  return posts;
}

interface Built {
  posts: Post[];
  /** The exported versions (`export --what objects`). */
  versions: store.ObjectVersionRow[];
  /** The fused versions' comments as stored (ids included: a parent names one), by page URL. */
  stored: Map<string, Comment[]>;
}

/** Builds the crawl and reads back its fused versions. */
async function build(dir: string, seed: number, replies: readonly number[], feed: FeedMode, place: NamePlace): Promise<Built> {
  const file = join(dir, 'crawl-1.warc.gz');
  const posts = await writeSite(file, seed, replies, feed, place);
  const out = join(dir, 'out');
  await buildOverlay({ inputs: [file], outDir: out, diagnostics: new Diagnostics(), writePages: false, workers: 1 });
  const db = openStore(out, { writable: false });
  const versions = [...store.readObjectVersions(db)];
  const fused = [...store.iterateVersions(db)].filter((v) => v.fusion !== null);
  const stored = new Map(fused.map((v) => [v.url, store.listComments(db, v.id)]));
  db.close();
  return { posts, versions, stored };
}

const slugOf = (url: string): string => url.replace(/\/$/, '').split('/').pop() as string;

describe.each([
  ['with a feed of the latest posts', 'latest', 'opening'],
  ['with a feed whose texts the pages do not print (E-mCST fallback of feed-linked posts)', 'elsewhere', 'opening'],
  ['without any feed (posts found by their main block)', 'none', 'opening'],
  ['signed at their end, with a feed of the latest posts', 'latest', 'closing'],
  ['signed at their end, without any feed', 'none', 'closing'],
  ['signed below each quoted text, with a feed of the latest posts', 'latest', 'paired'],
  ['signed at their end with replies nested in the signed box, with a feed of the latest posts', 'latest', 'closing-threaded'],
  ['signed at their end with replies nested in the signed box, without any feed', 'none', 'closing-threaded'],
  ['as name/text pairs of a definition list, with a feed of the latest posts', 'latest', 'dl'],
  ['as name/text pairs of a definition list, without any feed', 'none', 'dl'],
  ['as name/text pairs of two alternating <div> shapes, with a feed of the latest posts', 'latest', 'div-pairs'],
  ['as name/text pairs of two alternating <div> shapes, without any feed', 'none', 'div-pairs'],
] as const)('undated comment records, recurring on the post pages of the site, %s', (_, feed, place) => {
  let dir: string;
  let posts: Post[];
  let versions: store.ObjectVersionRow[];
  let stored: Map<string, Comment[]>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-records-'));
    // Four of seven posts with two or more comments, two without, one with a single comment.
    ({ posts, versions, stored } = await build(dir, 17, [2, 0, 1, 3, 2, 0, 4], feed, place));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes objects for the posts only', () => {
    expect(versions.map((v) => slugOf(v.url)).sort()).toEqual(posts.map((p) => p.slug).sort());
  });

  it("finds every post's comments with their authors, no dates, and the replies' parents", () => {
    for (const v of versions) {
      const post = posts.find((p) => p.slug === slugOf(v.url)) as Post;
      expect(
        v.comments.map((c) => c.text),
        v.url,
      ).toEqual(post.replies.map((r) => r.text));
      expect(v.comments.map((c) => c.author)).toEqual(post.replies.map((r) => r.name));
      expect(v.comments.map((c) => c.published)).toEqual(post.replies.map(() => null));
      // A reply's parent is the nearest earlier reply one level up, named by its id.
      const comments = stored.get(v.url) ?? [];
      const ids = comments.map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
      post.replies.forEach((r, i) => {
        const up = r.depth === 0 ? -1 : post.replies.slice(0, i).findLastIndex((x) => x.depth === r.depth - 1);
        expect(comments[i]?.parent, `${v.url} #${i}`).toBe(up < 0 ? null : ids[up]);
        expect(comments[i]?.depth).toBe(r.depth);
      });
    }
    expect(versions.flatMap((v) => v.comments)).toHaveLength(posts.reduce((n, p) => n + p.replies.length, 0));
  });

  it('keeps every comment out of the article text', () => {
    for (const v of versions) {
      const post = posts.find((p) => p.slug === slugOf(v.url)) as Post;
      for (const r of post.replies) expect(v.text).not.toContain(r.text.slice(0, 40));
      expect(v.text).not.toContain('Participe da conversa');
    }
  });
});

describe.each([
  // Feed-linked p5 and p7, template-found p1 and p2: two and two post pages, four together.
  ['on two feed-linked and two template-found post pages', [2, 3, 0, 0, 2, 0, 3], 4],
  // One and one: two post pages together, still fewer than the site decision needs.
  ['on one feed-linked and one template-found post page', [2, 0, 0, 0, 0, 0, 3], 0],
] as const)('undated comment records %s (the feed lists the four latest posts)', (_, replies, commented) => {
  let dir: string;
  let posts: Post[];
  let versions: store.ObjectVersionRow[];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-records-split-'));
    ({ posts, versions } = await build(dir, 29, replies, 'latest', 'opening'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('decides the site over the posts of both passes: every comment or none', () => {
    expect(versions).toHaveLength(7);
    const found = versions.filter((v) => v.comments.length > 0);
    expect(found).toHaveLength(commented);
    for (const v of found) {
      const post = posts.find((p) => p.slug === slugOf(v.url)) as Post;
      expect(v.comments.map((c) => [c.author, c.text])).toEqual(post.replies.map((r) => [r.name, r.text]));
    }
  });
});

describe.each(['opening', 'closing', 'closing-threaded', 'paired', 'dl', 'div-pairs'] as const)(
  'the same record shape (name line %s each record) on one post page only',
  (place) => {
    let dir: string;
    let versions: store.ObjectVersionRow[];
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'wo-records-one-'));
      ({ versions } = await build(dir, 23, [0, 0, 0, 4, 0, 0, 0], 'latest', place));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('gives no comments: one page is no site structure', () => {
      expect(versions).toHaveLength(7);
      expect(versions.flatMap((v) => v.comments)).toEqual([]);
    });
  },
);
