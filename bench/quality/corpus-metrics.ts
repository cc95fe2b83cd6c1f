/**
 * Scores that only a corpus with truth.json allows:
 * - post detection (issue #5) on the pages no feed links in that crawl: `is_post` of
 *   `export --what pages` against the truth's posts (in_feed false) and non-post pages (the
 *   "without feeds" section scores it on every post);
 * - change kinds (issue #6) of `export --what changes` against the truth's changes, per kind.
 */
import { share } from './article-metrics.js';
import { crawlKey, type ExportedChange, type ExportedObject, type ExportedPage } from './export-rows.js';
import type { GoldChange, GoldNonPost, GoldPage } from './gold.js';

export interface DetectionScores {
  /** Posts scored, over the crawls. */
  posts: number;
  nonPosts: number;
  precision: number;
  recall: number;
  falsePosts: string[];
  missedPosts: string[];
  /** Objects made from non-post pages (home, archives, ...): must be none. */
  nonPostObjects: string[];
}

/** Post detection on the posts no feed links (truth `in_feed: false`). */
export function scorePostDetection(
  pages: readonly GoldPage[],
  nonPosts: readonly GoldNonPost[],
  exported: ReadonlyMap<string, ExportedPage>,
  objects: ReadonlyMap<string, ExportedObject>,
): DetectionScores {
  return scoreIsPost(
    pages.filter((p) => p.group === 'not-in-feed'),
    nonPosts,
    exported,
    objects,
  );
}

/** `is_post` against the given truth posts and the non-post pages, and objects made of non-post pages. */
export function scoreIsPost(
  posts: readonly GoldPage[],
  nonPosts: readonly GoldNonPost[],
  exported: ReadonlyMap<string, ExportedPage>,
  objects: ReadonlyMap<string, ExportedObject>,
): DetectionScores {
  const isPost = (crawl: string, key: string) => exported.get(crawlKey(crawl, key))?.isPost === true;
  const found = posts.filter((p) => isPost(p.crawl, p.key));
  const falsePosts = nonPosts.filter((p) => isPost(p.crawl, p.key));
  const predicted = found.length + falsePosts.length;
  return {
    posts: posts.length,
    nonPosts: nonPosts.length,
    precision: predicted === 0 ? 0 : found.length / predicted,
    recall: share(found.length, posts.length),
    falsePosts: falsePosts.map((p) => `${p.crawl} ${p.url}`),
    missedPosts: posts.filter((p) => !isPost(p.crawl, p.key)).map((p) => `${p.crawl} ${p.url}`),
    nonPostObjects: nonPosts.filter((p) => objects.has(crawlKey(p.crawl, p.key))).map((p) => `${p.crawl} ${p.url}`),
  };
}

export interface KindScore {
  gold: number;
  reported: number;
  precision: number | null;
  recall: number | null;
  falseReports: string[];
  missed: string[];
}

/**
 * Per change kind: pages reported with the kind against pages the truth lists with it. A page may
 * get several kinds; the truth names one per page (crawl 1 -> crawl 2).
 */
export function scoreChangeKinds(gold: readonly GoldChange[], reported: readonly ExportedChange[]): Record<string, KindScore> {
  const goldByKind = groupKeys(gold.map((c) => ({ key: c.key, kinds: [c.kind] })));
  const reportedByKind = groupKeys(reported);
  const urlOf = new Map(gold.map((c) => [c.key, c.url]));
  const kinds = [...new Set([...goldByKind.keys(), ...reportedByKind.keys()])].sort();
  const scores: Record<string, KindScore> = {};
  for (const kind of kinds) {
    const truth = goldByKind.get(kind) ?? new Set<string>();
    const said = reportedByKind.get(kind) ?? new Set<string>();
    const hits = [...said].filter((k) => truth.has(k)).length;
    scores[kind] = {
      gold: truth.size,
      reported: said.size,
      precision: said.size === 0 ? null : hits / said.size,
      recall: truth.size === 0 ? null : hits / truth.size,
      falseReports: [...said].filter((k) => !truth.has(k)).map((k) => urlOf.get(k) ?? k),
      missed: [...truth].filter((k) => !said.has(k)).map((k) => urlOf.get(k) ?? k),
    };
  }
  return scores;
}

function groupKeys(changes: ReadonlyArray<{ key: string; kinds: readonly string[] }>): Map<string, Set<string>> {
  const byKind = new Map<string, Set<string>>();
  for (const change of changes) {
    for (const kind of change.kinds) {
      const keys = byKind.get(kind) ?? new Set<string>();
      keys.add(change.key);
      byKind.set(kind, keys);
    }
  }
  return byKind;
}
