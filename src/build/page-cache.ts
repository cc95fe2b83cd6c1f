/**
 * Parsed pages held between the passes of one host (DESIGN "Pipeline": each page parsed once):
 * the extraction pass puts the pages it parsed, the templates and segmentation passes take them
 * instead of reading and parsing the record again. Bounded: at most `maxPages` pages, the least
 * recently used dropped first, so memory stays flat whatever the size of a host or a crawl.
 */
import type { ParsedPage } from '../extract/index.js';

/** ours: as many pages as the templates pass holds for one host (MAX_FEED_PAGES_IN_MEMORY). */
export const MAX_CACHED_PAGES = 40;

export class PageCache {
  readonly #maxPages: number;
  /** Insertion order is use order: a Map iterates its keys in the order they were set. */
  readonly #pages = new Map<number, ParsedPage>();
  hits = 0;
  misses = 0;

  constructor(maxPages = MAX_CACHED_PAGES) {
    this.#maxPages = maxPages;
  }

  /** Hold the page parsed from capture `captureId`. */
  put(captureId: number, page: ParsedPage): void {
    if (this.#maxPages <= 0) return;
    this.#pages.delete(captureId);
    this.#pages.set(captureId, page);
    for (const oldest of this.#pages.keys()) {
      if (this.#pages.size <= this.#maxPages) break;
      this.#pages.delete(oldest);
    }
  }

  /** The page of capture `captureId` parsed with base URL `url`, if held. */
  get(captureId: number, url: string): ParsedPage | undefined {
    const page = this.#pages.get(captureId);
    if (page === undefined || page.url !== url) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.#pages.delete(captureId);
    this.#pages.set(captureId, page);
    return page;
  }

  clear(): void {
    this.#pages.clear();
  }
}
