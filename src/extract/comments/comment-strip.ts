/**
 * What of the comments sits inside an article wrapper and must be left out of the article's text
 * and HTML [004 §4.2, end]: the comment zone, comment forms, "N comments" counters and reply widgets.
 */
import { type AnyNode, type Element, isTag, isText } from 'domhandler';
import { contains, isIgnoredElement } from '../page-dom.js';
import { COMMENT_FORM_ACTION_WORDS, COMMENT_LINK_FRAGMENTS, hintMatcher, PERMALINK_PARAMS } from '../../core/hint-vocabulary.js';
import { COMMENT_WIDGET_TEXT, hasCommentHint, isZoneHinted } from './comment-hints.js';

const FORM_ACTION = hintMatcher(COMMENT_FORM_ACTION_WORDS, (a) => a);
const PERMALINK_PARAM = hintMatcher(PERMALINK_PARAMS, (a) => a);
/** The class of a reply box (`isCommentNode`). */
const COMMENT_RESPOND = /(?:^|\s)comment-respond(?:\s|$)/;
/** Links to the comment area, its form, or a reply to one comment (hint lists). */
const COMMENT_HREF = hintMatcher(COMMENT_LINK_FRAGMENTS, (a) => `#(?:${a})\\b|[?&](?:${PERMALINK_PARAM().source})=`);

/**
 * Outermost elements inside `wrapper` that belong to the comments: `zone` when it is inside, comment
 * areas named so (id/class), comment forms, and counters / reply links ("12 comments", "Leave a
 * reply", links to `#comments`). Never the wrapper itself. When the zone holds the wrapper (a
 * wrapper grown over its comments), the comment entries' own nodes (`entryNodes`) inside it.
 */
export function commentNodesInside(wrapper: Element, zone: Element | null = null, entryNodes: readonly Element[] = []): Element[] {
  const around = zone !== null && contains(zone, wrapper);
  const out: Element[] = around ? entryNodes.filter((n) => n !== wrapper && contains(wrapper, n)) : [];
  const zoneInside = around ? null : zone;
  // Depth first in document order (children stacked last first), not entering what was found.
  const stack: Element[] = [wrapper];
  while (stack.length > 0) {
    const el = stack.pop() as Element;
    if (el !== wrapper && isCommentNode(el, zoneInside)) {
      out.push(el);
      continue;
    }
    for (let i = el.children.length - 1; i >= 0; i--) {
      const c = el.children[i] as AnyNode;
      if (isTag(c)) stack.push(c);
    }
  }
  return out;
}

function isCommentNode(el: Element, zone: Element | null): boolean {
  if (el === zone) return true;
  // Every hint below reads id, class, itemtype or itemprop, but a link's text and a form's action:
  // most elements of a page have none of them (this runs on each one).
  const a = el.attribs;
  if (
    a.id === undefined &&
    a.class === undefined &&
    a.itemtype === undefined &&
    a.itemprop === undefined &&
    el.name !== 'a' &&
    el.name !== 'form'
  )
    return false;
  if (isZoneHinted(el) && !isCounter(el)) return true;
  if (el.name === 'form' && (hasCommentHint(el) || FORM_ACTION().test(el.attribs.action ?? ''))) return true;
  if (el.attribs.id === 'respond' || COMMENT_RESPOND.test(el.attribs.class ?? '')) return true;
  return isCounter(el);
}

/** Longest counter or invitation ("12 comments", "Leave a reply"). ours. */
const MAX_COUNTER_CHARS = 60;

/**
 * `nodeText(el).trim()`, or null as soon as it is longer than `max` characters: a big block is not
 * read whole (this test runs on every element of the page, so reading each block whole would be
 * quadratic in the page's depth).
 */
function shortText(el: Element, max: number): string | null {
  if (isIgnoredElement(el)) return '';
  // Most links and labels hold one text node.
  const only = el.children.length === 1 ? el.children[0] : undefined;
  if (only !== undefined && isText(only)) {
    const text = only.data.trim();
    return text.length > max ? null : text;
  }
  const parts: string[] = [];
  let length = 0;
  let first = -1;
  let last = -1;
  const stack: AnyNode[] = [];
  for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i] as AnyNode);
  while (stack.length > 0) {
    const n = stack.pop() as AnyNode;
    if (isText(n)) {
      const start = n.data.search(NON_SPACE);
      if (start >= 0) {
        if (first < 0) first = length + start;
        last = length + n.data.length - (n.data.length - n.data.trimEnd().length);
        if (last - first > max) return null;
      }
      parts.push(n.data);
      length += n.data.length;
    } else if (isTag(n) && !isIgnoredElement(n)) {
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as AnyNode);
    }
  }
  return parts.join('').trim();
}

const NON_SPACE = /\S/;

/** A short link or label counting comments or inviting one. */
function isCounter(el: Element): boolean {
  const link = el.name === 'a';
  if (!link && el.name !== 'span' && el.name !== 'div' && el.name !== 'p') return false;
  // Only links and comment-named labels can count: the attributes first, the text only then.
  if (!link && !hasCommentHint(el)) return false;
  const text = shortText(el, MAX_COUNTER_CHARS);
  if (text === null) return false;
  if (link && COMMENT_HREF().test(el.attribs.href ?? '')) return true;
  return COMMENT_WIDGET_TEXT().test(text) && !/^\s*\d+\s*$/.test(text);
}
