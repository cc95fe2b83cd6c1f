import { schemelessKey } from '../core/url.js';
import type { FeedItem } from '../feeds/index.js';
import { MAX_REDIRECT_HOPS, PAGE_MIME } from './constants.js';
import type { CaptureLookup, CaptureRef, Pairing } from './types.js';

/** The item fields that may name the article page, most trustworthy first. */
export function candidateUrls(item: FeedItem): Array<{ via: string; url: string }> {
  const out: Array<{ via: string; url: string }> = [];
  const add = (via: string, url: string | null) => {
    if (url && /^https?:\/\//i.test(url) && !out.some((c) => c.url === url)) out.push({ via, url });
  };
  add('orig-link', item.origLink);
  add('link', item.link);
  // A guid is a permalink when declared so, or when it simply is an http URL (002 "permalink").
  if (item.guid && (item.guidIsPermalink || /^https?:\/\//i.test(item.guid))) add('guid', item.guid);
  return out;
}

const isRedirect = (c: CaptureRef) => c.status !== null && c.status >= 300 && c.status < 400 && c.location !== null;
const isPage = (c: CaptureRef) => (c.status === null || (c.status >= 200 && c.status < 300)) && (c.mime === null || PAGE_MIME.test(c.mime));

/** The capture nearest in time to `time`. */
function nearest(captures: CaptureRef[], time: string): CaptureRef | undefined {
  const t = Date.parse(time);
  let best: CaptureRef | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of captures) {
    const d = Math.abs(Date.parse(c.time) - t);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Pair a feed item with the archived capture of its page: try origLink, link and permalink guid,
 * follow redirect chains inside the archive, and choose the capture nearest in time to the feed
 * capture (DESIGN "pairing/"). Every failure says why.
 */
export function pairItem(item: FeedItem, feedCaptureTime: string, lookup: CaptureLookup): Pairing {
  const candidates = candidateUrls(item);
  if (candidates.length === 0) return { capture: null, via: null, reason: 'item has no http(s) link, origLink or permalink guid' };
  const failures: string[] = [];
  for (const candidate of candidates) {
    const result = followCandidate(candidate.url, candidate.via, feedCaptureTime, lookup);
    if (result.capture) return result;
    failures.push(result.reason);
  }
  return { capture: null, via: null, reason: failures.join('; ') };
}

function followCandidate(url: string, via: string, time: string, lookup: CaptureLookup): Pairing {
  const seen = new Set<string>();
  let current = url;
  let path = via;
  for (let hop = 0; hop <= MAX_REDIRECT_HOPS; hop++) {
    const key = schemelessKey(current);
    if (seen.has(key)) return { capture: null, via: null, reason: `${via} ${url}: redirect loop at ${current}` };
    seen.add(key);
    const captures = lookup.findByUrlKey(key);
    if (captures.length === 0) {
      return {
        capture: null,
        via: null,
        reason: hop === 0 ? `${via} ${url}: not captured in this crawl` : `${via} ${url}: redirects to ${current}, which is not captured`,
      };
    }
    const pages = captures.filter(isPage);
    const page = nearest(pages, time);
    if (page) return { capture: page, via: path, reason: `paired by ${path}${hop > 0 ? ` (${hop} redirect${hop > 1 ? 's' : ''})` : ''}` };
    const redirect = nearest(captures.filter(isRedirect), time);
    if (!redirect?.location) {
      const statuses = [...new Set(captures.map((c) => `${c.status ?? '-'} ${c.mime ?? ''}`.trim()))].join(', ');
      return { capture: null, via: null, reason: `${via} ${url}: captured only as ${statuses}` };
    }
    path = `${path} -> ${redirect.status}`;
    current = redirect.location;
  }
  return { capture: null, via: null, reason: `${via} ${url}: more than ${MAX_REDIRECT_HOPS} redirects` };
}
