/**
 * Dates printed in comment entries: machine-readable (`<time datetime>`, `abbr[title]`, a tooltip
 * printing the whole date of a shortened one) or text
 * ("January 31, 2011 at 9:59 am", "25 Oct 2012", "2012-07-24 14:32", "3 days ago"). Comment
 * entries are found by their dates like posts of a multi-post page [002 §4.2, model-based
 * segmentation by entry dates].
 */
import { type AnyNode, type Element, isTag, isText } from 'domhandler';
import { chronoLocale } from '../../core/chrono-locales.js';
import { isIgnoredElement } from '../page-dom.js';
import { countWordsUpTo } from '../text-normalize.js';
import {
  DATE_JOINERS,
  hintMatcher,
  MONTH_NAMES,
  RELATIVE_DATE_PHRASES,
  WEEKDAY_ABBREVIATIONS,
  WEEKDAY_NAMES,
} from '../../core/hint-vocabulary.js';

/** Each month's names (`MONTH_NAMES`, one entry per month), matched whole: the month's index. */
const MONTH_WORDS = MONTH_NAMES.entries.map((e) => new RegExp(`^(?:${e.pattern})$`, 'i'));
const monthIndex = (word: string): number => MONTH_WORDS.findIndex((re) => re.test(word));
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
/** A time after the date, up to a few joining characters away ("at", "um", "à", ", a las"). */
const TIME = '(?:\\D{0,8}?(\\d{1,2})[:.h](\\d{2})(?::\\d{2})?\\s*([ap]\\.?m\\.?)?)?';

/** "January 31, 2011 [at 9:59 am]" */
const MONTH_DAY_YEAR = hintMatcher(MONTH_NAMES, (months) => `\\b(${months})\\.?\\s+${DAY},?\\s+(\\d{4})${TIME}`);
/** "31 January 2011 [9:59]", "12. März 2025 um 14:22", "3 de marzo de 2025" */
const DAY_MONTH_YEAR = hintMatcher(
  MONTH_NAMES,
  (months) => `\\b${DAY}\\.?\\s+(?:de\\s+)?(${months})\\.?,?\\s+(?:de\\s+|del\\s+)?(\\d{4})${TIME}`,
);
/** "2012-07-24 [14:32]", "2012/07/24" */
const YEAR_MONTH_DAY = new RegExp(`(?<!\\d)(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})\\b${TIME}`, 'i');
/** "2025年3月12日 14:22", "2025년 3월 12일" */
const YEAR_MONTH_DAY_CJK = new RegExp(`(\\d{4})\\s*[年년]\\s*(\\d{1,2})\\s*[月월]\\s*(\\d{1,2})\\s*[日일]${TIME}`);
/** "07/24/2012", "24.07.2012", "24/07/12" (one separator; "2.6.32" is a version, not a date) */
const NUMERIC_DATE = new RegExp(`(?<![\\d.])(\\d{1,2})([-/.])(\\d{1,2})\\2(\\d{4}|\\d{2})(?![\\d]|\\.\\d)${TIME}`, 'i');
/**
 * "4 במרץ 2025, 11:12", "3 Mart 2025 14:22": a day, one word (a month name the hint lists lack),
 * a year and a time of day. Without the month vocabulary the numbers make the date: the time is
 * required. ours: day-month-year-time is how most engines print comment dates.
 */
const DAY_WORD_YEAR_TIME =
  /(?<![\p{L}\p{N}])(\d{1,2})\.?\s+\p{L}[\p{L}\p{M}]{2,}\.?,?\s+(?:19|20)\d{2}(?:,\s*|\s+)\D{0,8}?\d{1,2}:\d{2}(?!\d)/u;
/** The same, as the whole text (a bare date line). */
const BARE_DAY_WORD_YEAR_TIME = new RegExp(`^\\s*${DAY_WORD_YEAR_TIME.source}\\s*$`, 'u');
/** A line holding only a time ("7:28 PM"): Blogger prints the day once per page, the time per comment. */
const TIME_ONLY = /^\s*(?:at\s+)?\d{1,2}:\d{2}\s*(?:[ap]\.?m\.?)?\s*$/i;
/** "3 days ago", "an hour ago", "vor 2 Stunden", "il y a 3 jours" */
const RELATIVE_DATE = hintMatcher(RELATIVE_DATE_PHRASES, (phrases) => `(?<![\\p{L}\\p{N}])(?:${phrases})(?![\\p{L}\\p{N}])`, 'iu');

/** "11.05.12" alone may be a version; with a time after it ("11.05.12 at 1:55 pm") it is a date. */
function isDottedShortYear(m: RegExpExecArray): boolean {
  return m[2] === '.' && (m[4] as string).length === 2 && m[5] === undefined;
}

function isNumericDate(text: string): boolean {
  const m = NUMERIC_DATE.exec(text);
  return m !== null && !isDottedShortYear(m);
}

const DIGIT = /\d/;
/** What every date pattern above but the relative one holds: a four-digit year, or two numbers joined
 *  by a date or time separator ("24.07", "9:59"). A text without it can only print a relative date. */
const DATE_DIGITS = /\d{4}|\d[-/.:]\d/;

/** Whether a short text prints a date. Only a relative date ("an hour ago") is written without a digit. */
export function hasDateText(text: string): boolean {
  if (!DIGIT.test(text) || !DATE_DIGITS.test(text)) return RELATIVE_DATE().test(text);
  return (
    TIME_ONLY.test(text) ||
    MONTH_DAY_YEAR().test(text) ||
    DAY_MONTH_YEAR().test(text) ||
    YEAR_MONTH_DAY.test(text) ||
    YEAR_MONTH_DAY_CJK.test(text) ||
    isNumericDate(text) ||
    RELATIVE_DATE().test(text) ||
    DAY_WORD_YEAR_TIME.test(text)
  );
}

/** Words a printed date is made of: numbers, month and weekday names, am/pm, joining words ("at", "um", "de"). */
const DATE_WORD = hintMatcher(
  [MONTH_NAMES, DATE_JOINERS, WEEKDAY_NAMES, WEEKDAY_ABBREVIATIONS],
  (months, joiners, weekdays, abbreviations) =>
    `^(?:\\d+(?:st|nd|rd|th)?|\\d{1,2}h\\d{2}|(?:\\d+[年月日년월일])+|${months}|${weekdays}|${abbreviations}|[ap]\\.?m\\.?|${joiners}|utc|gmt)$`,
);

/** Whether a text is nothing but a date ("November 6th, 2012", "10:11 am"). */
export function isBareDateText(text: string): boolean {
  const words = text.split(/[\s,.:/|()-]+/).filter((w) => w !== '');
  return words.length > 0 && hasDateText(text) && (words.every((w) => DATE_WORD().test(w)) || BARE_DAY_WORD_YEAR_TIME.test(text));
}

/** "Monday July 23, @09:58PM", "November 1 at 2:57 pm": a day and time without the year. */
const MONTH_DAY = hintMatcher(MONTH_NAMES, (months) => `\\b(${months})\\.?\\s+${DAY}\\b(?!,?\\s*\\d{4})${TIME}`);

/**
 * A date printed without its year, in the year of `reference` (the post's date: its comments come
 * after it), or the next year when the day would fall before the post.
 */
export function parseYearlessDate(text: string, reference: string): string | null {
  const m = MONTH_DAY().exec(text);
  const ref = new Date(reference);
  // The time is required: a bare "July 4" is as likely a date the comment talks about.
  if (m === null || m[3] === undefined || Number.isNaN(ref.getTime())) return null;
  const at = (year: number): string | null => utc(year, monthIndex(m[1] as string), Number(m[2]), hour(m[3], m[5]), Number(m[4] ?? 0));
  const same = at(ref.getUTCFullYear());
  if (same === null) return null;
  return Date.parse(same) >= ref.getTime() - 86_400_000 ? same : at(ref.getUTCFullYear() + 1);
}

/** Where the first date printed in a text begins, or -1. */
export function dateTextIndex(text: string): number {
  const starts = [MONTH_DAY_YEAR(), DAY_MONTH_YEAR(), YEAR_MONTH_DAY, YEAR_MONTH_DAY_CJK, RELATIVE_DATE(), DAY_WORD_YEAR_TIME].map(
    (r) => r.exec(text)?.index ?? -1,
  );
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
  if (prop !== undefined && /\bdate(?:published|created)\b/i.test(prop) && (el.attribs.content ?? el.attribs.datetime) !== undefined)
    return true;
  return tooltipDate(el) !== null;
}

/** The date an element's attributes carry (`hasDateAttribute`), as ISO 8601, or null. */
export function dateAttributeIso(el: Element): string | null {
  const value = el.attribs.datetime ?? el.attribs.content ?? el.attribs.title;
  if (value === undefined) return null;
  return isoFromAttribute(value) ?? (value === el.attribs.title ? tooltipDate(el) : null);
}

/** A node whose own text shortens a date its tooltip prints whole has at most this many words
 *  (" 4 Mar", "3 days ago", "Mar 4 at 15:12"). ours. */
const MAX_TOOLTIP_DATE_WORDS = 6;

/** An ISO 8601 value with a time of day. */
const ISO_WITH_TIME = /^\s*\d{4}-\d{2}-\d{2}[T\s]\d{2}:\d{2}/;

/**
 * The date a short node's tooltip prints in full (`title="March 4, 2025 3:12pm"` or ISO 8601) while
 * its text shortens it (" 4 Mar", "3 days ago"): how comment systems and forum engines print a
 * comment's date when the year or the exact time is left out of the text. The title must be nothing
 * but a date with its year and time of day (a calendar's "Posts published on November 5, 2012" on
 * each day link is no comment date); a node with more text than a date line is not a date node.
 */
function tooltipDate(el: Element): string | null {
  const title = el.attribs.title;
  if (title === undefined || !DATE_DIGITS.test(title)) return null;
  const iso = ISO_WITH_TIME.test(title) ? isoFromAttribute(title) : timedDateOpening(title);
  if (iso === null) return null;
  const text = shortText(el, MAX_TOOLTIP_DATE_WORDS);
  return text !== null && NON_SPACE.test(text) ? iso : null;
}

const NON_SPACE = /\S/;

/** A tooltip that is a date has at most this many words ("March 4, 2025 at 3:12 pm UTC"). ours. */
const MAX_TOOLTIP_WORDS = 8;

/** A weekday opening a date ("Tue, " of "Tue, 25 Mar 2025 10:45:00 GMT", RFC 822 as feeds print dates). */
const WEEKDAY_OPENING = hintMatcher(
  [WEEKDAY_NAMES, WEEKDAY_ABBREVIATIONS],
  (weekdays, abbreviations) => `^\\s*(?:${weekdays}|${abbreviations})\\.?,?\\s*$`,
);

/** The date a short text opens with (no words before it but its weekday), when it prints its year and time of day. */
function timedDateOpening(text: string): string | null {
  const at = dateTextIndex(text);
  if (countWordsUpTo(text, MAX_TOOLTIP_WORDS) > MAX_TOOLTIP_WORDS || at < 0) return null;
  if (at !== text.search(NON_SPACE) && !WEEKDAY_OPENING().test(text.slice(0, at))) return null;
  const printed = readPrintedDate(text);
  return printed?.timed === true ? printed.iso : null;
}

/** The text under `el` (ignored elements aside) when it has at most `max` words, else null. */
function shortText(el: Element, max: number): string | null {
  let text = '';
  const stack: AnyNode[] = [el];
  while (stack.length > 0) {
    const n = stack.pop() as AnyNode;
    if (isText(n)) {
      text += ` ${n.data}`;
      if (countWordsUpTo(text, max) > max) return null;
    } else if (isTag(n) && !isIgnoredElement(n)) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as AnyNode);
  }
  return text;
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
 * `language`: the page's (ISO 639-1), to read month words no pattern here knows.
 */
export function parseDateText(text: string, language: string | null = null): string | null {
  return readPrintedDate(text, language)?.iso ?? null;
}

/**
 * A day, a month word no hint list holds, a year and a time ("5 марта 2025 г. в 14:02",
 * `DAY_WORD_YEAR_TIME`), read by chrono-node in the page's language. chrono may read the day and
 * the time as two results ("5 марта 2025 г", "в 14:02"): the first time after the day is its time.
 */
function readInPageLanguage(text: string, language: string): { iso: string; timed: boolean } | null {
  const m = DAY_WORD_YEAR_TIME.exec(text);
  const parser = m === null ? undefined : chronoLocale(language);
  if (m === null || parser === undefined) return null;
  const results = parser.parse(m[0], { instant: new Date(0), timezone: 0 });
  const day = results.find((r) => r.start.isCertain('day') && r.start.isCertain('month') && r.start.isCertain('year'));
  if (day === undefined) return null;
  const time = results.find((r) => r.index >= day.index && r.start.isCertain('hour'))?.start;
  const iso = utc(
    day.start.get('year') as number,
    (day.start.get('month') as number) - 1,
    day.start.get('day') as number,
    time?.get('hour') ?? 0,
    time?.get('minute') ?? 0,
  );
  return iso === null ? null : { iso, timed: time !== undefined };
}

/** How a site orders the day and month of its numeric dates ("10.03.2025"): learnt per template
 *  from its feed-linked pages (`numericDateOrderOf`). */
export type NumericDateOrder = 'day-first' | 'month-first';

/** Printed dates are local days: the feed's instant of the same post lies within a time zone of it. */
const MAX_ZONE_MS = 14 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Which order of day and month reads the numeric date printed in `text` as the day of `iso` (the
 * feed's date of the same post), or null when the text prints no numeric date, or both readings or
 * neither give that day ("05.05.2025"). A day above 12 votes too: "22.03.2025" is day first.
 */
export function numericDateOrderOf(text: string, iso: string): NumericDateOrder | null {
  const m = NUMERIC_DATE.exec(text);
  const at = Date.parse(iso);
  if (m === null || isDottedShortYear(m) || Number.isNaN(at)) return null;
  const year = fullYear(m[4] as string);
  const reads = (month: number, day: number): boolean => {
    const printed = utc(year, month - 1, day, 0, 0);
    if (printed === null) return false;
    const start = Date.parse(printed);
    return at >= start - MAX_ZONE_MS && at < start + DAY_MS + MAX_ZONE_MS;
  };
  const dayFirst = reads(Number(m[3]), Number(m[1]));
  const monthFirst = reads(Number(m[1]), Number(m[3]));
  return dayFirst === monthFirst ? null : dayFirst ? 'day-first' : 'month-first';
}

/**
 * `parseDateText`, and whether the text printed a time of day (else the ISO instant is that day's
 * midnight). `order`: the site's order of numeric dates where it was learnt (`numericDateOrderOf`).
 */
export function readPrintedDate(
  text: string,
  language: string | null = null,
  order: NumericDateOrder | null = null,
): { iso: string; timed: boolean } | null {
  const at = (iso: string | null, time: string | undefined) => (iso === null ? null : { iso, timed: time !== undefined });
  let m = MONTH_DAY_YEAR().exec(text);
  if (m !== null) return at(utc(Number(m[3]), monthIndex(m[1] as string), Number(m[2]), hour(m[4], m[6]), Number(m[5] ?? 0)), m[4]);
  m = DAY_MONTH_YEAR().exec(text);
  if (m !== null) return at(utc(Number(m[3]), monthIndex(m[2] as string), Number(m[1]), hour(m[4], m[6]), Number(m[5] ?? 0)), m[4]);
  m = YEAR_MONTH_DAY.exec(text) ?? YEAR_MONTH_DAY_CJK.exec(text);
  if (m !== null) return at(utc(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hour(m[4], m[6]), Number(m[5] ?? 0)), m[4]);
  m = NUMERIC_DATE.exec(text);
  if (m !== null && !isDottedShortYear(m)) {
    // Day first when the first number cannot be a month, month first when the second cannot;
    // else the site's learnt order, else month first (US order) on an English or unknown page and
    // day first on any other (how the languages but English print "01.03.2025", "01/03/2025").
    const a = Number(m[1]);
    const b = Number(m[3]);
    const dayFirst = a > 12 || (b <= 12 && (order === null ? language !== null && language !== 'en' : order === 'day-first'));
    const [month, day] = dayFirst ? [b, a] : [a, b];
    return at(utc(fullYear(m[4] as string), month - 1, day, hour(m[5], m[7]), Number(m[6] ?? 0)), m[5]);
  }
  return language === null ? null : readInPageLanguage(text, language);
}
