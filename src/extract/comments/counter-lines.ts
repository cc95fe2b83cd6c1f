/**
 * Counter lines: a short line with a number that most entries of a zone print alike, numbers
 * masked (`templateKey`: "6 points ·" and "12 points ·"), is the records' template with each
 * record's own count (a score, a like count), not the comment's text. The zone's own entries
 * decide, no words; the changes stage compares comments without such lines for the same reason
 * (`commentTemplateLinesOf`).
 */
import type { Element } from 'domhandler';
import { NUMBER_MASK, templateKey } from '../../core/template-key.js';
import { countWordsUpTo } from '../text-normalize.js';
import { isInParagraph, printedText } from './comment-entry.js';
import { MAX_COUNTER_LINE_WORDS, MIN_COUNTER_LINE_ENTRIES, MIN_COUNTER_LINE_SHARE } from './constants.js';
import type { ReadEntry } from './reply-markers.js';

/** For each entry of the zone, the elements printing one of its counter lines (empty when none). */
export function counterLinesOf(entries: readonly ReadEntry[]): Element[][] {
  const none = entries.map((): Element[] => []);
  if (entries.length < MIN_COUNTER_LINE_ENTRIES) return none;
  const keys = entries.map((e) => new Set(e.text.split('\n').filter(isCounterLike).map(templateKey)));
  const counts = new Map<string, number>();
  for (const ks of keys) for (const k of ks) counts.set(k, (counts.get(k) ?? 0) + 1);
  const template = new Set([...counts].filter(([, n]) => n > MIN_COUNTER_LINE_SHARE * entries.length).map(([k]) => k));
  if (template.size === 0) return none;
  return entries.map((e) => {
    const lines = new Set(e.text.split('\n').filter((l) => template.has(templateKey(l))));
    const found: Element[] = [];
    for (const el of e.elements) {
      if (lines.size === 0) break;
      if (el.name === 'p' || e.entry.nodes.includes(el) || isInParagraph(el, e.entry)) continue;
      const line = printedText(el);
      if (lines.delete(line)) found.push(el);
    }
    return found;
  });
}

/** A short line holding a number and a word (`templateKey` masked a number in it). */
function isCounterLike(line: string): boolean {
  const key = templateKey(line);
  return key.includes(NUMBER_MASK) && key !== line.trim() && countWordsUpTo(line, MAX_COUNTER_LINE_WORDS) <= MAX_COUNTER_LINE_WORDS;
}
