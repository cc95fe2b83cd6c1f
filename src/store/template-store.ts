/** The templates pass's reads and writes: HTML captures per host, stored post templates, page decisions. */
import { htmlCaptureWhere } from './html-capture.js';
import type { Db } from './overlay-db.js';

/** An HTML capture as the templates pass reads it. */
export interface HtmlCaptureRow {
  id: number;
  url: string;
  canonicalUrl: string;
  time: string;
  pageDigest: string | null;
}

/** A post template as stored (`propertyPaths` and `detail` are JSON). */
export interface TemplateRow {
  templateKey: string;
  host: string;
  feedUrl: string | null;
  keyPath: string;
  contentPath: string;
  propertyPaths: string;
  support: number;
  learntCrawlId: number | null;
  detail: string | null;
}

/** The decision for one capture (`page_matches`). */
export interface PageMatchRow {
  captureId: number;
  crawlId: number;
  isPost: boolean;
  method: 'feed' | 'template' | 'mcst' | null;
  templateId: number | null;
  reason: string;
}

const TEMPLATE_COLUMNS = `template_key AS templateKey, host, feed_url AS feedUrl, key_path AS keyPath, content_path AS contentPath,
  property_paths AS propertyPaths, support, learnt_crawl_id AS learntCrawlId, detail`;

export class TemplateStore {
  readonly #db: Db;
  readonly #hosts;
  readonly #captures;
  readonly #postCounts;
  readonly #latestLearnt;
  readonly #learntIn;
  readonly #upsertTemplate;
  readonly #upsertMatch;
  readonly #dropVersion;
  readonly #dropBareObject;
  readonly #crawlsBefore;
  readonly #feedPostsIn;

  constructor(db: Db) {
    this.#db = db;
    this.#crawlsBefore = db.prepare<[number, number], number>('SELECT id FROM crawls WHERE id < ? ORDER BY id DESC LIMIT ?').pluck();
    this.#feedPostsIn = db
      .prepare<[number, string], string>(
        `SELECT c.url FROM captures c JOIN page_matches m ON m.capture_id = c.id
        WHERE c.crawl_id = ? AND c.host = ? AND m.method = 'feed' AND m.is_post = 1 ORDER BY c.url`,
      )
      .pluck();
    this.#dropVersion = db
      .prepare<[number, number], number>(
        `DELETE FROM versions WHERE capture_id = ? AND crawl_id = ? AND method IN ('template', 'mcst') RETURNING object_id`,
      )
      .pluck();
    this.#dropBareObject = db.prepare<[number]>(
      'DELETE FROM objects WHERE id = ? AND NOT EXISTS (SELECT 1 FROM versions v WHERE v.object_id = objects.id)',
    );
    this.#hosts = db
      .prepare<[number], string>(`SELECT DISTINCT c.host FROM captures c WHERE c.crawl_id = ? AND ${htmlCaptureWhere('c')} ORDER BY c.host`)
      .pluck();
    this.#captures = db.prepare<
      [number, string],
      HtmlCaptureRow
    >(`SELECT c.id, c.url, c.canonical_url AS canonicalUrl, c.time, c.payload_digest AS pageDigest
      FROM captures c WHERE c.crawl_id = ? AND c.host = ? AND ${htmlCaptureWhere('c')}
      ORDER BY c.canonical_url, c.time DESC, c.id`);
    this.#postCounts = db.prepare<[number], { method: string; n: number }>(
      'SELECT method, count(*) AS n FROM page_matches WHERE crawl_id = ? AND is_post = 1 GROUP BY method',
    );
    this.#latestLearnt = db
      .prepare<[string, number], number | null>(
        'SELECT max(learnt_crawl_id) FROM templates WHERE host = ? AND learnt_crawl_id IS NOT NULL AND learnt_crawl_id <> ?',
      )
      .pluck();
    this.#learntIn = db.prepare<[string, number], TemplateRow>(
      `SELECT ${TEMPLATE_COLUMNS} FROM templates WHERE host = ? AND learnt_crawl_id = ? ORDER BY support DESC, template_key`,
    );
    this.#upsertTemplate = db.prepare<
      TemplateRow,
      { id: number }
    >(`INSERT INTO templates (template_key, host, feed_url, key_path, content_path, property_paths, support, learnt_crawl_id, detail)
      VALUES (@templateKey, @host, @feedUrl, @keyPath, @contentPath, @propertyPaths, @support, @learntCrawlId, @detail)
      ON CONFLICT (template_key) DO UPDATE SET support = excluded.support, detail = excluded.detail,
        learnt_crawl_id = coalesce(excluded.learnt_crawl_id, templates.learnt_crawl_id)
      RETURNING id`);
    this.#upsertMatch = db.prepare<[number, number, number, string | null, number | null, string]>(
      `INSERT INTO page_matches (capture_id, crawl_id, is_post, method, template_id, reason) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (capture_id) DO UPDATE SET crawl_id = excluded.crawl_id, is_post = excluded.is_post, method = excluded.method,
        template_id = excluded.template_id, reason = excluded.reason`,
    );
  }

  /** Hosts with an HTML capture in the crawl, sorted. */
  htmlHosts(crawlId: number): string[] {
    return this.#hosts.all(crawlId);
  }

  /** The HTML captures of one host in the crawl, by URL, latest capture first. */
  htmlCaptures(crawlId: number, host: string): HtmlCaptureRow[] {
    return this.#captures.all(crawlId, host);
  }

  /** Pages decided to be posts in the crawl, per decision method. */
  postCountsByMethod(crawlId: number): Array<{ method: string; n: number }> {
    return this.#postCounts.all(crawlId);
  }

  /** The latest crawl other than `exceptCrawlId` that learnt templates for `host`, or null. */
  latestLearntCrawl(host: string, exceptCrawlId: number): number | null {
    return this.#latestLearnt.get(host, exceptCrawlId) ?? null;
  }

  /** The URLs of `host`'s feed-linked posts in the latest of the `lookBack` crawls before `crawlId` that had any (none: []). */
  earlierFeedPosts(host: string, crawlId: number, lookBack: number): string[] {
    for (const earlier of this.#crawlsBefore.all(crawlId, lookBack)) {
      const urls = this.#feedPostsIn.all(earlier, host);
      if (urls.length > 0) return urls;
    }
    return [];
  }

  /** Templates of `host` learnt in `crawlId`, best supported first. */
  templatesLearntIn(host: string, crawlId: number): TemplateRow[] {
    return this.#learntIn.all(host, crawlId);
  }

  /** Upsert templates on their key in one transaction; returns key -> row id. A null `learntCrawlId` keeps the stored one. */
  upsertTemplates(rows: readonly TemplateRow[]): Map<string, number> {
    const ids = new Map<string, number>();
    this.#db.transaction(() => {
      for (const row of rows) {
        const stored = this.#upsertTemplate.get(row);
        if (stored !== undefined) ids.set(row.templateKey, stored.id);
      }
    })();
    return ids;
  }

  /** Upsert one page decision on its capture (call inside the caller's transaction). */
  upsertPageMatch(m: PageMatchRow): void {
    this.#upsertMatch.run(m.captureId, m.crawlId, m.isPost ? 1 : 0, m.method, m.templateId, m.reason);
  }

  /** Take back the post version the templates pass wrote for a capture in this crawl (its comments go with it), and its object when it has no other version. */
  dropPostVersion(captureId: number, crawlId: number): void {
    this.#db.transaction(() => {
      for (const objectId of this.#dropVersion.all(captureId, crawlId)) this.#dropBareObject.run(objectId);
    })();
  }
}
