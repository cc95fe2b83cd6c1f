/**
 * Comment feeds as guidance [004 §4.2, end: "the webmaster takes care to add in the feed the URL
 * that can be used to track comments"]: the items of a post's comment feed are paired with the
 * comments on its page (by permalink id, else by text), fill what the page lacks, and the ones the
 * page does not show (captured earlier) are kept with their source marked.
 */
import { type AnyNode, isTag, isText } from 'domhandler';
import { parseHtml } from '../../core/html-parse.js';
import type { FeedItem } from '../../feeds/index.js';
import { breaksLine, nodeText } from '../page-dom.js';
import { collapseWhitespace, tokenize } from '../text-normalize.js';
import { MIN_FEED_TEXT_OVERLAP } from './constants.js';
import { fragmentOf } from './comment-hints.js';

export interface FeedComment {
  item: FeedItem;
  id: string | null;
  /** Id of the comment it replies to ("In reply to <a href=#comment-4>"). */
  parent: string | null;
  text: string;
  html: string;
  tokens: string[];
}

/** WordPress and others open a reply's feed text with "In reply to <author>." */
const IN_REPLY_TO = /^\s*in reply to\b/i;

function lines(node: AnyNode, out: string[], current: { text: string }): void {
  if (isText(node)) {
    current.text += node.data;
    return;
  }
  if (!isTag(node)) {
    if ('children' in node) for (const c of (node as { children: AnyNode[] }).children) lines(c, out, current);
    return;
  }
  const block = breaksLine(node.name);
  if (block && current.text.trim() !== '') {
    out.push(collapseWhitespace(current.text));
    current.text = '';
  }
  for (const c of node.children) lines(c, out, current);
  if (block && current.text.trim() !== '') {
    out.push(collapseWhitespace(current.text));
    current.text = '';
  }
}

/** A comment feed item as text, with its id and the id it replies to. */
export function readFeedComment(item: FeedItem): FeedComment {
  const html = item.content ?? item.description ?? '';
  const doc = parseHtml(html, { decodeEntities: true }).document;
  let parent: string | null = null;
  // The "In reply to" paragraph names the parent by its permalink; it is not comment text.
  const first = doc.children.find((c) => isTag(c) || (isText(c) && c.data.trim() !== ''));
  if (first !== undefined && isTag(first) && IN_REPLY_TO.test(nodeText(first, { skipIgnored: false }))) {
    const link = findLink(first);
    parent = fragmentOf(link);
    doc.children.splice(doc.children.indexOf(first), 1);
  }
  const out: string[] = [];
  const current = { text: '' };
  for (const c of doc.children) lines(c, out, current);
  if (current.text.trim() !== '') out.push(collapseWhitespace(current.text));
  let text = out.join('\n');
  if (parent === null && IN_REPLY_TO.test(text)) text = text.replace(/^\s*in reply to [^.\n]{1,80}\.\s*/i, '');
  return { item, id: fragmentOf(item.link) ?? fragmentOf(item.guid), parent, text, html, tokens: tokenize(text) };
}

function findLink(n: AnyNode): string | null {
  if (!isTag(n)) return null;
  if (n.name === 'a' && n.attribs.href !== undefined) return n.attribs.href;
  for (const c of n.children) {
    const l = findLink(c);
    if (l !== null) return l;
  }
  return null;
}

/** Share of the shorter token list found in the other (multiset containment). */
export function textOverlap(a: readonly string[], b: readonly string[]): number {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const t of long) counts.set(t, (counts.get(t) ?? 0) + 1);
  let hit = 0;
  for (const t of short) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      hit++;
      counts.set(t, c - 1);
    }
  }
  return hit / short.length;
}

/** Pairs page comments with feed comments: same id first, then the best text overlap. Returns page index -> feed index. */
export function pairWithFeed(
  page: ReadonlyArray<{ id: string | null; text: string; author: string | null }>,
  feed: readonly FeedComment[],
): Map<number, number> {
  const pairs = new Map<number, number>();
  // Most pages have no comment feed: their comments' words are never needed.
  if (feed.length === 0) return pairs;
  const tokens = page.map((p) => tokenize(p.text));
  const used = new Set<number>();
  page.forEach((p, i) => {
    if (p.id === null) return;
    const j = feed.findIndex((f, k) => !used.has(k) && f.id !== null && f.id === p.id);
    if (j >= 0) {
      pairs.set(i, j);
      used.add(j);
    }
  });
  page.forEach((p, i) => {
    if (pairs.has(i)) return;
    let best = -1;
    let bestScore = MIN_FEED_TEXT_OVERLAP;
    feed.forEach((f, k) => {
      if (used.has(k)) return;
      const sameAuthor = p.author === null || f.item.author === null || tokenize(p.author).join(' ') === tokenize(f.item.author).join(' ');
      const score = textOverlap(tokens[i] as string[], f.tokens);
      if (sameAuthor && score >= bestScore) {
        best = k;
        bestScore = score;
      }
    });
    if (best >= 0) {
      pairs.set(i, best);
      used.add(best);
    }
  });
  return pairs;
}
