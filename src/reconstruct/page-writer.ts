/** Writes the reconstructed pages of every object version and an index page per feed [004 §6]. */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { Comment, ObjectVersion } from '../core/domain.js';
import { type Db, iterateVersions, listComments, listFeeds, type PageFileStore, type WrittenPageFile } from '../store/index.js';
import { PAGE_FORMAT, PAGE_WRITES_IN_FLIGHT } from './constants.js';
import { escapeHtml as e } from './html-escape.js';
import { feedIndexPath, versionPagePath } from './page-paths.js';
import { htmlDocument, renderObjectPage } from './page-render.js';
import { SANITIZER_VERSION, sanitizeHtml } from './sanitize-html.js';

interface IndexEntry {
  title: string;
  url: string;
  published: string | null;
  versions: Array<{ path: string; captureTime: string; method: string }>;
}

/**
 * Writes page files under `root`, making each folder once (an object's versions share one). With
 * `known` (the overlay's record of what it wrote before), a page whose sources (`source`, a digest of
 * everything it is rendered from) are unchanged is not even rendered, and one whose content is
 * unchanged is not written again; both only while the file on disk still has the recorded size.
 * Files are written by libuv's thread pool, up to PAGE_WRITES_IN_FLIGHT at a time, while this
 * thread renders the next pages; the first failure is thrown by the next `write` (no page is rendered
 * after it) or by `drain`, which waits for them all.
 */
class PageFiles {
  readonly #made = new Map<string, Promise<unknown>>();
  readonly #inFlight = new Set<Promise<void>>();
  #failure: { error: unknown } | null = null;
  readonly #written: WrittenPageFile[] = [];
  unchanged = 0;
  rendered = 0;

  constructor(
    readonly root: string,
    readonly known?: PageFileStore,
  ) {}

  async write(path: string, render: () => string, source: string | null = null): Promise<void> {
    this.#throwFailure();
    const file = join(this.root, path);
    const before = this.known?.recordOf(path);
    const sizeOnDisk = () => (before === undefined ? undefined : statSync(file, { throwIfNoEntry: false })?.size);
    if (source !== null && before?.source === source && before.bytes !== null && sizeOnDisk() === before.bytes) {
      this.unchanged++;
      return;
    }
    const content = render();
    this.rendered++;
    if (this.known !== undefined) {
      const digest = createHash('sha1').update(content).digest('base64');
      const bytes = Buffer.byteLength(content);
      this.#written.push({ path, digest, source, bytes });
      if (before?.digest === digest && sizeOnDisk() === bytes) {
        this.unchanged++;
        return;
      }
    }
    const dir = dirname(file);
    let made = this.#made.get(dir);
    if (made === undefined) {
      made = mkdir(dir, { recursive: true });
      this.#made.set(dir, made);
    }
    const written: Promise<void> = made
      .then(() => writeFile(file, content))
      .catch((error: unknown) => {
        this.#failure ??= { error };
      })
      .finally(() => this.#inFlight.delete(written));
    this.#inFlight.add(written);
    if (this.#inFlight.size >= PAGE_WRITES_IN_FLIGHT) await Promise.race(this.#inFlight);
    this.#throwFailure();
  }

  /** Every file written (the first failure thrown), then recorded: not while the versions are still
   *  being read (SQLite's connection is busy then). Kept in memory like the feed indexes. */
  async drain(): Promise<void> {
    await Promise.all(this.#inFlight);
    this.#throwFailure();
    this.known?.recordAll(this.#written);
    this.#written.length = 0;
  }

  #throwFailure(): void {
    if (this.#failure !== null) throw this.#failure.error;
  }
}

/**
 * The sanitised HTML of one object's article and comments, kept while its versions are written
 * (`iterateVersions` gives them together): the versions of an object in successive crawls mostly
 * hold the same article and comments.
 */
class ObjectFragments {
  #objectId: number | null = null;
  readonly #sanitised = new Map<string, string>();

  /** The sanitiser for a version of `objectId`; the fragments of the previous object are let go. */
  sanitizerFor(objectId: number): (html: string) => string {
    if (objectId !== this.#objectId) {
      this.#sanitised.clear();
      this.#objectId = objectId;
    }
    return this.#sanitize;
  }

  readonly #sanitize = (html: string): string => {
    let out = this.#sanitised.get(html);
    if (out === undefined) {
      out = sanitizeHtml(html);
      this.#sanitised.set(html, out);
    }
    return out;
  };
}

/** Digest of everything a version's page is rendered from: the page format, the sanitiser, the version, its comments, its links. */
function pageSource(v: ObjectVersion, comments: readonly Comment[], indexHref: string): string {
  return createHash('sha1')
    .update(JSON.stringify([PAGE_FORMAT, SANITIZER_VERSION, v, comments, indexHref]))
    .digest('base64');
}

/** Relative link from one page (path under pages/) to another. */
const link = (from: string, to: string): string => relative(dirname(`/${from}`), `/${to}`);

/**
 * For every object version a standalone page under `<outDir>/pages/`, an index page per feed, and
 * `pages/index.html` listing the feeds. Reruns write the same files; given `known` (a build's own
 * pages folder), only those whose content changed.
 */
export async function writeReconstructedPages(
  db: Db,
  outDir: string,
  known?: PageFileStore,
): Promise<{ pages: number; indexes: number; unchanged: number; rendered: number }> {
  const files = new PageFiles(join(outDir, 'pages'), known);
  const write = (path: string, content: string) => files.write(path, () => content);
  const byFeed = new Map<string | null, Map<number, IndexEntry>>();
  const fragments = new ObjectFragments();
  let pages = 0;
  for (const v of iterateVersions(db)) {
    const path = versionPagePath(v);
    const indexHref = link(path, feedIndexPath(v.feedUrl));
    const comments = listComments(db, v.id);
    const sanitize = fragments.sanitizerFor(v.objectId);
    await files.write(path, () => renderObjectPage(v, comments, { indexHref, sanitize }), pageSource(v, comments, indexHref));
    pages++;
    addToIndex(byFeed, v, path);
  }
  const feedTitles = new Map(listFeeds(db).map((f) => [f.url, f.title]));
  const indexLinks: string[] = [];
  for (const [feedUrl, entries] of byFeed) {
    const indexPath = feedIndexPath(feedUrl);
    const title = feedUrl === null ? 'Objects found without a feed' : (feedTitles.get(feedUrl) ?? feedUrl);
    await write(indexPath, renderFeedIndex(title, feedUrl, indexPath, [...entries.values()]));
    indexLinks.push(`<li><a href="${e(indexPath)}">${e(title)}</a> (${entries.size} objects)</li>`);
  }
  await write(
    'index.html',
    htmlDocument(
      'Overlay collection',
      `<h1>Overlay collection</h1><p>${pages} reconstructed object versions.</p><ul>${indexLinks.join('\n')}</ul>`,
    ),
  );
  await files.drain();
  return { pages, indexes: byFeed.size + 1, unchanged: files.unchanged, rendered: files.rendered };
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
