/**
 * Reconstruction of a channel page at time T [004 §6]: the items of the feed known at T (listed
 * by a feed snapshot captured at or before T), in the site's order, each rendered from the version
 * of its data object current at T; an item without an object falls back to its feed text.
 */
import { UsageError } from '../core/errors.js';
import { type Db, getFeed, getVersionAt, type KnownItem, listItemsKnownAt } from '../store/index.js';
import { escapeHtml as e, safeUrl } from './html-escape.js';
import { htmlDocument, timestamp14 } from './page-render.js';
import { sanitizeHtml } from './sanitize-html.js';

export interface ChannelEntry {
  itemId: number;
  objectId: number | null;
  versionId: number | null;
  title: string | null;
  /** Where the rendered text came from: the object version current at T, or the feed item itself. */
  source: 'object' | 'feed';
}

/**
 * Site order: the order of the latest snapshot at or before T first, then items that had dropped
 * out of the feed by then, most recently listed first, each in its snapshot's order.
 * Deviation from 004 §6 (which keeps the order of the page): channel pages are not stored as
 * objects here, so the feed's own order stands in for the page's.
 */
export function siteOrder(a: KnownItem, b: KnownItem): number {
  return b.lastSeen.localeCompare(a.lastSeen) || a.position - b.position || (b.published ?? '').localeCompare(a.published ?? '');
}

export function reconstructChannelPage(db: Db, feedUrl: string, atTime: string): { html: string; entries: ChannelEntry[] } {
  const feed = getFeed(db, feedUrl);
  if (feed === undefined) throw new UsageError(`no feed ${feedUrl} in this overlay`);
  const at = new Date(atTime);
  if (Number.isNaN(at.getTime())) throw new UsageError(`not a date: ${atTime} (use ISO 8601, e.g. 2026-11-22T12:00:00Z)`);
  const atIso = at.toISOString();
  const items = listItemsKnownAt(db, feed.id, atIso).sort(siteOrder);
  const entries: ChannelEntry[] = [];
  const blocks: string[] = [];
  for (const item of items) {
    const v = item.objectId === null ? undefined : getVersionAt(db, item.objectId, atIso);
    if (v !== undefined) {
      entries.push({ itemId: item.itemId, objectId: v.objectId, versionId: v.id, title: v.title, source: 'object' });
      blocks.push(`<article class="wo-channel-item" data-version-id="${v.id}"><h2><a href="${e(safeUrl(v.url))}" rel="noopener noreferrer nofollow">${e(v.title ?? v.url)}</a></h2>
<p class="wo-byline">${v.author ? `by ${e(v.author)} · ` : ''}${v.published ? `<time datetime="${e(v.published)}">${e(v.published)}</time> · ` : ''}version of ${e(v.captureTime)}</p>
<div class="wo-article">${sanitizeHtml(v.html)}</div></article>`);
    } else {
      entries.push({ itemId: item.itemId, objectId: item.objectId, versionId: null, title: item.title, source: 'feed' });
      blocks.push(`<article class="wo-channel-item wo-from-feed"><h2><a href="${e(safeUrl(item.link))}" rel="noopener noreferrer nofollow">${e(item.title ?? item.link ?? '(untitled)')}</a></h2>
<p class="wo-byline">${item.published ? `<time datetime="${e(item.published)}">${e(item.published)}</time> · ` : ''}from the feed (no object version at this time)</p>
<div class="wo-article">${sanitizeHtml(item.content ?? item.description ?? '')}</div></article>`);
    }
  }
  const title = `${feed.title ?? feed.url} at ${atIso}`;
  const body = `<header class="wo-meta"><h1>${e(feed.title ?? feed.url)}</h1><p>Channel reconstructed at ${e(atIso)} (timestamp ${timestamp14(atIso)}) from ${items.length} feed items known then. Feed: ${e(feed.url)}</p></header>
${blocks.join('\n<hr>\n')}`;
  return { html: htmlDocument(title, body, feed.siteUrl ?? undefined), entries };
}
