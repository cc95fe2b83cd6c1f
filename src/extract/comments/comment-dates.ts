/**
 * Dates printed in comment entries: machine-readable (`<time datetime>`, `abbr[title]`) or text
 * ("January 31, 2011 at 9:59 am", "25 Oct 2012", "2012-07-24 14:32", "3 days ago"). Comment
 * entries are found by their dates like posts of a multi-post page [002 §4.2, model-based
 * segmentation by entry dates].
 */
import type { Element } from 'domhandler';

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const MONTH_INDEX: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const TIME = '(?:\\D{0,6}?(\\d{1,2})[:.h](\\d{2})(?::\\d{2})?\\s*([ap]\\.?m\\.?)?)?';

/** "January 31, 2011 [at 9:59 am]" */
const MONTH_DAY_YEAR = new RegExp(`\\b(${MONTHS})\\.?\\s+${DAY},?\\s+(\\d{4})${TIME}`, 'i');
/** "31 January 2011 [9:59]" */
const DAY_MONTH_YEAR = new RegExp(`\\b${DAY}\\.?\\s+(${MONTHS})\\.?,?\\s+(\\d{4})${TIME}`, 'i');
/** "2012-07-24 [14:32]", "2012/07/24" */
const YEAR_MONTH_DAY = new RegExp(`(?<!\\d)(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})\\b${TIME}`, 'i');
/** "07/24/2012", "24.07.2012", "24/07/12" (one separator; "2.6.32" is a version, not a date) */
const NUMERIC_DATE = new RegExp(`(?<![\\d.])(\\d{1,2})([-/.])(\\d{1,2})\\2(\\d{4}|\\d{2})(?![\\d]|\\.\\d)${TIME}`, 'i');
/** A line holding only a time ("7:28 PM"): Blogger prints the day once per page, the time per comment. */
const TIME_ONLY = /^\s*(?:at\s+)?\d{1,2}:\d{2}\s*(?:[ap]\.?m\.?)?\s*$/i;
/** "3 days ago", "an hour ago" */
const RELATIVE_DATE = /\b(?:\d+|an?|one)\s+(?:sec(?:ond)?|min(?:ute)?|hour|hr|day|week|month|year)s?\s+ago\b/i;

/** "11.05.12" alone may be a version; with a time after it ("11.05.12 at 1:55 pm") it is a date. */
function isDottedShortYear(m: RegExpExecArray): boolean {
  return m[2] === '.' && (m[4] as string).length === 2 && m[5] === undefined;
}

function isNumericDate(text: string): boolean {
  const m = NUMERIC_DATE.exec(text);
  return m !== null && !isDottedShortYear(m);
}

const DIGIT = /\d/;

/** Whether a short text prints a date. Only a relative date ("an hour ago") is written without a digit. */
export function hasDateText(text: string): boolean {
  if (!DIGIT.test(text)) return RELATIVE_DATE.test(text);
  return (
    TIME_ONLY.test(text) ||
    MONTH_DAY_YEAR.test(text) ||
    DAY_MONTH_YEAR.test(text) ||
    YEAR_MONTH_DAY.test(text) ||
    isNumericDate(text) ||
    RELATIVE_DATE.test(text)
  );
}

/** Words a printed date is made of: numbers, month and weekday names, am/pm, "at"/"on". */
const DATE_WORD = new RegExp(
  `^(?:\\d+(?:st|nd|rd|th)?|${MONTHS}|(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|wed|thu|fri|sat|sun|[ap]\\.?m\\.?|at|on|of|utc|gmt)$`,
  'i',
);

/** Whether a text is nothing but a date ("November 6th, 2012", "10:11 am"). */
export function isBareDateText(text: string): boolean {
  const words = text.split(/[\s,.:/|()-]+/).filter((w) => w !== '');
  return words.length > 0 && hasDateText(text) && words.every((w) => DATE_WORD.test(w));
}

/** "Monday July 23, @09:58PM", "November 1 at 2:57 pm": a day and time without the year. */
const MONTH_DAY = new RegExp(`\\b(${MONTHS})\\.?\\s+${DAY}\\b(?!,?\\s*\\d{4})${TIME}`, 'i');

/**
 * A date printed without its year, in the year of `reference` (the post's date: its comments come
 * after it), or the next year when the day would fall before the post.
 */
export function parseYearlessDate(text: string, reference: string): string | null {
  const m = MONTH_DAY.exec(text);
  const ref = new Date(reference);
  // The time is required: a bare "July 4" is as likely a date the comment talks about.
  if (m === null || m[3] === undefined || Number.isNaN(ref.getTime())) return null;
  const at = (year: number): string | null =>
    utc(year, MONTH_INDEX[(m[1] as string).slice(0, 3).toLowerCase()] ?? -1, Number(m[2]), hour(m[3], m[5]), Number(m[4] ?? 0));
  const same = at(ref.getUTCFullYear());
  if (same === null) return null;
  return Date.parse(same) >= ref.getTime() - 86_400_000 ? same : at(ref.getUTCFullYear() + 1);
}

/** Where the first date printed in a text begins, or -1. */
export function dateTextIndex(text: string): number {
  const starts = [MONTH_DAY_YEAR, DAY_MONTH_YEAR, YEAR_MONTH_DAY, RELATIVE_DATE].map((r) => r.exec(text)?.index ?? -1);
  const numeric = NUMERIC_DATE.exec(text);
  if (numeric !== null && !isDottedShortYear(numeric)) starts.push(numeric.index);
  const found = starts.filter((i) => i >= 0);
  return found.length === 0 ? -1 : Math.min(...found);
}

/** Whether an element carries a machine-readable date. */
export function hasDateAttribute(el: Element): boolean {
  if (el.attribs.datetime !== undefined) return true;
  if (el.name === 'abbr' && el.attribs.title !== undefined && isoFromAttribute(el.attribs.title) !== null) return true;
  const prop = el.attribs.itemprop;
  return prop !== undefined && /\bdate(?:published|created)\b/i.test(prop) && (el.attribs.content ?? el.attribs.datetime) !== undefined;
}

export function isoFromAttribute(value: string): string | null {
  if (!/^\s*\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const d = new Date(value.trim());
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function hour(h: string | undefined, meridiem: string | undefined): number {
  let v = h === undefined ? 0 : Number(h);
  const m = meridiem?.toLowerCase().replace(/\./g, '');
  if (m === 'pm' && v < 12) v += 12;
  if (m === 'am' && v === 12) v = 0;
  return v;
}

function utc(y: number, m: number, d: number, h: number, min: number): string | null {
  if (m < 0 || m > 11 || d < 1 || d > 31 || h > 23 || min > 59) return null;
  const date = new Date(Date.UTC(y, m, d, h, min));
  return date.getUTCDate() === d ? date.toISOString() : null;
}

const fullYear = (y: string): number => (y.length === 2 ? 2000 + Number(y) : Number(y));

/**
 * The date printed in a text, as ISO 8601. Printed times carry no zone: they are read as UTC
 * (the page's local day is what the comment hash keeps). Relative dates ("3 days ago") give null.
 */
export function parseDateText(text: string): string | null {
  let m = MONTH_DAY_YEAR.exec(text);
  if (m !== null)
    return utc(
      Number(m[3]),
      MONTH_INDEX[(m[1] as string).slice(0, 3).toLowerCase()] ?? -1,
      Number(m[2]),
      hour(m[4], m[6]),
      Number(m[5] ?? 0),
    );
  m = DAY_MONTH_YEAR.exec(text);
  if (m !== null)
    return utc(
      Number(m[3]),
      MONTH_INDEX[(m[2] as string).slice(0, 3).toLowerCase()] ?? -1,
      Number(m[1]),
      hour(m[4], m[6]),
      Number(m[5] ?? 0),
    );
  m = YEAR_MONTH_DAY.exec(text);
  if (m !== null) return utc(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hour(m[4], m[6]), Number(m[5] ?? 0));
  m = NUMERIC_DATE.exec(text);
  if (m !== null && !isDottedShortYear(m)) {
    // Day first when the first number cannot be a month, else month first (US order).
    const a = Number(m[1]);
    const b = Number(m[3]);
    const [month, day] = a > 12 ? [b, a] : [a, b];
    return utc(fullYear(m[4] as string), month - 1, day, hour(m[5], m[7]), Number(m[6] ?? 0));
  }
  return null;
}
