/** Redirect hops followed inside the archive before giving up (ours: browsers allow 20; feeds
 *  behind proxies such as FeedBurner need 1-3, loops are caught separately). */
export const MAX_REDIRECT_HOPS = 5;

/** MIME types that count as an article page. Captures without a MIME type are accepted too. */
export const PAGE_MIME = /^(text\/html|application\/xhtml\+xml)$/;
