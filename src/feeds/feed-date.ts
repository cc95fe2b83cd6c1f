/**
 * Feed dates to ISO 8601 UTC. Feeds promise RFC 822 (RSS) or RFC 3339 (Atom, JSON Feed) but
 * archives hold every broken variant: no time zone, named zones (EST, PDT, CET), two-digit years,
 * a wrong weekday, `2024-01-02 10:00:00`, month names in full, a missing seconds field.
 * Missing zones are read as UTC (the only neutral choice without the site's settings).
 */

/** Offsets of named zones, in minutes east of UTC (RFC 822 §5 plus common North American/European ones). */
const ZONE_OFFSET_MIN: Record<string, number> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  WET: 0,
  BST: 60,
  IST: 60,
  CET: 60,
  MET: 60,
  CEST: 120,
  MEST: 120,
  EET: 120,
  EEST: 180,
  MSK: 180,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  AKST: -540,
  AKDT: -480,
  HST: -600,
  AST: -240,
  ADT: -180,
  NST: -210,
  NDT: -150,
  JST: 540,
  KST: 540,
  AEST: 600,
  AEDT: 660,
  ACST: 570,
  AWST: 480,
  NZST: 720,
  NZDT: 780,
};

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

/** ISO 8601 / RFC 3339 and the space-separated SQL form, zone optional. */
const ISO_DATE =
  /^(\d{4})-?(\d{2})-?(\d{2})(?:[T\s]+(\d{1,2}):?(\d{2})(?::?(\d{2})(?:[.,](\d+))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?|[A-Z]{2,5})?$/i;
/** RFC 822 and its variants: optional weekday, day, month name, 2- or 4-digit year, optional time and zone. */
const RFC822_DATE =
  /^(?:[A-Za-z]+\.?,?\s+)?(\d{1,2})(?:st|nd|rd|th)?[\s-]+([A-Za-z]{3,9})\.?,?[\s-]+(\d{2}|\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(am|pm)?)?\s*(?:(Z|[A-Z]{1,5}|[+-]\d{2}:?\d{2})(?:\s*\([^)]*\))?)?$/i;
/** US order: "January 2, 2024 10:00 PM EST", "Tue Jan 02 2024 10:00:00 GMT+0000". */
const US_DATE =
  /^(?:[A-Za-z]+\.?,?\s+)?([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?:,?\s+(?:at\s+)?(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?)?\s*(?:(?:GMT|UTC)?([+-]\d{2}:?\d{2})|(Z|[A-Z]{1,5}))?(?:\s*\([^)]*\))?$/i;

/** Parse a feed date into ISO 8601 UTC (`2024-01-02T10:00:00.000Z`), or null when it is no date. */
export function parseFeedDate(raw: string): string | null {
  const s = raw.trim().replace(/\s+/g, ' ');
  if (s === '') return null;
  const iso = ISO_DATE.exec(s);
  if (iso) {
    const [, y, mo, d, h, mi, sec, frac, zone] = iso;
    return toIso(Number(y), Number(mo), Number(d), Number(h ?? 0), Number(mi ?? 0), Number(sec ?? 0), fractionMs(frac), zone);
  }
  const rfc = RFC822_DATE.exec(s);
  if (rfc) {
    const [, d, mon, y, h, mi, sec, ampm, zone] = rfc;
    const month = monthNumber(mon);
    if (month !== null) return toIso(fullYear(y), month, Number(d), hour12(h, ampm), Number(mi ?? 0), Number(sec ?? 0), 0, zone);
  }
  const us = US_DATE.exec(s);
  if (us) {
    const [, mon, d, y, h, mi, sec, ampm, numericZone, namedZone] = us;
    const month = monthNumber(mon);
    if (month !== null) {
      return toIso(Number(y), month, Number(d), hour12(h, ampm), Number(mi ?? 0), Number(sec ?? 0), 0, numericZone ?? namedZone);
    }
  }
  if (/^\d{9,13}$/.test(s)) {
    // Unix time in seconds or milliseconds (some generators emit it).
    const n = Number(s);
    return new Date(s.length > 11 ? n : n * 1000).toISOString();
  }
  return null;
}

function monthNumber(name: string | undefined): number | null {
  return MONTHS[(name ?? '').slice(0, 4).toLowerCase()] ?? MONTHS[(name ?? '').slice(0, 3).toLowerCase()] ?? null;
}

/** Two-digit years: 00-49 are 20xx, 50-99 are 19xx (RFC 2822 §4.3). */
function fullYear(y: string | undefined): number {
  const n = Number(y);
  if (y !== undefined && y.length === 2) return n < 50 ? 2000 + n : 1900 + n;
  return n;
}

function hour12(h: string | undefined, ampm: string | undefined): number {
  const n = Number(h ?? 0);
  if (ampm === undefined) return n;
  const pm = ampm.toLowerCase() === 'pm';
  return (n % 12) + (pm ? 12 : 0);
}

function fractionMs(frac: string | undefined): number {
  return frac === undefined ? 0 : Math.round(Number(`0.${frac}`) * 1000);
}

/** Minutes east of UTC for a zone token; 0 when absent or unknown (read as UTC). */
function zoneOffsetMin(zone: string | undefined): number {
  if (zone === undefined) return 0;
  const numeric = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (numeric) {
    const sign = numeric[1] === '-' ? -1 : 1;
    return sign * (Number(numeric[2]) * 60 + Number(numeric[3] ?? 0));
  }
  return ZONE_OFFSET_MIN[zone.toUpperCase()] ?? 0;
}

function toIso(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number, zone: string | undefined): string | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 24 || mi > 59 || s > 60 || y < 1970 || y > 2200) return null;
  const utcMs = Date.UTC(y, mo - 1, d, h, mi, Math.min(s, 59), ms) - zoneOffsetMin(zone) * 60_000;
  const date = new Date(utcMs);
  // Reject overflowed days (Feb 31) instead of silently rolling into the next month.
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) return null;
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
