/**
 * The generated sites of the unseen-engine suites (issue #12): one site's posts over two crawls, the
 * second showing one post more, new comments on two posts and one edited post; the two crawls
 * written as WARCs and built into an overlay; and the assertions every such suite makes on it: the
 * objects are exactly the posts, each article whole with no comment in it, new comments are
 * `comments-added` and the one edit the only `content-edit`. Each engine prints the model its own way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlay, Diagnostics, openStore, store } from '../../src/index.js';
import type { FixtureCapture } from './fixture-warc.js';
import { escapeXml, writeWarc } from './fixture-warc.js';

export interface Reply {
  name: string;
  when: Date;
  text: string;
  /** Thread depth (0 = answers the post). */
  depth: number;
}

export interface Post {
  id: number;
  slug: string;
  title: string;
  date: Date;
  /** A standfirst distinct from the body (news sites' feed descriptions). */
  lead: string;
  paragraphs: string[];
  replies: Reply[];
}

/** Sentences for one site (`TextWriter`, or one joining its words as a language without spaces does). */
export interface Writer {
  pick<T>(list: readonly T[]): T;
  sentence(words?: number): string;
  text(sentences: number): string;
  chance(p: number): boolean;
}

/** One site's posts over two crawls. */
export interface Model {
  posts: Post[];
  added: Post;
  /** Comments of each post in the second crawl, where they changed. */
  later: Map<string, Reply[]>;
  edited: Post;
  /** The edited post as the second crawl shows it. */
  editedVersion: Post;
}

export type Crawl = 1 | 2;

export interface State {
  crawl: Crawl;
  /** When the crawl was made. */
  at: Date;
  /** The posts shown, oldest first. */
  shown: Post[];
  /** A post as this crawl shows it (the edit in the second). */
  version(p: Post): Post;
  repliesOf(p: Post): Reply[];
}

/** What the model and the shared assertions need of an engine; each suite's engines say more. */
export interface SiteEngine {
  name: string;
  seed: number;
  writer(seed: number): Writer;
  names: readonly string[];
  /** Comments per post in the first crawl. */
  replies: readonly number[];
  /** Whether a reply may answer the one before it (threads). */
  threaded?: boolean;
  /** The path of a post. */
  path(p: Post): string;
  /** Text the site prints beside or inside every article that is not the article's. */
  boilerplate?: readonly string[];
  captures(st: State): FixtureCapture[];
}

export const CRAWL_TIMES = { 1: '2025-05-01T12:00:00Z', 2: '2025-06-01T12:00:00Z' } as const;
export const RSS = 'application/rss+xml';
export const ATOM = 'application/atom+xml';
export const site = (e: SiteEngine): string => `http://${e.name}.test`;
export const pad = (n: number): string => String(n).padStart(2, '0');
export const hm = (d: Date): string => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
export const paras = (p: Post): string => p.paragraphs.map((x) => `<p>${x}</p>`).join('');
/** The `n` latest posts a crawl shows, newest first. */
export const latest = (st: State, n: number): Post[] => [...st.shown].reverse().slice(0, n);

/** RSS 2.0 items of `posts`: the title, the permalink as link and guid, the date and the first
 *  paragraph as description (an excerpt). */
export function rssExcerptItems(engine: SiteEngine, posts: readonly Post[]): string {
  return posts
    .map((p) => {
      const url = escapeXml(`${site(engine)}${engine.path(p)}`);
      return `<item><title>${escapeXml(p.title)}</title><link>${url}</link><guid>${url}</guid><pubDate>${p.date.toUTCString()}</pubDate><description>${escapeXml(p.paragraphs[0] as string)}</description></item>`;
    })
    .join('');
}

/** The site's RSS 2.0 feed at `path`, named `title`, its channel linking `channel` (default the home page). */
export function rssCapture(engine: SiteEngine, path: string, title: string, items: string, channel = `${site(engine)}/`): FixtureCapture {
  return {
    url: `${site(engine)}${path}`,
    body: `<?xml version="1.0"?><rss version="2.0"><channel><title>${title}</title><link>${channel}</link><description>${title}</description>${items}</channel></rss>`,
    type: RSS,
  };
}

/** A blog's captures in one crawl: its home page at `home`, a page per post shown, and its RSS feed
 *  at `feed` (named `title`, its channel the home page) of its latest five posts with excerpts. */
export function blogCaptures(
  engine: SiteEngine,
  st: State,
  pages: { home: string; homeBody: string; post: (p: Post) => string; feed: string; title: string },
): FixtureCapture[] {
  const host = site(engine);
  return [
    { url: `${host}${pages.home}`, body: pages.homeBody },
    ...st.shown.map((p) => ({ url: `${host}${engine.path(p)}`, body: pages.post(p) })),
    rssCapture(engine, pages.feed, pages.title, rssExcerptItems(engine, latest(st, 5)), `${host}${pages.home}`),
  ];
}

/** The site's JSON Feed 1.1 at `/feed.json`: an item per post (id and URL its permalink, title,
 *  date) with `fields(p)` besides. */
export function jsonFeedCapture(
  engine: SiteEngine,
  title: string,
  posts: readonly Post[],
  fields: (p: Post) => Record<string, unknown>,
): FixtureCapture {
  const host = site(engine);
  const feed = {
    version: 'https://jsonfeed.org/version/1.1',
    title,
    home_page_url: `${host}/`,
    feed_url: `${host}/feed.json`,
    items: posts.map((p) => ({
      id: `${host}${engine.path(p)}`,
      url: `${host}${engine.path(p)}`,
      title: p.title,
      date_published: p.date.toISOString(),
      ...fields(p),
    })),
  };
  return { url: `${host}/feed.json`, body: JSON.stringify(feed), type: 'application/feed+json' };
}

export function makeModel(e: SiteEngine): Model {
  const w = e.writer(e.seed);
  const reply = (date: Date, j: number, previousDepth: number): Reply => ({
    name: w.pick(e.names),
    when: new Date(date.getTime() + (j + 1) * 5_400_000),
    text: w.text(1 + (j % 3)),
    depth: e.threaded === true && j > 0 && previousDepth < 2 && w.chance(0.5) ? previousDepth + 1 : 0,
  });
  const make = (i: number, n: number): Post => {
    const date = new Date(Date.UTC(2025, 2, 1 + i * 3, 9, 15));
    const replies: Reply[] = [];
    for (let j = 0; j < n; j++) replies.push(reply(date, j, replies.at(-1)?.depth ?? 0));
    const title = w.sentence(5).replace(/[.。]$/, '');
    return { id: 3100 + i * 7, slug: `s${i + 1}`, title, date, lead: w.text(2), paragraphs: [w.text(3), w.text(4), w.text(3)], replies };
  };
  // A site without comments on its pages gets none in the second crawl either.
  const commenting = e.replies.some((n) => n > 0);
  const posts = e.replies.map((n, i) => make(i, n));
  const added = make(posts.length, commenting ? 1 : 0);
  const later = new Map<string, Reply[]>();
  for (const p of commenting ? ([posts[1], posts.at(-2)] as Post[]) : []) {
    const extra = { ...reply(p.date, p.replies.length, 0), when: new Date(p.date.getTime() + 90_000_000), depth: 0 };
    later.set(p.slug, [...p.replies, extra]);
  }
  const edited = posts[Math.floor(posts.length / 2)] as Post;
  const editedVersion = { ...edited, paragraphs: edited.paragraphs.map((x, i) => (i === 1 ? `${x} ${w.sentence(14)}` : x)) };
  return { posts, added, later, edited, editedVersion };
}

export function stateOf(m: Model, crawl: Crawl): State {
  return {
    crawl,
    at: new Date(CRAWL_TIMES[crawl]),
    shown: crawl === 1 ? m.posts : [...m.posts, m.added],
    version: (p) => (crawl === 2 && p === m.edited ? m.editedVersion : p),
    repliesOf: (p) => (crawl === 2 ? (m.later.get(p.slug) ?? p.replies) : p.replies),
  };
}

/** A site's two crawls built into an overlay, and what the assertions read of it. */
export interface BuiltSite {
  /** The folder holding the WARCs and the overlay (the suite removes it). */
  dir: string;
  model: Model;
  versions: store.ObjectVersionRow[];
  changes: Array<{ url: string; kinds: string[] }>;
}

/** Writes the engine's two crawls, builds them into one overlay and reads it (`read`: anything more). */
export async function buildTwoCrawls(engine: SiteEngine, read: (db: store.Db) => void = () => {}): Promise<BuiltSite> {
  const dir = mkdtempSync(join(tmpdir(), `wo-${engine.name}-`));
  const model = makeModel(engine);
  const files: string[] = [];
  for (const crawl of [1, 2] as const) {
    const file = join(dir, `${engine.name}-crawl-${crawl}.warc.gz`);
    await writeWarc(file, CRAWL_TIMES[crawl], engine.captures(stateOf(model, crawl)));
    files.push(file);
  }
  const out = join(dir, 'out');
  await buildOverlay({ inputs: files, outDir: out, diagnostics: new Diagnostics(), writePages: false, workers: 1 });
  const db = openStore(out, { writable: false });
  try {
    const versions = [...store.readObjectVersions(db)];
    const changes = [...store.readChanges(db)].map((c) => ({ url: c.url, kinds: c.kinds }));
    read(db);
    return { dir, model, versions, changes };
  } finally {
    db.close();
  }
}

/** One suite per engine (`title`: its name as `%s`), over the engine's two crawls built once
 *  (`buildTwoCrawls`); `suite` declares the tests, reading the built site through `built`. */
export function describeTwoCrawlSites<E extends SiteEngine>(
  title: string,
  engines: readonly E[],
  suite: (engine: E, built: () => BuiltSite) => void,
): void {
  describe.each(engines.map((e) => [e.name, e] as const))(title, (_, engine) => {
    let overlay: BuiltSite;
    beforeAll(async () => {
      overlay = await buildTwoCrawls(engine);
    }, 120_000);
    afterAll(() => rmSync(overlay.dir, { recursive: true, force: true }));
    suite(engine, () => overlay);
  });
}

/** Lookups over a built site: the post a URL shows, a post's change kinds, every post. */
export function siteLookups(engine: SiteEngine, built: () => BuiltSite) {
  const all = (): Post[] => [...built().model.posts, built().model.added];
  const postOf = (url: string): Post | undefined => all().find((p) => new URL(url).pathname === engine.path(p));
  const kindsOf = (p: Post): string[] =>
    built()
      .changes.filter((c) => postOf(c.url) === p)
      .flatMap((c) => c.kinds);
  return { all, postOf, kindsOf };
}

/** The objects are exactly the posts of each crawl. */
export function itMakesObjectsForThePostsOnly(engine: SiteEngine, built: () => BuiltSite): void {
  const { postOf } = siteLookups(engine, built);
  it('makes objects for the posts only, in each crawl', () => {
    const { model, versions } = built();
    for (const crawl of [1, 2] as const) {
      const urls = versions.filter((v) => v.crawl.includes(`crawl-${crawl}`)).map((v) => postOf(v.url)?.slug ?? v.url);
      expect(urls.sort(), `crawl ${crawl}`).toEqual(
        stateOf(model, crawl)
          .shown.map((p) => p.slug)
          .sort(),
      );
    }
  });
}

/** Each article holds its paragraphs, and none of its comments, of the engine's boilerplate or of another post's title. */
export function itKeepsTheArticleWhole(engine: SiteEngine, built: () => BuiltSite): void {
  const { all, postOf } = siteLookups(engine, built);
  it('keeps the article whole and every comment out of it', () => {
    const { model, versions } = built();
    for (const v of versions) {
      const post = postOf(v.url) as Post;
      for (const x of post.paragraphs) expect(v.text, v.url).toContain(x.slice(0, 40));
      for (const r of model.later.get(post.slug) ?? post.replies) expect(v.text, v.url).not.toContain(r.text.slice(0, 30));
      for (const b of engine.boilerplate ?? []) expect(v.text, v.url).not.toContain(b);
      // Most-read, related and recent lists name other posts.
      for (const other of all().filter((p) => p !== post)) expect(v.text, v.url).not.toContain(other.title);
    }
  });
}

/** New comments are `comments-added`, the new post `new`, the one edit the only `content-edit`, every other post unchanged. */
export function itReportsTheChangeKinds(engine: SiteEngine, built: () => BuiltSite): void {
  const { postOf, kindsOf } = siteLookups(engine, built);
  it('reports new comments as comments-added, the one edit as the only content edit', () => {
    const { model, changes } = built();
    for (const slug of model.later.keys())
      expect(kindsOf(model.posts.find((p) => p.slug === slug) as Post), slug).toEqual(['comments-added']);
    expect(kindsOf(model.edited)).toContain('content-edit');
    expect(kindsOf(model.added)).toEqual(['new']);
    const edits = changes.filter((c) => c.kinds.includes('content-edit')).map((c) => postOf(c.url)?.slug ?? c.url);
    expect(edits).toEqual([model.edited.slug]);
    // Every other post is as it was: its page may differ, its object does not.
    const changed = new Set([...model.later.keys(), model.edited.slug, model.added.slug]);
    for (const c of changes.filter((x) => !changed.has(postOf(x.url)?.slug ?? x.url)))
      expect(
        c.kinds.filter((k) => k !== 'boilerplate-only' && k !== 'unchanged'),
        c.url,
      ).toEqual([]);
  });
}
