/**
 * Changes stage of a build: after a crawl is extracted, each object's version in it is compared
 * with the object's version in the latest earlier crawl [004 §6: "by comparing the resulting data
 * objects referring to the same URL, we can see if a change in the text or references has
 * occurred"]. Objects first seen in this crawl on a host an earlier crawl covered are `new`;
 * objects of earlier crawls whose page now answers 4xx, or is gone from a host this crawl did
 * capture, are `deleted`. One row per (object, crawl), upserted, so reruns give the same rows.
 */
import { type Change, type CommentSnapshot, diffVersions, type VersionSnapshot } from '../changes/index.js';
import { hostOf } from '../core/url.js';
import type { Db } from '../store/index.js';

/**
 * The version that speaks for an object in one crawl: the fused version (fuse-stage.ts), and for a
 * store written before fusion the page copy first (it is the archived truth), the feed copy last.
 */
export const METHOD_PREFERENCE = ['fused', 'feed-guided', 'template', 'segmentation', 'mcst', 'full-feed'] as const;

export interface ChangesStageReport {
  compared: number;
  byKind: Record<string, number>;
}

interface VersionRow {
  id: number;
  object_id: number;
  url: string;
  crawl_id: number;
  capture_time: string;
  method: string;
  title: string | null;
  author: string | null;
  published: string | null;
  updated: string | null;
  categories: string;
  text: string;
  refs: string;
  page_digest: string | null;
  record_type: string | null;
}

/** SQL rank of a version's method in METHOD_PREFERENCE (unknown methods last). */
const METHOD_RANK = `CASE v.method ${METHOD_PREFERENCE.map((m, i) => `WHEN '${m}' THEN ${i}`).join(' ')} ELSE ${METHOD_PREFERENCE.length} END`;

/**
 * Reads the preferred version of one object in one crawl, one at a time: a crawl's versions (texts
 * included) are never all held in memory.
 */
function versionReader(db: Db): (objectId: number, crawlId: number) => VersionRow | null {
  // A fused version compares as the method its text comes from (comparable() aligns across methods).
  const stmt = db.prepare(`SELECT v.id, v.object_id, o.url, v.crawl_id, v.capture_time,
      CASE WHEN v.method = 'fused' THEN coalesce(json_extract(v.fusion, '$.textFrom'), v.method) ELSE v.method END AS method, v.title, v.author, v.published,
      v.updated, v.categories, v.text, v.refs, v.page_digest, c.record_type
    FROM versions v JOIN objects o ON o.id = v.object_id LEFT JOIN captures c ON c.id = v.capture_id
    WHERE v.object_id = ? AND v.crawl_id = ? ORDER BY ${METHOD_RANK} LIMIT 1`);
  return (objectId, crawlId) => (stmt.get(objectId, crawlId) as VersionRow | undefined) ?? null;
}

function snapshot(db: Db, v: VersionRow): VersionSnapshot {
  const comments = db
    .prepare('SELECT hash, author, published, text FROM comments WHERE version_id = ? ORDER BY position')
    .all(v.id) as CommentSnapshot[];
  const refs = JSON.parse(v.refs) as Array<{ kind: string; url: string }>;
  return {
    url: v.url,
    captureTime: v.capture_time,
    title: v.title,
    author: v.author,
    published: v.published,
    updated: v.updated,
    categories: JSON.parse(v.categories) as string[],
    text: v.text,
    references: refs.filter((r) => r.kind === 'link').map((r) => r.url),
    comments,
    pageDigest: v.page_digest,
    isRevisit: v.record_type === 'revisit',
  };
}

/** Compare the objects of `crawlId` with their versions in earlier crawls and store the changes. */
export function runChangesStage(db: Db, crawlId: number): ChangesStageReport {
  const report: ChangesStageReport = { compared: 0, byKind: {} };
  if (db.prepare('SELECT 1 FROM crawls WHERE id < ? LIMIT 1').get(crawlId) === undefined) return report;
  const versionIn = versionReader(db);
  const latestEarlierCrawl = db.prepare('SELECT max(crawl_id) FROM versions WHERE object_id = ? AND crawl_id < ?').pluck();
  const previousOf = (objectId: number): VersionRow | null => {
    const earlier = latestEarlierCrawl.get(objectId, crawlId) as number | null;
    return earlier === null ? null : versionIn(objectId, earlier);
  };
  // Object ids only (the store cannot be written while a read is iterating).
  const current = db.prepare('SELECT DISTINCT object_id FROM versions WHERE crawl_id = ?').pluck().all(crawlId) as number[];
  const gone = db
    .prepare('SELECT DISTINCT object_id FROM versions WHERE crawl_id < ? EXCEPT SELECT object_id FROM versions WHERE crawl_id = ?')
    .pluck()
    .all(crawlId, crawlId) as number[];
  const hostsBefore = hostSet(db, 'crawl_id < ?', crawlId);
  const hostsNow = hostSet(db, 'crawl_id = ?', crawlId);
  const store = db.prepare(`INSERT INTO changes (object_id, from_version_id, to_version_id, from_time, to_time, to_crawl_id,
      kinds, similarity, significance, words_added, words_removed, detail)
    VALUES (@objectId, @fromId, @toId, @fromTime, @toTime, @crawlId, @kinds, @similarity, @significance, @wordsAdded, @wordsRemoved, @detail)
    ON CONFLICT (object_id, to_crawl_id) DO UPDATE SET from_version_id = excluded.from_version_id,
      to_version_id = excluded.to_version_id, from_time = excluded.from_time, to_time = excluded.to_time,
      kinds = excluded.kinds, similarity = excluded.similarity, significance = excluded.significance,
      words_added = excluded.words_added, words_removed = excluded.words_removed, detail = excluded.detail`);
  const save = (objectId: number, from: VersionRow | null, to: VersionRow | null, change: Change): void => {
    store.run({
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
  const pageStatus = db.prepare(`SELECT status FROM captures WHERE crawl_id = ? AND url_key = (SELECT url_key FROM captures c
      JOIN versions v ON v.capture_id = c.id WHERE v.id = ?) AND record_type IN ('response', 'revisit')
      ORDER BY time DESC LIMIT 1`);
  db.transaction(() => {
    for (const objectId of current) {
      const to = versionIn(objectId, crawlId) as VersionRow;
      const from = previousOf(objectId);
      if (from === null && !hostsBefore.has(hostOf(to.url))) continue; // first crawl of this site: nothing to compare
      const next = snapshot(db, to);
      const prev = from === null ? null : comparable(snapshot(db, from), from.method, next, to.method);
      save(objectId, from, to, diffVersions(prev, next));
    }
    for (const objectId of gone) {
      const from = previousOf(objectId) as VersionRow;
      if (!hostsNow.has(hostOf(from.url))) continue;
      const status = (pageStatus.get(crawlId, from.id) as { status: number | null } | undefined)?.status;
      // Still served (2xx/3xx) but no object extracted: not evidence of a deletion.
      if (status !== undefined && (status === null || status < 400)) continue;
      const change = diffVersions(snapshot(db, from), null);
      change.reasons.push(status === undefined ? 'page not captured in this crawl of its site' : `page answered HTTP ${status}`);
      save(objectId, from, null, change);
    }
  })();
  return report;
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
  const lower = (xs: string[]) => new Set(xs.map((x) => x.toLowerCase()));
  const [a, b] = [lower(prev.categories), lower(next.categories)];
  const subset = (x: Set<string>, y: Set<string>) => [...x].every((v) => y.has(v));
  if (subset(a, b) || subset(b, a)) aligned.categories = next.categories;
  return aligned;
}

function hostSet(db: Db, where: 'crawl_id < ?' | 'crawl_id = ?', crawlId: number): Set<string> {
  const rows = db.prepare(`SELECT DISTINCT host FROM captures WHERE ${where} AND record_type IN ('response', 'revisit')`).all(crawlId) as Array<{ host: string }>;
  return new Set(rows.map((r) => r.host));
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
