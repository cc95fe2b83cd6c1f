/**
 * Parsed pages held between the passes of one host (DESIGN "Pipeline": each page parsed once):
 * the extraction pass puts the pages it parsed, the templates and segmentation passes take them
 * instead of reading and parsing the record again. Bounded: at most `maxPages` pages and
 * `maxElements` elements (the newest page always held), the least recently used dropped first, so
 * memory stays flat whatever the size of a host, of its pages or of a crawl.
 */
import type { ParsedPage } from '../extract/index.js';
import { MAX_FEED_PAGES_IN_MEMORY, MAX_HELD_PAGE_ELEMENTS } from './template-stage.js';

/** ours: as many pages as the templates pass holds for one host. */
export const MAX_CACHED_PAGES = MAX_FEED_PAGES_IN_MEMORY;

export class PageCache {
  readonly #maxPages: number;
  readonly #maxElements: number;
  /** Insertion order is use order: a Map iterates its keys in the order they were set. */
  readonly #pages = new Map<number, ParsedPage>();
  #elements = 0;
  hits = 0;
  misses = 0;

  constructor(maxPages = MAX_CACHED_PAGES, maxElements = MAX_HELD_PAGE_ELEMENTS) {
    this.#maxPages = maxPages;
    this.#maxElements = maxElements;
  }

  /** Hold the page parsed from capture `captureId`. */
  put(captureId: number, page: ParsedPage): void {
    if (this.#maxPages <= 0) return;
    this.#drop(captureId);
    this.#pages.set(captureId, page);
    this.#elements += page.elements;
    for (const oldest of this.#pages.keys()) {
      if (this.#pages.size === 1 || (this.#pages.size <= this.#maxPages && this.#elements <= this.#maxElements)) break;
      this.#drop(oldest);
    }
  }

  #drop(captureId: number): void {
    const page = this.#pages.get(captureId);
    if (page === undefined) return;
    this.#pages.delete(captureId);
    this.#elements -= page.elements;
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
    this.#elements = 0;
  }
}
