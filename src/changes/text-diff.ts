/**
 * Article text diff at word level (for the hunks, counts and similarity) and sentence level (for
 * the share of sentences touched), both with jsdiff on noise-normalised text.
 * [004 §6: "we can see if a change in the text or references has occurred"]
 */
import { diffSentences, diffWords } from 'diff';
import type { ChangeObject } from 'diff';
import type { DiffHunk } from './types.js';

/** Word segmentation for every script (the jsdiff default only knows Latin letters). */
const WORD_SEGMENTER = new Intl.Segmenter(undefined, { granularity: 'word' });
const NON_SPACE = /\S/;
const ELISION = ' … ';

export interface TextDiff {
  /** Word tokens (letters/digits) added and removed. */
  wordsAdded: number;
  wordsRemoved: number;
  /** Word or punctuation tokens added + removed: what decides a content-edit. */
  changedTokens: number;
  /** Dice similarity over words: 2 * common / (old + new); 1 for two empty texts. */
  similarity: number;
  sentencesAdded: number;
  sentencesRemoved: number;
  sentenceCountOld: number;
  sentenceCountNew: number;
  /** Dice similarity over sentences. */
  sentenceSimilarity: number;
  hunks: DiffHunk[];
  /** True when the word diff hit its time limit and the figures come from sentences only. */
  timedOut: boolean;
}

interface TokenCounts {
  words: number;
  tokens: number;
}

/** Count word-like segments and all non-space segments (words + punctuation) of a text. */
export function countTokens(text: string): TokenCounts {
  let words = 0;
  let tokens = 0;
  for (const segment of WORD_SEGMENTER.segment(text)) {
    if (segment.isWordLike === true) {
      words += 1;
      tokens += 1;
    } else if (NON_SPACE.test(segment.segment)) {
      tokens += 1;
    }
  }
  return { words, tokens };
}

function dice(common: number, a: number, b: number): number {
  return a + b === 0 ? 1 : (2 * common) / (a + b);
}

/** The words of a text, split on spaces (text is already noise-normalised). */
function splitWords(text: string): string[] {
  return text.split(' ').filter((w) => w !== '');
}

/**
 * Cut an equal run to its edges: `context` words after the previous edit (unless the run opens the
 * text) and `context` words before the next one (unless it closes the text).
 */
export function elideEqual(text: string, context: number, isFirst: boolean, isLast: boolean): DiffHunk {
  const words = splitWords(text);
  const keepHead = isFirst ? 0 : context;
  const keepTail = isLast ? 0 : context;
  if (words.length <= keepHead + keepTail + 1) return { op: 'equal', text };
  const head = words.slice(0, keepHead).join(' ');
  const tail = words.slice(words.length - keepTail).join(' ');
  const elided = words.length - keepHead - keepTail;
  return { op: 'equal', text: `${head}${ELISION}${tail}`.trim(), elidedWords: elided };
}

function toHunks(parts: ChangeObject<string>[], context: number): DiffHunk[] {
  const hunks: DiffHunk[] = [];
  parts.forEach((part, i) => {
    const text = part.value.trim();
    if (text === '') return;
    if (part.added) hunks.push({ op: 'insert', text });
    else if (part.removed) hunks.push({ op: 'delete', text });
    else hunks.push(elideEqual(text, context, i === 0, i === parts.length - 1));
  });
  return hunks;
}

/** jsdiff's sentence boundary: `.`, `!` or `?` followed by whitespace. */
const SENTENCE_BREAK = /(?<=[.!?])\s+/;

function countSentences(text: string): number {
  return text.split(SENTENCE_BREAK).filter((s) => NON_SPACE.test(s)).length;
}

function sentenceFigures(oldText: string, newText: string) {
  let added = 0;
  let removed = 0;
  let common = 0;
  for (const part of diffSentences(oldText, newText)) {
    const n = countSentences(part.value);
    if (part.added) added += n;
    else if (part.removed) removed += n;
    else common += n;
  }
  return { added, removed, common, oldCount: common + removed, newCount: common + added };
}

/** Diff two noise-normalised article texts. */
export function diffTexts(oldText: string, newText: string, context: number, timeoutMs: number): TextDiff {
  const s = sentenceFigures(oldText, newText);
  const sentenceSimilarity = dice(s.common, s.oldCount, s.newCount);
  const parts = oldText === newText ? [{ value: oldText, added: false, removed: false, count: 1 }] : diffWords(oldText, newText, { intlSegmenter: WORD_SEGMENTER, timeout: timeoutMs });
  const base = {
    sentencesAdded: s.added,
    sentencesRemoved: s.removed,
    sentenceCountOld: s.oldCount,
    sentenceCountNew: s.newCount,
    sentenceSimilarity,
  };
  if (parts === undefined) {
    const oldCounts = countTokens(oldText);
    const newCounts = countTokens(newText);
    return {
      ...base,
      wordsAdded: newCounts.words,
      wordsRemoved: oldCounts.words,
      changedTokens: oldCounts.tokens + newCounts.tokens,
      similarity: sentenceSimilarity,
      hunks: [
        { op: 'delete', text: elideEqual(oldText, context, false, false).text },
        { op: 'insert', text: elideEqual(newText, context, false, false).text },
      ],
      timedOut: true,
    };
  }
  let wordsAdded = 0;
  let wordsRemoved = 0;
  let wordsCommon = 0;
  let changedTokens = 0;
  for (const part of parts) {
    const counts = countTokens(part.value);
    if (part.added) {
      wordsAdded += counts.words;
      changedTokens += counts.tokens;
    } else if (part.removed) {
      wordsRemoved += counts.words;
      changedTokens += counts.tokens;
    } else {
      wordsCommon += counts.words;
    }
  }
  const similarity = dice(wordsCommon, wordsCommon + wordsRemoved, wordsCommon + wordsAdded);
  const hunks = changedTokens === 0 ? [] : toHunks(parts, context);
  return { ...base, wordsAdded, wordsRemoved, changedTokens, similarity, hunks, timedOut: false };
}
