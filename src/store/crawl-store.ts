/** The reads of the build's own passes that are not a stage's: captures by id, earlier versions of a payload, discovered feeds, `--explain`. */
import { anySpelling, type Spellings, spellingsOf } from './object-spellings.js';
import { isCaptured } from './capture-lookup.js';
import type { Db } from './overlay-db.js';

/** A capture as the extraction pass reads it. */
export interface CaptureSummaryRow {
  url: string;
  time: string;
  pageDigest: string | null;
}

/** A page decision with what `--explain` prints about it. */
export interface PageDecisionRow {
  id: number;
  url: string;
  isPost: number;
  method: string | null;
  reason: string;
  keyPath: string | null;
  segments: number;
}

export class CrawlStore {
  readonly #capture;
  readonly #previousVersion;
  readonly #discoveredFeeds;
  readonly #db: Db;
  readonly #pageDecisions;

  constructor(db: Db) {
    this.#db = db;
    this.#capture = db.prepare<[number], CaptureSummaryRow>('SELECT url, time, payload_digest AS pageDigest FROM captures WHERE id = ?');
    this.#previousVersion = db.prepare<[...Spellings, string, number], { id: number; paths: string | null }>(`SELECT v.id, v.paths
      FROM versions v JOIN objects o ON o.id = v.object_id
      WHERE ${anySpelling('o.canonical_url')} AND v.page_digest = ? AND v.crawl_id <> ? AND v.method NOT IN ('full-feed', 'fused')
      ORDER BY v.capture_time DESC LIMIT 1`);
    this.#discoveredFeeds = db.prepare<[number], string>('SELECT url FROM discovered_feeds WHERE crawl_id = ? ORDER BY url').pluck();
    this.#pageDecisions = db.prepare<[number, string], PageDecisionRow>(`SELECT c.id, c.url, pm.is_post AS isPost, pm.method, pm.reason,
        t.key_path AS keyPath, (SELECT count(*) FROM segments s WHERE s.capture_id = c.id) AS segments
      FROM page_matches pm JOIN captures c ON c.id = pm.capture_id LEFT JOIN templates t ON t.id = pm.template_id
      WHERE pm.crawl_id = ? AND instr(c.url, ?) > 0 AND pm.method IS NOT 'feed'`);
  }

  capture(id: number): CaptureSummaryRow | undefined {
    return this.#capture.get(id);
  }

  /** The latest version, from another crawl and not from a feed, extracted from this exact payload of the URL. */
  previousVersionOfPayload(canonicalUrl: string, pageDigest: string, crawlId: number): { id: number; paths: string | null } | undefined {
    return this.#previousVersion.get(...spellingsOf(canonicalUrl), pageDigest, crawlId);
  }

  /** Feeds the crawl's pages advertise, and whether any crawl captured them (1/0). */
  discoveredFeeds(crawlId: number): Array<{ url: string; captured: number }> {
    return this.#discoveredFeeds.all(crawlId).map((url) => ({ url, captured: isCaptured(this.#db, url) ? 1 : 0 }));
  }

  /** Decisions (other than feed pairing) on pages of the crawl whose URL contains `urlPart`. */
  pageDecisionsMatching(crawlId: number, urlPart: string): PageDecisionRow[] {
    return this.#pageDecisions.all(crawlId, urlPart);
  }
}
