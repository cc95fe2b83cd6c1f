/**
 * Browser tests of the viewer in real headless Chromium (Debian `chromium` driven by
 * playwright-core; no browser download) on the overlay of the sample Pelican crawls: search, open
 * an object, see a diff with a highlighted edit, see the archived original replayed by wabac.js
 * with the extracted node outlined, and load the overlay WACZ through wabac.js's own WACZ loader.
 * Screenshots go to test-artifacts/.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { overlayUrl, timestamp14, writeOverlayWacz } from '../../src/reconstruct/index.js';
import { startViewer, type Viewer } from '../../src/viewer/index.js';
import { buildFixtureOverlay } from './fixture-overlay.js';

/** The little of the DOM the in-page functions use (the project's tsconfig has no DOM lib). */
interface Dom {
  document: {
    body: { dataset: Record<string, string | undefined> };
    querySelector(selector: string): { textContent: string | null; contentDocument?: unknown } | null;
  };
  getComputedStyle(el: unknown): { backgroundColor: string };
}

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = join(process.cwd(), 'test-artifacts');
const hasChromium = existsSync(CHROMIUM);
const skip = !hasChromium && !process.env.CI;
const title = skip ? `viewer in Chromium (SKIPPED: ${CHROMIUM} missing; run scripts/setup-browser.sh)` : 'viewer in Chromium';

/** Wait for the replay page of the replay origin to finish (state set by replay.js). */
async function replayFrame(page: Page): Promise<Frame> {
  await page.waitForFunction(() => (globalThis as unknown as Dom).document.querySelector('iframe.replay') !== null);
  const deadline = Date.now() + 45_000;
  for (;;) {
    const frame = page.frames().find((f) => f.url().includes('/replay.html'));
    if (frame) {
      await frame.waitForFunction(() => (globalThis as unknown as Dom).document.body.dataset.state !== undefined, undefined, {
        timeout: 45_000,
      });
      return frame;
    }
    if (Date.now() > deadline) throw new Error('replay frame never appeared');
    await page.waitForTimeout(100);
  }
}

describe.skipIf(skip)(title, () => {
  let dir = '';
  let viewer: Viewer;
  let browser: Browser;
  let fixture: Awaited<ReturnType<typeof buildFixtureOverlay>>;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    dir = mkdtempSync(join(tmpdir(), 'wo-browser-'));
    fixture = await buildFixtureOverlay(dir);
    const db = openStore(dir, { writable: false });
    await writeOverlayWacz(db, join(dir, 'overlay.wacz'));
    db.close();
    viewer = await startViewer({ dir });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await viewer?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('searches, opens the edited object, shows the highlighted edit and the replayed original', async () => {
    const { before, after } = fixture.edited;
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const blockedOutside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith('http://127.0.0.1:')) blockedOutside.push(r.url());
    });
    await page.goto(viewer.url);
    // a word of the edited object's title, typed as a user would
    const word = after.title?.match(/[A-Za-z]{6,}/)?.[0];
    if (word === undefined) throw new Error(`no searchable word in the title ${after.title}`);
    await page.fill('input[name=q]', word);
    await page.click('form.search button[type=submit]');
    await page.waitForURL(/\?q=/);
    const titles = await page.locator('a.object-link').allTextContents();
    expect(titles).toContain(after.title);
    await page.screenshot({ path: join(ARTIFACTS, 'viewer-search.png'), fullPage: true });

    await page.click(`a.object-link:text-is(${JSON.stringify(after.title)})`);
    await page.waitForURL(/\/object\/\d+/);
    expect(await page.locator('nav.timeline a, nav.timeline span.current').count()).toBe(2);
    expect(await page.locator('.wo-object h1').textContent()).toBe(after.title);

    // the archived original, replayed by wabac.js on the replay origin, extracted node outlined
    const replay = await replayFrame(page);
    expect(await replay.evaluate(() => (globalThis as unknown as Dom).document.body.dataset.state)).toBe('replayed');
    expect(await replay.evaluate(() => (globalThis as unknown as Dom).document.body.dataset.highlighted)).toBe('1');
    const archived = replay.childFrames()[0];
    expect(
      await archived?.evaluate(() => (globalThis as unknown as Dom).document.querySelector('[data-wo-extracted]')?.textContent ?? ''),
    ).toContain(after.text.slice(0, 40));
    await page.locator('iframe.replay').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'viewer-object-replay.png'), fullPage: true });
    // the replay runs in another origin: the viewer page cannot reach into it
    expect(
      await page.evaluate(() => {
        try {
          return (globalThis as unknown as Dom).document.querySelector('iframe.replay')?.contentDocument === null;
        } catch {
          return true;
        }
      }),
    ).toBe(true);

    await page.click('form[action="/diff"] button');
    await page.waitForURL(/\/diff\?/);
    const inserted = (await page.locator('.diff-new ins').allTextContents()).join(' ');
    const addedWords = after.text.split(/\s+/).filter((w) => !before.text.includes(w));
    expect(addedWords.length).toBeGreaterThan(0);
    for (const w of addedWords.slice(0, 5)) expect(inserted).toContain(w);
    const bg = await page
      .locator('.diff-new ins')
      .first()
      .evaluate((el) => (globalThis as unknown as Dom).getComputedStyle(el).backgroundColor);
    expect(bg).not.toBe('rgba(0, 0, 0, 0)');
    await page.screenshot({ path: join(ARTIFACTS, 'viewer-diff.png'), fullPage: true });
    expect(blockedOutside).toEqual([]);
    await page.close();
  });

  it('loads the overlay WACZ with wabac.js and replays a reconstructed page', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const { after } = fixture.edited;
    const params = new URLSearchParams({
      coll: 'overlay',
      src: `${viewer.replayUrl}warc/overlay.wacz`,
      url: overlayUrl(after.canonicalUrl),
      ts: timestamp14(after.captureTime),
      sel: 'article.wo-object',
    });
    await page.goto(`${viewer.replayUrl}replay.html?${params}`);
    await page.waitForFunction(() => (globalThis as unknown as Dom).document.body.dataset.state !== undefined, undefined, {
      timeout: 45_000,
    });
    expect(await page.evaluate(() => (globalThis as unknown as Dom).document.body.dataset.state)).toBe('replayed');
    const pages = await page.evaluate(
      async () => ((await (await fetch('/w/api/c/overlay/pages')).json()) as { pages: unknown[] }).pages.length,
    );
    expect(pages).toBe(fixture.versions);
    const h1 = await page
      .frames()[1]
      ?.evaluate(() => (globalThis as unknown as Dom).document.querySelector('article.wo-object h1')?.textContent);
    expect(h1).toBe(after.title);
    await page.screenshot({ path: join(ARTIFACTS, 'overlay-wacz-replay.png') });
    await page.close();
  });
});
