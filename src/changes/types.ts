/**
 * Contracts of the `changes` stage: one data-object version per crawl (`VersionSnapshot`), the
 * semantic difference between two consecutive versions (`Change`), and per-feed publication
 * dynamics (`FeedDynamics`). [004 §6: "by comparing the resulting data objects referring to the
 * same URL, we can see if a change in the text or references has occurred"; 004 §3.2]
 */

import type { Comment, ObjectVersion } from '../core/domain.js';

/** What the changes stage compares of one reader comment; `hash` comes from the comments extractor. */
export type CommentSnapshot = Pick<Comment, 'hash' | 'author' | 'published' | 'text'>;

/** What the changes stage needs to know about one version of a data object. */
export type VersionSnapshot = Pick<
  ObjectVersion,
  'url' | 'captureTime' | 'title' | 'author' | 'published' | 'updated' | 'categories' | 'text' | 'pageDigest'
> & {
  /** Absolute URLs of the links inside the article body. */
  references: string[];
  comments: CommentSnapshot[];
  /** The most comments a page of this site shows, when its pages show no more (site evidence, `commentWindow`). */
  commentWindow?: number | null;
  /** True when the capture was a WARC revisit record (payload identical to an earlier capture). */
  isRevisit?: boolean;
  /** Lines the version's host repeats on its other pages of the same crawl (`templateLinesOf`):
   *  left out of the text diff. */
  templateLines?: ReadonlySet<string>;
  /** Counter lines the host's comments show in the same crawl (`commentTemplateLinesOf`): left out
   *  when comments are compared. */
  commentTemplateLines?: ReadonlySet<string>;
  /** Query and path parameters the host changes on every capture (`volatileParamsOf`: session ids,
   *  signatures), learnt from the host's pairs of versions; set on the later version, as
   *  `commentWindow` is: left out when references are compared. */
  volatileParams?: ReadonlySet<string>;
};

/**
 * Kinds of change between two versions; several may apply to one pair.
 * - `content-edit`: the article text changed beyond noise.
 * - `title-edit`: the title changed beyond noise.
 * - `metadata-edit`: author, dates, categories or the set of references changed.
 * - `comments-added` / `comments-removed`: comments appeared / disappeared. An edited comment (same
 *   author and date, new text) counts under `comments-added`: there is comment text to archive that
 *   the earlier version did not have. `commentsEdited` tells them apart.
 * - `boilerplate-only`: the page bytes changed but article, title, metadata and comments did not.
 * - `unchanged`: same payload digest, a revisit record, or nothing changed and no digest is known.
 * - `new` / `deleted`: no earlier / no later version.
 */
export type ChangeKind =
  | 'content-edit'
  | 'title-edit'
  | 'metadata-edit'
  | 'comments-added'
  | 'comments-removed'
  | 'boilerplate-only'
  | 'unchanged'
  | 'new'
  | 'deleted';

/**
 * One hunk of the word diff of the article text (noise-normalised text). An `equal` hunk longer
 * than twice the context is cut to its edges: `text` is `head … tail` and `elidedWords` says how
 * many words were left out.
 */
export interface DiffHunk {
  op: 'equal' | 'insert' | 'delete';
  text: string;
  elidedWords?: number;
}

export interface MetadataChange {
  field: 'author' | 'published' | 'updated' | 'categories';
  from: string | null;
  to: string | null;
}

export interface CommentChange {
  op: 'added' | 'removed' | 'edited';
  /** Hash of the comment in the later version (of the earlier one for `removed`). */
  hash: string;
  author: string | null;
}

/** The difference between two consecutive versions of one data object. */
export interface Change {
  url: string;
  /** Capture time of the earlier version (null for `new`). */
  fromTime: string | null;
  /** Capture time of the later version (null for `deleted`). */
  toTime: string | null;
  kinds: ChangeKind[];
  /** Word-level similarity of the article texts, 0..1 (Dice: 2 * common words / all words). */
  similarity: number;
  /** Sentence-level similarity of the article texts, 0..1 (same formula over sentences). */
  sentenceSimilarity: number;
  wordsAdded: number;
  wordsRemoved: number;
  sentencesAdded: number;
  sentencesRemoved: number;
  /** 0..1, what an archivist thresholds on; see `scoreSignificance` in version-diff.ts. */
  significance: number;
  titleChange?: { from: string | null; to: string | null };
  metadataChanges: MetadataChange[];
  /** Article links present only in the later / earlier version (compared as canonical URLs). */
  referencesAdded: string[];
  referencesRemoved: string[];
  commentsAdded: number;
  commentsRemoved: number;
  commentsEdited: number;
  commentChanges: CommentChange[];
  /** Compact word diff of the article text (empty when the text did not change). */
  textDiff: DiffHunk[];
  /** Why each kind was given, in words, e.g. "text: 12 words added, 3 removed (2 of 14 sentences)". */
  reasons: string[];
}

/** Settings of `diffVersions`; see config.ts for defaults and help. */
export interface ChangesConfig {
  readonly minEditTokens: number;
  readonly diffContextWords: number;
  readonly diffTimeoutMs: number;
  readonly significanceWeights: Readonly<{
    text: number;
    title: number;
    metadata: number;
    references: number;
    comments: number;
  }>;
}

export interface RenderChangeReportOptions {
  /** ANSI colours (green insertions, red deletions) instead of [+...+] / [-...-] markers. */
  color: boolean;
  /** Words of unchanged text shown on each side of an edit. */
  context: number;
}

/** One feed item as seen in one feed snapshot; `guid` or `link` identifies it. */
export interface FeedDynamicsItem {
  guid?: string | null;
  link?: string | null;
  /** ISO 8601 publication date, or null when the item has none. */
  published: string | null;
}

export interface FeedSnapshotInput {
  /** Capture time of the feed, ISO 8601. */
  captureTime: string;
  items: FeedDynamicsItem[];
}

export interface FeedDynamicsInput {
  feedUrl: string;
  snapshots: FeedSnapshotInput[];
}

export interface FeedDynamicsConfig {
  readonly missProbability: number;
  readonly minRecrawlHours: number;
  readonly maxRecrawlHours: number;
  readonly pageRecrawlShare: number;
}

/** Five-number summary plus mean, in hours; null when fewer than two dated items. */
export interface IntervalStats {
  count: number;
  minHours: number;
  q1Hours: number;
  medianHours: number;
  q3Hours: number;
  maxHours: number;
  meanHours: number;
}

export interface SnapshotWindow {
  captureTime: string;
  items: number;
  datedItems: number;
  /** Oldest and newest item publication date in this snapshot (null when no dated item). */
  oldest: string | null;
  newest: string | null;
  /** Window covered by the snapshot, newest - oldest, in hours (0 for one dated item). */
  windowHours: number | null;
}

/** Could items have been published and pushed out of the feed between two snapshots? */
export interface SnapshotGap {
  fromCapture: string;
  toCapture: string;
  gapHours: number;
  /** Items of the later snapshot that were not in the earlier one. */
  newItems: number;
  /** The later snapshot's oldest item is newer than the earlier snapshot's newest item. */
  windowsDisjoint: boolean;
  /** Expected publications in the uncovered time (rate x hours), when the windows are disjoint. */
  expectedUnseen: number;
  probablyMissed: boolean;
  reason: string;
}

export interface RecrawlAdvice {
  /** Recommended interval between feed captures, hours; null when the rate is unknown. */
  feedHours: number | null;
  /** Recommended interval between article-page recaptures, hours; null when unknown. */
  pageHours: number | null;
}

export interface FeedDynamics {
  feedUrl: string;
  snapshots: number;
  distinctItems: number;
  undatedItems: number;
  duplicateItems: number;
  intervals: IntervalStats | null;
  /** Publication rate lambda, items per hour (null when it cannot be estimated). */
  ratePerHour: number | null;
  itemsPerSnapshot: { min: number; median: number; max: number };
  /** Typical number of items a snapshot holds (median items per snapshot). */
  feedCapacity: number;
  windows: SnapshotWindow[];
  gaps: SnapshotGap[];
  recrawl: RecrawlAdvice;
  missProbability: number;
  explanation: string;
}
