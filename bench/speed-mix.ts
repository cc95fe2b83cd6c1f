/**
 * bench:speed inputs, generated deterministically (a seeded PRNG, no ../shared): two record mixes
 * written as one-record-per-gzip-member .warc.gz, the layout crawlers write.
 *
 * - `large`: big HTML responses (20-200 KB each), one warcinfo, a feed per site. The mix where
 *   inflation dominates.
 * - `small`: request + response + metadata per capture, small pages, CSS, JS and images
 *   (about 3.4 KB per record): the mix real crawls have, where per-record overhead dominates.
 *
 * Every site (host) has an RSS 2.0 feed whose items link to its article pages, so the same
 * generator at a smaller size is also a crawl the whole `build` pipeline can run on (`buildCut`).
 * Records carry WARC-Block-Digest and WARC-Payload-Digest (sha1, base32) as real crawls do.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, renameSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { seededRandom } from '../test/helpers/seeded-random.js';
import { sha1Base32 } from '../test/helpers/warc-digest.js';

export type MixKind = 'large' | 'small';

export interface MixSpec {
  kind: MixKind;
  /** HTML article pages (plus the other records the mix holds per page). */
  pages: number;
  /** Pages per site; each site has one feed listing its pages. */
  pagesPerSite: number;
  /**
   * Which crawl of the sites (default 1). A later crawl comes a month after the one before, with the
   * same pages: `EDITED_SHARE` of them edited (a sentence added to the article, a comment added),
   * the others byte for byte as in crawl 1. The incremental measure builds crawls 1-3 of a cut.
   */
  crawl?: number;
}

/** Share of the pages a later crawl edits. ours: about what a month changes on an active blog. */
const EDITED_SHARE = 0.2;
/** Days between two crawls of a mix. */
const CRAWL_INTERVAL_DAYS = 30;

/** Default sizes. // ours: large ~ 500 MB raw, small ~ 150,000 records; big enough to be stable, small enough for 2 busy cores. */
export const MIX_SPECS: Record<MixKind, MixSpec> = {
  large: { kind: 'large', pages: 4_500, pagesPerSite: 30 },
  small: { kind: 'small', pages: 25_000, pagesPerSite: 40 },
};
/** HTML pages in the crawl the whole build runs on (the same generator, cut short). */
export const BUILD_CUT_PAGES = 600;
/** Pages per site of the crawl the worker pool is measured on (the large mix's build cut, so 3
 *  sites). When the workers leave the main thread no core (`--workers 2` on 2), the main thread
 *  extracts the 40 pages a site's templates are learnt from (MAX_FEED_PAGES_IN_MEMORY) and the
 *  pool only a site's others: the mixes' own sites (30, 40 pages) and dragnet-train give it none. */
export const POOL_SITE_PAGES = 200;
/** HTML pages per crawl of the incremental measure (three crawls of the same sites). */
export const INCREMENTAL_PAGES = 300;
/** Bump when the generator changes, so cached inputs are regenerated. */
const GENERATOR_VERSION = 1;

const SYLLABLES = [
  'ar',
  'chi',
  've',
  'web',
  'crawl',
  'feed',
  'post',
  'lo',
  'ren',
  'ta',
  'mi',
  'sto',
  'ry',
  'da',
  'ta',
  'net',
  'pa',
  'ge',
  'blo',
  'gi',
  'ne',
  'ws',
  'ka',
  'ro',
  'lin',
  'dex',
  'su',
  'ma',
  'tic',
  'on',
];

function makeVocabulary(rand: () => number, size: number): string[] {
  const words: string[] = [];
  for (let i = 0; i < size; i++) {
    const n = 1 + Math.floor(rand() * 3);
    let w = '';
    for (let j = 0; j < n; j++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    words.push(w);
  }
  return words;
}

class TextMaker {
  readonly #rand: () => number;
  readonly #words: string[];
  constructor(rand: () => number) {
    this.#rand = rand;
    this.#words = makeVocabulary(rand, 3000);
  }
  /** Zipf-like word choice: frequent words are frequent, as in prose. */
  word(): string {
    const r = this.#rand();
    return this.#words[Math.floor(r * r * r * this.#words.length)] ?? 'word';
  }
  sentence(words: number): string {
    const parts: string[] = [];
    for (let i = 0; i < words; i++) parts.push(this.word());
    const s = parts.join(' ');
    return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
  }
  paragraph(): string {
    const n = 3 + Math.floor(this.#rand() * 5);
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(this.sentence(6 + Math.floor(this.#rand() * 14)));
    return out.join(' ');
  }
  int(below: number): number {
    return Math.floor(this.#rand() * below);
  }
  bytes(n: number): Buffer {
    const b = Buffer.allocUnsafe(n);
    for (let i = 0; i < n; i++) b[i] = Math.floor(this.#rand() * 256);
    return b;
  }
}

interface Site {
  host: string;
  pages: Array<{ url: string; title: string; excerpt: string; date: Date }>;
}

const BASE_TIME = Date.UTC(2026, 9, 1, 8, 0, 0);

function uuidOf(n: number): string {
  const h = createHash('md5').update(String(n)).digest('hex');
  return `<urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}>`;
}

/** Serialises records as gzip members; counts what it wrote. */
class MixWriter {
  readonly #out: ReturnType<typeof createWriteStream>;
  #recordNo = 0;
  records = 0;
  rawBytes = 0;
  constructor(path: string) {
    this.#out = createWriteStream(path);
  }
  async write(
    type: string,
    url: string,
    date: Date,
    block: Buffer,
    extra: Record<string, string>,
    payloadStart: number | null,
  ): Promise<string> {
    const id = uuidOf(this.#recordNo++);
    const fields: string[] = [
      `WARC/1.1`,
      `WARC-Type: ${type}`,
      `WARC-Record-ID: ${id}`,
      `WARC-Date: ${date.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    ];
    if (url !== '') fields.push(`WARC-Target-URI: ${url}`);
    for (const [k, v] of Object.entries(extra)) fields.push(`${k}: ${v}`);
    fields.push(`WARC-Block-Digest: ${sha1Base32(block)}`);
    if (payloadStart !== null) fields.push(`WARC-Payload-Digest: ${sha1Base32(block.subarray(payloadStart))}`);
    fields.push(`Content-Length: ${block.length}`);
    const record = Buffer.concat([Buffer.from(`${fields.join('\r\n')}\r\n\r\n`, 'latin1'), block, Buffer.from('\r\n\r\n')]);
    this.records++;
    this.rawBytes += record.length;
    if (!this.#out.write(gzipSync(record))) await new Promise<void>((r) => this.#out.once('drain', () => r()));
    return id;
  }
  end(): Promise<void> {
    return new Promise((resolve, reject) => this.#out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  }
}

function httpResponse(status: string, headers: Record<string, string>, body: Buffer): { block: Buffer; payloadStart: number } {
  const head = Buffer.from(
    `HTTP/1.1 ${status}\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n')}\r\nContent-Length: ${body.length}\r\n\r\n`,
    'latin1',
  );
  return { block: Buffer.concat([head, body]), payloadStart: head.length };
}

function articleHtml(t: TextMaker, site: Site, page: Site['pages'][number], targetBytes: number): string {
  const nav = site.pages
    .slice(0, 12)
    .map((p) => `<li class="menu-item"><a href="${p.url}">${p.title}</a></li>`)
    .join('\n');
  const paras: string[] = [];
  let size = 0;
  while (size < targetBytes) {
    const p = `<p>${t.paragraph()}</p>`;
    paras.push(p);
    size += p.length + 200;
  }
  const side = Array.from({ length: 6 }, () => `<li><a href="https://${site.host}/tag/${t.word()}/">${t.word()}</a></li>`).join('');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${page.title} | ${site.host}</title>
<link rel="alternate" type="application/rss+xml" href="https://${site.host}/feed/">
<link rel="stylesheet" href="https://${site.host}/style.css"></head>
<body class="post-template"><header class="site-header"><a class="brand" href="https://${site.host}/">${site.host}</a><nav><ul class="menu">${nav}</ul></nav></header>
<main><article class="post"><h1 class="entry-title">${page.title}</h1>
<div class="byline">by <span class="author">${t.word()} ${t.word()}</span> on <time datetime="${page.date.toISOString()}">${page.date.toDateString()}</time></div>
<div class="entry-content">
${paras.join('\n')}
</div></article>
<section class="comments"><h2>Comments</h2><ol><li class="comment"><span class="comment-author">${t.word()}</span><p>${t.sentence(12)}</p></li></ol></section></main>
<aside class="sidebar"><h3>Tags</h3><ul>${side}</ul></aside>
<footer class="site-footer">${t.sentence(8)}</footer></body></html>
`;
}

/** A page as a later crawl sees it: most unchanged; some with a sentence added to the article and a new comment. */
function editedForCrawl(t: TextMaker, html: string): string {
  if (t.int(1000) >= EDITED_SHARE * 1000) return html;
  return html
    .replace('\n</div></article>', `\n<p>${t.sentence(14)}</p>\n</div></article>`)
    .replace(
      '</li></ol></section>',
      `</li><li class="comment"><span class="comment-author">${t.word()}</span><p>${t.sentence(10)}</p></li></ol></section>`,
    );
}

function rssFeed(site: Site): string {
  const items = site.pages
    .map(
      (p) =>
        `<item><title>${p.title}</title><link>${p.url}</link><guid>${p.url}</guid><pubDate>${p.date.toUTCString()}</pubDate><description>${p.excerpt}</description></item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>${site.host}</title><link>https://${site.host}/</link><description>${site.host}</description>
${items}
</channel></rss>
`;
}

export interface MixInfo {
  path: string;
  /** Inflated WARC bytes. */
  rawBytes: number;
  records: number;
}

/** Cached file name of a mix at a size. */
export function mixPath(outDir: string, spec: MixSpec): string {
  const crawl = (spec.crawl ?? 1) === 1 ? '' : `-c${spec.crawl}`;
  const sites = spec.pagesPerSite === MIX_SPECS[spec.kind].pagesPerSite ? '' : `-${spec.pagesPerSite}ps`;
  return `${outDir}/speed-${spec.kind}-${spec.pages}p${sites}${crawl}-v${GENERATOR_VERSION}.warc.gz`;
}

/** Write the mix (or reuse the cached file). */
export async function generateMix(path: string, spec: MixSpec): Promise<void> {
  if (existsSync(path) && statSync(path).size > 0) return;
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.tmp`;
  const writer = new MixWriter(tmp);
  for await (const _ of mixRecords(spec, writer)) {
    // records are written as they are made
  }
  await writer.end();
  renameSync(tmp, path);
}

/** The article pages of a mix (same generator, nothing written): the parse-only input. */
export async function mixHtmlPages(spec: MixSpec): Promise<Array<{ url: string; html: string }>> {
  const pages: Array<{ url: string; html: string }> = [];
  for await (const p of mixRecords(spec, null)) pages.push(p);
  return pages;
}

async function* mixRecords(spec: MixSpec, writer: MixWriter | null): AsyncGenerator<{ url: string; html: string }> {
  const t = new TextMaker(seededRandom(spec.kind === 'large' ? 1 : 2));
  const write = async (...args: Parameters<MixWriter['write']>): Promise<string> => (writer === null ? '' : writer.write(...args));
  const info = Buffer.from(
    `software: warc-overlay bench:speed generator v${GENERATOR_VERSION}\r\nformat: WARC File Format 1.1\r\nmix: ${spec.kind}\r\n`,
  );
  await write('warcinfo', '', new Date(BASE_TIME), info, { 'Content-Type': 'application/warc-fields' }, null);
  const crawl = spec.crawl ?? 1;
  // The edits of a later crawl come from a stream of their own: every page not edited stays as in crawl 1.
  const edits = crawl === 1 ? null : new TextMaker(seededRandom(1000 + crawl));
  let clock = BASE_TIME + (crawl - 1) * CRAWL_INTERVAL_DAYS * 86_400_000;
  for (let first = 0, siteNo = 0; first < spec.pages; first += spec.pagesPerSite, siteNo++) {
    const host = `site${siteNo}.${t.word()}.test`;
    const site: Site = { host, pages: [] };
    const n = Math.min(spec.pagesPerSite, spec.pages - first);
    for (let i = 0; i < n; i++) {
      const title = t.sentence(4 + t.int(6)).slice(0, -1);
      site.pages.push({
        url: `https://${host}/${2026 - (i % 5)}/${t.word()}-${i}/`,
        title,
        excerpt: t.sentence(25),
        date: new Date(BASE_TIME - (i + 1) * 86_400_000),
      });
    }
    const feedBody = Buffer.from(rssFeed(site));
    clock += 1000;
    await writeCapture(`https://${host}/feed/`, feedBody, 'application/rss+xml; charset=utf-8');
    for (const page of site.pages) {
      const target = spec.kind === 'large' ? 20_000 + t.int(180_000) : 3_000 + t.int(12_000);
      const original = articleHtml(t, site, page, target);
      const html = edits === null ? original : editedForCrawl(edits, original);
      clock += 1000;
      await writeCapture(page.url, Buffer.from(html), 'text/html; charset=utf-8');
      yield { url: page.url, html };
      if (spec.kind === 'small') {
        // Resources a page pulls in: CSS, JS, images of a few KB.
        const kind = t.int(4);
        const url = `https://${host}/assets/${t.word()}-${t.int(100000)}.${['css', 'js', 'png', 'jpg'][kind]}`;
        const body =
          kind === 0
            ? Buffer.from(
                Array.from(
                  { length: 20 + t.int(60) },
                  () => `.${t.word()} { margin: ${t.int(40)}px; color: #${t.int(0xffffff).toString(16)}; }`,
                ).join('\n'),
              )
            : kind === 1
              ? Buffer.from(
                  Array.from({ length: 20 + t.int(60) }, () => `function ${t.word()}(a) { return a + ${t.int(1000)}; }`).join('\n'),
                )
              : t.bytes(800 + t.int(5000));
        clock += 1000;
        await writeCapture(url, body, ['text/css', 'application/javascript', 'image/png', 'image/jpeg'][kind] ?? 'image/png');
      }
    }
  }

  async function writeCapture(url: string, body: Buffer, contentType: string): Promise<void> {
    const date = new Date(clock);
    const { block, payloadStart } = httpResponse(
      '200 OK',
      { Date: date.toUTCString(), Server: 'nginx', 'Content-Type': contentType, 'Cache-Control': 'max-age=600' },
      body,
    );
    if (spec.kind === 'small') {
      const request = Buffer.from(
        `GET ${new URL(url).pathname} HTTP/1.1\r\nHost: ${new URL(url).host}\r\nUser-Agent: Mozilla/5.0 (compatible; bench-crawler/1.0)\r\nAccept: */*\r\nAccept-Encoding: gzip, deflate\r\nConnection: keep-alive\r\n\r\n`,
        'latin1',
      );
      await write('request', url, date, request, { 'Content-Type': 'application/http; msgtype=request' }, request.length);
    }
    const id = await write(
      'response',
      url,
      date,
      block,
      { 'Content-Type': 'application/http; msgtype=response', 'WARC-IP-Address': '192.0.2.1' },
      payloadStart,
    );
    if (spec.kind === 'small') {
      const meta = Buffer.from(`outlink: https://${new URL(url).host}/ L a/@href\r\nfetchTimeMs: ${20 + t.int(400)}\r\n`, 'latin1');
      await write('metadata', url, date, meta, { 'Content-Type': 'application/warc-fields', 'WARC-Concurrent-To': id }, null);
    }
  }
}
