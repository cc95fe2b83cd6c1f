/**
 * Is an extracted title / author / date "right"? Titles must match exactly after whitespace
 * normalisation (issue #3: "exact title"); authors and dates are compared in their meaning, since
 * gold and page write them differently (`by Jane Doe`, `2012-07-24T00:26:15` vs `...+02:00`).
 */
import { normalizeWhitespace } from './text-metrics.js';

/** A page without a title has gold "" and output null: both say "no title". */
export function isTitleExact(gold: string, output: string | null): boolean {
  return normalizeWhitespace(gold) === normalizeWhitespace(output ?? '');
}

const BYLINE_PREFIX = /^(by|von|par|por|door|di|da)\s+/iu;
const NON_WORD = /[^\p{L}\p{N}]+/gu;

/** Lower-cased words of a name, without a leading "by". */
export function normalizeAuthor(name: string): string {
  return normalizeWhitespace(name).replace(BYLINE_PREFIX, '').toLowerCase().replace(NON_WORD, ' ').trim();
}

/**
 * Right when the names are equal, or one holds the other on word boundaries: gold bylines carry
 * extra words ("Jane Doe, Staff Writer"), and so may an extractor's author node.
 */
export function isAuthorRight(gold: string, output: string | null): boolean {
  if (output === null) return false;
  const g = normalizeAuthor(gold);
  const o = normalizeAuthor(output);
  if (g === '' || o === '') return false;
  return g === o || ` ${g} `.includes(` ${o} `) || ` ${o} `.includes(` ${g} `);
}

interface WrittenDate {
  /** YYYY-MM-DD as written (local date of the writer). */
  day: string;
  /** Epoch ms when the string has a time and an offset, else null. */
  instantMs: number | null;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const TIME_WITH_OFFSET = /[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})$/i;

function readDate(value: string): WrittenDate | null {
  const text = value.trim();
  const day = ISO_DAY.exec(text);
  if (day !== null) {
    const instantMs = TIME_WITH_OFFSET.test(text) ? Date.parse(text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')) : null;
    return { day: day[0], instantMs: instantMs !== null && Number.isNaN(instantMs) ? null : instantMs };
  }
  const parsed = Date.parse(text);
  if (Number.isNaN(parsed)) return null;
  return { day: new Date(parsed).toISOString().slice(0, 10), instantMs: null };
}

/** Tolerance between two instants read from the same date (seconds get dropped by some themes). */
const SAME_INSTANT_MS = 60_000;

/**
 * Right when both carry an instant (time + offset) within a minute of each other; otherwise when
 * they name the same calendar day (one lacks a time or a zone), as written or in UTC (either side
 * may have been normalised to UTC).
 */
export function isDateRight(gold: string, output: string | null): boolean {
  if (output === null) return false;
  const g = readDate(gold);
  const o = readDate(output);
  if (g === null || o === null) return false;
  if (g.instantMs !== null && o.instantMs !== null) return Math.abs(g.instantMs - o.instantMs) <= SAME_INSTANT_MS;
  return g.day === o.day || utcDay(g) === o.day || utcDay(o) === g.day;
}

function utcDay(date: WrittenDate): string | null {
  return date.instantMs === null ? null : new Date(date.instantMs).toISOString().slice(0, 10);
}
