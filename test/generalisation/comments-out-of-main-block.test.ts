/**
 * A site without any feed whose posts are found without a template (E-mCST main blocks, 001 §3)
 * and whose comment zone has no hint in any class or id: on the post with a long thread, the main
 * block grows over the comments. The comments the extractor finds by their structure are left out
 * of that post's article, as a feed-guided wrapper leaves them out (issue #12: 0 comments leaked into
 * articles).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlay, Diagnostics, openStore, store } from '../../src/index.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { writeWarc } from './fixture-warc.js';

const WORDS = `harbour village meadow orchard lantern bicycle ferry market bakery chapel quarry mill river bridge
station island valley ridge garden kitchen letter ledger journal window ladder barrel basket winter spring
repaired painted measured planted gathered carried borrowed counted noticed followed quietly slowly early`.split(/\s+/);
const NAMES = ['Ada Lind', 'Bram Kok', 'Chiara Neri', 'Farah Haddad', 'Hana Sato', 'Jude Okafor'];
const MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
/** Replies per post: the fourth has a long thread (three sentences a reply), which the main block grows over. */
const REPLIES = [1, 2, 0, 9, 1, 2, 0, 1];
const SITE = 'http://faden.test';

interface Post {
  slug: string;
  title: string;
  date: Date;
  paragraphs: string[];
  replies: Array<{ name: string; when: Date; text: string }>;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const date = (d: Date): string =>
  `${d.getUTCDate()}. ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} um ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

function makePosts(): Post[] {
  const next = seededRandom(13);
  const sentence = (n: number): string => {
    const s = Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
    return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
  };
  const text = (sentences: number): string => Array.from({ length: sentences }, () => sentence(12 + Math.floor(next() * 8))).join(' ');
  return REPLIES.map((n, i) => {
    const when = new Date(Date.UTC(2025, 2, 1 + i * 3, 9, 6));
    const replies = Array.from({ length: n }, (_, j) => ({
      name: NAMES[(i + j) % NAMES.length] as string,
      when: new Date(when.getTime() + (j + 1) * 5_000_000),
      text: text(n > 2 ? 3 : 1 + (j % 2)),
    }));
    return {
      slug: `p${i + 1}-${sentence(2).toLowerCase().replace(/\W+/g, '-')}`,
      title: sentence(4).slice(0, -1),
      date: when,
      paragraphs: [text(4), text(3), text(4), text(3)],
      replies,
    };
  });
}

function postPage(p: Post, recent: readonly Post[]): string {
  const items = p.replies.map(
    (r) => `<li><div class="kopf"><b>${r.name}</b> <small>${date(r.when)}</small></div><div class="inhalt"><p>${r.text}</p></div></li>`,
  );
  const thread = items.length > 0 ? `<section><h3>${items.length} Antworten</h3><ol class="liste">${items.join('')}</ol></section>` : '';
  const article = `<article><h1>${p.title}</h1><p class="datum">${date(p.date)}</p>${p.paragraphs.map((x) => `<p>${x}</p>`).join('')}</article>`;
  return `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>${p.title}</title></head>
<body><header><a href="/">Faden</a></header><main>${article}${thread}<form><textarea name="t"></textarea><button>Senden</button></form></main>
<aside><h4>Neu</h4><ul>${recent.map((r) => `<li><a href="/${r.slug}/">${r.title}</a></li>`).join('')}</ul></aside></body></html>`;
}

describe('comments left out of main-block articles on a site without feeds', () => {
  let dir: string;
  let posts: Post[];
  let versions: store.ObjectVersionRow[];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-main-block-'));
    posts = makePosts();
    const recent = posts.slice(-4);
    const home = `<!DOCTYPE html><html lang="de"><head><title>Faden</title></head><body><main>${posts
      .map((p) => `<article><h2><a href="/${p.slug}/">${p.title}</a></h2><p>${p.paragraphs[0]}</p></article>`)
      .join('')}</main></body></html>`;
    const file = join(dir, 'crawl.warc.gz');
    await writeWarc(file, '2025-05-01T12:00:00Z', [
      { url: `${SITE}/`, body: home },
      ...posts.map((p) => ({ url: `${SITE}/${p.slug}/`, body: postPage(p, recent) })),
    ]);
    await buildOverlay({ inputs: [file], outDir: join(dir, 'out'), diagnostics: new Diagnostics(), writePages: false, workers: 1 });
    const db = openStore(join(dir, 'out'), { writable: false });
    versions = [...store.readObjectVersions(db)];
    db.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const postOf = (url: string): Post | undefined => posts.find((p) => url.endsWith(`/${p.slug}/`));

  it('finds the posts and the long thread', () => {
    expect(new Set(versions.map((v) => postOf(v.url)?.slug))).toEqual(new Set(posts.map((p) => p.slug)));
    const long = versions.find((v) => postOf(v.url)?.replies.length === 9);
    expect(long?.comments.map((c) => c.text)).toEqual(postOf(long?.url ?? '')?.replies.map((r) => r.text));
  });

  it('keeps every comment out of the article text, and the article in it', () => {
    for (const v of versions) {
      const post = postOf(v.url) as Post;
      for (const r of post.replies) expect(v.text, v.url).not.toContain(r.text.slice(0, 40));
      for (const p of post.paragraphs) expect(v.text, v.url).toContain(p.slice(0, 40));
    }
  });
});
