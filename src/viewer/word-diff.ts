/**
 * Side-by-side word diff of two object versions (computed here, so the viewer works on stores
 * without the changes table), and the comments diff kept apart from the article [004 §5: comments
 * are tracked apart from the article].
 */
import { diffWordsWithSpace } from 'diff';
import type { Comment } from '../core/domain.js';
import { escapeHtml as e } from '../reconstruct/index.js';
import { MAX_DIFF_WORDS } from './constants.js';

export interface WordDiff {
  /** Old text with removed words in `<del>`. */
  leftHtml: string;
  /** New text with added words in `<ins>`. */
  rightHtml: string;
  wordsAdded: number;
  wordsRemoved: number;
  /** True when a side was longer than MAX_DIFF_WORDS and was cut. */
  truncated: boolean;
}

const WORD = /\S+/g;

function cap(text: string): { text: string; cut: boolean } {
  let n = 0;
  for (const m of text.matchAll(WORD)) {
    if (++n > MAX_DIFF_WORDS) return { text: text.slice(0, m.index), cut: true };
  }
  return { text, cut: false };
}

const para = (s: string): string => e(s).replace(/\n/g, '<br>\n');
const countWords = (s: string): number => s.match(WORD)?.length ?? 0;

export function diffWordsHtml(oldText: string, newText: string): WordDiff {
  const a = cap(oldText);
  const b = cap(newText);
  const left: string[] = [];
  const right: string[] = [];
  let wordsAdded = 0;
  let wordsRemoved = 0;
  for (const part of diffWordsWithSpace(a.text, b.text)) {
    if (part.added) {
      right.push(`<ins>${para(part.value)}</ins>`);
      wordsAdded += countWords(part.value);
    } else if (part.removed) {
      left.push(`<del>${para(part.value)}</del>`);
      wordsRemoved += countWords(part.value);
    } else {
      left.push(para(part.value));
      right.push(para(part.value));
    }
  }
  return { leftHtml: left.join(''), rightHtml: right.join(''), wordsAdded, wordsRemoved, truncated: a.cut || b.cut };
}

/** Comments only in the old version, only in the new one, and how many both hold (by content hash). */
export function diffComments(a: readonly Comment[], b: readonly Comment[]): { removed: Comment[]; added: Comment[]; kept: number } {
  const ha = new Set(a.map((c) => c.hash));
  const hb = new Set(b.map((c) => c.hash));
  return {
    removed: a.filter((c) => !hb.has(c.hash)),
    added: b.filter((c) => !ha.has(c.hash)),
    kept: b.filter((c) => ha.has(c.hash)).length,
  };
}
