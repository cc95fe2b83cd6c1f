/**
 * Changes stage of a build: after a crawl is extracted, each object's version in it is compared
 * with the object's version in the latest earlier crawl [004 §6: "by comparing the resulting data
 * objects referring to the same URL, we can see if a change in the text or references has
 * occurred"]. Objects first seen in this crawl on a host an earlier crawl covered are `new`;
 * objects of earlier crawls whose page now answers 4xx, or is gone from a host this crawl did
 * capture, are `deleted`. One row per (object, crawl), upserted, so reruns give the same rows.
 */
import {
  type Change,
  categoryKey,
  type CommentSnapshot,
  commentWindowsOf,
  diffVersions,
  type HostPage,
  MAX_TEMPLATE_SAMPLE_PAGES,
  NO_TEMPLATE_LINES,
  commentTemplateLinesOf,
  templateLinesOf,
  type VersionSnapshot,
  volatileParamsOf,
} from '../changes/index.js';
import { BoundedMemo } from '../core/bounded-memo.js';
import { evenSample } from '../core/even-sample.js';
import { hostOf } from '../core/url.js';
import { ChangeStore, type ComparedVersionRow, type Db } from '../store/index.js';

export interface ChangesStageReport {
  compared: number;
  byKind: Record<string, number>;
}

/** The links of a version's article (its references other than images). */
const linksOf = (v: ComparedVersionRow): string[] => v.references.filter((r) => r.kind === 'link').map((r) => r.url);

/** A version's comments, as the store gives them. */
type CommentsOf = (versionId: number) => CommentSnapshot[];

function snapshot(commentsOf: CommentsOf, v: ComparedVersionRow): VersionSnapshot {
  const { url, captureTime, title, author, published, updated, categories, text, pageDigest } = v;
  const references = linksOf(v);
  return {
    url,
    captureTime,
    title,
    author,
    published,
    updated,
    categories,
    text,
    references,
    pageDigest,
    comments: commentsOf(v.id),
    isRevisit: v.recordType === 'revisit',
  };
}

/** Compare the objects of `crawlId` with their versions in earlier crawls and store the changes. */
export function runChangesStage(db: Db, crawlId: number): ChangesStageReport {
  const report: ChangesStageReport = { compared: 0, byKind: {} };
  const store = new ChangeStore(db);
  if (!store.hasEarlierCrawl(crawlId)) return report;
  const previousOf = (objectId: number): ComparedVersionRow | null => {
    const earlier = store.latestEarlierCrawl(objectId, crawlId);
    return earlier === null ? null : store.preferredVersion(objectId, earlier);
  };
  const moved = new Map<number, string>();
  store.transaction(() => {
    for (const m of store.joinMovedObjects(crawlId))
      moved.set(m.objectId, `moved: ${m.from} ${m.by === 'redirect' ? 'redirects to' : 'is the same feed item as'} ${m.to}`);
  });
  // Object ids and URLs only (the store cannot be written while a read is iterating).
  const byHost = objectsByHost(store.objectsIn(crawlId));
  const gone = store.objectsGoneIn(crawlId);
  const hostsBefore = store.hostsBefore(crawlId);
  const hostsNow = store.hostsIn(crawlId);
  const windows = commentWindowsOf(store.commentCounts(crawlId));
  const save = (objectId: number, from: ComparedVersionRow | null, to: ComparedVersionRow | null, change: Change): void => {
    const move = moved.get(objectId);
    if (move !== undefined) change.reasons.push(move);
    store.upsertChange({
      objectId,
      fromId: from?.id ?? null,
      toId: to?.id ?? null,
      fromTime: change.fromTime,
      toTime: change.toTime,
      crawlId,
      kinds: JSON.stringify(change.kinds),
      similarity: change.similarity,
      significance: change.significance,
      wordsAdded: change.wordsAdded,
      wordsRemoved: change.wordsRemoved,
      detail: JSON.stringify(changeDetail(change)),
    });
    report.compared++;
    for (const k of change.kinds) report.byKind[k] = (report.byKind[k] ?? 0) + 1;
  };
  store.transaction(() => {
    for (const ids of byHost.values()) {
      const read = (objectId: number): ComparedPair => ({ to: store.preferredVersion(objectId, crawlId), from: previousOf(objectId) });
      // A host of few objects is read once, its template lines from all of them; a larger one gives
      // its template lines from a sample, and each object is read again as it is compared.
      const held = ids.length <= MAX_TEMPLATE_SAMPLE_PAGES ? ids.map(read) : null;
      const sample = held ?? evenSample(ids, MAX_TEMPLATE_SAMPLE_PAGES).map(read);
      // A version's comments are read once for the host's comment template lines and its diff
      // (bounded: a larger host's sample only).
      const comments = new BoundedMemo<number, CommentSnapshot[]>(2 * MAX_TEMPLATE_SAMPLE_PAGES);
      const commentsOf = (id: number): CommentSnapshot[] => comments.get(id, (v) => store.commentsOf(v));
      const template = templateLinesByCrawl(sample, crawlId, commentsOf);
      const volatileParams = volatileParamsOf(
        sample.flatMap(({ to, from }) => (to === null || from === null ? [] : [{ prev: linksOf(from), next: linksOf(to) }])),
      );
      for (const [i, objectId] of ids.entries()) {
        const { to, from } = held?.[i] ?? read(objectId);
        if (to === null) continue;
        const host = hostOf(to.url);
        if (from === null && !hostsBefore.has(host)) continue; // first crawl of this site: nothing to compare
        const next = {
          ...snapshot(commentsOf, to),
          commentWindow: windows.get(host) ?? null,
          ...templateOf(template, crawlId),
          volatileParams,
        };
        const prev =
          from === null
            ? null
            : comparable({ ...snapshot(commentsOf, from), ...templateOf(template, from.crawlId) }, from.method, next, to.method);
        save(objectId, from, to, diffVersions(prev, next));
      }
    }
    for (const objectId of gone) {
      const from = previousOf(objectId);
      if (from === null || !hostsNow.has(hostOf(from.url))) continue;
      const status = store.pageStatusIn(crawlId, from.id)?.status;
      // Still served (2xx/3xx) but no object extracted: not evidence of a deletion.
      if (status !== undefined && (status === null || status < 400)) continue;
      const change = diffVersions(
        snapshot((id) => store.commentsOf(id), from),
        null,
      );
      change.reasons.push(status === undefined ? 'page not captured in this crawl of its site' : `page answered HTTP ${status}`);
      save(objectId, from, null, change);
    }
  });
  return report;
}

/** An object's version in this crawl and the one it is compared with. */
interface ComparedPair {
  to: ComparedVersionRow | null;
  from: ComparedVersionRow | null;
}

/** Object ids by host, in the order the crawl lists them. */
function objectsByHost(objects: ReadonlyArray<{ objectId: number; url: string }>): Map<string, number[]> {
  const byHost = new Map<string, number[]>();
  for (const { objectId, url } of objects) {
    const host = hostOf(url);
    const ids = byHost.get(host);
    if (ids === undefined) byHost.set(host, [objectId]);
    else ids.push(objectId);
  }
  return byHost;
}

/** One crawl's template lines of a host: its articles' and its comments' (`templateLinesOf`, `commentTemplateLinesOf`). */
interface HostTemplate {
  templateLines: ReadonlySet<string>;
  commentTemplateLines: ReadonlySet<string>;
}

const templateOf = (template: ReadonlyMap<number, HostTemplate>, crawl: number): HostTemplate =>
  template.get(crawl) ?? { templateLines: NO_TEMPLATE_LINES, commentTemplateLines: NO_TEMPLATE_LINES };

/**
 * One host's template lines in this crawl and in each earlier crawl its objects are compared with
 * (`templateLinesOf`: lines on most of the host's articles of one crawl; `commentTemplateLinesOf`:
 * counter lines on most of its comments), by crawl id.
 */
function templateLinesByCrawl(pairs: readonly ComparedPair[], crawlId: number, commentsOf: CommentsOf): Map<number, HostTemplate> {
  const pages = new Map<number, { articles: HostPage[]; comments: string[] }>();
  const add = (crawl: number, v: ComparedVersionRow): void => {
    let crawlPages = pages.get(crawl);
    if (crawlPages === undefined) {
      crawlPages = { articles: [], comments: [] };
      pages.set(crawl, crawlPages);
    }
    crawlPages.articles.push({ title: v.title ?? v.url, text: v.text });
    for (const c of commentsOf(v.id)) crawlPages.comments.push(c.text);
  };
  for (const { to, from } of pairs) {
    if (to !== null) add(crawlId, to);
    if (from !== null) add(from.crawlId, from);
  }
  const lines = new Map<number, HostTemplate>();
  for (const [crawl, { articles, comments }] of pages)
    lines.set(crawl, { templateLines: templateLinesOf(articles), commentTemplateLines: commentTemplateLinesOf(comments) });
  return lines;
}

/**
 * Versions made by different methods (a post in the feed in one crawl, found by its site template
 * in the next) see different metadata: the feed gives `updated`, a template may not. A field only
 * one method found is unknown to the other, not removed, and categories one method sees more of
 * are not an edit; the earlier version is aligned on those before the diff.
 */
function comparable(prev: VersionSnapshot, prevMethod: string, next: VersionSnapshot, nextMethod: string): VersionSnapshot {
  if (prevMethod === nextMethod) return prev;
  const aligned = { ...prev };
  for (const field of ['author', 'published', 'updated'] as const) {
    if (prev[field] === null || next[field] === null) aligned[field] = next[field];
  }
  const keys = (xs: string[]) => new Set(xs.map(categoryKey).filter((x): x is string => x !== null));
  const [a, b] = [keys(prev.categories), keys(next.categories)];
  const subset = (x: Set<string>, y: Set<string>) => [...x].every((v) => y.has(v));
  if (subset(a, b) || subset(b, a)) aligned.categories = next.categories;
  return aligned;
}

/** What the viewer and `changes` report need beyond the columns. */
function changeDetail(c: Change): Record<string, unknown> {
  return {
    url: c.url,
    reasons: c.reasons,
    sentenceSimilarity: c.sentenceSimilarity,
    titleChange: c.titleChange ?? null,
    metadataChanges: c.metadataChanges,
    referencesAdded: c.referencesAdded,
    referencesRemoved: c.referencesRemoved,
    commentsAdded: c.commentsAdded,
    commentsRemoved: c.commentsRemoved,
    commentsEdited: c.commentsEdited,
    commentChanges: c.commentChanges,
    textDiff: c.textDiff,
    sentencesAdded: c.sentencesAdded,
    sentencesRemoved: c.sentencesRemoved,
  };
}
