/** Writes the reconstructed pages of every object version and an index page per feed [004 §6]. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { ObjectVersion } from '../core/domain.js';
import { type Db, iterateVersions, listComments, listFeeds } from '../store/index.js';
import { escapeHtml as e } from './html-escape.js';
import { feedIndexPath, versionPagePath } from './page-paths.js';
import { PAGE_WRITES_IN_FLIGHT } from './constants.js';
import { htmlDocument, renderObjectPage } from './page-render.js';

interface IndexEntry {
  title: string;
  url: string;
  published: string | null;
  versions: Array<{ path: string; captureTime: string; method: string }>;
}

/**
 * Writes files with up to PAGE_WRITES_IN_FLIGHT writes under way (the file system's latency is
 * spent off the main thread, while the next pages render), making each folder once.
 */
function pageFiles(): { write(file: string, content: string): Promise<void>; done(): Promise<void> } {
  const made = new Map<string, Promise<unknown>>();
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  const folder = (dir: string): Promise<unknown> => {
    let m = made.get(dir);
    if (m === undefined) {
      m = mkdir(dir, { recursive: true });
      made.set(dir, m);
    }
    return m;
  };
  return {
    async write(file, content) {
      if (failure !== null) throw failure;
      const w = folder(dirname(file))
        .then(() => writeFile(file, content))
        .catch((e: unknown) => {
          failure ??= e;
        })
        .finally(() => inFlight.delete(w));
      inFlight.add(w);
      if (inFlight.size >= PAGE_WRITES_IN_FLIGHT) await Promise.race(inFlight);
    },
    async done() {
      await Promise.all(inFlight);
      if (failure !== null) throw failure;
    },
  };
}

/** Relative link from one page (path under pages/) to another. */
const link = (from: string, to: string): string => relative(dirname(`/${from}`), `/${to}`);

/**
 * For every object version a standalone page under `<outDir>/pages/`, an index page per feed, and
 * `pages/index.html` listing the feeds. Reruns overwrite the same files.
 */
export async function writeReconstructedPages(db: Db, outDir: string): Promise<{ pages: number; indexes: number }> {
  const root = join(outDir, 'pages');
  const files = pageFiles();
  const byFeed = new Map<string | null, Map<number, IndexEntry>>();
  let pages = 0;
  for (const v of iterateVersions(db)) {
    const path = versionPagePath(v);
    const indexPath = feedIndexPath(v.feedUrl);
    await files.write(join(root, path), renderObjectPage(v, listComments(db, v.id), { indexHref: link(path, indexPath) }));
    pages++;
    addToIndex(byFeed, v, path);
  }
  const feedTitles = new Map(listFeeds(db).map((f) => [f.url, f.title]));
  const indexLinks: string[] = [];
  for (const [feedUrl, entries] of byFeed) {
    const indexPath = feedIndexPath(feedUrl);
    const title = feedUrl === null ? 'Objects found without a feed' : (feedTitles.get(feedUrl) ?? feedUrl);
    await files.write(join(root, indexPath), renderFeedIndex(title, feedUrl, indexPath, [...entries.values()]));
    indexLinks.push(`<li><a href="${e(indexPath)}">${e(title)}</a> (${entries.size} objects)</li>`);
  }
  await files.write(
    join(root, 'index.html'),
    htmlDocument(
      'Overlay collection',
      `<h1>Overlay collection</h1><p>${pages} reconstructed object versions.</p><ul>${indexLinks.join('\n')}</ul>`,
    ),
  );
  await files.done();
  return { pages, indexes: byFeed.size + 1 };
}

function addToIndex(byFeed: Map<string | null, Map<number, IndexEntry>>, v: ObjectVersion, path: string): void {
  let entries = byFeed.get(v.feedUrl);
  if (entries === undefined) {
    entries = new Map();
    byFeed.set(v.feedUrl, entries);
  }
  let entry = entries.get(v.objectId);
  if (entry === undefined) {
    entry = { title: v.title ?? v.url, url: v.url, published: v.published, versions: [] };
    entries.set(v.objectId, entry);
  }
  // versions come oldest first: the index shows the latest title
  entry.title = v.title ?? entry.title;
  entry.published = v.published ?? entry.published;
  entry.versions.push({ path, captureTime: v.captureTime, method: v.method });
}

function renderFeedIndex(title: string, feedUrl: string | null, indexPath: string, entries: IndexEntry[]): string {
  entries.sort((a, b) => (b.published ?? '').localeCompare(a.published ?? '') || a.url.localeCompare(b.url));
  const items = entries.map((en) => {
    const versions = en.versions
      .map(
        (ver) =>
          `<a href="${e(link(indexPath, ver.path))}">${e(ver.captureTime)}${ver.method === 'feed-guided' ? '' : ` (${e(ver.method)})`}</a>`,
      )
      .join(' · ');
    return `<li><strong>${e(en.title)}</strong>${en.published ? ` <time datetime="${e(en.published)}">${e(en.published.slice(0, 10))}</time>` : ''}<br><small>${e(en.url)}</small><br>versions: ${versions}</li>`;
  });
  return htmlDocument(
    title,
    `<h1>${e(title)}</h1>${feedUrl ? `<p>Feed: ${e(feedUrl)}</p>` : ''}<p><a href="${e(link(indexPath, 'index.html'))}">All feeds</a></p><ol class="wo-index">${items.join('\n')}</ol>`,
  );
}
