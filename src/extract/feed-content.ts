/**
 * Objects straight from full-content feeds [002 "Feed-based indexing": "if feed is full content,
 * we are done"]: the item's content is rendered like a page article (same cleaning, absolute URLs,
 * references) so that the feed copy and the page copy of a post can be compared word for word.
 */
import { isTag } from 'domhandler';
import { parseHtml } from '../core/html-parse.js';
import type { FeedItem } from '../feeds/index.js';
import { renderArticle } from './article-render.js';
import type { ExtractedObject } from './types.js';

/** Confidence of a feed copy: the publisher's own text, but not what the archived page shows. */
const FULL_FEED_CONFIDENCE = 0.9;

/**
 * The data object of a full-content feed item, or null when the item carries no content.
 * `baseUrl` is the URL relative links resolve against (the paired page, else the item link).
 */
export function feedContentObject(item: FeedItem, baseUrl: string): ExtractedObject | null {
  const content = item.content ?? null;
  if (content === null || content.trim() === '') return null;
  const doc = parseHtml(`<div>${content}</div>`, { decodeEntities: true }).document;
  const root = doc.children.find(isTag);
  if (root === undefined) return null;
  const rendered = renderArticle(root, { baseUrl });
  if (rendered.text.trim() === '') return null;
  return {
    title: item.title,
    author: item.author,
    published: item.published,
    updated: item.updated,
    categories: item.categories,
    text: rendered.text,
    html: rendered.html,
    references: rendered.references,
    method: 'full-feed',
    confidence: FULL_FEED_CONFIDENCE,
    paths: { content: null, title: null, author: null, date: null, categories: null },
    wrapper: null,
  };
}
