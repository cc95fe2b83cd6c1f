/** Limits and names of the reconstruct stage. */

/** Article HTML longer than this is cut before sanitising (ours: 4 MiB bounds memory per page; real posts are < 200 KiB). */
export const MAX_ARTICLE_HTML_CHARS = 4 * 1024 * 1024;

/** DOM depth kept by the sanitiser; deeper nodes are dropped (ours: a DOM nested 10,000 deep must not blow the stack). */
export const MAX_SANITIZE_DEPTH = 200;

/** Comments rendered per reconstructed page (ours: a page with more is still readable; the rest is counted). */
export const MAX_COMMENTS_PER_PAGE = 2000;

/** Host of the URLs the overlay WACZ gives its reconstructed pages (`.invalid` is reserved, RFC 2606 §2). */
export const OVERLAY_URL_HOST = 'warc-overlay.invalid';

/** Characters of a URL kept in a file name slug (ours: keeps paths under common 255-byte name limits). */
export const MAX_SLUG_CHARS = 80;

/**
 * Format of the reconstructed pages. Bump it whenever the same version and comments would render to
 * different HTML (page-render.ts templates or style, the sanitiser's options): a later build then
 * renders every page again instead of keeping the pages whose sources are unchanged.
 */
export const PAGE_FORMAT = 1;

/**
 * Page files being written at once (mkdir, open, write, close on libuv's thread pool, 4 threads by
 * default) while the next pages are rendered. ours: a folder and a file per object cost 1-2 ms of
 * system calls on this machine's disk; 16 keep the pool busy and at most 16 pages' HTML in memory.
 */
export const PAGE_WRITES_IN_FLIGHT = 16;
