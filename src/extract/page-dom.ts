/**
 * Shared DOM measures for extraction: which elements are ignored (the "cleaned page" of
 * 004 §4.3) and the page's text blocks (the leaf nodes of 004 §4.2 Def. 1). Block tags, containment
 * and the lowest common ancestor come from the toolkit (`core/dom-text.ts`), re-exported here.
 * Text blocks are computed once per root and cached in a WeakMap (the DOM is shared, never mutated),
 * a block element's taken from an ancestor's when that one was read;
 * per-element tests are not cached: they cost a few property reads, and a WeakMap entry for every
 * element of every page held made lookups and garbage collection cost more than the tests.
 */
import { type AnyNode, type Element, isTag, isText } from 'domhandler';
import { BLOCK_TAGS, contains, nodeText as readNodeText } from '../core/dom-text.js';
import { HIDDEN_CLASS_TOKENS, hintMatcher } from '../core/hint-vocabulary.js';
import {
  ARTICLE_PARAGRAPH_MAX_LINK_DENSITY,
  ARTICLE_PARAGRAPH_MIN_WORDS,
  MAX_KIND_CLASS_SHARE,
  UNSPACED_CHARS_PER_WORD,
} from './constants.js';
import { collapseSpaces, tokenize } from './text-normalize.js';

export { BLOCK_TAGS, breaksLine, contains, lowestCommonAncestor, withinAny } from '../core/dom-text.js';

/** Elements that never hold article text [004 §4.3: the page is cleaned first]. `noframes` and
 *  `noembed` are raw text to a browser showing frames and embeds (their markup is not parsed). */
const IGNORED_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'noframes',
  'noembed',
  'template',
  'iframe',
  'svg',
  'math',
  'canvas',
  'object',
  'embed',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'select',
  'option',
  'datalist',
  'textarea',
  'input',
  'button',
  'map',
  'audio',
  'video',
  'source',
  'track',
]);

/**
 * Containers that can be semantic nodes [004 §4.2 Def. 3: "the closest ancestor that is a div
 * element"]. Deviation from 004 §4.2: HTML5 sectioning elements, table cells and forms play the
 * role `div` played in 2011 pages, so they count as well.
 */
export const CONTAINER_TAGS = new Set([
  'div',
  'section',
  'article',
  'main',
  'body',
  'td',
  'th',
  'form',
  'header',
  'footer',
  'aside',
  'nav',
  'center',
  'details',
  'html',
]);

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important)?\s*(?:;|$)/i;

/** Class tokens whose stylesheet rule hides the element in the common CSS frameworks and themes
 *  (`display: none`, screen-reader-only text). Exact tokens: `hidden-xs` hides on phones only (hint list). */
const HIDDEN_CLASS = hintMatcher(HIDDEN_CLASS_TOKENS, (a) => `^(?:${a})$`);

/** Whether a class keeps the element from a sighted reader (a print or paywall copy of the article,
 *  a share template). Not part of isIgnoredElement: collapsed comment replies are classed so and are
 *  still the discussion. */
export function isHiddenByClass(el: Element): boolean {
  const cls = el.attribs.class;
  if (cls === undefined) return false;
  const hidden = HIDDEN_CLASS();
  return cls.split(/\s+/).some((t) => hidden.test(t));
}

/** Elements whose content a browser never renders as the page's text: scripts, styles, embedded
 *  frames and form controls, whatever their attributes. */
export function isNeverRendered(el: Element): boolean {
  return IGNORED_TAGS.has(el.name);
}

/** Script, style, hidden ([hidden], aria-hidden, display:none) and form-control elements. */
export function isIgnoredElement(el: Element): boolean {
  const a = el.attribs;
  return (
    isNeverRendered(el) || a.hidden !== undefined || a['aria-hidden'] === 'true' || (a.style !== undefined && HIDDEN_STYLE.test(a.style))
  );
}

/** Elements per tag name and per tag name and class value, counted once per root. */
interface ClassCounts {
  byTag: Map<string, number>;
  byClass: Map<string, number>;
}
const classCountsCache = new WeakMap<Element, ClassCounts>();

function classCounts(root: Element): ClassCounts {
  let counts = classCountsCache.get(root);
  if (counts === undefined) {
    const found: ClassCounts = { byTag: new Map(), byClass: new Map() };
    // A stack, not recursion: a hostile page nests elements deeper than the call stack goes.
    const stack: Element[] = [root];
    while (stack.length > 0) {
      const el = stack.pop() as Element;
      found.byTag.set(el.name, (found.byTag.get(el.name) ?? 0) + 1);
      const cls = el.attribs.class?.trim();
      if (cls) {
        const key = `${el.name}.${cls}`;
        found.byClass.set(key, (found.byClass.get(key) ?? 0) + 1);
      }
      for (const c of el.children) if (isTag(c)) stack.push(c);
    }
    counts = found;
    classCountsCache.set(root, counts);
  }
  return counts;
}

/**
 * Whether `el`'s class value tells it apart under `root`: no more than `MAX_KIND_CLASS_SHARE` of the
 * elements of its tag carry the same value. A framework's utility classes that most `<div>`s print
 * (`flex flex-col gap-4`) name no kind of block, as no class at all names none. ours.
 */
export function classTellsApart(el: Element, root: Element): boolean {
  const cls = el.attribs.class?.trim();
  if (!cls) return false;
  const { byTag, byClass } = classCounts(root);
  const same = byClass.get(`${el.name}.${cls}`) ?? 0;
  const all = byTag.get(el.name) ?? 0;
  return same <= all * MAX_KIND_CLASS_SHARE;
}

/** A run of text belonging to one block element (inline markup joined): a leaf node of 004 Def. 1. */
export interface TextBlock {
  element: Element;
  text: string;
  tokens: string[];
  /** Characters of the text that sit inside links. */
  linkChars: number;
}

const blocksCache = new WeakMap<Element, TextBlock[]>();

/** A character `trim` keeps (`\s` is the set `trim` removes). */
const NON_SPACE = /\S/;

/**
 * The text blocks under `root`, in document order.
 * Deviation from 004 §4.2 Def. 1 (leaf = element without children): inline markup (`<a>`, `<em>`)
 * splits sentences, so a leaf here is the inline text of the lowest block element.
 */
export function textBlocks(root: Element): TextBlock[] {
  const cached = blocksCache.get(root);
  if (cached !== undefined) return cached;
  const blocks = blocksOfAncestor(root) ?? readTextBlocks(root);
  blocksCache.set(root, blocks);
  return blocks;
}

/**
 * The text blocks under a block element, taken from those of an ancestor read earlier (the page
 * body, before its article wrapper): the ancestor's blocks inside it, one run of them in document
 * order. Only when the ancestor's walk reached `root` as a walk from `root` starts, outside any
 * link or ignored element; null otherwise.
 */
function blocksOfAncestor(root: Element): TextBlock[] | null {
  if (!BLOCK_TAGS.has(root.name)) return null;
  for (let a = root.parent; a !== null && isTag(a); a = a.parent) {
    if (isIgnoredElement(a) || a.name === 'a') return null;
    const blocks = blocksCache.get(a);
    if (blocks === undefined) continue;
    const first = blocks.findIndex((b) => contains(root, b.element));
    if (first < 0) return [];
    let end = first + 1;
    while (end < blocks.length && contains(root, (blocks[end] as TextBlock).element)) end++;
    return blocks.slice(first, end);
  }
  return null;
}

/** The raw text of one block element while its subtree is read. */
interface BlockPart {
  element: Element;
  text: string;
  linkChars: number;
}

function readTextBlocks(root: Element): TextBlock[] {
  if (isIgnoredElement(root)) return [];
  // Each block element's part is handed down to its inline descendants; it is listed when its
  // first non-blank text is read (so in the order of the blocks' first words).
  const order: BlockPart[] = [];
  const visit = (el: Element, part: BlockPart, inLink: boolean): void => {
    for (const node of el.children) {
      if (isText(node)) {
        const data = node.data;
        if (!NON_SPACE.test(data)) {
          // The space between two inline elements ("<span>Posted on</span> <a>March 4</a>") parts their words.
          if (part.text !== '') part.text += ' ';
          continue;
        }
        if (part.text === '') order.push(part);
        part.text += data;
        if (inLink) part.linkChars += data.trim().length;
      } else if (isTag(node) && !isIgnoredElement(node)) {
        const inner = BLOCK_TAGS.has(node.name) ? { element: node, text: '', linkChars: 0 } : part;
        visit(node, inner, inLink || node.name === 'a');
      }
    }
  };
  visit(root, { element: root, text: '', linkChars: 0 }, root.name === 'a');
  const blocks: TextBlock[] = [];
  for (const p of order) {
    const text = collapseSpaces(p.text);
    if (text.length === 0) continue;
    blocks.push({ element: p.element, text, tokens: tokenize(text), linkChars: p.linkChars });
  }
  return blocks;
}

const keyCache = new WeakMap<TextBlock, string>();

/** The block's tokens joined by single spaces, with a space before and after (so a run of whole
 *  tokens is found with `includes`), joined once per block. */
export function paddedBlockKey(block: TextBlock): string {
  let key = keyCache.get(block);
  if (key === undefined) {
    key = ` ${block.tokens.join(' ')} `;
    keyCache.set(block, key);
  }
  return key;
}

/** Letters of scripts written without spaces between words (one token per run of them). */
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/gu;

/** Code units those scripts are written in: Thai to Khmer (U+0E00-1FFF) and CJK on (U+2E80 up,
 *  surrogates included); not the punctuation, symbols and currency signs between (curly quotes, dashes). */
const MAY_BE_UNSPACED = /[\u0E00-\u1FFF\u2E80-\uFFFF]/;

/** Words of a block, counting runs of unspaced scripts (Chinese, Japanese, Thai) by characters. */
export function wordCount(block: TextBlock): number {
  const unspaced = MAY_BE_UNSPACED.test(block.text) ? (block.text.match(UNSPACED_SCRIPT)?.length ?? 0) : 0;
  return unspaced === 0 ? block.tokens.length : block.tokens.length + Math.floor(unspaced / UNSPACED_CHARS_PER_WORD);
}

/** Whether a block reads as a paragraph of article text: long enough and not mostly links. */
export function isArticleParagraph(block: TextBlock): boolean {
  return block.linkChars <= block.text.length * ARTICLE_PARAGRAPH_MAX_LINK_DENSITY && wordCount(block) >= ARTICLE_PARAGRAPH_MIN_WORDS;
}

/** Whether an element has a block-level element child (or two `<br>`: text laid out in lines). */
function hasBlockLayout(el: Element): boolean {
  let brs = 0;
  for (const c of el.children) {
    if (!isTag(c)) continue;
    if (BLOCK_TAGS.has(c.name)) return true;
    if (c.name === 'br' && ++brs >= 2) return true;
  }
  return false;
}

/**
 * The semantic node of a text block [004 §4.2 Def. 3]: its lowest container ancestor. A container
 * holding only one line of inline text (a `div` used as a paragraph) is a paragraph, not a zone.
 */
export function semanticNodeOf(block: Element, root: Element): Element {
  let e: Element = block;
  if (!(CONTAINER_TAGS.has(e.name) && hasBlockLayout(e)) && e !== root) e = (e.parent as Element | null) ?? root;
  while (e !== root && !CONTAINER_TAGS.has(e.name)) {
    const p = e.parent;
    if (p === null || !isTag(p)) return root;
    e = p;
  }
  return e;
}

/** How `nodeText` reads a subtree. */
export interface PageTextOptions {
  /** Put between the texts of sibling nodes (default ''). */
  separator?: string;
  /** Leave out the elements that never hold article text (`isIgnoredElement`; default true). */
  skipIgnored?: boolean;
}

/** The toolkit's `nodeText` (entities decoded, whitespace kept) as extract reads a page: ignored elements left out. */
export function nodeText(n: AnyNode, opts: PageTextOptions = {}): string {
  const separator = opts.separator ?? '';
  return opts.skipIgnored === false ? readNodeText(n, { separator }) : readNodeText(n, { separator, skip: isIgnoredElement });
}

/** Element children of `el`, counted no further than `max + 1` (a zone of thousands of entries is
 *  asked about once per entry): `elementChildrenUpTo(el, 1) === 1` says it holds exactly one. */
export function elementChildrenUpTo(el: Element, max: number): number {
  let count = 0;
  for (const c of el.children) if (isTag(c) && ++count > max) break;
  return count;
}
