/**
 * Finding the wrapper node of a data object [004 §4.2, Algorithm 1, Definitions 1-5].
 */
import { type AnyNode, type Element, isTag, isText } from 'domhandler';
import {
  BOILERPLATE_NODE_WEIGHT,
  MIN_CONCEPT_SHARE,
  MIN_CONCEPTS_PER_NODE,
  MIN_DENSITY_WORDS,
  NGRAM_SIZE,
  TEASER_NODE_WEIGHT,
  WIDEN_MAX_STEPS,
  WIDEN_MIN_GAIN,
  WIDEN_SHAPE_MIN_FEED_SHARE,
  WIDEN_SHAPE_MIN_PARAGRAPHS,
} from './constants.js';
import type { LanguageTools } from './language.js';
import { boilerplateReason } from './boilerplate.js';
import {
  BLOCK_TAGS,
  classTellsApart,
  contains,
  isArticleParagraph,
  isIgnoredElement,
  semanticNodeOf,
  type TextBlock,
  textBlocks,
  withinAny,
  wordCount,
} from './page-dom.js';
import { ngramSet, type SemanticInput } from './semantic-input.js';
import type { ExplainStep } from './types.js';

export type MatchMode = 'ngrams' | 'concepts' | 'concept-sample';

/** A semantic node with its density [004 §4.2 Def. 3-4]. */
export interface SemanticZone {
  node: Element;
  density: number;
  conceptualNodes: number;
}

export interface WrapperCandidate {
  /** The consistent node (Def. 5) before widening to the whole article. */
  core: Element;
  /** The densest semantic node (Def. 4), before the Def. 5 climb. */
  zone: Element;
  mode: MatchMode;
  zones: SemanticZone[];
  conceptShare: number;
  /** Density of the best zone over the second best (1 when alone). */
  margin: number;
}

export type WrapperSearch = { ok: true; candidate: WrapperCandidate } | { ok: false; reason: string };

/** A character `trim` keeps (`\s` is the set `trim` removes). */
const NON_SPACE = /\S/;

/** A text cut short with an ellipsis: a teaser of a post (popular-posts boxes, archive lists). */
const TRUNCATED_TAIL = /(?:\.\.\.|…)\s*[\])]?\s*$/;

/** Per-page stems of a text block, cached (stemming is the costly part of concept matching). */
const stemCache = new WeakMap<TextBlock, Set<string>>();
function blockStems(block: TextBlock, tools: LanguageTools): Set<string> {
  let s = stemCache.get(block);
  if (s === undefined) {
    s = new Set();
    for (const t of block.tokens) if (!tools.isStopWord(t)) s.add(tools.stem(t));
    stemCache.set(block, s);
  }
  return s;
}

/** The n-grams a block is matched with (`ngramSet` keys), as numbers: each word of the feed item
 *  gets an id, an n-gram the ids of its words in base `base`. A block's positions are then matched
 *  without building a string per position. */
interface NgramIndex {
  ids: Map<string, number>;
  base: number;
  grams: Set<number>;
  /** The n-grams as strings, when their numbers would pass 2^53 (more words than any feed item has). */
  strings: Set<string> | null;
}

/** The numbers of the n-grams of `tokens` (words all in `ids`). */
function ngramKeys(tokens: readonly string[], ids: ReadonlyMap<string, number>, base: number, n: number): Set<number> {
  const keys = new Set<number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    let key = 0;
    for (let k = i; k < i + n; k++) key = key * base + (ids.get(tokens[k] as string) as number);
    keys.add(key);
  }
  return keys;
}

/** How many positions of `tokens` begin one of the n-grams (`tokens.slice(i, i + n).join(' ')` is one). */
function countNgramMatches(tokens: readonly string[], index: NgramIndex, n: number): number {
  const strings = index.strings;
  if (strings !== null) {
    let found = 0;
    for (let i = 0; i + n <= tokens.length; i++) if (strings.has(tokens.slice(i, i + n).join(' '))) found++;
    return found;
  }
  let m = 0;
  for (let i = 0; i + n <= tokens.length; i++) {
    let key = 0;
    let k = 0;
    for (; k < n; k++) {
      const id = index.ids.get(tokens[i + k] as string);
      if (id === undefined) break;
      key = key * index.base + id;
    }
    // A word the item does not have: no position up to it begins an n-gram.
    if (k < n) i += k;
    else if (index.grams.has(key)) m++;
  }
  return m;
}

/**
 * The n-grams conceptual nodes are matched with [004 §4.1]. Deviation: when the description has
 * n-grams of its own, those of the title are left out: the title recurs in headings, breadcrumbs
 * and link lists (004 §4.3, Fig. 4) and is located apart [000 §III-D], while the wrapper is where
 * the description's text is.
 */
function zoneNgrams(input: SemanticInput): NgramIndex {
  const ids = new Map<string, number>();
  for (const t of input.tokens) if (!ids.has(t)) ids.set(t, ids.size);
  const base = ids.size + 1;
  if (base ** NGRAM_SIZE > Number.MAX_SAFE_INTEGER) {
    const title = ngramSet(input.titleTokens, NGRAM_SIZE);
    const own = new Set([...ngramSet(input.bodyTokens, NGRAM_SIZE)].filter((g) => !title.has(g)));
    return { ids, base, grams: new Set(), strings: own.size > 0 ? own : ngramSet(input.tokens, NGRAM_SIZE) };
  }
  const title = ngramKeys(input.titleTokens, ids, base, NGRAM_SIZE);
  const own = new Set<number>();
  for (const key of ngramKeys(input.bodyTokens, ids, base, NGRAM_SIZE)) if (!title.has(key)) own.add(key);
  return { ids, base, grams: own.size > 0 ? own : ngramKeys(input.tokens, ids, base, NGRAM_SIZE), strings: null };
}

/** Share of `concepts` present anywhere under `node` [004 §4.2 Def. 5]. */
export function conceptShare(node: Element, root: Element, concepts: string[], tools: LanguageTools): number {
  if (concepts.length === 0) return 0;
  const found = new Set<string>();
  const wanted = new Set(concepts);
  for (const b of textBlocks(root)) {
    if (!contains(node, b.element)) continue;
    for (const s of blockStems(b, tools)) if (wanted.has(s)) found.add(s);
    if (found.size === wanted.size) break;
  }
  return found.size / wanted.size;
}

/**
 * One pass of Algorithm 1 with one kind of semantic entity: conceptual nodes, semantic zones,
 * densest zone, then climb while the node is not semantically consistent (Def. 5).
 */
function searchWith(
  mode: MatchMode,
  root: Element,
  input: SemanticInput,
  tools: LanguageTools,
  explain: ExplainStep[],
  exclude: ReadonlySet<Element>,
  consistencyConcepts?: string[],
): WrapperSearch {
  const grams = mode === 'ngrams' ? zoneNgrams(input) : null;
  const wanted = new Set(mode === 'concept-sample' ? input.conceptSample : input.concepts);
  const zones = new Map<Element, SemanticZone>();
  let conceptual = 0;
  for (const b of textBlocks(root)) {
    if (withinAny(b.element, exclude)) continue;
    let matches = 0;
    if (grams !== null) matches = countNgramMatches(b.tokens, grams, NGRAM_SIZE);
    else {
      for (const s of blockStems(b, tools)) if (wanted.has(s)) matches++;
      if (matches < Math.min(MIN_CONCEPTS_PER_NODE, wanted.size)) matches = 0;
    }
    if (matches === 0) continue;
    // Deviation from 004 §4.2 Def. 2: link text (archive lists, related posts, sidebars) repeats
    // titles of articles and is not the article, so a node's matches weigh by its non-link share;
    // teasers in share dialogs, sidebars and "latest article" boxes repeat the excerpt, so nodes
    // inside boilerplate-marked zones, and truncated teasers ("… the first words ..."), weigh less.
    const inWidget = insideBoilerplate(b.element, root);
    const weight =
      (1 - Math.min(1, b.linkChars / b.text.length)) *
      (inWidget ? BOILERPLATE_NODE_WEIGHT : 1) *
      (TRUNCATED_TAIL.test(b.text) ? TEASER_NODE_WEIGHT : 1);
    if (weight === 0) continue;
    conceptual++;
    // [004 §4.2 Def. 2] density = matches / text length (words here, with a floor).
    const density = (weight * matches) / Math.max(b.tokens.length, MIN_DENSITY_WORDS);
    // Deviation from 004 Algorithm 1 (sum over all descendants): a zone sums only the conceptual
    // nodes it is the lowest semantic node of, else an outer zone would always win.
    const node = semanticNodeOf(b.element, root);
    const z = zones.get(node) ?? { node, density: 0, conceptualNodes: 0 };
    z.density += density;
    z.conceptualNodes++;
    zones.set(node, z);
  }
  const ranked = [...zones.values()].sort((a, b) => b.density - a.density);
  explain.push({
    step: `zones (${mode})`,
    detail: `${conceptual} conceptual nodes in ${ranked.length} semantic nodes`,
    data: ranked.slice(0, 5).map((z) => ({ node: describe(z.node), density: round(z.density), conceptualNodes: z.conceptualNodes })),
  });
  // A teaser in a widget ("recent posts") matches once, densely; the article matches in several
  // nodes: a single-node zone inside boilerplate yields to a multi-node zone outside it. ours.
  const isTeaser = (z: SemanticZone): boolean => z.conceptualNodes === 1 && insideBoilerplate(z.node, root);
  const article = ranked.find((z) => z.conceptualNodes > 1 && !insideBoilerplate(z.node, root));
  const best = ranked[0] !== undefined && isTeaser(ranked[0]) && article !== undefined ? article : ranked[0];
  if (best === undefined) return { ok: false, reason: `no conceptual node with ${mode}` };
  if (best !== ranked[0])
    explain.push({
      step: `zones (${mode})`,
      detail: `${describe(ranked[0]?.node as Element)} is a teaser inside boilerplate: ${describe(best.node)} instead`,
    });
  const concepts = consistencyConcepts ?? (mode === 'concept-sample' ? input.conceptSample : input.concepts);
  const consistent = climbToConsistent(best.node, root, concepts, tools);
  if (consistent === null) return { ok: false, reason: `${mode}: no node below <body> holds ${MIN_CONCEPT_SHARE} of the concepts` };
  const { node, share } = consistent;
  const second = ranked.find((z) => !contains(z.node, best.node) && !contains(best.node, z.node));
  const margin = second === undefined ? 1 : Math.max(0, 1 - second.density / best.density);
  explain.push({
    step: `consistent (${mode})`,
    detail: `${describe(node)} holds ${round(share)} of the ${consistencyConcepts === undefined ? '' : "description's "}concepts (>= ${MIN_CONCEPT_SHARE}, Def. 5)`,
  });
  const zonesBestFirst = [best, ...ranked.filter((z) => z !== best)];
  return { ok: true, candidate: { core: node, zone: best.node, mode, zones: zonesBestFirst, conceptShare: share, margin } };
}

/** The concepts found in the description (and content) tokens, not only in the title. */
function descriptionConcepts(input: SemanticInput, tools: LanguageTools): string[] {
  const stems = new Set(input.bodyTokens.map((t) => tools.stem(t)));
  return input.concepts.filter((c) => stems.has(c));
}

/** [004 Algorithm 1] While the wrapper does not contain enough concepts, take its parent; null
 *  when <body> is reached first. */
function climbToConsistent(
  zone: Element,
  root: Element,
  concepts: string[],
  tools: LanguageTools,
): { node: Element; share: number } | null {
  let node = zone;
  let share = conceptShare(node, root, concepts, tools);
  while (share < MIN_CONCEPT_SHARE) {
    const parent: Element | null = node.parent as Element | null;
    if (parent === null || node === root || parent === root || parent.type !== 'tag') return null;
    node = parent;
    share = conceptShare(node, root, concepts, tools);
  }
  return { node, share };
}

/** Algorithm 1: n-grams (n = 3), then concepts, then a sample of the concepts [004 §4.2]. */
export function findWrapperNode(
  root: Element,
  input: SemanticInput,
  tools: LanguageTools,
  explain: ExplainStep[],
  exclude: Element[] = [],
): WrapperSearch {
  const reasons: string[] = [];
  const modes: MatchMode[] = ['ngrams', 'concepts', 'concept-sample'];
  const excluded = new Set(exclude);
  for (const mode of modes) {
    const r = searchWith(mode, root, input, tools, explain, excluded);
    if (r.ok) return r;
    reasons.push(r.reason);
  }
  // Deviation from 004 §4.2 Def. 5: the title is located apart [000 §III-D] and a page may not
  // print it (its <title> aside); then no node holds half of the concepts when the title's weigh
  // in. Last round: n-grams, consistent on the description's own concepts.
  const described = descriptionConcepts(input, tools);
  if (described.length > 0 && described.length < input.concepts.length) {
    const r = searchWith('ngrams', root, input, tools, explain, excluded, described);
    if (r.ok) return r;
  }
  return { ok: false, reason: reasons.join('; ') };
}

/** An article paragraph (`isArticleParagraph`) with its word count. */
interface Paragraph {
  block: TextBlock;
  words: number;
}

const paragraphsCache = new WeakMap<Element, Paragraph[]>();

/** The article paragraphs among the text blocks under `root`, listed once per root. */
function articleParagraphs(root: Element): Paragraph[] {
  let paragraphs = paragraphsCache.get(root);
  if (paragraphs === undefined) {
    paragraphs = [];
    for (const block of textBlocks(root)) if (isArticleParagraph(block)) paragraphs.push({ block, words: wordCount(block) });
    paragraphsCache.set(root, paragraphs);
  }
  return paragraphs;
}

/** Article-like text blocks under `node` (long paragraphs, not links), outside boilerplate, with their word counts. */
function articleBlocks(node: Element, root: Element, core: Element): Paragraph[] {
  return articleParagraphs(root).filter((p) => contains(node, p.block.element) && !insideBoilerplate(p.block.element, node, core));
}

function insideBoilerplate(el: Element, stop: Element, core?: Element): boolean {
  for (let e: Element | null = el; e !== null && e !== stop; e = e.parent as Element | null) {
    if (e.type !== 'tag') break;
    if (boilerplateReason(e) !== null && (core === undefined || !contains(e, core))) return true;
  }
  return false;
}

/** Text blocks that are headings or captions, not paragraphs of the article body. */
const NOT_PARAGRAPH_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'figcaption', 'caption', 'dt', 'th', 'legend', 'summary']);

/** The block tag names from below `ancestor` down to `el` ("div/p"): the shape of a text block
 *  (inline wrappers such as `span` or `font` do not change the layout). */
function tagPath(ancestor: Element, el: Element): string {
  const names: string[] = [];
  for (let e: Element | null = el; e !== null && e !== ancestor; e = e.parent as Element | null)
    if (BLOCK_TAGS.has(e.name)) names.push(e.name);
  return names.reverse().join('/');
}

/**
 * Deviation from 004 §4.2 (the wrapper is the consistent semantic node): an excerpt matches only
 * the first paragraphs, and pages split articles over several containers, so the wrapper is
 * widened to its parent while the parent adds real article text (long, not link-dense paragraphs
 * outside boilerplate zones) and never swallows another item's article. Once the wrapper holds
 * paragraphs with most of the feed text's words (it is past the excerpt, not a headline zone),
 * only paragraphs of the same shape (tag path from the parent, as key-paths generalise post nodes
 * in 000 §III-D, or a container of the same element and class, a key-path step of 000 §III-A)
 * count: the rest of an article is laid out like its start; sidebars, teasers and ads are not. A parent holding another of the item's article zones (`articleZones`: semantic
 * nodes with several conceptual nodes, as a full-content feed matches every section) is taken on
 * any gain.
 */
export function widenToArticle(
  core: Element,
  root: Element,
  others: Element[],
  feedWords: number,
  explain: ExplainStep[],
  articleZones: readonly Element[] = [],
): Element {
  let node = core;
  let up: Element = core;
  for (let step = 0; step < WIDEN_MAX_STEPS; ) {
    const parent = up.parent as Element | null;
    if (parent === null || parent.type !== 'tag' || parent === root || parent.name === 'body' || parent.name === 'html') break;
    if (others.some((o) => contains(parent, o))) break;
    const paragraphs = articleBlocks(parent, root, core);
    const insideParagraphs = paragraphs.filter((p) => contains(node, p.block.element) && !NOT_PARAGRAPH_TAGS.has(p.block.element.name));
    const insideWords = insideParagraphs.reduce((n, p) => n + p.words, 0);
    const inside = insideParagraphs.map((p) => p.block);
    const holdsFeedText = inside.length >= WIDEN_SHAPE_MIN_PARAGRAPHS && insideWords >= feedWords * WIDEN_SHAPE_MIN_FEED_SHARE;
    // Once the wrapper holds the feed text, a parent whose only text is `up`'s is a wrapper of
    // layout (sections nested for styling): it takes no step, so an article split into sections
    // deep apart is still reached, by paragraphs shaped like its own. ours.
    const passThrough = holdsFeedText && !holdsTextBeside(parent, up);
    up = parent;
    if (passThrough) continue;
    step++;
    const shapes = holdsFeedText ? new Set(inside.map((b) => tagPath(parent, b.element))) : null;
    const containers = new Set(holdsFeedText ? inside.map((b) => containerStep(b.element, root)).filter((c) => c !== null) : []);
    let own = 0;
    let gain = 0;
    for (const { block: b } of paragraphs) {
      if (contains(node, b.element)) own += b.text.length;
      else if (shapes === null || shapes.has(tagPath(parent, b.element)) || containers.has(containerStep(b.element, root) ?? ''))
        gain += b.text.length;
    }
    const matched = articleZones.find((z) => contains(parent, z) && !contains(node, z) && !insideBoilerplate(z, parent));
    if (gain <= 0 || (gain < own * WIDEN_MIN_GAIN && matched === undefined)) continue;
    const why = gain < own * WIDEN_MIN_GAIN ? ` and the semantic node ${describe(matched as Element)}` : '';
    explain.push({
      step: 'widen',
      detail: `${describe(node)} -> ${describe(parent)}: +${gain} chars of article text${shapes === null ? '' : ' shaped like its paragraphs'} on ${own}${why}`,
    });
    node = parent;
  }
  return node;
}

/** The key-path step (element and class, 000 §III-A) of the semantic node holding a paragraph;
 *  null when no class tells the node apart (none, or one most elements of its tag carry). */
function containerStep(el: Element, root: Element): string | null {
  const node = semanticNodeOf(el, root);
  return classTellsApart(node, root) ? `${node.name}.${node.attribs.class?.trim()}` : null;
}

/** Whether `parent` holds text outside its child `child` (ignored elements aside). */
function holdsTextBeside(parent: Element, child: Element): boolean {
  for (const c of parent.children) if (c !== child && holdsText(c)) return true;
  return false;
}

/** Whether `nodeText(node).trim() !== ''`, read no further than its first non-blank text. */
function holdsText(node: AnyNode): boolean {
  if (isText(node)) return NON_SPACE.test(node.data);
  if (!isTag(node) || isIgnoredElement(node)) return false;
  for (const c of node.children) if (holdsText(c)) return true;
  return false;
}

export function describe(el: Element): string {
  const id = el.attribs.id ? `#${el.attribs.id}` : '';
  const cls = el.attribs.class ? `.${el.attribs.class.trim().split(/\s+/).slice(0, 3).join('.')}` : '';
  return `<${el.name}${id}${cls}>`;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
