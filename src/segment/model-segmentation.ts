/**
 * Model-based weblog segmentation [002 "Model-based weblog segmentation"]: a channel page read as
 * `(date ([title] content)+)+` without help from a feed. Dates are found and grouped by relative
 * XPath, filtered by heuristics 1-8 (measured from the capture date), the page is cut into entries
 * at the dates and into posts at titles, and each post's permalink and author are read from
 * patterns. Failing to find entry dates is an answer too: the page is then not a list of posts.
 */
import type { Element } from 'domhandler';
import { nodePath, type ParsedPage } from '../extract/index.js';
import { groupDateLists, selectEntryDates } from './date-lists.js';
import { findDateNodes } from './date-nodes.js';
import { elementText, nodesHtml, nodesText } from './dom-text.js';
import { cutPosts } from './entry-segments.js';
import { findAuthor, findPermalink } from './post-markers.js';
import type { ModelSegmentation, Segment } from './types.js';

export interface ModelSegmentationOptions {
  /** When the page was captured (ISO): "current year", "recent" and "future" are measured from it. */
  captureTime: string;
}

/** The `<body>` of a page, or its root element. */
export function pageBody(page: ParsedPage): Element | null {
  const stack = [...page.document.children];
  let html: Element | null = null;
  while (stack.length > 0) {
    const n = stack.shift();
    if (n === undefined || n.type !== 'tag') continue;
    const el = n as Element;
    if (el.name === 'body') return el;
    if (el.name === 'html') html = el;
    stack.push(...el.children);
  }
  return html;
}

export function segmentByModel(page: ParsedPage, opts: ModelSegmentationOptions): ModelSegmentation {
  const body = pageBody(page);
  const failed = (reason: string, filters: ModelSegmentation['filters'] = []): ModelSegmentation => ({
    ok: false,
    reason,
    segments: [],
    entryDates: null,
    dateAfterContent: false,
    filters,
  });
  if (body === null) return failed('no body');
  const dates = findDateNodes(body, page.language, opts.captureTime);
  if (dates.length === 0) return failed('no date on the page');
  const lists = groupDateLists(dates, body);
  const { list, steps } = selectEntryDates(lists, opts.captureTime);
  if (list === null) return failed(`${dates.length} dates in ${lists.length} lists, none conforms to the entry-date heuristics`, steps);
  const cut = cutPosts(list, body, page.url);
  const segments: Segment[] = [];
  for (const post of cut.posts) {
    const permalink = findPermalink(post.nodes, post.title, post.date.element, page.url);
    const title = post.title !== null ? elementText(post.title) : null;
    // A post is named by its title or reached by its permalink; a dated run with neither is not one.
    if (title === null && permalink === null) continue;
    const first = post.nodes.find((n) => n.type === 'tag') as Element | undefined;
    segments.push({
      position: segments.length,
      title,
      permalink,
      author: findAuthor(post.nodes),
      published: post.date.iso,
      text: nodesText(post.nodes),
      html: nodesHtml(post.nodes),
      keyPath: nodePath(first ?? post.date.element),
      nodes: post.nodes.filter((n): n is Element => n.type === 'tag'),
    });
  }
  return {
    ok: segments.length > 0,
    reason: segments.length > 0 ? cut.reason : `${cut.reason}: no post with a title or permalink`,
    segments,
    entryDates: list,
    dateAfterContent: cut.dateAfterContent,
    filters: steps,
  };
}
