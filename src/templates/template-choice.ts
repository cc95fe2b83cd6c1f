/**
 * The rules that choose, keep or refuse a host's post templates and decide each page of the host
 * [000 §III-C..E, 001 §3, issue #5 step 4, issue #12], as pure functions over parsed pages that
 * return their decision with its reason as data. The build's templates pass reads the pages,
 * calls these and writes what they decide.
 */
import { contains } from '../core/dom-text.js';
import type { CommentNodes, ExtractedObject, ParsedPage, PropertyPaths, RenderedArticle } from '../extract/index.js';
import { pageBody, renderContentNode } from '../extract/index.js';
import { extractMainBlock } from './content-markers.js';
import { entryLinkTargets } from './channel-page.js';
import { matchPage } from './page-matcher.js';
import { negativePostEvidence, type SiteEvidence } from './post-evidence.js';
import { textWithoutTeasers } from './teaser-blocks.js';
import { templateStillFits } from './template-validation.js';
import type { ContentMarkers, ContentNode, PostTemplate, TemplateValidation } from './types.js';

/** Whether a host's page is a post, how that was decided, and the object of a post. */
export interface PostDecision {
  isPost: boolean;
  method: 'template' | 'mcst';
  /** The template that matched (method `template`), else null. */
  templateKey: string | null;
  reason: string;
  /** The post's object (properties, method, confidence, paths); null for a page that is no post. */
  object: Omit<ExtractedObject, 'wrapper'> | null;
  /** The node the post's article was rendered from (posts only). */
  content?: ContentNode;
}

/** Whether an earlier crawl's templates are used again for this crawl. */
export interface ReuseDecision {
  reuse: boolean;
  reason: string;
}

/**
 * Issue #5 step 4: the templates of the latest earlier crawl that learnt any for the host are reused
 * when together they accept `MIN_FIT_SHARE` of this crawl's feed-linked pages (`templateStillFits`);
 * otherwise the site's markup changed and templates are learnt again.
 */
export function decideTemplateReuse(
  stored: readonly PostTemplate[],
  storedCrawl: number | null,
  feedPages: readonly ParsedPage[],
): ReuseDecision {
  const fit = templateStillFits(stored, feedPages);
  const share = `${(fit.matchShare * 100).toFixed(0)}% of ${feedPages.length} feed-linked pages`;
  return fit.fits
    ? { reuse: true, reason: `templates of crawl ${storedCrawl} still fit: they accept ${share}` }
    : { reuse: false, reason: `templates of crawl ${storedCrawl} no longer fit (they accept ${share}): markup changed, learnt again` };
}

/**
 * The per-feed templates of a host (000 §III-C learns one per feed) are often the same paths learnt
 * from the main, category, tag and author feeds: one is kept per set of paths, the best supported.
 */
export function distinctTemplates(templates: readonly PostTemplate[]): PostTemplate[] {
  const bySignature = new Map<string, PostTemplate>();
  for (const t of templates) {
    const sig = JSON.stringify([t.host, t.keyPath, t.contentPath, t.propertyPaths, t.requiredProperties]);
    const seen = bySignature.get(sig);
    if (seen === undefined || t.support > seen.support) bySignature.set(sig, t);
  }
  return [...bySignature.values()];
}

/** The templates a host keeps after validation, best supported first, and why each was kept or left out. */
export interface KeptTemplates {
  kept: Array<{ template: PostTemplate; validation: string }>;
  notes: string[];
}

/**
 * Keep the validated templates [000 Listing 4 path 3], best supported first. A template learnt from a
 * small feed (one tag) whose pages a better supported one already accepts adds nothing and is dropped.
 */
export function keepValidatedTemplates(validated: readonly TemplateValidation[], feedPages: readonly ParsedPage[]): KeptTemplates {
  const kept: KeptTemplates['kept'] = [];
  const notes: string[] = [];
  const sorted = [...validated].sort((a, b) => (b.template?.support ?? 0) - (a.template?.support ?? 0));
  for (const result of sorted) {
    notes.push(result.reason);
    if (result.template === null) continue;
    const t = result.template;
    const own = feedPages.filter((p) => t.learntFrom.includes(p.url));
    const templates = kept.map((k) => k.template);
    if (templates.length > 0 && own.length > 0 && own.every((p) => matchPage(p, templates).isPost)) {
      notes.push(`template ${t.id} (feed ${t.feedUrl}) dropped: the pages it was learnt from match template(s) of larger support`);
      continue;
    }
    kept.push({ template: t, validation: result.reason });
  }
  return { kept, notes };
}

/**
 * 000 §III-E with the host's templates. A match is still refused on a page linking more posts as
 * entries than any feed-linked post does (a channel page outside the validation sample).
 */
export function classifyByTemplate(page: ParsedPage, templates: readonly PostTemplate[], channelMin: number): PostDecision {
  const m = matchPage(page, templates);
  const base = { method: 'template' as const, templateKey: m.templateId };
  if (!m.isPost || m.properties === null) return { ...base, isPost: false, reason: m.reason, object: null };
  const entries = entryLinkTargets(page).size;
  if (channelMin > 0 && entries >= channelMin) {
    return {
      ...base,
      isPost: false,
      reason: `channel page: links ${entries} pages of the host as entries (posts link at most ${channelMin - 1})`,
      object: null,
    };
  }
  const t = templates.find((x) => x.id === m.templateId) as PostTemplate;
  const paths: PropertyPaths = { content: t.contentPath, ...t.propertyPaths };
  return {
    ...base,
    isPost: true,
    reason: m.reason,
    object: { ...m.properties, method: 'template', confidence: m.confidence, paths },
    ...(m.content === null ? {} : { content: m.content }),
  };
}

/** E-mCST [001 §3] for a host without templates; `extractMainBlock` refuses pages that do not look like one post. */
export function classifyByMainBlock(page: ParsedPage, markers: ContentMarkers | null): PostDecision {
  const base = { method: 'mcst' as const, templateKey: null };
  const block = extractMainBlock(page, markers);
  if (!block.isPost || block.properties === null) return { ...base, isPost: false, reason: `E-mCST: ${block.reason}`, object: null };
  const paths: PropertyPaths = { content: null, title: null, author: null, date: null, categories: null };
  return {
    ...base,
    isPost: true,
    reason: `E-mCST: ${block.reason}`,
    object: { ...block.properties, method: 'mcst', confidence: block.confidence, paths },
    ...(block.content === null ? {} : { content: block.content }),
  };
}

/** A post decision weighed against the site's negative evidence; `heldFor` names weak evidence still to settle. */
export interface WeighedDecision {
  decision: PostDecision;
  /** Weak evidence against the post (its URL, one repeated item text): settled by `settleHeldPost` once every page is read. */
  heldFor: string | null;
  /** Pages the content of a page listing posts links to (the site's evidence says it lists posts): they are listed as posts. */
  listed: string[];
}

/**
 * Negative post evidence of a page found to be built like a post (issue #12), from the site's feeds:
 * strong evidence refuses the post; weak evidence holds it until the host's entry links are known.
 */
export function weighNegativeEvidence(decision: PostDecision, page: ParsedPage, evidence: SiteEvidence): WeighedDecision {
  if (!decision.isPost) return { decision, heldFor: null, listed: [] };
  const body = pageBody(page);
  const builtLike = decision.method === 'template' ? 'template' : 'main-block';
  const content = decision.object?.text ?? null;
  const text = body === null ? '' : textWithoutTeasers(body, page.document, evidence.teaserPaths);
  const against = negativePostEvidence(page.url, text, evidence, builtLike, content);
  if (against === null) return { decision, heldFor: null, listed: [] };
  if (against.isWeak) return { decision, heldFor: against.reason, listed: [] };
  // Strong evidence: the page lists posts, and its content links are posts of the host.
  const listed = (decision.object?.references ?? []).filter((r) => r.kind === 'link').map((r) => r.url);
  return {
    decision: { ...decision, isPost: false, reason: `${decision.reason}; but ${against.reason}`, object: null },
    heldFor: null,
    listed,
  };
}

/**
 * A post held on weak evidence stays a post when the site links it as one: `linkedAs` says how
 * (an entry link of another page, a link in the content of a page listing posts), null when not.
 */
export function settleHeldPost(decision: PostDecision, heldFor: string, linkedAs: string | null): PostDecision {
  return linkedAs !== null
    ? { ...decision, reason: `${decision.reason}; ${heldFor}, but ${linkedAs}` }
    : {
        ...decision,
        isPost: false,
        reason: `${decision.reason}; but ${heldFor}, and no page of the host links it as an entry or lists it as a post`,
        object: null,
      };
}

/**
 * The article of a content node without the reader comments the comment extractor found on its page,
 * or null when they lie outside it, or when nothing would be left (the node is the comment zone
 * itself: an empty article would lose the post). A content path or main block learnt over whole
 * pages [000 §III, 001 §3] can hold a comment zone that no hint names, which its rendering alone
 * cannot tell; a feed-guided wrapper leaves the same nodes out [004 §4.2].
 */
export function renderWithoutComments(page: ParsedPage, content: ContentNode, comments: CommentNodes): RenderedArticle | null {
  const { zone, entryNodes } = comments;
  const overlaps =
    (zone !== null && (contains(content.node, zone) || contains(zone, content.node))) || entryNodes.some((n) => contains(content.node, n));
  if (!overlaps) return null;
  const article = renderContentNode(page, content.node, content.title, comments);
  return article.text === '' ? null : article;
}

/** A template or E-mCST post with the comments found on its page left out of its article (`renderWithoutComments`). */
export function leaveOutComments(decision: PostDecision, page: ParsedPage, comments: CommentNodes): PostDecision {
  const { object, content } = decision;
  if (object === null || content === undefined) return decision;
  const article = renderWithoutComments(page, content, comments);
  return article === null || article.text === object.text ? decision : { ...decision, object: { ...object, ...article } };
}
