/**
 * A feed date rendered the ways pages print it [000 §V: "convert it in a set of common date
 * formats ... then used to find the right node"], as token keys for typography-proof matching.
 */
import { BoundedMemo } from '../core/bounded-memo.js';
import { matchKey } from './text-normalize.js';

const LOCALES = ['en-US', 'en-GB', 'fr', 'de', 'es', 'it', 'pt', 'nl'];
const STYLES: Intl.DateTimeFormatOptions[] = [
  { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' },
  { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' },
  { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' },
  { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' },
];
const formatters = new Map<string, Intl.DateTimeFormat[]>();

function formattersFor(locale: string): Intl.DateTimeFormat[] {
  let f = formatters.get(locale);
  if (f === undefined) {
    f = STYLES.map((s) => new Intl.DateTimeFormat(locale, s));
    formatters.set(locale, f);
  }
  return f;
}

const pad = (n: number): string => String(n).padStart(2, '0');

const MAX_CACHED_DAYS = 4096;
/** Keys rendered per calendar day and language (the formats print the day only, in UTC). ours: Intl
 *  formatting of 36 formats cost more than the search for them in the page. */
const keysByDay = new BoundedMemo<string, readonly string[]>(MAX_CACHED_DAYS);

/** Token keys of the date in common formats and languages (page language first). */
export function renderDateKeys(iso: string, language: string | null): string[] {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return [];
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  return [...keysByDay.get(`${y}-${m}-${day} ${language}`, () => renderKeys(d, y, m, day, language))];
}

function renderKeys(d: Date, y: number, m: number, day: number, language: string | null): string[] {
  const keys = new Set<string>([
    `${y} ${pad(m)} ${pad(day)}`,
    `${pad(day)} ${pad(m)} ${y}`,
    `${pad(m)} ${pad(day)} ${y}`,
    `${day} ${m} ${y}`,
    `${m} ${day} ${y}`,
  ]);
  // The page's language first; the common locales after it, once (its keys are not rendered twice).
  const locales = language !== null ? [language, ...LOCALES.filter((l) => l !== language)] : LOCALES;
  for (const locale of locales) {
    try {
      for (const f of formattersFor(locale)) keys.add(matchKey(f.format(d)));
    } catch {
      // Unknown locale tag: the other locales still apply.
    }
  }
  return [...keys].filter((k) => k !== '');
}

/** Calendar day (YYYY-MM-DD, UTC) of an ISO date. */
export function isoDay(iso: string): string | null {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
