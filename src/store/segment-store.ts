/** The segmentation pass's reads and writes: channel-page candidates, segments, and the objects they show. */
import { anySpelling, type Spellings, spellingsOf } from './object-spellings.js';
import { htmlCaptureWhere } from './html-capture.js';
import type { Db } from './overlay-db.js';

/** A capture that may be a channel page. */
export interface ChannelCaptureRow {
  id: number;
  url: string;
  time: string;
}

/** One post as a channel page shows it (`segments`). */
export interface SegmentRow {
  captureId: number;
  position: number;
  method: string;
  permalink: string | null;
  title: string | null;
  author: string | null;
  published: string | null;
  text: string;
  keyPath: string | null;
}

export class SegmentStore {
  readonly #db: Db;
  readonly #decided;
  readonly #nonPosts;
  readonly #nonPostsOfHost;
  readonly #withoutVersion;
  readonly #objectId;
  readonly #objectWithPageVersions;
  readonly #isNonPost;
  readonly #upsert;
  readonly #dropSurplus;
  readonly #link;
  readonly #objectOfVersion;
  readonly #segmentedIn;

  constructor(db: Db) {
    this.#db = db;
    this.#decided = db.prepare<[number], number>('SELECT count(*) FROM page_matches WHERE crawl_id = ?').pluck();
    // One query for the crawl and one per host: captures_crawl(crawl_id, host) serves the host's.
    const nonPosts = (where: string): string => `SELECT c.id, c.url, c.time FROM page_matches pm JOIN captures c ON c.id = pm.capture_id
      WHERE pm.crawl_id = ? AND ${where} pm.is_post = 0 AND ${htmlCaptureWhere('c')} ORDER BY c.id`;
    this.#nonPosts = db.prepare<[number], ChannelCaptureRow>(nonPosts(''));
    // A page decision is made for a capture of its own crawl (TemplateStore.htmlCaptures).
    this.#nonPostsOfHost = db.prepare<[number, number, string], ChannelCaptureRow>(nonPosts('c.crawl_id = ? AND c.host = ? AND'));
    this.#withoutVersion = db.prepare<
      [number],
      ChannelCaptureRow
    >(`SELECT c.id, c.url, c.time FROM captures c WHERE c.crawl_id = ? AND ${htmlCaptureWhere('c')}
      AND NOT EXISTS (SELECT 1 FROM versions v WHERE v.capture_id = c.id) ORDER BY c.id`);
    // An object is known under any spelling of its URL (`spellingsOf`), as the writer keys it.
    this.#objectId = db.prepare<Spellings, number>(`SELECT id FROM objects WHERE ${anySpelling('canonical_url')} LIMIT 1`).pluck();
    this.#objectWithPageVersions = db.prepare<[...Spellings, string], { id: number; pageVersions: number }>(`SELECT o.id,
        (SELECT count(*) FROM versions v WHERE v.object_id = o.id AND v.method NOT IN ('segmentation', 'fused')) AS pageVersions
      FROM objects o WHERE ${anySpelling('o.canonical_url')} ORDER BY o.canonical_url = ? DESC, o.id LIMIT 1`);
    this.#isNonPost = db
      .prepare<[string, number], number>(`SELECT 1 FROM page_matches pm JOIN captures c ON c.id = pm.capture_id
        WHERE c.canonical_url = ? AND pm.crawl_id = ? AND pm.is_post = 0 LIMIT 1`)
      .pluck();
    this.#upsert =
      db.prepare<SegmentRow>(`INSERT INTO segments (capture_id, position, method, permalink, title, author, published, text, key_path, object_id)
      VALUES (@captureId, @position, @method, @permalink, @title, @author, @published, @text, @keyPath, NULL)
      ON CONFLICT (capture_id, position) DO UPDATE SET method = excluded.method, permalink = excluded.permalink, title = excluded.title,
        author = excluded.author, published = excluded.published, text = excluded.text, key_path = excluded.key_path, object_id = NULL`);
    this.#dropSurplus = db.prepare<[number, number]>('DELETE FROM segments WHERE capture_id = ? AND position >= ?');
    this.#link = db.prepare<[number, number, number]>('UPDATE segments SET object_id = ? WHERE capture_id = ? AND position = ?');
    this.#objectOfVersion = db.prepare<[number], number>('SELECT object_id FROM versions WHERE id = ?').pluck();
    this.#segmentedIn = db
      .prepare<[number, number], number>("SELECT 1 FROM versions WHERE object_id = ? AND crawl_id = ? AND method = 'segmentation' LIMIT 1")
      .pluck();
  }

  /** Whether the templates pass decided any page of the crawl. */
  hasPageDecisions(crawlId: number): boolean {
    return (this.#decided.get(crawlId) ?? 0) > 0;
  }

  /** HTML captures the templates pass decided are not posts. */
  nonPostPages(crawlId: number): ChannelCaptureRow[] {
    return this.#nonPosts.all(crawlId);
  }

  /** The non-post pages of one host (`captures.host`) decided in this crawl. */
  nonPostPagesOfHost(crawlId: number, host: string): ChannelCaptureRow[] {
    return this.#nonPostsOfHost.all(crawlId, crawlId, host);
  }

  /** HTML captures no object version was made from. */
  pagesWithoutVersion(crawlId: number): ChannelCaptureRow[] {
    return this.#withoutVersion.all(crawlId);
  }

  /** Whether an object is known under this canonical URL. */
  hasObject(canonicalUrl: string): boolean {
    return this.#objectId.get(...spellingsOf(canonicalUrl)) !== undefined;
  }

  /** The object of a canonical URL and how many versions it has from other methods than segmentation. */
  objectWithPageVersions(canonicalUrl: string): { id: number; pageVersions: number } | undefined {
    return this.#objectWithPageVersions.get(...spellingsOf(canonicalUrl), canonicalUrl);
  }

  /** Whether the object has a version made from channel pages in the crawl. */
  isSegmentedIn(objectId: number, crawlId: number): boolean {
    return this.#segmentedIn.get(objectId, crawlId) !== undefined;
  }

  /** Whether a capture of this URL was decided a non-post page in the crawl. */
  isNonPostPage(canonicalUrl: string, crawlId: number): boolean {
    return this.#isNonPost.get(canonicalUrl, crawlId) !== undefined;
  }

  /** The object a version belongs to. */
  objectOfVersion(versionId: number): number | undefined {
    return this.#objectOfVersion.get(versionId);
  }

  /** Replace the segments of one capture (upsert on position, surplus positions deleted). */
  replaceSegments(captureId: number, segments: readonly SegmentRow[]): void {
    this.#db.transaction(() => {
      for (const s of segments) this.#upsert.run(s);
      this.#dropSurplus.run(captureId, segments.length);
    })();
  }

  /** Link segments, given as (capture id, position), to an object. */
  linkSegments(objectId: number, rows: ReadonlyArray<readonly [number, number]>): void {
    this.#db.transaction(() => {
      for (const [captureId, position] of rows) this.#link.run(objectId, captureId, position);
    })();
  }
}
