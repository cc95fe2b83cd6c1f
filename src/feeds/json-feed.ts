import { parseFeedDate } from './feed-date.js';
import { authorName, emptyItem, enclosure, type RawChannel, type RawItem, uniqueCategories } from './feed-item.js';
import { htmlToText } from './feed-text.js';
import { absolutiseHtml, isHttpUrl, resolveUrl } from './feed-urls.js';

type Json = Record<string, unknown>;

/** JSON Feed 1.0 / 1.1 (jsonfeed.org) to items. */
export function mapJsonFeed(doc: Json, feedUrl: string): { channel: RawChannel; items: RawItem[] } {
  const base = feedUrl;
  const items = Array.isArray(doc.items) ? doc.items.filter(isJson) : [];
  return {
    channel: {
      title: plain(str(doc.title)),
      description: plain(str(doc.description)),
      siteUrl: resolveUrl(str(doc.home_page_url), base),
      language: str(doc.language),
    },
    items: items.map((node) => mapJsonItem(node, base, doc)),
  };
}

function mapJsonItem(node: Json, base: string, doc: Json): RawItem {
  const item = emptyItem();
  item.guid = str(node.id) ?? (typeof node.id === 'number' ? String(node.id) : null);
  item.guidIsPermalink = isHttpUrl(item.guid);
  item.link = resolveUrl(str(node.url), base);
  item.origLink = resolveUrl(str(node.external_url), base);
  item.title = plain(str(node.title));
  // 1.1 has `authors`, 1.0 `author`; the feed's own author applies when the item has none.
  const author = firstAuthor(node) ?? firstAuthor(doc);
  item.author = authorName(author);
  item.published = dateString(node.date_published) ?? dateString(node.date_modified);
  item.updated = dateString(node.date_modified);
  item.categories = uniqueCategories(Array.isArray(node.tags) ? node.tags.map((t) => str(t)) : []);
  const summary = str(node.summary);
  const html = str(node.content_html);
  const plainText = str(node.content_text);
  item.description = summary === null ? null : escapeText(summary);
  item.content = html !== null ? absolutiseHtml(html, base) : plainText === null ? null : escapeText(plainText);
  const attachments = Array.isArray(node.attachments) ? node.attachments.filter(isJson) : [];
  item.enclosures = attachments
    .map((a) => enclosure(resolveUrl(str(a.url), base), str(a.mime_type), numberString(a.size_in_bytes)))
    .filter((e) => e !== null);
  return item;
}

function firstAuthor(node: Json): string | null {
  if (Array.isArray(node.authors)) {
    for (const a of node.authors) if (isJson(a) && str(a.name) !== null) return str(a.name);
  }
  return isJson(node.author) ? str(node.author.name) : null;
}

function isJson(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

function numberString(v: unknown): string | null {
  return typeof v === 'number' ? String(v) : str(v);
}

function dateString(v: unknown): string | null {
  const s = str(v);
  return s === null ? null : parseFeedDate(s);
}

function plain(s: string | null): string | null {
  if (s === null) return null;
  const t = htmlToText(s);
  return t === '' ? null : t;
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
