import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Diagnostics } from '../core/diagnostics.js';
import { InputError, type InputLocation } from '../core/errors.js';
import { mapAtom } from './atom-mapper.js';
import { classifyContent, classifyItemContent, itemValidity } from './content-classifier.js';
import type { RawChannel, RawItem } from './feed-item.js';
import { classifyKind, fillInReplyTo } from './feed-kind.js';
import { type FeedConfig, resolveFeedConfig } from './config.js';
import { sniffRoot } from './feed-sniffer.js';
import { stripFeedAds } from './feed-text.js';
import { mapJsonFeed } from './json-feed.js';
import { mapRss } from './rss-mapper.js';
import type { Feed, FeedFormat, FeedItem } from './types.js';
import { closeTruncatedFeed, neutraliseDoctype } from './xml-safety.js';
import { canonicalName, defaultNamespace, isNode, prefixMap, type XmlNode } from './xml-nodes.js';

export interface ParseFeedContext {
  /** URL the feed was captured from (base for relative URLs, comment-feed URL signal). */
  url: string;
  /** Where problems are reported; without it, a feed that cannot be read throws an `InputError`. */
  diagnostics?: Diagnostics;
  file?: string;
  offset?: number;
  /** Caps (nesting depth, items per feed); the defaults of `DEFAULT_FEED_CONFIG` otherwise. */
  config?: Partial<FeedConfig>;
}

/** Comment feeds carry whole comments (the excerpt question is about posts). */
export const COMMENT_CONTENT = { isFullContent: true, reason: 'comment feed: each item is a whole comment' } as const;

/** Elements whose inner text is kept raw (CDATA, escaped or inline HTML) and decoded by us. */
const RAW_ELEMENTS = ['*.title', '*.description', '*.content:encoded', '*.content', '*.summary', '*.xhtml:body'];

/**
 * Parse a feed capture (RSS 0.9x/1.0/2.0, Atom 0.3/1.0, JSON Feed 1.0/1.1) into a normalised
 * `Feed`, or null when the body is not a feed. No DTD is ever processed (see xml-safety.ts).
 * Malformed XML is reported as `feed.malformed` and parsed leniently when a feed root survives.
 */
export function parseFeed(text: string, ctx: ParseFeedContext): Feed | null {
  const config = resolveFeedConfig(ctx.config);
  const feed = parseAnyFeed(text, ctx, config);
  if (feed === null || feed.items.length <= config.maxItems) return feed;
  ctx.diagnostics?.warn(
    'feed.too-many-items',
    `feed of ${feed.items.length} items: kept the first maxItems ${config.maxItems}`,
    locationOf(ctx),
  );
  return { ...feed, items: feed.items.slice(0, config.maxItems) };
}

function parseAnyFeed(text: string, ctx: ParseFeedContext, config: FeedConfig): Feed | null {
  const location: InputLocation = locationOf(ctx);
  const root = sniffRoot(text.slice(0, 4096));
  if (root === 'html') return null;
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (body.startsWith('{')) return parseJsonFeed(body, ctx, location);
  if (root !== 'feed') return null;
  return parseXmlFeed(body, ctx, location, config.maxDepth);
}

function parseJsonFeed(body: string, ctx: ParseFeedContext, location: InputLocation): Feed | null {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch (cause) {
    fail(ctx, new InputError('feed.malformed', `JSON Feed does not parse: ${(cause as Error).message}`, location, { cause }));
    return null;
  }
  if (!isNode(doc) || typeof doc.version !== 'string' || !doc.version.includes('jsonfeed.org')) return null;
  // jsonfeed.org 1.1: `items` is an array of objects; anything else in it is skipped, said once.
  const listed: unknown[] = Array.isArray(doc.items) ? doc.items : [];
  const notObjects = listed.filter((item) => !isNode(item)).length;
  if (!Array.isArray(doc.items))
    ctx.diagnostics?.warn('feed.item-invalid', `JSON Feed without an items array (its items: ${kindOfJson(doc.items)})`, location);
  else if (notObjects > 0)
    ctx.diagnostics?.warn('feed.item-invalid', `${notObjects} of ${listed.length} JSON Feed items are no objects: skipped`, location);
  const { channel, items } = mapJsonFeed(doc, ctx.url);
  return buildFeed(ctx.url, 'json-feed', channel, items);
}

/** What a JSON value is, for a message: "absent", "null", "an object", "a string", ... */
function kindOfJson(value: unknown): string {
  if (value === undefined) return 'absent';
  if (value === null) return 'null';
  const kind = typeof value;
  return kind === 'object' ? 'an object' : `a ${kind}`;
}

function parseXmlFeed(body: string, ctx: ParseFeedContext, location: InputLocation, maxDepth: number): Feed | null {
  const safe = neutraliseDoctype(body);
  if (safe.entityDeclarations > 0) {
    ctx.diagnostics?.warn(
      'feed.entity-expansion',
      `DOCTYPE with ${safe.entityDeclarations} entity declarations removed unexpanded (entity-expansion risk)`,
      location,
    );
  }
  const validation = XMLValidator.validate(safe.text);
  if (validation === true) {
    try {
      return readXml(safe.text, ctx.url, maxDepth);
    } catch (cause) {
      // Well-formed but beyond the parser's limits (nesting): the feed is skipped, reported.
      fail(ctx, parserLimitError(cause, location, maxDepth));
      return null;
    }
  }
  const malformed = `${validation.err.msg} (line ${validation.err.line}, column ${validation.err.col})`;
  // Malformed: read leniently; a capture cut mid-document keeps the items before the cut.
  let feed = tryReadXml(safe.text, ctx.url, maxDepth);
  let repair = 'read leniently';
  if (feed === null || feed.items.length === 0) {
    const closed = closeTruncatedFeed(safe.text);
    const salvaged = closed === null ? null : tryReadXml(closed.text, ctx.url, maxDepth);
    if (closed !== null && salvaged !== null && salvaged.items.length > 0) {
      feed = salvaged;
      repair = `cut after the last complete item at character ${closed.keptChars} of ${safe.text.length}`;
    }
  }
  if (feed === null) {
    fail(
      ctx,
      isTooDeep(safe.text, maxDepth)
        ? tooDeepError(location, maxDepth)
        : new InputError('feed.malformed', `feed XML is malformed: ${malformed}`, location),
    );
    return null;
  }
  ctx.diagnostics?.warn('feed.malformed', `feed XML is malformed, ${repair} (${feed.items.length} items kept): ${malformed}`, location);
  return feed;
}

function readXml(xml: string, url: string, maxDepth: number): Feed | null {
  const doc = xmlParser(prefixMap(xml), maxDepth).parse(xml) as XmlNode;
  return mapXmlDocument(doc, xml, url);
}

/** Lenient read of malformed XML: fast-xml-parser throws on some defects and not on others. */
function tryReadXml(xml: string, url: string, maxDepth: number): Feed | null {
  try {
    return readXml(xml, url, maxDepth);
  } catch {
    return null;
  }
}

/** fast-xml-parser's own message when `maxNestedTags` is exceeded. */
const NESTING_LIMIT_MESSAGE = /nested tags/i;

function tooDeepError(location: InputLocation, maxDepth: number, cause?: unknown): InputError {
  return new InputError('feed.too-deep', `feed XML nests elements more than maxDepth ${maxDepth} deep; feed skipped`, location, { cause });
}

function parserLimitError(cause: unknown, location: InputLocation, maxDepth: number): InputError {
  if (cause instanceof Error && NESTING_LIMIT_MESSAGE.test(cause.message)) return tooDeepError(location, maxDepth, cause);
  return new InputError(
    'feed.malformed',
    `feed XML cannot be parsed: ${cause instanceof Error ? cause.message : String(cause)}`,
    location,
    { cause },
  );
}

/** Whether the parser refuses this text for its nesting depth (the lenient path swallows the reason). */
function isTooDeep(xml: string, maxDepth: number): boolean {
  try {
    xmlParser(prefixMap(xml), maxDepth).parse(xml);
    return false;
  } catch (error) {
    return error instanceof Error && NESTING_LIMIT_MESSAGE.test(error.message);
  }
}

function mapXmlDocument(doc: XmlNode, xml: string, url: string): Feed | null {
  const rss = doc.rss;
  if (isNode(rss)) {
    const version = typeof rss['@_version'] === 'string' ? rss['@_version'].trim() : '';
    const format: FeedFormat = /^0\.9/.test(version) ? 'rss-0.9x' : 'rss-2.0';
    const { channel, items } = mapRss(rss, url);
    return buildFeed(url, format, channel, items);
  }
  const rdf = doc['rdf:RDF'] ?? doc.RDF;
  if (isNode(rdf)) {
    const format: FeedFormat = defaultNamespace(xml).includes('netscape.com/rdf/simple/0.9') ? 'rss-0.9x' : 'rss-1.0';
    const { channel, items } = mapRss(rdf, url);
    return buildFeed(url, format, channel, items);
  }
  const atom = doc.feed;
  if (isNode(atom)) {
    const isAtom03 = atom['@_version'] === '0.3' || defaultNamespace(xml).includes('purl.org/atom/ns#');
    const { channel, items } = mapAtom(atom, url);
    return buildFeed(url, isAtom03 ? 'atom-0.3' : 'atom-1.0', channel, items);
  }
  return null;
}

function buildFeed(url: string, format: FeedFormat, channel: RawChannel, mappedItems: RawItem[]): Feed {
  const rawItems = mappedItems.map(withoutAds);
  const decision = classifyKind(url, channel, rawItems);
  if (decision.kind === 'comments') fillInReplyTo(rawItems, decision);
  const items = rawItems.map((item): FeedItem => {
    const content = decision.kind === 'comments' ? COMMENT_CONTENT : classifyItemContent(item);
    return { ...item, ...itemValidity(item), isFullContent: content.isFullContent, contentReason: content.reason };
  });
  const content = decision.kind === 'comments' ? COMMENT_CONTENT : classifyContent(rawItems);
  return {
    url,
    format,
    kind: decision.kind,
    kindReason: decision.reason,
    title: channel.title,
    description: channel.description,
    siteUrl: channel.siteUrl,
    commentedPost: decision.kind === 'comments' && decision.isPerPost ? { url: decision.postUrl, title: decision.postTitle } : null,
    language: channel.language,
    items,
    isFullContent: content.isFullContent,
    fullContentReason: content.reason,
  };
}

function withoutAds(item: RawItem): RawItem {
  const description = item.description === null ? null : stripFeedAds(item.description);
  const content = item.content === null ? null : stripFeedAds(item.content);
  return { ...item, description: description === '' ? null : description, content: content === '' ? null : content };
}

function xmlParser(prefixes: Map<string, string>, maxDepth: number): XMLParser {
  const rename = (name: string): string => canonicalName(name, prefixes);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    textNodeName: '#text',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    // XML's five entities and character references only; HTML names are decoded where text is read
    // (cheaper than the parser's HTML table). No DTD is ever seen: see neutraliseDoctype.
    processEntities: true,
    htmlEntities: false,
    transformTagName: rename,
    transformAttributeName: rename,
    stopNodes: RAW_ELEMENTS,
    maxNestedTags: maxDepth,
  });
}

function locationOf(ctx: ParseFeedContext): InputLocation {
  const location: InputLocation = { url: ctx.url };
  if (ctx.file !== undefined) location.file = ctx.file;
  if (ctx.offset !== undefined) location.offset = ctx.offset;
  return location;
}

/** Report to the run's diagnostics, or throw when the caller gave none. */
function fail(ctx: ParseFeedContext, error: InputError): void {
  if (ctx.diagnostics === undefined) throw error;
  ctx.diagnostics.report(error);
}
