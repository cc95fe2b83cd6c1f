/**
 * Article text diff at word level (for the hunks, counts and similarity) and sentence level (for
 * the share of sentences touched), both with jsdiff on noise-normalised text.
 * [004 §6: "we can see if a change in the text or references has occurred"]
 */
import { diffArrays, diffSentences } from 'diff';
import { SHORT_EQUAL_TOKENS } from './constants.js';
import type { DiffHunk } from './types.js';

/**
 * Word tokens: a run of letters, marks, digits or `_`; one character of a script written without
 * spaces (Han, Hiragana, Katakana, Thai); or one punctuation character. jsdiff's own word tokenizer
 * only knows Latin letters, and its Intl.Segmenter path is quadratic in memory (570 MB for 3,000
 * words, measured), so the text is tokenised here and diffed with `diffArrays`.
 */
const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]|[\p{L}\p{M}\p{N}_]+|[^\s\p{L}\p{M}\p{N}_]/gu;
const WORD = /^[\p{L}\p{M}\p{N}_]/u;
const NON_SPACE = /\S/;
const ELISION = ' … ';

interface Token {
  text: string;
  isWord: boolean;
  spaceBefore: boolean;
}

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

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const at = match.index;
    tokens.push({ text: match[0], isWord: WORD.test(match[0]), spaceBefore: at > 0 && /\s/.test(text[at - 1] ?? '') });
  }
  return tokens;
}

function joinTokens(tokens: Token[]): string {
  return tokens.map((t, i) => (i > 0 && t.spaceBefore ? ` ${t.text}` : t.text)).join('');
}

function countWords(tokens: Token[]): number {
  return tokens.reduce((n, t) => n + (t.isWord ? 1 : 0), 0);
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

/** A run of the diff: common tokens (`equal`), or one edit with its removed and inserted tokens. */
interface Segment {
  equal: Token[] | null;
  del: Token[];
  ins: Token[];
}

/**
 * Display clean-up (counts are taken before it): an equal run of at most SHORT_EQUAL_TOKENS
 * tokens between two edits that are each longer than it is folded into them, so a rewritten
 * sentence reads as one deletion and one insertion instead of a word salad around "in", "to", "the".
 */
function absorbShortEqualRuns(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const seg of segments) {
    const prev = out[out.length - 1];
    const before = out[out.length - 2];
    if (seg.equal === null && prev?.equal !== null && prev?.equal !== undefined && before?.equal === null) {
      const eq = prev.equal;
      const sizeBefore = before.del.length + before.ins.length;
      const sizeAfter = seg.del.length + seg.ins.length;
      if (eq.length <= SHORT_EQUAL_TOKENS && sizeBefore > eq.length && sizeAfter > eq.length) {
        before.del.push(...eq, ...seg.del);
        before.ins.push(...eq, ...seg.ins);
        out.pop();
        continue;
      }
    }
    out.push(seg);
  }
  return out;
}

function toHunks(segments: Segment[], context: number): DiffHunk[] {
  const hunks: DiffHunk[] = [];
  segments.forEach((seg, i) => {
    if (seg.equal !== null) {
      hunks.push(elideEqual(joinTokens(seg.equal), context, i === 0, i === segments.length - 1));
      return;
    }
    if (seg.del.length > 0) hunks.push({ op: 'delete', text: joinTokens(seg.del) });
    if (seg.ins.length > 0) hunks.push({ op: 'insert', text: joinTokens(seg.ins) });
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
  const base = {
    sentencesAdded: s.added,
    sentencesRemoved: s.removed,
    sentenceCountOld: s.oldCount,
    sentenceCountNew: s.newCount,
    sentenceSimilarity,
  };
  const oldTokens = tokenize(oldText);
  const newTokens = tokenize(newText);
  const parts =
    oldText === newText
      ? [{ value: newTokens, added: false, removed: false, count: newTokens.length }]
      : diffArrays(oldTokens, newTokens, { comparator: (a, b) => a.text === b.text, timeout: timeoutMs });
  if (parts === undefined) {
    return {
      ...base,
      wordsAdded: countWords(newTokens),
      wordsRemoved: countWords(oldTokens),
      changedTokens: oldTokens.length + newTokens.length,
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
  const segments: Segment[] = [];
  for (const part of parts) {
    const words = countWords(part.value);
    const last = segments[segments.length - 1];
    if (!part.added && !part.removed) {
      wordsCommon += words;
      segments.push({ equal: part.value, del: [], ins: [] });
      continue;
    }
    const change = last !== undefined && last.equal === null ? last : { equal: null, del: [], ins: [] };
    if (change !== last) segments.push(change);
    changedTokens += part.value.length;
    if (part.added) {
      wordsAdded += words;
      change.ins.push(...part.value);
    } else {
      wordsRemoved += words;
      change.del.push(...part.value);
    }
  }
  const similarity = dice(wordsCommon, wordsCommon + wordsRemoved, wordsCommon + wordsAdded);
  const hunks = changedTokens === 0 ? [] : toHunks(absorbShortEqualRuns(segments), context);
  return { ...base, wordsAdded, wordsRemoved, changedTokens, similarity, hunks, timedOut: false };
}
