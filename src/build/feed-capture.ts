/**
 * Which captures pass 1 reads for feeds, and reading one: shared by `build` (whole-file scan) and
 * the shard steps (`index` flags feed records, `shard-build` reads them again by offset), so that
 * both find exactly the same feeds.
 */
import type { Diagnostics } from '../core/diagnostics.js';
import { isInputError } from '../core/errors.js';
import { type Feed, looksLikeFeed, isFeedCandidate, parseFeed } from '../feeds/index.js';
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
    return parseFeed(text, { url: capture.url, diagnostics, file: capture.file, offset: capture.offset });
  } catch (error) {
    if (!isInputError(error)) throw error;
    diagnostics.report(error);
    return null;
  }
}
