/**
 * `warc-overlay serve`: the viewer. Two plain node:http servers on the same host: the viewer origin
 * (lists, objects, diffs; no script at all) and a separate replay origin (another port) where
 * wabac.js replays the archived originals. Archived content is hostile: it only ever runs in the
 * replay origin, inside a sandboxed frame, and the store is opened read-only.
 */
import { closeSync, createReadStream, lstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { cdxjLine } from '../core/cdxj.js';
import { UsageError } from '../core/errors.js';
import { isIsoDay } from '../core/iso-day.js';
import {
  type CaptureView,
  type Db,
  type FeedView,
  getCapture,
  getVersion,
  hasStoredChanges,
  listComments,
  listFeeds,
  listKinds,
  listReplayCaptures,
  listSites,
  listStoredChanges,
  listVersionsOf,
  type ObjectFilters,
  openSearchIndex,
  openStore,
  searchObjects,
  resolvePayloadSource,
} from '../store/index.js';
import { reconstructChannelPage, timestamp14 } from '../reconstruct/index.js';
import { type ArchiveFile, listArchiveFiles, readArchivedBody } from './archive-files.js';
import { checkAccess, isLoopback, newAccessToken } from './access.js';
import { FEEDS_ON_HOME, MAX_URL_BYTES, PAGE_CACHE_ENTRIES, PAGE_CACHE_TTL_MS, PAGE_SIZE } from './constants.js';
import { PageCache } from './page-cache.js';
import { keyPathToSelector } from './key-path-selector.js';
import { REPLAY_HTML, REPLAY_JS } from './replay-client.js';
import { renderDiffPage, renderError, renderFeedsPage, renderListPage, renderObjectPage, type ReplayLinks } from './viewer-pages.js';
import { VIEWER_CSS } from './viewer-style.js';

export interface ViewerOptions {
  /** Overlay directory (holds overlay.sqlite). */
  dir: string;
  /** Interface to bind; default 127.0.0.1 (loopback only). */
  host?: string;
  /** Port of the viewer; 0 picks a free one. The replay origin always takes a free port. */
  port?: number;
  /** Must be true to bind anything but loopback; other clients then need the access token. */
  allowRemote?: boolean;
  /** Access token for non-loopback clients (default: a random one, see `Viewer.token`). */
  token?: string;
}

export interface Viewer {
  url: string;
  /** Origin of the replay server (archived content runs there, never in `url`'s origin). */
  replayUrl: string;
  /** Token non-loopback clients must present (`?token=`), null when bound to loopback only. */
  token: string | null;
  close(): Promise<void>;
}

/** Name of the overlay WACZ inside an overlay directory that the replay origin serves (as /warc/overlay.wacz). */
export const OVERLAY_WACZ_FILE = 'overlay.wacz';

/** The overlay's own WACZ: a regular file (not a symlink placed in the directory) that starts like a zip. */
function isOverlayWacz(path: string): boolean {
  try {
    if (!lstatSync(path).isFile()) return false;
    const fd = openSync(path, 'r');
    try {
      const magic = Buffer.alloc(4);
      readSync(fd, magic, 0, 4, 0);
      return magic.equals(Buffer.from('PK\x03\x04', 'latin1'));
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

/** Lines of a crawl's CDXJ served to wabac (ours: larger crawls are cut; the replay then misses resources). */
const MAX_CDX_LINES = 500_000;

const listen = (server: Server, port: number, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  const buf = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': String(buf.length),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : buf);
}

/**
 * The request target as a URL on a placeholder origin: only a path (origin-form, RFC 9112 §3.2.1)
 * is taken, and a path starting `//` stays a path (`new URL('//x', base)` would read a host, and
 * `//` alone throws). Null for anything else (absolute-form, `*`, garbage).
 */
function requestTarget(raw: string | undefined): URL | null {
  const target = raw ?? '/';
  if (!target.startsWith('/')) return null;
  try {
    return new URL(`http://viewer.invalid${target}`);
  } catch {
    return null;
  }
}

/** Serve a file with Range support (wabac reads WARC records and WACZ members by range). */
function sendFile(req: IncomingMessage, res: ServerResponse, path: string, type: string, headers: Record<string, string>): void {
  const size = statSync(path).size;
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  let start = 0;
  let end = size - 1;
  if (range) {
    start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      res.writeHead(416, { 'Content-Range': `bytes */${size}` });
      res.end();
      return;
    }
  }
  res.writeHead(range ? 206 : 200, {
    'Content-Type': type,
    'Content-Length': String(end - start + 1),
    'Accept-Ranges': 'bytes',
    ...(range ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(path, { start, end }).pipe(res);
}

/**
 * The replay index of one crawl: its responses and resources, and its revisit records together
 * with the records holding their payload (in this crawl or an earlier one), so that wabac.js
 * resolves a revisit to its original as it does in a WACZ (WARC 1.1 §6.7).
 */
function cdxj(db: Db, crawlId: number, files: ArchiveFile[]): string {
  const byStored = new Map(files.map((f) => [f.stored, f]));
  const lines = new Set<string>();
  const add = (r: CaptureView): void => {
    const f = byStored.get(r.file);
    if (f === undefined || f.path === null || f.isWacz) return;
    lines.add(
      cdxjLine({
        url: r.url,
        time: r.time,
        // CDXIndexer writes revisits as warc/revisit
        mime: r.recordType === 'revisit' ? 'warc/revisit' : (r.mime ?? 'unk'),
        status: r.status ?? 200,
        digest: r.payloadDigest,
        length: r.length,
        offset: r.offset,
        filename: `f${f.index}`,
      }),
    );
  };
  for (const r of listReplayCaptures(db, crawlId, MAX_CDX_LINES)) {
    add(r);
    if (r.recordType !== 'revisit') continue;
    const source = resolvePayloadSource(db, r.id);
    const original = source === undefined ? undefined : getCapture(db, source.id);
    if (original !== undefined && original.recordType !== 'revisit') add(original);
  }
  return `${[...lines].sort().join('\n')}\n`;
}

const intParam = (v: string | null): number | undefined => (v !== null && /^\d{1,12}$/.test(v) ? Number(v) : undefined);
const dateParam = (v: string | null): string | undefined => (v !== null && isIsoDay(v) ? v : undefined);

/** Start the viewer on an overlay directory. */
export async function startViewer(opts: ViewerOptions): Promise<Viewer> {
  const host = opts.host ?? '127.0.0.1';
  const remote = !isLoopback(host);
  if (remote && opts.allowRemote !== true) {
    throw new UsageError(
      `--host ${host} would serve archived content to other machines; add --allow-remote to do that (clients then need the printed access token)`,
    );
  }
  const token = remote ? (opts.token ?? newAccessToken()) : null;
  const store = openStore(opts.dir, { writable: false });
  const { index: idx } = openSearchIndex(store, opts.dir);
  const files = listArchiveFiles(store, opts.dir);
  const kindsSource = hasStoredChanges(store) ? 'stored' : 'derived';
  const swPath = join(dirname(createRequire(import.meta.url).resolve('@webrecorder/wabac')), 'sw.js');
  const cdxCache = new Map<number, string>();
  // the overlay WACZ written by `export --format wacz` into the directory, replayable too
  const overlayWacz = join(opts.dir, OVERLAY_WACZ_FILE);

  const viewerServer = createServer();
  const replayServer = createServer();
  const viewerPort = await listen(viewerServer, opts.port ?? 0, host);
  const replayPort = await listen(replayServer, 0, host);
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const viewerOrigin = `http://${urlHost}:${viewerPort}`;
  const replayOrigin = `http://${urlHost}:${replayPort}`;
  // Host values accepted from loopback clients (DNS rebinding); other clients need the token instead.
  const allowedHosts = (port: number): Set<string> =>
    new Set([`${urlHost}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]);
  // The costly lists (feeds with object counts, sites, kinds) and rendered list pages, kept a short while.
  const cache = new PageCache(PAGE_CACHE_ENTRIES, PAGE_CACHE_TTL_MS);
  const feedsNow = (): FeedView[] => cache.get('feeds', () => listFeeds(store));
  const sitesNow = () => cache.get('sites', () => listSites(idx));
  const kindsNow = () => cache.get('kinds', () => listKinds(idx));
  const viewerHosts = allowedHosts(viewerPort);
  const replayHosts = allowedHosts(replayPort);

  const viewerCsp = `default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-src ${replayOrigin}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;
  const html = (res: ServerResponse, status: number, body: string): void =>
    send(res, status, 'text/html; charset=utf-8', body, { 'Content-Security-Policy': viewerCsp, 'X-Frame-Options': 'DENY' });

  function replayLinks(captureId: number | null, contentPath: string | null): ReplayLinks {
    const capture = captureId === null ? undefined : getCapture(store, captureId);
    if (capture === undefined) return { replay: null, raw: null, note: 'No archived capture is stored for this version.' };
    const file = files.find((f) => f.stored === capture.file);
    if (file === undefined || file.path === null) return { replay: null, raw: null, note: `Archive file not found: ${capture.file}` };
    const sel = keyPathToSelector(contentPath) ?? '';
    const params = new URLSearchParams({
      coll: file.isWacz ? `wacz-${file.index}` : `crawl-${capture.crawlId}`,
      src: file.isWacz ? `${replayOrigin}/warc/f${file.index}.wacz` : `${replayOrigin}/warc/crawl-${capture.crawlId}.cdxj`,
      url: capture.url,
      ts: timestamp14(capture.time),
      sel,
    });
    return {
      replay: `${replayOrigin}/replay.html?${params}`,
      raw: `${replayOrigin}/raw/${capture.id}?${new URLSearchParams({ sel })}`,
      note: null,
    };
  }

  function handleViewer(_req: IncomingMessage, u: URL, res: ServerResponse): void {
    const p = u.searchParams;
    if (u.pathname === '/viewer.css') return send(res, 200, 'text/css; charset=utf-8', VIEWER_CSS);
    if (u.pathname === '/') {
      const filters: ObjectFilters = {};
      const q = p.get('q');
      if (q) filters.q = q;
      const site = p.get('site');
      if (site) filters.site = site;
      const kind = p.get('kind');
      if (kind) filters.kind = kind;
      const from = dateParam(p.get('from'));
      if (from) filters.from = from;
      const to = dateParam(p.get('to'));
      if (to) filters.to = to;
      const feed = intParam(p.get('feed'));
      if (feed !== undefined) filters.feedId = feed;
      const page = intParam(p.get('page'));
      if (page !== undefined) filters.page = page;
      const listPage = cache.get(`list ${u.search}`, () => {
        const { rows, total } = searchObjects(idx, filters, PAGE_SIZE);
        const feeds = feedsNow();
        return renderListPage({
          filters,
          rows,
          total,
          sites: sitesNow(),
          kinds: kindsNow(),
          feeds: feeds.slice(0, FEEDS_ON_HOME),
          feedsTotal: feeds.length,
          kindsSource,
        });
      });
      return html(res, 200, listPage);
    }
    if (u.pathname === '/feeds') {
      const page = intParam(p.get('page')) ?? 0;
      const feeds = feedsNow();
      return html(res, 200, renderFeedsPage({ feeds: feeds.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE), page, total: feeds.length }));
    }
    const obj = /^\/object\/(\d{1,12})$/.exec(u.pathname);
    if (obj) {
      const page = cache.get(`object ${obj[1]} ${p.get('v') ?? ''}`, () => {
        const versions = listVersionsOf(store, Number(obj[1]));
        const wanted = intParam(p.get('v'));
        const current = versions.find((v) => v.id === wanted) ?? versions[versions.length - 1];
        if (current === undefined) return null;
        const capture = current.captureId === null ? undefined : getCapture(store, current.captureId);
        return renderObjectPage({
          versions,
          current,
          comments: listComments(store, current.id),
          capture,
          changes: listStoredChanges(store, current.objectId),
          replay: replayLinks(current.captureId, current.paths.content ?? null),
        });
      });
      if (page === null) return html(res, 404, renderError(404, 'no such object'));
      return html(res, 200, page);
    }
    if (u.pathname === '/diff') {
      const a = getVersion(store, intParam(p.get('a')) ?? -1);
      const b = getVersion(store, intParam(p.get('b')) ?? -1);
      if (a === undefined || b === undefined || a.objectId !== b.objectId) {
        return html(res, 400, renderError(400, 'diff needs two versions a and b of the same object'));
      }
      const [older, newer] = a.captureTime <= b.captureTime ? [a, b] : [b, a];
      const page = cache.get(`diff ${older.id} ${newer.id}`, () => {
        const stored = listStoredChanges(store, a.objectId).find((c) => c.fromVersionId === older.id && c.toVersionId === newer.id);
        return renderDiffPage({
          a: older,
          b: newer,
          commentsA: listComments(store, older.id),
          commentsB: listComments(store, newer.id),
          stored,
        });
      });
      return html(res, 200, page);
    }
    if (u.pathname === '/channel') {
      const feed = feedsNow().find((f) => f.id === intParam(p.get('feed')));
      if (feed === undefined) return html(res, 404, renderError(404, 'no such feed'));
      const at = p.get('at') || new Date().toISOString();
      try {
        return html(
          res,
          200,
          cache.get(`channel ${feed.id} ${p.get('at') ?? ''}`, () => reconstructChannelPage(store, feed.url, at).html),
        );
      } catch (error) {
        return html(res, 400, renderError(400, (error as Error).message));
      }
    }
    return html(res, 404, renderError(404, 'not found'));
  }

  async function handleReplay(req: IncomingMessage, u: URL, res: ServerResponse): Promise<void> {
    const framing = { 'Content-Security-Policy': `frame-ancestors 'self' ${viewerOrigin}` };
    if (u.pathname === '/replay.html') {
      return send(res, 200, 'text/html; charset=utf-8', REPLAY_HTML, {
        'Content-Security-Policy': `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; frame-src 'self'; frame-ancestors ${viewerOrigin}`,
      });
    }
    if (u.pathname === '/replay.js') return send(res, 200, 'text/javascript; charset=utf-8', REPLAY_JS);
    if (u.pathname === '/sw.js') {
      return send(res, 200, 'text/javascript; charset=utf-8', readFileSync(swPath), { 'Service-Worker-Allowed': '/' });
    }
    const crawlCdx = /^\/warc\/crawl-(\d{1,12})\.cdxj$/.exec(u.pathname);
    if (crawlCdx) {
      const crawlId = Number(crawlCdx[1]);
      let text = cdxCache.get(crawlId);
      if (text === undefined) {
        text = cdxj(store, crawlId, files);
        cdxCache.set(crawlId, text);
      }
      return send(res, 200, 'text/plain; charset=utf-8', text, { 'Accept-Ranges': 'bytes', ...framing });
    }
    if (u.pathname === '/warc/overlay.wacz' && isOverlayWacz(overlayWacz)) {
      return sendFile(req, res, overlayWacz, 'application/octet-stream', framing);
    }
    const warc = /^\/warc\/f(\d{1,9})(?:\.wacz)?$/.exec(u.pathname);
    if (warc) {
      const f = files[Number(warc[1])];
      if (f?.path == null) return send(res, 404, 'text/plain', 'no such archive file');
      return sendFile(req, res, f.path, 'application/octet-stream', framing);
    }
    const raw = /^\/raw\/(\d{1,12})$/.exec(u.pathname);
    if (raw) {
      const capture = getCapture(store, Number(raw[1]));
      if (capture === undefined) return send(res, 404, 'text/plain', 'no such capture');
      const body = await readArchivedBody(
        files.find((f) => f.stored === capture.file),
        capture,
      );
      if ('error' in body) return send(res, 404, 'text/plain; charset=utf-8', body.error);
      const sel = u.searchParams.get('sel');
      // archived page, inert: CSP sandbox without allow-scripts (opaque origin), nothing loaded from outside
      const highlight =
        sel && /html/i.test(body.contentType)
          ? Buffer.from(`<style>${sel.replace(/<\//g, '<\\/')}{outline:4px solid #d0208a !important;outline-offset:2px}</style>`)
          : Buffer.alloc(0);
      return send(res, 200, body.contentType, Buffer.concat([highlight, body.body]), {
        'Content-Security-Policy': `sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors ${viewerOrigin} ${replayOrigin}`,
      });
    }
    return send(res, 404, 'text/plain', 'not found');
  }

  const guard =
    (hosts: Set<string>, handler: (req: IncomingMessage, target: URL, res: ServerResponse) => void | Promise<void>) =>
    (req: IncomingMessage, res: ServerResponse): void => {
      // Only GET/HEAD; bounded URLs; access by client address and token, never by Host (access.ts)
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'method not allowed', { Allow: 'GET, HEAD' });
      if ((req.url ?? '').length > MAX_URL_BYTES) return send(res, 414, 'text/plain', 'URL too long');
      const target = requestTarget(req.url);
      if (target === null) return send(res, 400, 'text/plain', 'bad request target: a path is expected');
      const access = checkAccess(req, target, hosts, token);
      if (!access.ok) return send(res, access.status, 'text/plain; charset=utf-8', access.message);
      if (access.setCookie !== null) res.setHeader('Set-Cookie', access.setCookie);
      Promise.resolve()
        .then(() => handler(req, target, res))
        .catch((error: unknown) => {
          if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', `internal error: ${(error as Error).message}`);
          else res.destroy();
        });
    };
  viewerServer.on('request', guard(viewerHosts, handleViewer));
  replayServer.on('request', guard(replayHosts, handleReplay));

  return {
    url: `${viewerOrigin}/${token === null ? '' : `?token=${token}`}`,
    replayUrl: `${replayOrigin}/`,
    token,
    close: async () => {
      await Promise.all(
        [viewerServer, replayServer].map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      );
      idx.close();
      store.close();
    },
  };
}
