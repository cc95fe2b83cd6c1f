import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixtureOverlay, corpusAvailable } from '../../test/browser/wp-dev-overlay.js';
import { openStore } from '../overlay/overlay-db.js';
import { startViewer, type Viewer } from './viewer-server.js';

const run = corpusAvailable() ? describe : describe.skip;

/** A raw request, so the Host header and method can be anything. */
function raw(url: string, opts: { method?: string; host?: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, method: opts.method ?? 'GET', headers: opts.host ? { host: opts.host } : {} }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

run('viewer server on the wp-dev fixture overlay', () => {
  let dir = '';
  let viewer: Viewer;
  let editedUrl = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-viewer-'));
    editedUrl = (await buildFixtureOverlay(dir)).editedUrl;
    viewer = await startViewer({ dir });
  });
  afterAll(async () => {
    await viewer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists, searches and filters objects; derives change kinds without a changes table', async () => {
    const all = await (await fetch(viewer.url)).text();
    expect(all).toContain('derived by the viewer');
    const edited = await fetch(`${viewer.url}?kind=content-edit`);
    expect(edited.headers.get('content-security-policy')).toContain("default-src 'none'");
    const body = await edited.text();
    expect(body).toContain(editedUrl);
    expect(body).not.toContain('<script');
    const none = await (await fetch(`${viewer.url}?q=${encodeURIComponent('zzqxv nothing')}`)).text();
    expect(none).toContain('No object matches.');
  });

  it('serves an object, a diff and the raw archived page in a sandbox on the replay origin', async () => {
    const list = await (await fetch(`${viewer.url}?kind=content-edit`)).text();
    const id = new RegExp(`href="/object/(\\d+)">[^<]*</a><br><small class="muted">${editedUrl}<`).exec(list)?.[1];
    expect(id).toBeDefined();
    const page = await (await fetch(`${viewer.url}object/${id}`)).text();
    expect(page).toContain('Key-path of content');
    expect(page).toContain(`src="${viewer.replayUrl}replay.html?`);
    const db = openStore(dir, { writable: false });
    const ids = (db.prepare('SELECT id FROM versions WHERE object_id = ? ORDER BY capture_time').all(Number(id)) as Array<{ id: number }>).map((r) => r.id);
    db.close();
    expect(page).toContain(`<option value="${ids[0]}" selected>`);
    const diff = await (await fetch(`${viewer.url}diff?a=${ids[1]}&b=${ids[0]}`)).text();
    expect(diff).toContain('words added');
    expect(diff).toMatch(/<ins>[^<]*Managing/);
    const rawHref = /href="([^"]*\/raw\/\d+[^"]*)"/.exec(page)?.[1]?.replace(/&amp;/g, '&') ?? '';
    const archived = await fetch(rawHref);
    expect(archived.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(await archived.text()).toContain('entry-content');
  });

  it('refuses foreign Host headers, writes and unknown paths', async () => {
    expect(await raw(viewer.url, { host: 'evil.test' })).toBe(421);
    expect(await raw(viewer.url, { method: 'POST' })).toBe(405);
    expect((await fetch(`${viewer.url}object/999999`)).status).toBe(404);
    expect((await fetch(`${viewer.replayUrl}warc/f99`)).status).toBe(404);
    expect((await fetch(`${viewer.url}diff?a=1&b=2`)).status).toBe(400);
  });

  it('shows stored change kinds once the changes stage has stored some', async () => {
    await viewer.close();
    const db = openStore(dir, { writable: true });
    const v = db
      .prepare('SELECT v.id, v.object_id, v.crawl_id FROM versions v JOIN objects o ON o.id = v.object_id WHERE o.url = ? ORDER BY v.capture_time')
      .all(editedUrl) as Array<{ id: number; object_id: number; crawl_id: number }>;
    db.prepare("INSERT INTO changes (object_id, from_version_id, to_version_id, to_crawl_id, kinds, similarity) VALUES (?, ?, ?, ?, '[\"content-edit\",\"comments-added\"]', 0.8)")
      .run(v[0]?.object_id, v[0]?.id, v[1]?.id, v[1]?.crawl_id);
    db.close();
    viewer = await startViewer({ dir });
    const list = await (await fetch(`${viewer.url}?kind=comments-added`)).text();
    expect(list).toContain('from the changes table');
    expect(list).toContain(editedUrl);
    const page = await (await fetch(`${viewer.url}object/${v[0]?.object_id}`)).text();
    expect(page).toContain('Stored changes');
    expect(page).toContain('similarity 0.800');
  });
});
