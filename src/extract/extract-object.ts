/**
 * Feed-guided data objects [004 §4]: for each feed item, its wrapper node on the page, then its
 * properties [000 §III-D], text, cleaned HTML and references.
 */
import { type Element, isTag } from 'domhandler';
import type { FeedItem } from '../feeds/index.js';
import { type RenderedArticle, renderArticle } from './article-render.js';
import { commentNodesInside, extractComments } from './comments/index.js';
import { computeConfidence } from './confidence.js';
import {
  EVIDENCE_MIN_DENSITY_SHARE,
  NGRAM_SIZE,
  SPLIT_BLOCK_MAX_SHARED_SHINGLES,
  WIDEN_MAX_STEPS,
  WIDEN_ZONE_MIN_CONCEPTUAL_NODES,
} from './constants.js';
import { languageTools } from './language.js';
import { postPageOf } from '../core/url-shape.js';
import { nodePath, templatePath } from './node-path.js';
import { contains, nodeText } from './page-dom.js';
import { pageBaseUrl, pageBody, pageHead } from './parse-page.js';
import { findAuthor, findCategories, findDate, findModified, findPublished, findTitle } from './properties.js';
import { buildSemanticInput, ngramSet } from './semantic-input.js';
import { countWordsUpTo, everyToken, tokenize } from './text-normalize.js';
import type { ExplainStep, ExtractionResult, ParsedPage } from './types.js';
import { type WrapperCandidate, describe, findWrapperNode, widenToArticle } from './wrapper-node.js';

export interface ExtractOptions {
  /** Nodes no item may use (e.g. zones already claimed). */
  exclude?: Element[];
  /** Also read the post's comments around the article [004 §4.2], guided by its comment-feed items. */
  comments?: { feedItems: readonly FeedItem[]; siteStructures?: readonly string[] };
}

/** The article of one item on one page. */
export function extractObject(page: ParsedPage, item: FeedItem, opts: ExtractOptions = {}): ExtractionResult {
  return extractObjects(page, [item], opts)[0] as ExtractionResult;
}

/**
 * `commentNodesInside(wrapper)`, taken from those of the whole body (`inBody`) when none of them
 * holds the wrapper: the body's walk went through the wrapper and found the same outermost ones.
 */
function commentNodesUnder(wrapper: Element, inBody: readonly Element[]): Element[] {
  if (inBody.some((n) => contains(n, wrapper))) return commentNodesInside(wrapper);
  return inBody.filter((n) => contains(wrapper, n));
}

/**
 * The articles of several items on one page (a channel page): each gets its own node, never the
 * union; when two items land on the same or nested nodes, the weaker one fails [002: overlap = failure].
 */
export function extractObjects(page: ParsedPage, items: FeedItem[], opts: ExtractOptions = {}): ExtractionResult[] {
  const body = pageBody(page);
  const tools = languageTools(page.language);
  // Comment zones are never an item's article [004 §4.2: comments repeat the article's n-grams].
  const commentNodes = body === null ? [] : commentNodesInside(body);
  // The page's URL parsed once for every render (teaser lines link another post of its site).
  const postPage = postPageOf(page.url);
  const postPageOption = postPage === undefined ? {} : { postPage };
  const exclude = [...(opts.exclude ?? []), ...commentNodes];
  const searches = items.map((item) => {
    const explain: ExplainStep[] = [];
    const input = buildSemanticInput(item, tools);
    explain.push({
      step: 'semantic input',
      detail: `${input.tokens.length} tokens (${page.language ?? 'unknown'} language), ${input.concepts.length} concepts`,
      data: { concepts: input.concepts, ngramsSample: sampleNgrams(input.tokens) },
    });
    if (body === null) return { item, input, explain, search: { ok: false as const, reason: 'page has no <body>' } };
    return { item, input, explain, search: findWrapperNode(body, input, tools, explain, exclude) };
  });
  const cores = searches.map((s) => (s.search.ok ? s.search.candidate : null));
  const strength = (c: WrapperCandidate): number => c.zones[0]?.density ?? 0;
  return searches.map((s, i): ExtractionResult => {
    if (!s.search.ok || body === null)
      return { ok: false, reason: s.search.ok ? 'page has no <body>' : s.search.reason, explain: s.explain };
    const cand = s.search.candidate;
    for (const [j, other] of cores.entries()) {
      if (j === i || other === null) continue;
      const overlap = other.core === cand.core || contains(other.core, cand.core) || contains(cand.core, other.core);
      if (overlap && (strength(other) > strength(cand) || (strength(other) === strength(cand) && j < i))) {
        const reason = `wrapper ${describe(cand.core)} overlaps the wrapper of item ${j + 1}, which matches better`;
        s.explain.push({ step: 'overlap', detail: reason });
        return { ok: false, reason, explain: s.explain };
      }
    }
    const others = cores.filter((c, j): c is WrapperCandidate => j !== i && c !== null).map((c) => c.core);
    // Semantic nodes dense enough to say where the item is [004 §4.2 Def. 3-4]; those with several
    // conceptual nodes are article text the wrapper must reach (a teaser matches once).
    const bestDensity = cand.zones[0]?.density ?? 0;
    const evidence = cand.zones.filter((z) => z.density >= bestDensity * EVIDENCE_MIN_DENSITY_SHARE).map((z) => z.node);
    // So is another block of the core's own kind (element and classes, the key-path step of 000
    // §III-A) holding feed text the core does not: an article split over layout blocks, where a
    // teaser repeats the core's opening.
    let coreGrams: Set<string> | null = null;
    const isSplitBlock = (node: Element): boolean => {
      if (!isSameBlockKind(node, cand.core)) return false;
      if (coreGrams === null) coreGrams = ngramSet(tokenize(nodeText(cand.core)), NGRAM_SIZE);
      const core = coreGrams;
      const own = [...ngramSet(tokenize(nodeText(node)), NGRAM_SIZE)];
      return own.filter((g) => core.has(g)).length < own.length * SPLIT_BLOCK_MAX_SHARED_SHINGLES;
    };
    const articleZones = cand.zones
      .filter((z) => z.conceptualNodes >= WIDEN_ZONE_MIN_CONCEPTUAL_NODES || (evidence.includes(z.node) && isSplitBlock(z.node)))
      .map((z) => z.node);
    let wrapper = widenToArticle(cand.core, body, others, s.input.bodyTokens.length, s.explain, articleZones);
    const head = pageHead(page);
    const title = findTitle(body, s.item, wrapper, head, s.explain);
    const skip = new Set<Element>();
    if (title.node !== null && title.full && contains(wrapper, title.node)) skip.add(title.node);
    // Comments, comment forms and "N comments" counters are never part of the article [004 §4.2].
    for (const n of commentNodesUnder(wrapper, commentNodes)) skip.add(n);
    const renderEvidence = title.node === null ? evidence : [...evidence, title.node];
    const render = (): RenderedArticle =>
      renderArticle(wrapper, { baseUrl: pageBaseUrl(page), skip, core: cand.zone, evidence: renderEvidence, ...postPageOption });
    let rendered = render();
    // A wrapper holding nothing but (part of) the title is a headline zone, as when a feed item
    // has no description [000 §III-D-3]: its parent holds the article, then widen as usual.
    const titleWords = new Set(tokenize(title.value ?? ''));
    const holdsOnlyTitle = (): boolean => everyToken(rendered.text, (w) => titleWords.has(w));
    if (holdsOnlyTitle()) {
      for (let step = 0; step < WIDEN_MAX_STEPS && holdsOnlyTitle(); step++) {
        const parent = wrapper.parent;
        if (parent === null || !isTag(parent) || parent === body || others.some((o) => contains(parent, o))) break;
        s.explain.push({ step: 'widen', detail: `${describe(wrapper)} holds only the title: -> ${describe(parent)}` });
        wrapper = parent;
        for (const n of commentNodesUnder(wrapper, commentNodes)) skip.add(n);
        rendered = render();
      }
      wrapper = widenToArticle(wrapper, body, others, s.input.bodyTokens.length, s.explain, articleZones);
      for (const n of commentNodesUnder(wrapper, commentNodes)) skip.add(n);
      rendered = render();
    }
    const date = findDate(body, s.item.published, page.language, wrapper, commentNodes);
    // Comments are read around the final wrapper; the entries found inside it (article and comments
    // as siblings in one block) are left out of the article too [004 §4.2, end].
    const comments =
      opts.comments === undefined
        ? null
        : extractComments(page, {
            article: wrapper,
            item: s.item,
            postDate: date.source === 'page' ? date.value : null,
            commentItems: opts.comments.feedItems,
            siteStructures: opts.comments.siteStructures ?? [],
          });
    if (comments !== null) {
      const inside = commentNodesInside(wrapper, comments.zone, comments.entryNodes).filter((n) => !skip.has(n));
      for (const n of inside) skip.add(n);
      if (inside.length > 0) rendered = render();
    }
    const textWords = countWordsUpTo(rendered.text, Number.POSITIVE_INFINITY);
    if (textWords === 0) return { ok: false, reason: `wrapper ${describe(wrapper)} holds no article text`, explain: s.explain };
    const author = findAuthor(body, s.item, wrapper, head, commentNodes);
    const categories = findCategories(body, s.item.categories, wrapper);
    const confidence = computeConfidence({
      mode: cand.mode,
      conceptShare: cand.conceptShare,
      margin: cand.margin,
      textWords,
      feedWords: s.input.bodyTokens.length,
      hasContent: s.input.hasContent,
    });
    s.explain.push({
      step: 'wrapper',
      detail: `${describe(wrapper)} by ${cand.mode}, ${textWords} words, confidence ${confidence}`,
      data: { path: nodePath(wrapper) },
    });
    const published = date.value ?? findPublished(head);
    return {
      ok: true,
      explain: s.explain,
      comments,
      object: {
        title: title.value,
        author: author.value,
        published,
        updated: s.item.updated ?? findModified(head),
        categories: categories.value,
        text: rendered.text,
        html: rendered.html,
        references: rendered.references,
        method: 'feed-guided',
        confidence,
        paths: { content: templatePath(wrapper), title: title.path, author: author.path, date: date.path, categories: categories.path },
        wrapper,
      },
    };
  });
}

/** Two elements of one kind: the same name and the same non-empty classes. */
function isSameBlockKind(a: Element, b: Element): boolean {
  const cls = a.attribs.class?.trim() ?? '';
  return a !== b && a.name === b.name && cls !== '' && cls === (b.attribs.class?.trim() ?? '');
}

function sampleNgrams(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 3 <= tokens.length && out.length < 8; i += 3) out.push(tokens.slice(i, i + 3).join(' '));
  return out;
}
