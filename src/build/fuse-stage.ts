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
import type { Db } from '../store/index.js';

/** Method of the stored fused version (a row per object and crawl). */
export const FUSED_METHOD = 'fused';

/**
 * Which candidate gives the text, best first: the page's own article (the archived truth, as the
 * page was served) before the feed's copy of it. ours: the order the quality benchmark scored
 * best with (bench:quality, page candidates before full-feed, most confident first).
 */
export const TEXT_SOURCE_ORDER = ['feed-guided', 'template', 'segmentation', 'mcst', 'full-feed'] as const;

export interface Candidate {
  id: number;
  method: string;
  confidence: number;
  captureId: number | null;
  captureTime: string;
  title: string | null;
  author: string | null;
  published: string | null;
  updated: string | null;
  categories: string[];
  text: string;
  html: string;
  refs: string;
  paths: string | null;
  pageDigest: string | null;
  language: string | null;
}

export interface Fusion {
  /** Method of the candidate the text and HTML come from. */
  textFrom: string;
  reason: string;
  /** Methods of all candidates, in preference order. */
  candidates: string[];
  /** Metadata fields taken from another candidate than the text source: field -> method. */
  metadataFrom: Record<string, string>;
}

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
    paths: source.paths ?? page?.paths ?? null,
    language: source.language ?? ranked.find((c) => c.language !== null)?.language ?? null,
  };
  return { version, fusion: { textFrom: source.method, reason, candidates: ranked.map((c) => c.method), metadataFrom } };
}

interface CandidateRow {
  id: number;
  object_id: number;
  method: string;
  confidence: number;
  capture_id: number | null;
  capture_time: string;
  title: string | null;
  author: string | null;
  published: string | null;
  updated: string | null;
  categories: string;
  text: string;
  html: string;
  refs: string;
  paths: string | null;
  page_digest: string | null;
  language: string | null;
}

const toCandidate = (r: CandidateRow): Candidate => ({
  id: r.id,
  method: r.method,
  confidence: r.confidence,
  captureId: r.capture_id,
  captureTime: r.capture_time,
  title: r.title,
  author: r.author,
  published: r.published,
  updated: r.updated,
  categories: JSON.parse(r.categories) as string[],
  text: r.text,
  html: r.html,
  refs: r.refs,
  paths: r.paths,
  pageDigest: r.page_digest,
  language: r.language,
});

/** Writes the fused version of every object seen in `crawlId`; returns how many. */
export function runFuseStage(db: Db, crawlId: number): { fused: number } {
  const objects = db
    .prepare(`SELECT DISTINCT object_id FROM versions WHERE crawl_id = ? AND method <> '${FUSED_METHOD}'`)
    .pluck()
    .all(crawlId) as number[];
  const candidatesOf = db.prepare(`SELECT id, object_id, method, confidence, capture_id, capture_time, title, author, published, updated,
      categories, text, html, refs, paths, page_digest, language FROM versions
    WHERE object_id = ? AND crawl_id = ? AND method <> '${FUSED_METHOD}'`);
  const commentsOf = db.prepare('SELECT * FROM comments WHERE version_id = ? ORDER BY position');
  const upsert = db.prepare(`INSERT INTO versions (object_id, crawl_id, capture_id, capture_time, method, title, author, published,
      updated, categories, text, html, refs, confidence, paths, page_digest, language, fusion)
    VALUES (@objectId, @crawlId, @captureId, @captureTime, '${FUSED_METHOD}', @title, @author, @published, @updated, @categories,
      @text, @html, @refs, @confidence, @paths, @pageDigest, @language, @fusion)
    ON CONFLICT (object_id, crawl_id, method) DO UPDATE SET capture_id = excluded.capture_id, capture_time = excluded.capture_time,
      title = excluded.title, author = excluded.author, published = excluded.published, updated = excluded.updated,
      categories = excluded.categories, text = excluded.text, html = excluded.html, refs = excluded.refs,
      confidence = excluded.confidence, paths = excluded.paths, page_digest = excluded.page_digest,
      language = excluded.language, fusion = excluded.fusion
    RETURNING id`);
  const dropFused = db.prepare(`DELETE FROM versions WHERE object_id = ? AND crawl_id = ? AND method = '${FUSED_METHOD}'`);
  const clearComments = db.prepare('DELETE FROM comments WHERE version_id = ?');
  const insertComment = db.prepare(`INSERT INTO comments (version_id, position, comment_id, parent, depth, author, author_url, published,
      text, html, permalink, source, hash, byline) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  let fused = 0;
  db.transaction(() => {
    for (const objectId of objects) {
      const candidates = (candidatesOf.all(objectId, crawlId) as CandidateRow[]).map(toCandidate);
      const result = fuseCandidates(candidates);
      if (result === null) {
        dropFused.run(objectId, crawlId);
        continue;
      }
      const { version: v, fusion } = result;
      const row = upsert.get({
        objectId,
        crawlId,
        captureId: v.captureId,
        captureTime: v.captureTime,
        title: v.title,
        author: v.author,
        published: v.published,
        updated: v.updated,
        categories: JSON.stringify(v.categories),
        text: v.text,
        html: v.html,
        refs: v.refs,
        confidence: v.confidence,
        paths: v.paths,
        pageDigest: v.pageDigest,
        language: v.language,
        fusion: JSON.stringify(fusion),
      }) as { id: number };
      // All comments of the best candidate, then those of the others that no better candidate had (by
      // hash; two equal comments on one page, e.g. two anonymous "Thanks!", both stay).
      clearComments.run(row.id);
      const seen = new Set<string>();
      let position = 0;
      for (const c of rankCandidates(candidates)) {
        const rows = commentsOf.all(c.id) as Array<Record<string, unknown>>;
        for (const cm of rows) {
          if (seen.has(cm.hash as string)) continue;
          insertComment.run(
            row.id,
            position++,
            cm.comment_id,
            cm.parent,
            cm.depth,
            cm.author,
            cm.author_url,
            cm.published,
            cm.text,
            cm.html,
            cm.permalink,
            cm.source,
            cm.hash,
            cm.byline,
          );
        }
        for (const cm of rows) seen.add(cm.hash as string);
      }
      fused++;
    }
  })();
  return { fused };
}
