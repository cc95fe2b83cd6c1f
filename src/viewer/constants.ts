/** Settings and caps of the viewer (`warc-overlay serve`). */

/** Rows per page of the objects list (ours: one screen; keeps every list query a LIMIT on an index). */
export const PAGE_SIZE = 50;
/** Words of each side compared by the word diff; longer texts are cut (ours: keeps a diff < 100 ms). */
export const MAX_DIFF_WORDS = 30_000;
/** Largest archived body the raw view serves, in bytes (ours: 20 MiB, above any real page). */
export const MAX_RAW_BODY_BYTES = 20 * 1024 * 1024;
/** Largest request URL accepted, in bytes (ours: browsers send < 8 KiB). */
export const MAX_URL_BYTES = 8192;
/** Feeds listed on the home page; all of them are on /feeds, PAGE_SIZE per page (ours: a 515-feed list made the home page 144 KB). */
export const FEEDS_ON_HOME = 20;
/** Rendered list and search pages kept in memory, by query (ours: 50 clients repeating the costly pages). */
export const PAGE_CACHE_ENTRIES = 500;
/** How long a cached page or feed list is served before it is computed again, in ms (a build may be adding to the overlay). */
export const PAGE_CACHE_TTL_MS = 30_000;
