/**
 * Generic boilerplate signals inside a wrapper (never site-specific selectors): comment zones,
 * share/social widgets, related-post lists, navigation, forms and ads. Decided from tag names,
 * roles and id/class words, so they hold on sites never seen; a zone holding most of the article
 * text is the article whatever its markup says.
 */
import type { Element } from 'domhandler';
import {
  BOILERPLATE_COMMENT_WORDS,
  hintMatcher,
  TAXONOMY_CLASS_PREFIXES,
  WIDGET_WORDS as WIDGET_WORDS_LIST,
} from '../core/hint-vocabulary.js';
import { BOILERPLATE_MAX_ARTICLE_SHARE } from './constants.js';
import { contains, isArticleParagraph, textBlocks } from './page-dom.js';

const BOILERPLATE_TAGS = new Set(['nav', 'form', 'aside', 'footer', 'dialog', 'menu']);
const BOILERPLATE_ROLES = new Set([
  'navigation',
  'complementary',
  'contentinfo',
  'banner',
  'search',
  'dialog',
  'menu',
  'menubar',
  'toolbar',
]);

/** id/class words meaning reader comments [004 §4.2: comments are tracked apart from the article] (hint list). */
const COMMENT_WORDS = hintMatcher(BOILERPLATE_COMMENT_WORDS, (a) => `(?:^|[-_\\s])(?:${a})(?:$|[-_\\s])`);
/** id/class words of widgets around an article (hint list). */
const WIDGET_WORDS = hintMatcher(WIDGET_WORDS_LIST, (a) => `(?:^|[-_\\s])(?:${a})(?:$|[-_\\s])`);
/** Taxonomy classes of a post (`tag-android`, `category-news`, `post_tag-qt`): they say what the
 *  post is about, not that the element is a tag list. ours: WordPress and its clones write them. */
const TAXONOMY_CLASS = hintMatcher(TAXONOMY_CLASS_PREFIXES, (a) => `^(?:${a})\\S`);

/** An id made from a heading or title ("sharing-with-a-single-developer", documentation and
 *  Markdown generators write them): it names the section's subject, not its role. ours. */
const SLUG_MIN_PARTS = 4;
function isSlug(id: string | undefined): boolean {
  return id !== undefined && id.split(/[-_]/).filter((p) => p !== '').length >= SLUG_MIN_PARTS;
}

/** Phrasing elements: inside a sentence their class says how a word looks or behaves (a
 *  `popup` gloss, a `tag` link), not that a widget sits there. */
const INLINE_TAGS = new Set([
  'a',
  'span',
  'em',
  'strong',
  'b',
  'i',
  'u',
  'font',
  'abbr',
  'cite',
  'code',
  'mark',
  'small',
  'sub',
  'sup',
  'q',
  'dfn',
  'time',
]);

const cache = new WeakMap<Element, string | null>();

/** Why this element is boilerplate inside an article (e.g. 'comments: class "comment-list"'), or null. */
export function boilerplateReason(el: Element): string | null {
  const a = el.attribs;
  // Most elements have neither id nor class: their words are blank, and judged without a cache
  // entry (a WeakMap entry per element of the page cost more than the tests).
  if (a.id === undefined && a.class === undefined) return reasonOf(el, ' ');
  let v = cache.get(el);
  if (v !== undefined) return v;
  const taxonomy = TAXONOMY_CLASS();
  const classes = (a.class ?? '')
    .split(/\s+/)
    .filter((c) => !taxonomy.test(c))
    .join(' ');
  v = reasonOf(el, `${isSlug(a.id) ? '' : (a.id ?? '')} ${classes}`);
  cache.set(el, v);
  return v;
}

/** `boilerplateReason` given the element's id and class words. */
function reasonOf(el: Element, words: string): string | null {
  const role = el.attribs.role;
  if (BOILERPLATE_TAGS.has(el.name)) return `tag <${el.name}>`;
  if (role !== undefined && BOILERPLATE_ROLES.has(role)) return `role "${role}"`;
  if (COMMENT_WORDS().test(words)) return `comments: "${words.trim()}"`;
  if (WIDGET_WORDS().test(words) && !INLINE_TAGS.has(el.name)) return `widget: "${words.trim()}"`;
  return null;
}

function isCommentZone(el: Element): boolean {
  return boilerplateReason(el)?.startsWith('comments') === true;
}

/** Article-like text (long, not link-dense paragraphs outside comment zones) per element of a scope. */
const articleCharsCache = new WeakMap<Element, Map<Element, number>>();
function articleCharsIn(scope: Element): Map<Element, number> {
  let chars = articleCharsCache.get(scope);
  if (chars !== undefined) return chars;
  chars = new Map();
  for (const b of textBlocks(scope)) {
    if (!isArticleParagraph(b)) continue;
    const path: Element[] = [];
    let inComments = false;
    for (let e: Element | null = b.element; e !== null; e = e.parent as Element | null) {
      if (e.type !== 'tag') break;
      path.push(e);
      if (isCommentZone(e)) inComments = true;
      if (e === scope) break;
    }
    if (inComments) continue;
    for (const e of path) chars.set(e, (chars.get(e) ?? 0) + b.text.length);
  }
  articleCharsCache.set(scope, chars);
  return chars;
}

/**
 * Whether `el` is boilerplate inside `scope`: its markup says so and, unless it is a comment zone,
 * it is not the article, i.e. it does not both hold evidence of the item (a conceptual node or the
 * title) and most of the scope's article text. Deviation from markup-only rules: platforms put
 * whole posts in `widget` classed containers (Blogger), and such a container is the article
 * [cf. 004 §4.2: the wrapper is where the item's semantic nodes are].
 */
export function isBoilerplateIn(el: Element, scope: Element, evidence: readonly Element[]): boolean {
  if (boilerplateReason(el) === null) return false;
  if (isCommentZone(el) || !contains(scope, el) || !evidence.some((e) => contains(el, e))) return true;
  const chars = articleCharsIn(scope);
  const total = chars.get(scope) ?? 0;
  return total === 0 || (chars.get(el) ?? 0) <= total * BOILERPLATE_MAX_ARTICLE_SHARE;
}
