import { authorName, emptyItem, enclosure, parseCount, type RawChannel, type RawItem, uniqueCategories } from './feed-item.js';
import { htmlToText } from './feed-text.js';
import { absolutiseHtml, isHttpUrl, resolveUrl } from './feed-urls.js';
import { dateOf } from './rss-mapper.js';
import { attr, first, isNode, list, rawMarkup, rawText, text, type XmlNode } from './xml-nodes.js';

/** Atom 1.0 (RFC 4287) and Atom 0.3 (`issued`/`modified`/`created`, `mode="escaped"`) to items. */
export function mapAtom(root: XmlNode, feedUrl: string): { channel: RawChannel; items: RawItem[] } {
  const base = resolveUrl(attr(root, 'xml:base'), feedUrl) ?? feedUrl;
  return {
    channel: {
      title: atomTitle(first(root, 'title')),
      description: atomTitle(first(root, 'subtitle')) ?? atomTitle(first(root, 'tagline')),
      siteUrl: resolveUrl(preferredLink(list(root.link)), base),
      language: attr(root, 'xml:lang'),
    },
    items: list(root.entry)
      .filter(isNode)
      .map((node) => mapEntry(node, resolveUrl(attr(node, 'xml:base'), base) ?? base)),
  };
}

function mapEntry(node: XmlNode, base: string): RawItem {
  const item = emptyItem();
  const links = list(node.link);
  item.guid = text(first(node, 'id'));
  item.guidIsPermalink = isHttpUrl(item.guid);
  item.link = resolveUrl(preferredLink(links), base);
  item.origLink = resolveUrl(text(first(node, 'feedburner:origLink')), base);
  item.title = atomTitle(first(node, 'title'));
  const author = first(node, 'author');
  item.author = authorName(text(first(author, 'name')) ?? text(author) ?? text(first(node, 'dc:creator')));
  item.updated = dateOf(first(node, 'updated')) ?? dateOf(first(node, 'modified'));
  item.published = dateOf(first(node, 'published')) ?? dateOf(first(node, 'issued')) ?? dateOf(first(node, 'created')) ?? item.updated;
  item.categories = uniqueCategories([
    ...list(node.category).map((c) => attr(c, 'label') ?? attr(c, 'term') ?? text(c)),
    ...list(node['dc:subject']).map(text),
  ]);
  item.description = atomHtml(first(node, 'summary'), base);
  item.content = atomHtml(first(node, 'content'), base);
  for (const link of links) {
    const rel = attr(link, 'rel');
    const href = resolveUrl(attr(link, 'href'), base);
    if (href === null) continue;
    if (rel === 'replies') {
      const type = attr(link, 'type') ?? '';
      if (/xml|atom|rss/i.test(type)) item.commentFeedUrl ??= href;
      else item.commentsUrl ??= href;
      item.commentCount ??= parseCount(attr(link, 'thr:count'));
    } else if (rel === 'enclosure') {
      const e = enclosure(href, attr(link, 'type'), attr(link, 'length'));
      if (e) item.enclosures.push(e);
    }
  }
  item.commentCount = parseCount(text(first(node, 'thr:total')) ?? text(first(node, 'slash:comments'))) ?? item.commentCount;
  const reply = first(node, 'thr:in-reply-to');
  item.inReplyTo = resolveUrl(attr(reply, 'href') ?? attr(reply, 'ref'), base);
  return item;
}

/** 002 maps "permalink" to the alternate link: rel="alternate" (or no rel), text/html first. */
function preferredLink(links: unknown[]): string | null {
  let fallback: string | null = null;
  for (const link of links) {
    const rel = attr(link, 'rel') ?? 'alternate';
    const href = attr(link, 'href') ?? text(link);
    if (rel !== 'alternate' || href === null) continue;
    const type = attr(link, 'type');
    if (type === null || /html/i.test(type)) return href;
    fallback ??= href;
  }
  return fallback;
}

/** An Atom text construct as HTML with its URLs made absolute against its own xml:base, else the entry's. */
function atomHtml(node: unknown, base: string): string | null {
  const html = atomBody(node);
  return html === null ? null : absolutiseHtml(html, resolveUrl(attr(node, 'xml:base'), base) ?? base);
}

/** An Atom text construct as HTML: type html (escaped), xhtml (inline) or text; 0.3 mode="base64" is skipped. */
function atomBody(node: unknown): string | null {
  if (node === undefined || attr(node, 'src') !== null) return null;
  const type = (attr(node, 'type') ?? 'text').toLowerCase();
  if (attr(node, 'mode') === 'base64') return null;
  if (type === 'xhtml' || type === 'application/xhtml+xml' || (attr(node, 'mode') === 'xml' && type.includes('html')))
    return rawMarkup(node);
  const decoded = rawText(node);
  if (decoded === null || type.includes('html')) return decoded;
  // type="text": plain text, escaped so that the HTML we store shows it as written.
  return decoded.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function atomTitle(node: unknown): string | null {
  const body = atomBody(node);
  if (body === null) return null;
  const title = htmlToText(body);
  return title === '' ? null : title;
}
