/**
 * Attribute and text hints of reader comments (id/class words, microdata, permalink and reply
 * anchors, counters, forms). Hints are generic words, never one engine's class names, and only ever
 * support what the page structure shows [004 §4.2: "we can still identify the zone of comments by
 * using heuristics"].
 */
import { type AnyNode, type Element, isTag } from 'domhandler';
import {
  COMMENT_CLASS_WORDS,
  COMMENT_ID_WORDS,
  COMMENT_WIDGET_LABELS,
  COMMENT_ZONE_TOKENS,
  ONE_COMMENT_TOKENS,
  hintMatcher,
  PERMALINK_FRAGMENTS,
  PAGE_FOOTER_TOKENS,
  PERMALINK_PARAMS,
  SIDEBAR_TOKENS,
} from '../../core/hint-vocabulary.js';

/** The comment id an element carries: its id, or the name of an `<a name>` anchor ("comment184238"). */
export function commentIdOf(el: Element): string | null {
  const id = el.attribs.id ?? (el.name === 'a' ? el.attribs.name : undefined);
  return id !== undefined && COMMENT_ID().test(id) ? id : null;
}

/** A microdata item of type schema.org Comment. */
export function isCommentItem(el: Element): boolean {
  const type = el.attribs.itemtype;
  return type !== undefined && SCHEMA_COMMENT.test(type);
}

const SCHEMA_COMMENT = /schema\.org\/Comment$/i;

/** An element named as one comment: a bare `comment` class, a comment id, a schema.org Comment. */
export function isOneCommentNamed(el: Element): boolean {
  if (commentIdOf(el) !== null || isCommentItem(el)) return true;
  return (el.attribs.class ?? '').split(/\s+/).some((t) => ONE_COMMENT_TOKEN().test(t));
}

/** A class token naming one comment (hint list). */
const ONE_COMMENT_TOKEN = hintMatcher(ONE_COMMENT_TOKENS, (a) => `^(?:${a})$`);
/** id/class words of a comment (singular or plural), in any of the usual languages (hint list). */
const COMMENT_WORD = hintMatcher(COMMENT_CLASS_WORDS, (a) => a);
/** id/class tokens of a whole comment area or list (plural or list words; a bare "comment" is one comment). */
const ZONE_TOKEN = hintMatcher(COMMENT_ZONE_TOKENS, (a) => `^(?:${a})$`);
const PERMALINK_PARAM = hintMatcher(PERMALINK_PARAMS, (a) => a);
/** Reply / permalink anchors of a comment entry. */
const PERMALINK_HREF = hintMatcher(PERMALINK_FRAGMENTS, (a) => `#(?:${a})[-_]?\\d+$|[?&](?:${PERMALINK_PARAM().source})=\\d+`);
/** An element id naming one comment ("comment-12", "c4051", "div-comment-3", "lf_comment_4339"). */
export const COMMENT_ID = hintMatcher(COMMENT_ID_WORDS, (a) => `^(?:[a-z]{1,8}[-_])?(?:${a})[-_]?(?:\\d+|[0-9a-f]{12,})$`);
/** Sidebars and widget areas that list comments of other posts (never this post's zone). Blogger
 *  wraps the post itself in a `widget`, so a lone `widget` class is no sidebar. */
const SIDEBAR_TOKEN = hintMatcher(SIDEBAR_TOKENS, (a) => `^(?:${a})$`);
const SIDEBAR_TAGS = new Set(['aside', 'nav']);
const PAGE_ROOT_TAGS = new Set(['body', 'html']);
/** Page-level regions (never inside an entry: an entry's own footer holds its byline). */
const PAGE_FOOTER = hintMatcher(PAGE_FOOTER_TOKENS, (a) => `^(?:${a})$`);
/** "12 comments", "Leave a comment", "Reply", "Rate This: 0 0", "Tweet" and the like: counters,
 *  reply, rating and sharing widgets. */
export const COMMENT_WIDGET_TEXT = hintMatcher(COMMENT_WIDGET_LABELS, (a) => `^\\s*(?:${a})\\s*$`);

/** Whether a token of the element's id or class passes `test`. */
function someToken(el: Element, test: (token: string) => boolean): boolean {
  return someTokenOf(el.attribs.id, test) || someTokenOf(el.attribs.class, test);
}

/** Whether a whitespace-separated token of `value` passes `test` (a value of one token is not split). */
function someTokenOf(value: string | undefined, test: (token: string) => boolean): boolean {
  if (value === undefined || value === '') return false;
  return /\s/.test(value) ? value.split(/\s+/).some((t) => t !== '' && test(t)) : test(value);
}

const isZoneToken = (t: string): boolean => ZONE_TOKEN().test(t);
const isSidebarToken = (t: string): boolean => SIDEBAR_TOKEN().test(t) || PAGE_FOOTER().test(t);

/** id/class/itemtype hint that this element belongs to reader comments. */
export function hasCommentHint(el: Element): boolean {
  const a = el.attribs;
  if (a.itemtype !== undefined && /schema\.org\/(?:Comment|UserComments)/i.test(a.itemtype)) return true;
  if (a.itemprop !== undefined && /\bcomments?\b/i.test(a.itemprop)) return true;
  return COMMENT_WORD().test(`${a.id ?? ''} ${a.class ?? ''}`);
}

/** id/class naming a whole comment area or list (not one comment, not its meta line). */
export function isZoneHinted(el: Element): boolean {
  if (el.attribs.id === undefined && el.attribs.class === undefined && el.attribs.itemtype === undefined) return false;
  if (el.attribs.id !== undefined && COMMENT_ID().test(el.attribs.id)) return false;
  if (el.attribs.itemtype !== undefined && /schema\.org\/UserComments/i.test(el.attribs.itemtype)) return true;
  return someToken(el, isZoneToken);
}

/**
 * Whether an element is, or sits in, a sidebar / widget / navigation, for the elements of one page
 * around one article: each ancestor is judged once (the date nodes of a page share most of theirs).
 * The page's own classes (`<body class="sidebar-content-sidebar">`: the layout) say nothing about
 * one element. `anchor`: the article's wrapper, else the post's main block (template posts).
 */
export function sidebarTest(article: Element | null, anchor: Element | null = article): (el: Element) => boolean {
  // What holds the article is the main column, whatever its class says ("sidebar" layouts).
  const holdsArticle = new Set<AnyNode>();
  for (let a: AnyNode | null = article; a !== null; a = a.parent) holdsArticle.add(a);
  const appendices = appendixAsides(anchor);
  const judged = new Map<Element, boolean>();
  return (el) => {
    const path: Element[] = [];
    let inSidebar = false;
    for (let e: Element | null = el; e !== null && e.type === 'tag' && !PAGE_ROOT_TAGS.has(e.name); e = e.parent as Element | null) {
      const known = judged.get(e);
      if (known !== undefined) {
        inSidebar = known;
        break;
      }
      path.push(e);
      if (holdsArticle.has(e)) break;
      // An element named a comment is no sidebar ("sidebar_module js-comment": a styling class).
      if ((SIDEBAR_TAGS.has(e.name) && !appendices.has(e)) || (someToken(e, isSidebarToken) && !hasCommentHint(e))) {
        inSidebar = true;
        break;
      }
    }
    for (const e of path) judged.set(e, inSidebar);
    return inSidebar;
  };
}

/**
 * The `<aside>` elements that follow the post itself: later siblings of `anchor` or of the
 * `<article>` holding it. An aside is content "tangentially related to the content around it"
 * (HTML §4.3.5): beside the page's columns it is a sidebar, right after the post it is the post's
 * own appendix (static-site themes print the reader comments there).
 */
function appendixAsides(anchor: Element | null): Set<Element> {
  const out = new Set<Element>();
  if (anchor === null) return out;
  let post: Element = anchor;
  for (let e: AnyNode | null = anchor; e !== null && isTag(e); e = e.parent) {
    if (e.name === 'article') {
      post = e;
      break;
    }
  }
  for (const from of new Set([anchor, post])) {
    for (let k = from.next; k !== null; k = k.next) if (isTag(k) && k.name === 'aside') out.add(k);
  }
  return out;
}

export function isPermalinkHref(href: string): boolean {
  return PERMALINK_HREF().test(href.trim());
}

/** The fragment of a `comments` URL ("…/post/#comments" -> "comments"). */
export function fragmentOf(url: string | null | undefined): string | null {
  if (url === null || url === undefined) return null;
  const i = url.indexOf('#');
  if (i < 0 || i === url.length - 1) return null;
  const fragment = url.slice(i + 1);
  try {
    return decodeURIComponent(fragment);
  } catch {
    // A malformed percent escape in an archived URL: the fragment as written.
    return fragment;
  }
}
