/**
 * The changes stage on the shipped sample (two real crawls of a Pelican blog) against the changes
 * its crawler's truth lists: every post gets exactly the kind the site's author made, whatever
 * method (feed page or site template) extracted each version.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeXml, type FixtureCapture, writeWarc } from '../../test/generalisation/fixture-warc.js';
import { Diagnostics } from '../core/diagnostics.js';
import { canonicalUrl } from '../core/url.js';
import { buildOverlay } from './build-overlay.js';
import { openStore } from '../store/index.js';

const ROOT = join(import.meta.dirname, '..', '..');
const truth = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/pelican-truth-changes.json'), 'utf8')) as {
  changes: Array<{ url: string; kind: string }>;
};

/** The kinds of every stored change, by the object's URL (`url` or `canonical_url`). */
function changeKinds(overlay: string, column: 'url' | 'canonical_url'): Map<string, string[]> {
  const db = openStore(overlay, { writable: false });
  try {
    const rows = db.prepare(`SELECT o.${column} AS url, ch.kinds FROM changes ch JOIN objects o ON o.id = ch.object_id`).all() as Array<{
      url: string;
      kinds: string;
    }>;
    return new Map(rows.map((r) => [r.url, JSON.parse(r.kinds) as string[]]));
  } finally {
    db.close();
  }
}

describe('changes stage on two real crawls', () => {
  let dir = '';
  let stored = new Map<string, string[]>();
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-changes-'));
    await buildOverlay({
      inputs: [join(ROOT, 'samples/pelican-crawl-1.warc.gz'), join(ROOT, 'samples/pelican-crawl-2.warc.gz')],
      outDir: dir,
      diagnostics: new Diagnostics(),
    });
    stored = changeKinds(dir, 'canonical_url');
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives each post the kind of change its author made', () => {
    for (const c of truth.changes) expect({ url: c.url, kinds: stored.get(canonicalUrl(c.url)) }).toEqual({ url: c.url, kinds: [c.kind] });
  });

  it('reports nothing for pages that are not posts', () => {
    const posts = new Set(truth.changes.map((c) => canonicalUrl(c.url)));
    expect([...stored.keys()].filter((u) => !posts.has(u))).toEqual([]);
  });
});

/** One post page of a garden blog: three paragraphs of its own, then `box` inside the same container. */
function gardenSite(host: string, topics: readonly string[], box: (topic: string) => string, edited = ''): FixtureCapture[] {
  const url = (topic: string): string => `${host}/posts/${topic}.html`;
  const first = (topic: string): string => `The ${topic} went in late this year because the spring stayed cold and wet for weeks.`;
  const items = topics
    .map(
      (t) =>
        `<item><title>Notes on ${t}</title><link>${url(t)}</link><guid>${url(t)}</guid><pubDate>Mon, 20 May 2024 10:00:00 GMT</pubDate><description>${escapeXml(first(t))}</description></item>`,
    )
    .join('');
  return [
    {
      url: `${host}/feed.xml`,
      type: 'application/rss+xml',
      body: `<?xml version="1.0"?><rss version="2.0"><channel><title>garden</title><link>${host}/</link><description>notes</description>${items}</channel></rss>`,
    },
    ...topics.map((t) => ({
      url: url(t),
      body: `<html><head><title>Notes on ${t}</title></head><body><div id="page"><h1>Notes on ${t}</h1><div class="entry"><p>${first(t)}</p><p>We watered the ${t} every second evening and mulched the rows with straw${t === edited ? ' from the barn, as the old gardener next door advised us' : ''}.</p><p>By the end of the summer the ${t} had given more than the whole bed did last year.</p><p>${box(t)}</p></div></div></body></html>`,
    })),
  ];
}

describe("changes of a host's template lines inside the article container", () => {
  const TOPICS = ['beans', 'leeks', 'onions', 'garlic'];
  const OLD_BOX = 'Get our weekly letter of garden notes delivered to your inbox every Sunday morning.';
  const NEW_BOX = 'Our garden letter now comes out on Fridays, with seed offers from the allotment shop.';
  let dir = '';
  let kinds = new Map<string, string[]>();
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-template-lines-'));
    // letter.test: the box is on every post and says something else in crawl 2; one post is also edited.
    // once.test: the box is on one post only (no site evidence). pair.test: two posts only.
    const crawl = (box: string, edited: string): FixtureCapture[] => [
      ...gardenSite('https://letter.test', TOPICS, () => box, edited),
      ...gardenSite('https://once.test', TOPICS, (t) => (t === 'beans' ? box : `Planted on the ${t} bed.`)),
      ...gardenSite('https://pair.test', TOPICS.slice(0, 2), () => box),
    ];
    const files = [join(dir, 'crawl-1.warc.gz'), join(dir, 'crawl-2.warc.gz')];
    await writeWarc(files[0] as string, '2024-05-21T12:00:00Z', crawl(OLD_BOX, ''));
    await writeWarc(files[1] as string, '2024-06-21T12:00:00Z', crawl(NEW_BOX, 'leeks'));
    const out = join(dir, 'out');
    await buildOverlay({ inputs: files, outDir: out, diagnostics: new Diagnostics(), writePages: false, workers: 1 });
    kinds = changeKinds(out, 'url');
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes no content edit of a block edited on every page of the host', () => {
    for (const t of ['beans', 'onions', 'garlic'])
      expect(kinds.get(`https://letter.test/posts/${t}.html`), t).toEqual(['boilerplate-only']);
  });

  it('still reports the one real edit beside it', () => {
    expect(kinds.get('https://letter.test/posts/leeks.html')).toEqual(['content-edit']);
  });

  it('reads a block on one page of its host, or on a host of two pages, as the article', () => {
    expect(kinds.get('https://once.test/posts/beans.html')).toEqual(['content-edit']);
    for (const t of ['beans', 'leeks']) expect(kinds.get(`https://pair.test/posts/${t}.html`), t).toEqual(['content-edit']);
  });
});

describe('a deleted post over later crawls', () => {
  const TOPICS = ['beans', 'leeks', 'onions', 'garlic'];
  const GONE = 'https://gone.test/posts/onions.html';
  let dir = '';
  let rows: Array<{ crawl: string; kinds: string }> = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-deleted-once-'));
    const site = gardenSite('https://gone.test', TOPICS, (t) => `Sown on the ${t} bed.`);
    const without = site.filter((c) => c.url !== GONE);
    const files = [1, 2, 3].map((n) => join(dir, `crawl-${n}.warc.gz`));
    await writeWarc(files[0] as string, '2024-05-21T12:00:00Z', site);
    // Crawl 2: the post answers 404; crawl 3 no longer links or captures it.
    await writeWarc(files[1] as string, '2024-06-21T12:00:00Z', [...without, { url: GONE, body: '<h1>Not found</h1>', status: 404 }]);
    await writeWarc(files[2] as string, '2024-07-21T12:00:00Z', without);
    const out = join(dir, 'out');
    await buildOverlay({ inputs: files, outDir: out, diagnostics: new Diagnostics(), writePages: false, workers: 1 });
    const db = openStore(out, { writable: false });
    rows = db
      .prepare<[string], { crawl: string; kinds: string }>(
        'SELECT cr.name AS crawl, ch.kinds FROM changes ch JOIN objects o ON o.id = ch.object_id JOIN crawls cr ON cr.id = ch.to_crawl_id WHERE o.url = ?',
      )
      .all(GONE);
    db.close();
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is reported deleted once, in the crawl it went missing, not again in later crawls', () => {
    expect(rows).toEqual([{ crawl: 'crawl-2.warc.gz', kinds: '["deleted"]' }]);
  });
});

describe('a post whose URL changed, its old URL not captured', () => {
  const TOPICS = ['beans', 'leeks', 'onions', 'garlic'];
  /** The garden site with each item's guid set by `guidOf` (its link and position in the feed). */
  const withGuids = (site: FixtureCapture[], guidOf: (link: string, i: number) => string): FixtureCapture[] =>
    site.map((c) => {
      if (!c.url.endsWith('/feed.xml')) return c;
      let i = 0;
      return {
        ...c,
        body: String(c.body).replace(
          /<guid>([^<]*)<\/guid>/g,
          (_, link: string) => `<guid isPermaLink="false">${guidOf(link, i++)}</guid>`,
        ),
      };
    });
  /** Crawl 2 serves the onions post at a new URL; the rest as in crawl 1. */
  async function kindsAfterRename(guidOf: (link: string, i: number) => string): Promise<Map<string, string[]>> {
    const dir = mkdtempSync(join(tmpdir(), 'wo-renamed-'));
    try {
      const host = 'https://renamed.test';
      const first = withGuids(
        gardenSite(host, TOPICS, (t) => `Sown on the ${t} bed.`),
        guidOf,
      );
      const renamed = (c: FixtureCapture): FixtureCapture => ({
        ...c,
        url: c.url.replace('/posts/onions.html', '/posts/onions-and-shallots.html'),
        body: String(c.body).replace(`${host}/posts/onions.html`, `${host}/posts/onions-and-shallots.html`),
      });
      const files = [1, 2].map((n) => join(dir, `crawl-${n}.warc.gz`));
      await writeWarc(files[0] as string, '2024-05-21T12:00:00Z', first);
      await writeWarc(files[1] as string, '2024-06-21T12:00:00Z', first.map(renamed));
      const out = join(dir, 'out');
      await buildOverlay({ inputs: files, outDir: out, diagnostics: new Diagnostics(), writePages: false, workers: 1 });
      return changeKinds(out, 'url');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('is one object that moved when its feed item keeps its guid', async () => {
    const kinds = await kindsAfterRename((_, i) => `https://renamed.test/?p=${10 + i}`);
    expect(kinds.get('https://renamed.test/posts/onions-and-shallots.html')).toEqual(['unchanged']);
    expect(kinds.has('https://renamed.test/posts/onions.html')).toBe(false);
  }, 120_000);

  it('is a deletion and a new post when the feed gives every item the same guid', async () => {
    const kinds = await kindsAfterRename(() => 'https://renamed.test/');
    expect(kinds.get('https://renamed.test/posts/onions-and-shallots.html')).toEqual(['new']);
    expect(kinds.get('https://renamed.test/posts/onions.html')).toEqual(['deleted']);
  }, 120_000);
});
