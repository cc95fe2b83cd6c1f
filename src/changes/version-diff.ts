/**
 * Semantic change between two consecutive versions of one data object. [004 §6: "for already
 * crawled articles, we can detect if a new version has appeared ... by comparing the resulting
 * data objects referring to the same URL"] The article text, title, metadata, references and
 * comments are compared modulo noise; what is left over in the page bytes is boilerplate.
 */
import { diffComments } from './comment-diff.js';
import { withoutChangedDateLines } from './date-lines.js';
import { resolveChangesConfig } from './config.js';
import { METADATA_FIELD_COUNT, MIN_SIGNIFICANCE } from './constants.js';
import { diffMetadata, diffReferences } from './metadata-diff.js';
import { normalizeField, normalizeNoise } from './noise-normalize.js';
import { templateOfEither, withoutTemplateLines } from './template-lines.js';
import { diffTexts } from './text-diff.js';
import type { Change, ChangeKind, ChangesConfig, VersionSnapshot } from './types.js';

/** Significance components, each 0..1 before weighting. */
export interface SignificanceParts {
  text: number;
  title: number;
  metadata: number;
  references: number;
  comments: number;
}

/**
 * significance = 1 - Π_i (1 - w_i · s_i)  (a noisy-or: any one component alone gives w_i · s_i,
 * several compound, the result stays in 0..1), with
 * - s_text = sqrt((1 - word similarity) · (1 - sentence similarity)): the geometric mean of how
 *   many words and how many sentences were touched, so a one-word fix in a long article stays
 *   near 0.02 while a rewritten paragraph of ten reaches about 0.1-0.3;
 * - s_title = 1 - word similarity of the titles;
 * - s_metadata = changed fields / 4 (author, published, updated, categories);
 * - s_references = links added + removed / links in the union;
 * - s_comments = comments added + removed + edited / max(comment count before, after), at most 1.
 * Weights: constants.ts SIGNIFICANCE_WEIGHTS (text 1, title 0.8, metadata 0.3, references 0.3,
 * comments 0.15). `new` and `deleted` are 1; `unchanged` and `boilerplate-only` are 0; any other
 * change is at least MIN_SIGNIFICANCE (0.001, the rounding step).
 */
export function scoreSignificance(parts: SignificanceParts, weights: ChangesConfig['significanceWeights']): number {
  const keep =
    (1 - weights.text * parts.text) *
    (1 - weights.title * parts.title) *
    (1 - weights.metadata * parts.metadata) *
    (1 - weights.references * parts.references) *
    (1 - weights.comments * parts.comments);
  return round3(Math.min(1, Math.max(0, 1 - keep)));
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function emptyChange(url: string, fromTime: string | null, toTime: string | null): Change {
  return {
    url,
    fromTime,
    toTime,
    kinds: [],
    similarity: 1,
    sentenceSimilarity: 1,
    wordsAdded: 0,
    wordsRemoved: 0,
    sentencesAdded: 0,
    sentencesRemoved: 0,
    significance: 0,
    metadataChanges: [],
    referencesAdded: [],
    referencesRemoved: [],
    commentsAdded: 0,
    commentsRemoved: 0,
    commentsEdited: 0,
    commentChanges: [],
    textDiff: [],
    reasons: [],
  };
}

/** `new` or `deleted`: the whole text counts as added / removed. */
function oneSided(version: VersionSnapshot, kind: 'new' | 'deleted', config: ChangesConfig): Change {
  const isNew = kind === 'new';
  const change = emptyChange(version.url, isNew ? null : version.captureTime, isNew ? version.captureTime : null);
  const text = diffTexts(
    isNew ? '' : normalizeNoise(version.text),
    isNew ? normalizeNoise(version.text) : '',
    config.diffContextWords,
    config.diffTimeoutMs,
  );
  change.kinds = [kind];
  change.similarity = 0;
  change.sentenceSimilarity = 0;
  change.wordsAdded = text.wordsAdded;
  change.wordsRemoved = text.wordsRemoved;
  change.sentencesAdded = text.sentencesAdded;
  change.sentencesRemoved = text.sentencesRemoved;
  change.significance = 1;
  if (isNew) change.commentsAdded = version.comments.length;
  else change.commentsRemoved = version.comments.length;
  change.reasons = [
    isNew
      ? `new: no earlier version; first captured ${version.captureTime}`
      : `deleted: no later version after the capture of ${version.captureTime}`,
  ];
  return change;
}

/**
 * Diff two consecutive versions of one data object (prev null = `new`, next null = `deleted`).
 * Throws TypeError when both are null: that is a caller bug, not bad input.
 */
export function diffVersions(prev: VersionSnapshot | null, next: VersionSnapshot | null, partialConfig?: Partial<ChangesConfig>): Change {
  const config = resolveChangesConfig(partialConfig);
  if (prev === null && next === null) throw new TypeError('diffVersions needs at least one version');
  if (prev === null) return oneSided(next as VersionSnapshot, 'new', config);
  if (next === null) return oneSided(prev, 'deleted', config);

  const change = emptyChange(next.url, prev.captureTime, next.captureTime);
  if (next.isRevisit === true || (prev.pageDigest !== null && prev.pageDigest === next.pageDigest)) {
    change.kinds = ['unchanged'];
    change.reasons = [
      next.isRevisit === true ? 'unchanged: revisit record (identical payload)' : `unchanged: same page digest ${next.pageDigest}`,
    ];
    return change;
  }

  const kinds: ChangeKind[] = [];
  const reasons: string[] = [];
  const parts: SignificanceParts = { text: 0, title: 0, metadata: 0, references: 0, comments: 0 };

  // The host's template lines of either crawl are left out of both texts: a newsletter box edited on
  // every page is no article edit, and a line the same in both versions never makes one.
  // Template lines are compared with their numbers masked (`templateKey`): a line "Posted 7 weeks
  // ago" or "1,234 views" the host prints on its pages changes with the crawl's clock alone.
  const template = templateOfEither(prev.templateLines, next.templateLines);
  // So are the lines printing a version's own date that the other version does not share (`date-lines.ts`).
  const before = normalizeNoise(withoutTemplateLines(withoutChangedDateLines(prev.text, prev, next), template));
  const after = normalizeNoise(withoutTemplateLines(withoutChangedDateLines(next.text, next, prev), template));
  const text = diffTexts(before, after, config.diffContextWords, config.diffTimeoutMs);
  change.similarity = round3(text.similarity);
  change.sentenceSimilarity = round3(text.sentenceSimilarity);
  change.wordsAdded = text.wordsAdded;
  change.wordsRemoved = text.wordsRemoved;
  change.sentencesAdded = text.sentencesAdded;
  change.sentencesRemoved = text.sentencesRemoved;
  if (text.changedTokens >= config.minEditTokens && text.changedTokens > 0) {
    kinds.push('content-edit');
    change.textDiff = text.hunks;
    parts.text = Math.sqrt((1 - text.similarity) * (1 - text.sentenceSimilarity));
    reasons.push(
      `content-edit: ${text.wordsAdded} words added, ${text.wordsRemoved} removed; ` +
        `sentences +${text.sentencesAdded} -${text.sentencesRemoved} of ${text.sentenceCountOld}; ` +
        `similarity ${change.similarity}${text.timedOut ? ' (word diff timed out: sentence figures)' : ''}`,
    );
  }

  const titleBefore = normalizeField(prev.title);
  const titleAfter = normalizeField(next.title);
  if (titleBefore !== titleAfter) {
    kinds.push('title-edit');
    change.titleChange = { from: prev.title, to: next.title };
    const titleDiff = diffTexts(titleBefore ?? '', titleAfter ?? '', config.diffContextWords, config.diffTimeoutMs);
    parts.title = 1 - titleDiff.similarity;
    reasons.push(`title-edit: "${titleBefore ?? ''}" -> "${titleAfter ?? ''}"`);
  }

  change.metadataChanges = diffMetadata(prev, next);
  const refs = diffReferences(prev.references, next.references, next.volatileParams);
  change.referencesAdded = refs.added;
  change.referencesRemoved = refs.removed;
  const refCount = refs.added.length + refs.removed.length;
  if (change.metadataChanges.length > 0 || refCount > 0) {
    kinds.push('metadata-edit');
    parts.metadata = change.metadataChanges.length / METADATA_FIELD_COUNT;
    parts.references = refs.union === 0 ? 0 : refCount / refs.union;
    const fields: string[] = change.metadataChanges.map((m) => m.field);
    if (refCount > 0) fields.push(`references +${refs.added.length} -${refs.removed.length}`);
    reasons.push(`metadata-edit: ${fields.join(', ')}`);
  }

  const comments = diffComments(
    prev.comments,
    next.comments,
    next.commentWindow ?? null,
    templateOfEither(prev.commentTemplateLines, next.commentTemplateLines),
  );
  change.commentsAdded = comments.added;
  change.commentsRemoved = comments.removed;
  change.commentsEdited = comments.edited;
  change.commentChanges = comments.changes;
  if (comments.added > 0 || comments.edited > 0) kinds.push('comments-added');
  if (comments.removed > 0) kinds.push('comments-removed');
  const commentEvents = comments.added + comments.removed + comments.edited;
  if (commentEvents > 0) {
    parts.comments = Math.min(1, commentEvents / Math.max(1, prev.comments.length, next.comments.length));
    reasons.push(
      `comments: ${comments.added} added, ${comments.removed} removed, ${comments.edited} edited ` +
        `(${prev.comments.length} -> ${next.comments.length})` +
        (comments.outOfWindow > 0 ? `; ${comments.outOfWindow} older ones left the page's window of ${next.comments.length}` : ''),
    );
  }

  if (kinds.length === 0) {
    const digestsKnown = prev.pageDigest !== null && next.pageDigest !== null;
    kinds.push(digestsKnown ? 'boilerplate-only' : 'unchanged');
    reasons.push(
      digestsKnown
        ? 'boilerplate-only: page digest changed; article, title, metadata and comments identical up to noise'
        : 'unchanged: article, title, metadata and comments identical up to noise (no page digest to compare)',
    );
    if (template.size > 0 && normalizeNoise(prev.text) !== normalizeNoise(next.text))
      reasons.push("the article text differs only in lines its host repeats on other pages of the crawl (the site's template)");
  }
  change.kinds = kinds;
  change.reasons = reasons;
  const score = scoreSignificance(parts, config.significanceWeights);
  // A real change never rounds to 0: a one-word fix in a 20,000-word page is still above "nothing".
  change.significance = kinds.includes('boilerplate-only') || kinds.includes('unchanged') ? 0 : Math.max(MIN_SIGNIFICANCE, score);
  return change;
}
