/**
 * Fuse stage of a build: one data object version per article and crawl [004 §4: the data object
 * is the feed item together with its page zone]. Every method that saw the article in this crawl
 * (the full feed content, the page's feed-guided article, a site template, E-mCST, a channel-page
 * segment) left a candidate row; they stay as evidence. The fused version takes its text and HTML
 * from the best candidate, fills metadata the text source lacks from the others (the feed item's
 * structured fields first), and joins the comments of all candidates (page and comment feeds),
 * keeping the choice and its reason. It is stored as a version row with method `fused` (one per
 * object and crawl); readers show the text source's method. Changes are computed between fused
 * versions (changes-stage.ts ranks `fused` first).
 */
import type { DataObject, Fusion, ObjectVersion } from '../core/domain.js';
import { type Db, FUSED_METHOD, FuseStore } from '../store/index.js';

export { FUSED_METHOD };

/**
 * Which candidate gives the text, best first: the page's own article (the archived truth, as the
 * page was served) before the feed's copy of it. ours: the order the quality benchmark scored
 * best with (bench:quality, page candidates before full-feed, most confident first).
 */
export const TEXT_SOURCE_ORDER = ['feed-guided', 'template', 'segmentation', 'mcst', 'full-feed'] as const;

/** A per-method version of the article in this crawl, as the fusion weighs it (the object and crawl are given). */
export type Candidate = Omit<ObjectVersion, keyof DataObject | 'crawlId' | 'crawl' | 'fusion'>;

const rank = (method: string): number => {
  const i = (TEXT_SOURCE_ORDER as readonly string[]).indexOf(method);
  return i < 0 ? TEXT_SOURCE_ORDER.length : i;
};

/** Candidates best first: preference order, then confidence, then the longer text. */
export function rankCandidates(candidates: readonly Candidate[]): Candidate[] {
  return [...candidates].sort(
    (a, b) => rank(a.method) - rank(b.method) || b.confidence - a.confidence || b.text.length - a.text.length || a.id - b.id,
  );
}

/** The fused version of one article in one crawl (pure: candidates in, fields and decision out). */
export function fuseCandidates(candidates: readonly Candidate[]): { version: Candidate; fusion: Fusion } | null {
  const ranked = rankCandidates(candidates.filter((c) => c.text.trim() !== '' || c.html.trim() !== ''));
  const source = ranked[0];
  if (source === undefined) return null;
  const others = ranked.slice(1);
  const feed = ranked.find((c) => c.method === 'full-feed');
  const fromPage = source.method !== 'full-feed';
  const reason = fromPage
    ? feed !== undefined
      ? `the page's article (${source.method}, confidence ${source.confidence.toFixed(2)}) preferred to the full feed content: the page is the archived truth`
      : `the page's article (${source.method}, confidence ${source.confidence.toFixed(2)})${others.length > 0 ? `, the best of ${ranked.length} page candidates` : ''}`
    : 'the full feed content: no page candidate in this crawl';
  const metadataFrom: Record<string, string> = {};
  // Structured feed fields first, then the other page candidates.
  const fillers = feed !== undefined && feed !== source ? [feed, ...others.filter((c) => c !== feed)] : others;
  const fill = <K extends 'title' | 'author' | 'published' | 'updated'>(field: K): Candidate[K] => {
    if (source[field] !== null && source[field] !== '') return source[field];
    const donor = fillers.find((c) => c[field] !== null && c[field] !== '');
    if (donor === undefined) return source[field];
    metadataFrom[field] = donor.method;
    return donor[field];
  };
  let categories = source.categories;
  if (categories.length === 0) {
    const donor = fillers.find((c) => c.categories.length > 0);
    if (donor !== undefined) {
      categories = donor.categories;
      metadataFrom.categories = donor.method;
    }
  }
  const page = ranked.find((c) => c.method !== 'full-feed' && c.captureId !== null);
  const version: Candidate = {
    ...source,
    title: fill('title'),
    author: fill('author'),
    published: fill('published'),
    updated: fill('updated'),
    categories,
    captureId: source.captureId ?? page?.captureId ?? null,
    pageDigest: source.pageDigest ?? page?.pageDigest ?? null,
    language: source.language ?? ranked.find((c) => c.language !== null)?.language ?? null,
  };
  return { version, fusion: { textFrom: source.method, reason, candidates: ranked.map((c) => c.method), metadataFrom } };
}

/** Writes the fused version of every object seen in `crawlId`; returns how many. */
export function runFuseStage(db: Db, crawlId: number): { fused: number } {
  const store = new FuseStore(db);
  let fused = 0;
  store.transaction(() => {
    for (const objectId of store.objectsIn(crawlId)) {
      const candidates = store.candidatesOf(objectId, crawlId);
      const result = fuseCandidates(candidates);
      if (result === null) {
        store.dropFused(objectId, crawlId);
        continue;
      }
      // All comments of the best candidate, then those of the others that no better candidate had (by
      // hash; two equal comments on one page, e.g. two anonymous "Thanks!", both stay).
      const comments = [];
      const seen = new Set<string>();
      for (const c of rankCandidates(candidates)) {
        const own = store.commentsOf(c.id);
        comments.push(...own.filter((cm) => !seen.has(cm.hash)));
        for (const cm of own) seen.add(cm.hash);
      }
      store.writeFused({ ...result.version, objectId, crawlId, fusion: result.fusion }, comments);
      fused++;
    }
  });
  return { fused };
}
