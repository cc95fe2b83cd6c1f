/** Article blocks recurring across the pages of a host are left out of its objects (issue #12). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeXml, type FixtureCapture, writeWarc } from '../../test/generalisation/fixture-warc.js';
import { Diagnostics } from '../core/diagnostics.js';
import { openStore, readChanges, readObjectVersions } from '../store/index.js';
import { buildOverlay } from './build-overlay.js';

const NEWSLETTER = 'Get our weekly letter of garden notes delivered to your inbox every Sunday morning.';
const TOPICS = ['tomatoes', 'beans', 'onions', 'leeks', 'garlic'];

/** One post's article: three paragraphs of its own, and `extra` paragraphs after them. */
function postBody(topic: string, extra: readonly string[]): string {
  const own = [
    `The ${topic} went in late this year because the spring stayed cold and wet for weeks.`,
    `We watered the ${topic} every second evening and mulched the rows with straw from the barn.`,
    `By the end of the summer the ${topic} had given more than the whole bed did last year.`,
  ];
  return [...own, ...extra].map((p) => `<p>${p}</p>`).join('');
}

interface Site {
  host: string;
  /** Per post topic: the paragraphs after its own. */
  posts: ReadonlyArray<{ topic: string; extra: readonly string[] }>;
}

function siteCaptures(site: Site): FixtureCapture[] {
  const url = (topic: string): string => `${site.host}/posts/${topic}.html`;
  const items = site.posts
    .map(
      ({ topic }) =>
        `<item><title>Notes on ${topic}</title><link>${url(topic)}</link><guid>${url(topic)}</guid>` +
        `<pubDate>Mon, 20 May 2024 10:00:00 GMT</pubDate><description>${escapeXml(`The ${topic} went in late this year because the spring stayed cold and wet for weeks.`)}</description></item>`,
    )
    .join('');
  return [
    {
      url: `${site.host}/feed.xml`,
      type: 'application/rss+xml',
      body: `<?xml version="1.0"?><rss version="2.0"><channel><title>garden</title><link>${site.host}/</link><description>notes</description>${items}</channel></rss>`,
    },
    ...site.posts.map(({ topic, extra }) => ({
      url: url(topic),
      body: `<html><head><title>Notes on ${topic}</title></head><body><div id="page"><h1>Notes on ${topic}</h1><div class="entry">${postBody(topic, extra)}</div></div></body></html>`,
    })),
  ];
}

type Objects = Map<string, { text: string; html: string }>;

/** Builds the crawls (one WARC each) and returns the objects by crawl and URL, and the changes. */
async function build(
  dir: string,
  crawls: ReadonlyArray<readonly Site[]>,
  explain: { url: string; lines: string[] },
): Promise<{ objects: Objects; changes: Map<string, string[]> }> {
  const warcs: string[] = [];
  for (const [i, sites] of crawls.entries()) {
    const file = join(dir, `crawl-${i + 1}.warc.gz`);
    await writeWarc(file, `2024-05-2${i + 1}T12:00:00Z`, sites.flatMap(siteCaptures));
    warcs.push(file);
  }
  const out = join(dir, 'out');
  await buildOverlay({
    inputs: warcs,
    outDir: out,
    diagnostics: new Diagnostics(),
    writePages: false,
    workers: 1,
    explainUrl: explain.url,
    onExplain: (_url, lines) => explain.lines.push(...lines),
  });
  const db = openStore(out, { writable: false });
  try {
    const objects: Objects = new Map();
    for (const v of readObjectVersions(db)) objects.set(`${v.crawl} ${v.url}`, { text: v.text, html: v.html });
    const changes = new Map([...readChanges(db)].map((c) => [c.url, c.kinds]));
    return { objects, changes };
  } finally {
    db.close();
  }
}

const WITH_NEWSLETTER = { host: 'https://letter.test', posts: TOPICS.slice(0, 4).map((topic) => ({ topic, extra: [NEWSLETTER] })) };
const NEWSLETTER_ONCE = {
  host: 'https://once.test',
  posts: TOPICS.slice(0, 4).map((topic, i) => ({ topic, extra: i === 0 ? [NEWSLETTER] : [] })),
};
const ONE_PAGE = { host: 'https://single.test', posts: [{ topic: 'garlic', extra: [NEWSLETTER] }] };

describe('article blocks recurring across the pages of a host', () => {
  let dir = '';
  let objects: Objects = new Map();
  let changes = new Map<string, string[]>();
  const explain = { url: `${WITH_NEWSLETTER.host}/posts/beans.html`, lines: [] as string[] };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-article-sites-'));
    // Crawl 2: the newsletter box says something else on every page of letter.test (a template edit).
    const edited = {
      ...WITH_NEWSLETTER,
      posts: WITH_NEWSLETTER.posts.map((p) => ({ ...p, extra: ['Our garden letter now comes out on Fridays.'] })),
    };
    ({ objects, changes } = await build(dir, [[WITH_NEWSLETTER, NEWSLETTER_ONCE, ONE_PAGE], [edited, ONE_PAGE], [ONE_PAGE]], explain));
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves a paragraph on every post of a host out of each post, text and HTML', () => {
    for (const { topic } of WITH_NEWSLETTER.posts) {
      const object = objects.get(`crawl-1.warc.gz ${WITH_NEWSLETTER.host}/posts/${topic}.html`);
      expect(object?.text).toContain(`By the end of the summer the ${topic}`);
      expect(object?.text).not.toContain('weekly letter');
      expect(object?.html).toContain(`By the end of the summer the ${topic}`);
      expect(object?.html).not.toContain('weekly letter');
    }
  });

  it('says why under build --explain', () => {
    expect(explain.lines).toContain(`- left out "${NEWSLETTER}": recurs on 4 of 4 pages of letter.test: template, not article`);
  });

  it('keeps the paragraph where it is on one page of its host only', () => {
    expect(objects.get(`crawl-1.warc.gz ${NEWSLETTER_ONCE.host}/posts/tomatoes.html`)?.text).toContain(NEWSLETTER);
  });

  it('removes nothing from a one-page host, even when the page is captured in three crawls', () => {
    for (const crawl of [1, 2, 3])
      expect(objects.get(`crawl-${crawl}.warc.gz ${ONE_PAGE.host}/posts/garlic.html`)?.text).toContain(NEWSLETTER);
  });

  it('makes no content edit of a recurring block that changed on every page of the host', () => {
    for (const { topic } of WITH_NEWSLETTER.posts)
      expect(changes.get(`${WITH_NEWSLETTER.host}/posts/${topic}.html`)).toEqual(['boilerplate-only']);
  });
});
