/**
 * Viewer speed (issue 7 item 5): generates an overlay of 100,000 object versions (50,000 objects x
 * 2 crawls, texts from the wp-dev corpus truth, 40 hosts, a third of the objects edited between
 * crawls, comments on some) with the store's OverlayWriter, starts the viewer, and times list,
 * search, filter, object and diff requests. Target: list and object pages < 200 ms.
 *   node --import tsx bench/viewer-speed.ts [versions=100000] [dir]
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, OverlayWriter } from '../src/store/index.js';
import { startViewer } from '../src/viewer/index.js';
import { CORPUS_ROOT } from '../test/shared-data.js';

const VERSIONS = Number(process.argv[2] ?? 100_000);
const OBJECTS = Math.ceil(VERSIONS / 2);
const HOSTS = 40;
const given = process.argv[3];
const dir = given ?? mkdtempSync(join(tmpdir(), 'wo-viewer-speed-'));

interface Post {
  title: string;
  text: string;
  author: string | null;
  published: string | null;
  categories: string[];
}
const truth = JSON.parse(readFileSync(join(CORPUS_ROOT, 'wp-dev', 'truth.json'), 'utf8')) as { crawls: Array<{ posts: Post[] }> };
const posts = truth.crawls.flatMap((c) => c.posts);

function generate(): void {
  const db = openStore(dir, { writable: true });
  const w = new OverlayWriter(db);
  const t0 = Date.now();
  for (const [crawl, time] of [
    [1, '2026-01-10T10:00:00.000Z'],
    [2, '2026-06-10T10:00:00.000Z'],
  ] as const) {
    const { crawlId } = w.beginCrawl(`bench-crawl-${crawl}`, `bench-crawl-${crawl}.warc.gz`, 0);
    const batch = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const p = posts[i % posts.length] as Post;
        const edited = crawl === 2 && i % 3 === 0;
        const text = `${p.text} object${i} host${i % HOSTS}${edited ? ` edited paragraph number ${i} added in the second crawl` : ''}`;
        const url = `http://site${i % HOSTS}.test/${2020 + (i % 6)}/${i}/${p.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/`;
        const nComments = i % 5 === 0 ? 3 + (crawl === 2 && i % 10 === 0 ? 1 : 0) : 0;
        w.addVersion({
          canonicalUrl: url,
          url,
          feedId: null,
          guid: null,
          crawlId,
          captureId: null,
          captureTime: new Date(Date.parse(time) + i * 1000).toISOString(),
          pageDigest: null,
          object: {
            method: 'feed-guided',
            confidence: 0.9,
            title: crawl === 2 && i % 7 === 0 ? `${p.title} (updated)` : p.title,
            author: p.author,
            published: p.published,
            updated: null,
            categories: p.categories,
            text,
            html: `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`,
            references: [],
            paths: {
              content: '|html|body|div[@id=page]|article|div[@class=entry-content]',
              title: null,
              author: null,
              date: null,
              categories: null,
            },
          },
          comments: Array.from({ length: nComments }, (_, k) => ({
            position: k,
            id: null,
            parent: null,
            depth: 0,
            author: `reader ${k}`,
            authorUrl: null,
            published: null,
            text: `comment ${k} on object ${i}`,
            html: `<p>comment ${k} on object ${i}</p>`,
            permalink: null,
            source: 'page' as const,
            hash: createHash('sha1').update(`${k} ${i}`).digest('hex'),
            byline: null,
          })),
        });
      }
    });
    for (let i = 0; i < OBJECTS; i += 5000) batch(i, Math.min(OBJECTS, i + 5000));
    w.finishCrawl(crawlId, OBJECTS, {});
  }
  db.close();
  process.stdout.write(`generated ${OBJECTS * 2} versions in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
}

async function time(url: string, runs: number): Promise<{ median: number; max: number; status: number }> {
  const ms: number[] = [];
  let status = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const r = await fetch(url);
    await r.arrayBuffer();
    ms.push(performance.now() - t);
    status = r.status;
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)] ?? 0, max: ms[ms.length - 1] ?? 0, status };
}

if (!existsSync(join(dir, 'overlay.sqlite'))) generate();
const t0 = Date.now();
const viewer = await startViewer({ dir });
process.stdout.write(`viewer started (search index built if missing) in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
const ids = Array.from({ length: 10 }, (_, k) => 1 + Math.floor(((k + 0.5) / 10) * OBJECTS));
const cases: Array<[string, string[]]> = [
  ['list (newest first)', ['']],
  ['list page 500', ['?page=500']],
  ['search one word', ['?q=synaptic']],
  ['search two words', ['?q=package+manager']],
  ['search rare word', [`?q=object${Math.floor(OBJECTS / 2)}`]],
  ['filter site', ['?site=site7.test']],
  ['filter kind', ['?kind=content-edit']],
  ['filter date + site', ['?site=site3.test&from=2026-06-01&to=2026-12-31']],
  ['object page', ids.map((id) => `object/${id}`)],
  ['diff page', ids.map((id) => `diff?a=${id}&b=${id + OBJECTS}`)],
];
process.stdout.write(`| request | median ms | max ms | status |\n|---|---|---|---|\n`);
for (const [name, paths] of cases) {
  const results = await Promise.all(paths.map(async (p) => time(viewer.url + p, 5)));
  const median = results.map((r) => r.median).sort((a, b) => a - b)[Math.floor(results.length / 2)] ?? 0;
  const max = Math.max(...results.map((r) => r.max));
  process.stdout.write(`| ${name} | ${median.toFixed(1)} | ${max.toFixed(1)} | ${results[0]?.status} |\n`);
}
await viewer.close();
if (given === undefined) rmSync(dir, { recursive: true, force: true });
