import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFixtureComment, buildFixtureOverlay } from '../../test/browser/fixture-overlay.js';
import { openStore } from '../store/index.js';
import { startViewer, type Viewer } from './viewer-server.js';

/** A raw request, so the Host header and method can be anything. */
function raw(url: string, opts: { method?: string; host?: string; path?: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: opts.path ?? u.pathname,
        method: opts.method ?? 'GET',
        headers: opts.host ? { host: opts.host } : {},
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Rows of the object list. */
const objectLinks = (list: string): number => (list.match(/class="object-link"/g) ?? []).length;

describe('viewer server on the overlay of the sample Pelican crawls', () => {
  let dir = '';
  let viewer: Viewer;
  let fixture: Awaited<ReturnType<typeof buildFixtureOverlay>>;
  let editedUrl = '';
  /** Words the edit added to the later version (absent from the earlier text). */
  let addedWords: string[] = [];
  /** The comment added to the later version; its word "zephyrine" is in no page of the samples. */
  const commentText = 'Thanks, the zephyrine example in this section fixed my policy module.';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-viewer-'));
    fixture = await buildFixtureOverlay(dir);
    const { before, after } = fixture.edited;
    editedUrl = after.url;
    addedWords = after.text.split(/\s+/).filter((w) => /^[A-Za-z]{6,}$/.test(w) && !before.text.includes(w));
    addFixtureComment(dir, after, { author: 'Ada Reader', published: after.captureTime, text: commentText });
    viewer = await startViewer({ dir });
  });
  afterAll(async () => {
    await viewer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists, searches and filters objects by the change kinds the changes stage stored', async () => {
    const all = await fetch(viewer.url);
    expect(all.headers.get('content-security-policy')).toContain("default-src 'none'");
    const allBody = await all.text();
    expect(allBody).toContain('from the changes table');
    const db = openStore(dir, { writable: false });
    const objects = db.prepare('SELECT count(*) FROM objects').pluck().get() as number;
    db.close();
    expect(allBody).toContain(`${objects} objects`);
    expect(objectLinks(allBody)).toBe(objects);
    const edited = await fetch(`${viewer.url}?kind=content-edit`);
    expect(edited.headers.get('content-security-policy')).toContain("default-src 'none'");
    const body = await edited.text();
    expect(body).toContain(editedUrl);
    expect(objectLinks(body)).toBeLessThan(objectLinks(allBody));
    expect(body).not.toContain('<script');
    // the comment is the only one in the overlay: one object gained comments
    const commented = await (await fetch(`${viewer.url}?kind=comments-added`)).text();
    expect(objectLinks(commented)).toBe(1);
    expect(commented).toContain(editedUrl);
    // full-text search covers titles, texts and comments
    const byTitle = await (await fetch(`${viewer.url}?q=${encodeURIComponent(fixture.edited.after.title ?? '')}`)).text();
    expect(byTitle).toContain(editedUrl);
    const byComment = await (await fetch(`${viewer.url}?q=zephyrine`)).text();
    expect(objectLinks(byComment)).toBe(1);
    expect(byComment).toContain(editedUrl);
    const none = await (await fetch(`${viewer.url}?q=${encodeURIComponent('zzqxv nothing')}`)).text();
    expect(none).toContain('No object matches.');
  });

  it('serves an object, a diff and the raw archived page in a sandbox on the replay origin', async () => {
    const list = await (await fetch(`${viewer.url}?kind=content-edit`)).text();
    const id = new RegExp(`href="/object/(\\d+)">[^<]*</a><br><small class="muted">${escapeRegExp(editedUrl)}<`).exec(list)?.[1];
    expect(id).toBeDefined();
    expect(Number(id)).toBe(fixture.edited.after.objectId);
    const page = await (await fetch(`${viewer.url}object/${id}`)).text();
    expect(page).toContain('Key-path of content');
    expect(page).toContain(`src="${viewer.replayUrl}replay.html?`);
    expect(page).toContain(commentText); // the latest version is shown, with its comment
    const db = openStore(dir, { writable: false });
    const ids = (
      db.prepare("SELECT id FROM versions WHERE object_id = ? AND method = 'fused' ORDER BY capture_time").all(Number(id)) as Array<{
        id: number;
      }>
    ).map((r) => r.id);
    const similarity = db
      .prepare('SELECT similarity FROM changes WHERE object_id = ? AND to_version_id = ?')
      .pluck()
      .get(Number(id), ids[1]) as number;
    db.close();
    expect(ids).toEqual([fixture.edited.before.id, fixture.edited.after.id]);
    expect(page).toContain(`<option value="${ids[0]}" selected>`);
    expect(page).toContain('Stored changes');
    expect(page).toContain(`similarity ${similarity.toFixed(3)}`);
    const diff = await (await fetch(`${viewer.url}diff?a=${ids[1]}&b=${ids[0]}`)).text();
    expect(diff).toContain('words added');
    expect(addedWords.length).toBeGreaterThan(0);
    for (const w of addedWords.slice(0, 5)) expect(diff).toMatch(new RegExp(`<ins>[^<]*\\b${w}\\b`));
    expect(diff).toContain('comments: 1 added, 0 removed, 0 kept');
    expect(diff).toMatch(/Stored change: .*content-edit.*comments-added/);
    const rawHref = /href="([^"]*\/raw\/\d+[^"]*)"/.exec(page)?.[1]?.replace(/&amp;/g, '&') ?? '';
    expect(rawHref.startsWith(viewer.replayUrl)).toBe(true);
    const archived = await fetch(rawHref);
    expect(archived.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    const archivedBody = await archived.text();
    expect(archivedBody).toContain('entry-content');
    expect(archivedBody).toContain(addedWords[0]); // the later capture, the one the shown version came from
  });

  it('binds to 127.0.0.1 only and refuses foreign Host headers, writes and unknown paths', async () => {
    expect(new URL(viewer.url).hostname).toBe('127.0.0.1');
    expect(new URL(viewer.replayUrl).hostname).toBe('127.0.0.1');
    expect(await raw(viewer.url, { host: 'evil.test' })).toBe(421);
    expect(await raw(viewer.replayUrl, { host: 'evil.test' })).toBe(421);
    expect(await raw(viewer.url, { method: 'POST' })).toBe(405);
    expect((await fetch(`${viewer.url}object/999999`)).status).toBe(404);
    expect((await fetch(`${viewer.replayUrl}warc/f99`)).status).toBe(404);
    expect((await fetch(`${viewer.url}diff?a=1&b=2`)).status).toBe(400);
  });

  it('answers request targets that are no plain path without failing: "//" is a path, an absolute URL is refused', async () => {
    for (const origin of [viewer.url, viewer.replayUrl]) {
      expect(await raw(origin, { path: '//' })).toBe(404);
      expect(await raw(origin, { path: '//evil.test/warc/f0' })).toBe(404);
      expect(await raw(origin, { path: 'http://evil.test/' })).toBe(400);
    }
    expect((await fetch(viewer.url)).status).toBe(200);
  });

  it('derives the change kinds itself, comments included, from a store without stored changes', async () => {
    await viewer.close();
    const db = openStore(dir, { writable: true });
    // a store as built before the changes stage existed: no rows in the changes table
    db.prepare('DELETE FROM changes').run();
    db.close();
    viewer = await startViewer({ dir });
    const list = await (await fetch(`${viewer.url}?kind=content-edit`)).text();
    expect(list).toContain('derived by the viewer');
    expect(list).toContain(editedUrl);
    const commented = await (await fetch(`${viewer.url}?kind=comments-added`)).text();
    expect(objectLinks(commented)).toBe(1);
    expect(commented).toContain(editedUrl);
    const page = await (await fetch(`${viewer.url}object/${fixture.edited.after.objectId}`)).text();
    expect(page).not.toContain('Stored changes');
    expect(page).toContain(commentText);
  });
});
