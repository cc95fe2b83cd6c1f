/**
 * The overlay collection as a WACZ 1.1 package (https://specs.webrecorder.net/wacz/1.1.1/): the
 * reconstructed pages as WARC response records (one gzip member each) in archive/data.warc.gz,
 * indexes/index.cdxj, pages/pages.jsonl with one entry per object version (full text for search,
 * plus our own fields), datapackage.json with sha256 hashes and sizes, datapackage-digest.json.
 * Everything is streamed through a temporary folder, so memory stays flat on large overlays.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync, type WriteStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import { WARCRecord, WARCSerializer } from 'warcio';
import yazl from 'yazl';
import { indexWarcCdxj } from '../core/cdxj.js';
import type { ObjectVersion } from '../core/domain.js';
import { type Db, iterateVersions, listComments } from '../store/index.js';
import { OVERLAY_URL_HOST } from './constants.js';
import { renderObjectPage, timestamp14 } from './page-render.js';

export const WACZ_VERSION = '1.1.1';
const WARC_NAME = 'data.warc.gz';
const SOFTWARE = 'warc-overlay';

/** URL of a reconstructed version inside the overlay WACZ: the object's URL under OVERLAY_URL_HOST. */
export function overlayUrl(canonicalUrl: string, method?: string): string {
  const key = canonicalUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  return `https://${OVERLAY_URL_HOST}/${key}${method === undefined ? '' : `${key.includes('?') ? '&' : '?'}wo-method=${encodeURIComponent(method)}`}`;
}

interface HashedFile {
  path: string;
  file: string;
  hash: string;
  bytes: number;
}

class HashingWriter {
  readonly #out: WriteStream;
  readonly #hash = createHash('sha256');
  bytes = 0;
  constructor(readonly file: string) {
    this.#out = createWriteStream(file);
  }
  async write(chunk: Uint8Array | string): Promise<void> {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.#hash.update(buf);
    this.bytes += buf.length;
    if (!this.#out.write(buf)) await once(this.#out, 'drain');
  }
  async close(path: string): Promise<HashedFile> {
    this.#out.end();
    await once(this.#out, 'finish');
    return { path, file: this.file, hash: `sha256:${this.#hash.digest('hex')}`, bytes: this.bytes };
  }
}

async function serialize(record: WARCRecord): Promise<Uint8Array> {
  return WARCSerializer.serialize(record, { gzip: true, digest: { algo: 'sha-256', prefix: 'sha256:', base32: false } });
}

/** Writes the overlay WACZ to `file`; returns how many object versions it holds. */
export async function writeOverlayWacz(db: Db, file: string, opts: { title?: string } = {}): Promise<{ pages: number; bytes: number }> {
  const tmp = mkdtempSync(join(dirname(file), '.wacz-'));
  try {
    const created = new Date().toISOString();
    const warc = new HashingWriter(join(tmp, 'data.warc.gz'));
    const pagesOut = new HashingWriter(join(tmp, 'pages.jsonl'));
    await warc.write(
      await serialize(
        WARCRecord.createWARCInfo(
          { filename: WARC_NAME, warcVersion: 'WARC/1.1' },
          {
            software: SOFTWARE,
            format: 'WARC File Format 1.1',
            description: 'Reconstructed pages of the data objects of an overlay collection',
          },
        ),
      ),
    );
    await pagesOut.write(`${JSON.stringify({ format: 'json-pages-1.0', id: 'pages', title: 'Object versions', hasText: true })}\n`);
    let pages = 0;
    let firstPage: { url: string; ts: string } | null = null;
    const seen = new Set<string>();
    for (const v of iterateVersions(db)) {
      const plain = overlayUrl(v.canonicalUrl);
      const ts14 = timestamp14(v.captureTime);
      // a second method in the same crawl gets its own URL so CDX keys stay unique
      const url = seen.has(`${plain} ${ts14}`) ? overlayUrl(v.canonicalUrl, v.method) : plain;
      seen.add(`${url} ${ts14}`);
      const comments = listComments(db, v.id);
      const body = Buffer.from(renderObjectPage(v, comments));
      const date = new Date(v.captureTime).toISOString();
      const record = WARCRecord.create(
        {
          url,
          date,
          type: 'response',
          warcVersion: 'WARC/1.1',
          statusline: 'HTTP/1.1 200 OK',
          httpHeaders: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(body.length) },
          warcHeaders: { 'WARC-Source-URI': v.url },
        },
        [body],
      );
      await warc.write(await serialize(record));
      await pagesOut.write(`${JSON.stringify(pageEntry(v, url, date, comments.length))}\n`);
      firstPage ??= { url, ts: date };
      pages++;
    }
    const warcFile = await warc.close(`archive/${WARC_NAME}`);
    // the index of the WARC as cdxj-indexer -s writes it (warcio's CDXIndexer, sorted)
    const cdxOut = new HashingWriter(join(tmp, 'index.cdxj'));
    for (const line of await indexWarcCdxj(createReadStream(warcFile.file), WARC_NAME)) await cdxOut.write(`${line}\n`);
    const resources = [warcFile, await cdxOut.close('indexes/index.cdxj'), await pagesOut.close('pages/pages.jsonl')];
    const datapackage = `${JSON.stringify(
      {
        profile: 'data-package',
        wacz_version: WACZ_VERSION,
        title: opts.title ?? 'warc-overlay collection',
        description: 'Data objects reconstructed from archived pages (004 §6), one page per object version',
        created,
        modified: created,
        software: SOFTWARE,
        ...(firstPage ? { mainPageUrl: firstPage.url, mainPageDate: firstPage.ts } : {}),
        resources: resources.map((r) => ({ name: r.path.split('/').pop(), path: r.path, hash: r.hash, bytes: r.bytes })),
      },
      null,
      2,
    )}\n`;
    const dpHash = `sha256:${createHash('sha256').update(datapackage).digest('hex')}`;
    const digest = `${JSON.stringify({ path: 'datapackage.json', hash: dpHash }, null, 2)}\n`;
    const zip = new yazl.ZipFile();
    // stored, not deflated: replay reads WARC records by range [WACZ 1.1 §"Zip Format"]
    for (const r of resources) zip.addFile(r.file, r.path, { compress: false, mtime: new Date(created) });
    zip.addBuffer(Buffer.from(datapackage), 'datapackage.json', { compress: false, mtime: new Date(created) });
    zip.addBuffer(Buffer.from(digest), 'datapackage-digest.json', { compress: false, mtime: new Date(created) });
    zip.end();
    const out = createWriteStream(file);
    zip.outputStream.pipe(out);
    await once(out, 'finish');
    return { pages, bytes: statSync(file).size };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function pageEntry(v: ObjectVersion, url: string, ts: string, comments: number): Record<string, unknown> {
  return {
    id: createHash('sha1').update(`${url} ${ts}`).digest('hex').slice(0, 16),
    url,
    ts,
    title: v.title ?? v.url,
    text: v.text,
    // our own fields
    object_url: v.url,
    canonical_url: v.canonicalUrl,
    feed_url: v.feedUrl,
    crawl: v.crawl,
    method: v.method,
    confidence: v.confidence,
    author: v.author,
    published: v.published,
    categories: v.categories,
    comments,
  };
}
