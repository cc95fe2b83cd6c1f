/**
 * The viewer on hostile overlays: feed items carrying raw-text and active markup never reach a
 * viewer page live; a store whose capture rows name other files serves none of them; binding
 * beyond loopback needs --allow-remote, and then a token that a forged Host header does not replace.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViewer } from '../../src/viewer/index.js';
import { cli } from '../helpers/cli-runner.js';
import { readSampleRecords, replacePayload, SAMPLE_1, writeSampleRecords } from './sample-records.js';

const RSS = 'http://pelican-dev.test:8090/feeds/all.rss.xml';
/** Item descriptions (XML-escaped in the feed) that a hand-written sanitiser let through. */
const PAYLOADS = [
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<noembed><img title="</noembed><img src=x onerror=alert(2)>"></noembed>',
  '<noframes><img src=x onerror=alert(3)></noframes>',
  '<meta http-equiv="refresh" content="0;url=https://evil.test/">',
  '<style>body{display:none}</style>',
  '<plaintext><img src=x onerror=alert(4)>',
];
const xmlEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe('viewer on hostile overlays', () => {
  let work = '';
  let out = '';

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'warc-overlay-viewer-hostile-'));
    const file = join(work, 'feed-items-with-raw-text-markup.warc.gz');
    // Items whose pages are not in the crawl: /channel shows their feed content (no object). Each
    // has text besides the payload, so it is a valid item [002: date and description].
    const items = PAYLOADS.map(
      (p, i) =>
        `<item><title>Hostile ${i}</title><link>http://pelican-dev.test:8090/posts/hostile/${i}/</link><description>${xmlEscape(`<p>Item text ${i}.</p>${p}`)}</description><pubDate>Mon, 09 Nov 2026 15:38:18 +0100</pubDate></item>`,
    ).join('');
    writeSampleRecords(
      file,
      replacePayload(readSampleRecords(SAMPLE_1), RSS, (xml) => xml.replace('<item>', `${items}<item>`)),
    );
    out = join(work, 'overlay');
    expect(cli('build', file, '--out', out, '--no-pages', '--workers', '1').code).toBe(0);
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('serves channel pages with no live markup from the feed items', async () => {
    const viewer = await startViewer({ dir: out });
    try {
      const db = new Database(join(out, 'overlay.sqlite'), { readonly: true });
      const feedId = db.prepare('SELECT id FROM feeds WHERE url = ?').pluck().get(RSS) as number;
      db.close();
      const page = await (await fetch(`${viewer.url}channel?feed=${feedId}`)).text();
      for (let i = 0; i < PAYLOADS.length; i++) expect(page).toContain(`Hostile ${i}`);
      expect(page).not.toMatch(/onerror|evil\.test|display:none|<xmp|<noembed|<noframes|<plaintext/i);
      expect(page.match(/http-equiv/gi)).toHaveLength(1); // the page's own CSP meta, nothing else
      const home = await (await fetch(viewer.url)).text();
      expect(home).not.toMatch(/onerror|evil\.test/);
    } finally {
      await viewer.close();
    }
  }, 60_000);

  it('serves no file that a forged capture row names, only the archives the build recorded', async () => {
    const forged = join(work, 'forged');
    expect(cli('build', SAMPLE_1, '--out', forged, '--no-pages', '--workers', '1').code).toBe(0);
    const secret = join(work, 'secret.txt');
    writeFileSync(secret, 'TOP-SECRET-CONTENT');
    // A WARC-looking file never given to a build: its identity is not in the crawls table.
    const unregistered = join(work, 'other.warc.gz');
    writeFileSync(unregistered, Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from('not the sample')]));
    const db = new Database(join(forged, 'overlay.sqlite'));
    const ids = db.prepare('SELECT id FROM captures ORDER BY id LIMIT 2').pluck().all() as number[];
    db.prepare('UPDATE captures SET file = ? WHERE id = ?').run(secret, ids[0]);
    db.prepare('UPDATE captures SET file = ? WHERE id = ?').run(unregistered, ids[1]);
    db.close();
    const viewer = await startViewer({ dir: forged });
    try {
      const served: string[] = [];
      for (let f = 0; f < 3; f++) {
        const res = await fetch(`${viewer.replayUrl}warc/f${f}`);
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status === 200) served.push(body.subarray(0, 2).toString('hex'));
        expect(body.toString('latin1')).not.toMatch(/TOP-SECRET|not the sample/);
      }
      // The sample itself (registered by the build) is still served.
      expect(served).toEqual(['1f8b']);
      for (const id of ids) {
        const body = await (await fetch(`${viewer.replayUrl}raw/${id}`)).text();
        expect(body).not.toMatch(/TOP-SECRET/);
      }
    } finally {
      await viewer.close();
    }
  }, 120_000);

  it('binds beyond loopback only with allowRemote, and then a forged Host header is no token', async () => {
    await expect(startViewer({ dir: out, host: '0.0.0.0', port: 0 })).rejects.toThrow(/--allow-remote/);
    const viewer = await startViewer({ dir: out, host: '0.0.0.0', port: 0, allowRemote: true });
    try {
      expect(viewer.token).toMatch(/^[\w-]{20,}$/);
      const port = new URL(viewer.url).port;
      // From this machine (loopback) no token is needed.
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      const external = Object.values(networkInterfaces())
        .flat()
        .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal)?.address;
      if (external === undefined) return; // no non-loopback interface to come from
      const viaLan = (path: string, headers: Record<string, string> = {}) => fetch(`http://${external}:${port}${path}`, { headers });
      expect((await viaLan('/', { host: `localhost:${port}` })).status).toBe(401);
      const withToken = await viaLan(`/?token=${viewer.token}`);
      expect(withToken.status).toBe(200);
      const cookie = withToken.headers.get('set-cookie')?.split(';')[0] ?? '';
      expect((await viaLan('/feeds', { cookie })).status).toBe(200);
    } finally {
      await viewer.close();
    }
  }, 60_000);
});
