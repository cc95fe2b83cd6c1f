/**
 * Short posts a feed links (a one-line notice, a photo with a caption): when feed-guided extraction
 * finds no wrapper, the E-mCST fallback keeps the item's object however short its text. Before, a
 * main block under 25 characters left the feed item without any object.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlay, Diagnostics, openStore, store } from '../../src/index.js';
import { escapeXml, writeWarc } from './fixture-warc.js';

const SITE = 'http://kiosk.test';
const LONG =
  'The ferry timetable changes next week: the early boat leaves at seven, the late one at nine, and the market boat keeps its Saturday run through the winter months.';
const POSTS = [
  { slug: 'timetable', title: 'Winter timetable', description: 'The ferry timetable changes next week.', body: `<p>${LONG}</p>` },
  { slug: 'closed', title: 'A note from the shop', description: 'A note from the shop', body: '<p>Closed today.</p>' },
  {
    slug: 'sunset',
    title: 'Evening',
    description: 'Evening',
    body: '<figure><img src="/s.jpg" alt=""><figcaption>Sunset.</figcaption></figure>',
  },
];

const page = (title: string, body: string): string =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body><main>${body}</main></body></html>`;

const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Kiosk</title><link>${SITE}/</link><description>Kiosk</description>${POSTS.map(
  (p, i) =>
    `<item><title>${escapeXml(p.title)}</title><link>${SITE}/${p.slug}/</link><pubDate>Mon, 0${i + 1} Sep 2025 10:00:00 GMT</pubDate><description>${escapeXml(p.description)}</description></item>`,
).join('')}</channel></rss>`;

describe('short posts a feed links keep their object', () => {
  let dir: string;
  let versions: store.ObjectVersionRow[];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-short-posts-'));
    const file = join(dir, 'crawl.warc.gz');
    await writeWarc(file, '2025-09-05T12:00:00Z', [
      { url: `${SITE}/feed.xml`, body: rss, type: 'application/rss+xml' },
      ...POSTS.map((p) => ({ url: `${SITE}/${p.slug}/`, body: page(p.title, p.body) })),
    ]);
    await buildOverlay({ inputs: [file], outDir: join(dir, 'out'), diagnostics: new Diagnostics(), writePages: false, workers: 1 });
    const db = openStore(join(dir, 'out'), { writable: false });
    versions = [...store.readObjectVersions(db)];
    db.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives every feed item an object with the text its page prints', () => {
    expect(versions.map((v) => v.url).sort()).toEqual(POSTS.map((p) => `${SITE}/${p.slug}/`).sort());
    const textOf = (slug: string): string | undefined => versions.find((v) => v.url.endsWith(`/${slug}/`))?.text;
    expect(textOf('timetable')).toContain('market boat');
    expect(textOf('closed')).toBe('Closed today.');
    expect(textOf('sunset')).toBe('Sunset.');
  });
});
