import { parseFeedDate } from './feed-date.js';
import { authorName, emptyItem, enclosure, parseCount, type RawChannel, type RawItem, uniqueCategories } from './feed-item.js';
import { htmlToText } from './feed-text.js';
import { absolutiseHtml, isHttpUrl, resolveUrl } from './feed-urls.js';
import { attr, first, isNode, list, rawText, text, type XmlNode } from './xml-nodes.js';

/**
 * RSS 0.9x / 2.0 (`<rss><channel><item>`) and RSS 1.0 (`<rdf:RDF><channel/><item/>`) to items.
 * 002 "Full content vs. partial content feeds": in RSS 0.91 the description is the only body.
 */
export function mapRss(root: XmlNode, feedUrl: string): { channel: RawChannel; items: RawItem[] } {
  const channelNode = first(root, 'channel');
  const channel = isNode(channelNode) ? channelNode : {};
  const base = resolveUrl(attr(root, 'xml:base') ?? attr(channel, 'xml:base'), feedUrl) ?? feedUrl;
  // RSS 2.0 nests items in the channel; RSS 1.0 and some broken 0.9x feeds put them beside it.
  const itemNodes = [...list(channel.item), ...list(root.item)].filter(isNode);
  return {
    channel: {
      title: plainTitle(first(channel, 'title')),
      description: plainTitle(first(channel, 'description')),
      siteUrl: resolveUrl(text(first(channel, 'link')), base),
      language: text(first(channel, 'language')) ?? text(first(channel, 'dc:language')) ?? attr(root, 'xml:lang'),
    },
    items: itemNodes.map((node) => mapRssItem(node, resolveUrl(attr(node, 'xml:base'), base) ?? base)),
  };
}

function mapRssItem(node: XmlNode, base: string): RawItem {
  const item = emptyItem();
  const guidNode = first(node, 'guid');
  item.guid = text(guidNode) ?? attr(node, 'rdf:about');
  // RSS 2.0: isPermaLink defaults to true; a guid only counts when it is an http(s) URL.
  const declared = attr(guidNode, 'isPermaLink')?.toLowerCase();
  item.guidIsPermalink = declared !== 'false' && isHttpUrl(item.guid);
  item.link = resolveUrl(text(first(node, 'link')) ?? alternateAtomLink(node), base);
  if (item.link === null && item.guidIsPermalink) item.link = item.guid;
  item.origLink = resolveUrl(text(first(node, 'feedburner:origLink')), base);
  item.title = plainTitle(first(node, 'title'));
  item.author = authorName(text(first(node, 'dc:creator')) ?? text(first(node, 'author')) ?? text(first(node, 'itunes:author')));
  const updated = dateOf(first(node, 'atom:updated')) ?? dateOf(first(node, 'dcterms:modified'));
  item.published = dateOf(first(node, 'pubDate')) ?? dateOf(first(node, 'dc:date')) ?? dateOf(first(node, 'atom:published')) ?? updated;
  item.updated = updated;
  item.categories = uniqueCategories([
    ...list(node.category).map((c) => text(c) ?? attr(c, 'term')),
    ...list(node['dc:subject']).map(text),
  ]);
  const description = rawText(first(node, 'description'));
  const content = rawText(first(node, 'content:encoded')) ?? rawText(first(node, 'xhtml:body'));
  item.description = description === null ? null : absolutiseHtml(description, base);
  item.content = content === null ? null : absolutiseHtml(content, base);
  item.commentsUrl = resolveUrl(text(first(node, 'comments')), base);
  item.commentFeedUrl = resolveUrl(text(first(node, 'wfw:commentRss')) ?? text(first(node, 'wfw:commentrss')), base);
  item.commentCount = parseCount(text(first(node, 'slash:comments')) ?? text(first(node, 'thr:total')));
  item.enclosures = [...list(node.enclosure), ...list(node['media:content'])]
    .map((e) =>
      enclosure(resolveUrl(attr(e, 'url') ?? attr(e, 'rdf:resource'), base), attr(e, 'type'), attr(e, 'length') ?? attr(e, 'fileSize')),
    )
    .filter((e) => e !== null);
  const reply = first(node, 'thr:in-reply-to');
  item.inReplyTo = resolveUrl(attr(reply, 'href') ?? attr(reply, 'ref'), base);
  return item;
}

/** An `atom:link rel="alternate"` inside an RSS item (some generators use it instead of `<link>`). */
function alternateAtomLink(node: XmlNode): string | null {
  for (const link of list(node['atom:link'])) {
    const rel = attr(link, 'rel') ?? 'alternate';
    if (rel === 'alternate') return attr(link, 'href');
  }
  return null;
}

export function plainTitle(node: unknown): string | null {
  const raw = rawText(node) ?? text(node);
  if (raw === null) return null;
  const title = htmlToText(raw);
  return title === '' ? null : title;
}

export function dateOf(node: unknown): string | null {
  const s = text(node);
  return s === null ? null : parseFeedDate(s);
}
