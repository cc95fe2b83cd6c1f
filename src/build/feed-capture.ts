/**
 * Which captures pass 1 reads for feeds, and reading one: shared by `build` (whole-file scan) and
 * the shard steps (`index` flags feed records, `shard-build` reads them again by offset), so that
 * both find exactly the same feeds.
 */
import { createHash } from 'node:crypto';
import type { Diagnostics } from '../core/diagnostics.js';
import { isInputError } from '../core/errors.js';
import { type Feed, type FeedItem, looksLikeFeed, isFeedCandidate, parseFeed } from '../feeds/index.js';
import type { Capture, IndexEntry } from '../warc/index.js';

/** Bytes given to feed sniffing. */
const SNIFF_BYTES = 1024;

/** Whether pass 1 reads this record's body to look for a feed (status, MIME and URL hints). */
export function mayHoldFeed(e: IndexEntry): boolean {
  return (e.status === null || e.status === 200) && isFeedCandidate(e.mime, e.url);
}

/**
 * The feed a capture holds, or null when its body is no feed. Bad feeds are reported to
 * `diagnostics` (InputError only; anything else is a bug and is rethrown).
 */
export function feedOfCapture(capture: Capture, diagnostics: Diagnostics): Feed | null {
  try {
    const text = capture.text();
    if (!looksLikeFeed(capture.mime, capture.url, text.slice(0, SNIFF_BYTES))) return null;
    const location = { url: capture.url, file: capture.file, offset: capture.offset };
    const reported = diagnostics.count();
    const feed = parseFeed(text, { ...location, diagnostics });
    // Only a body served as a feed type gets here without a feed root: it claims to be one. A feed
    // the parser gave up on is reported there.
    if (feed === null && diagnostics.count() === reported)
      diagnostics.warn(
        'feed.unknown-format',
        `served as ${capture.mime} but ${text.trim() === '' ? 'empty' : `no RSS, Atom or JSON feed (it begins ${JSON.stringify(text.trimStart().slice(0, 40))})`}: skipped`,
        location,
      );
    return feed;
  } catch (error) {
    if (!isInputError(error)) throw error;
    diagnostics.report(error);
    return null;
  }
}

/**
 * The items of one crawl's feed snapshots, one object per distinct item of a feed: a feed captured
 * again and again (a crawler polling it every hour) repeats most of its items, and each snapshot
 * would keep its own copy (with the feed text its strings may be cut from) until the crawl is built:
 * 1,000 snapshots of one feed of 20 items took a build to 327 MB RSS (#15).
 */
export class FeedItemPool {
  readonly #items = new Map<string, FeedItem>();

  /** `feed` with each item replaced by the equal item an earlier snapshot of its URL gave (items are not changed after parsing). */
  share(feed: Feed): Feed {
    const items = feed.items.map((item) => {
      const key = `${feed.url}\n${createHash('sha1').update(JSON.stringify(item)).digest('base64')}`;
      const known = this.#items.get(key);
      if (known !== undefined) return known;
      this.#items.set(key, item);
      return item;
    });
    return { ...feed, items };
  }
}
