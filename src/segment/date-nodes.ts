/**
 * Step 1 of model-based segmentation [002 "Model-based weblog segmentation": "extracting all the
 * dates from the tidied XHTML for the weblog page using a date extractor"]. The extractor is
 * chrono-node in the page's language (English as second choice), plus the machine-readable
 * `datetime` of HTML `<time>` / `<ins>` / `<del>` and the ISO `title` of microformat `<abbr>`.
 */
import type { Element } from 'domhandler';
import { type ChronoParser, chronoParsersFor } from '../core/chrono-locales.js';
import { FUTURE_SLACK_DAYS, MAX_DATE_TEXT_CHARS } from './constants.js';
import { elementText, elementsUnder, isInvisible, parentElement } from './dom-text.js';
import type { DateNode } from './types.js';

/** An ISO 8601 date, optionally with a time: what `datetime` attributes hold. */
const ISO_DATE = /^\s*(\d{4})-(\d{2})-(\d{2})(?:[T\s](\d{2}):(\d{2}).*)?\s*$/;
const HAS_DIGIT = /\d/;

const pad = (n: number): string => String(n).padStart(2, '0');

function dayOf(y: number, m: number, d: number): string {
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** Shape of a printed date: digit runs → 9, letter runs → a (heuristic 3 compares shapes). */
export function dateFormat(text: string): string {
  return text
    .replace(/\d+/g, '9')
    .replace(/\p{L}+/gu, 'a')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A date from a `datetime` attribute: the day as written, the instant in UTC when a time is given. */
function fromAttribute(value: string): { day: string; iso: string } | null {
  const m = ISO_DATE.exec(value);
  if (m === null) return null;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  if (m[4] === undefined) return { day, iso: day };
  const t = new Date(value.trim());
  return { day, iso: Number.isNaN(t.getTime()) ? day : t.toISOString() };
}

/** `day` moved by n days; `day` itself when it is not a date (archived data is never trusted). */
export function addDays(day: string, n: number): string {
  const t = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(t.getTime())) return day;
  t.setUTCDate(t.getUTCDate() + n);
  return Number.isNaN(t.getTime()) ? day : t.toISOString().slice(0, 10);
}

/** Years a printed date may name (four digits: days compare as strings). */
const MIN_YEAR = 1000;
const MAX_YEAR = 9999;

/** The first whole date (day and month known) printed in `text`, or null. */
export function parsePrintedDate(text: string, parsers: readonly ChronoParser[], capture: Date): string | null {
  if (Number.isNaN(capture.getTime())) return null;
  const latest = addDays(capture.toISOString().slice(0, 10), FUTURE_SLACK_DAYS);
  for (const parser of parsers) {
    for (const r of parser.parse(text, { instant: capture, timezone: 0 })) {
      const s = r.start;
      if (!s.isCertain('day') || !s.isCertain('month')) continue;
      let year = s.get('year') ?? capture.getUTCFullYear();
      const month = s.get('month') ?? 1;
      const date = s.get('day') ?? 1;
      // A year-less date is the latest such day not after the capture (chrono takes the nearest).
      if (!s.isCertain('year') && dayOf(year, month, date) > latest) year -= 1;
      if (year < MIN_YEAR || year > MAX_YEAR) continue;
      return dayOf(year, month, date);
    }
  }
  return null;
}

/**
 * Every date node under `root`, in document order: the lowest elements whose text (at most
 * MAX_DATE_TEXT_CHARS) holds a whole date, or that carry a `datetime`. A `datetime` element wins
 * over date nodes inside it (it states the same date, with the time).
 */
export function findDateNodes(root: Element, language: string | null, captureTime: string): DateNode[] {
  const capture = new Date(captureTime);
  // No instant to read printed dates against (the capture time is validated where captures are built).
  if (Number.isNaN(capture.getTime())) return [];
  const parsers = chronoParsersFor(language);
  const elements = elementsUnder(root);
  const invisible = new WeakSet<Element>();
  const holdsDate = new WeakSet<Element>();
  const found = new Map<Element, DateNode>();
  const markHolders = (el: Element) => {
    for (let p = parentElement(el); p !== null && !holdsDate.has(p); p = parentElement(p)) holdsDate.add(p);
  };
  for (const el of elements) {
    const parent = parentElement(el);
    if (isInvisible(el) || (parent !== null && invisible.has(parent))) invisible.add(el);
  }
  // Children before parents: the lowest element holding a date is the date node.
  for (let i = elements.length - 1; i >= 0; i--) {
    const el = elements[i] as Element;
    if (invisible.has(el)) continue;
    const machine = el.attribs.datetime ?? (el.name === 'abbr' ? el.attribs.title : undefined);
    const text = elementText(el);
    if (machine !== undefined) {
      const d = fromAttribute(machine);
      if (d !== null) {
        found.set(el, { element: el, ...d, text: text || machine, format: dateFormat(text || machine) });
        markHolders(el);
        continue;
      }
    }
    if (holdsDate.has(el) || text === '' || text.length > MAX_DATE_TEXT_CHARS || !HAS_DIGIT.test(text)) continue;
    // The same text as a child element: that child already had its chance.
    if (el.children.some((c) => c.type === 'tag' && elementText(c as Element) === text)) continue;
    const day = parsePrintedDate(text, parsers, capture);
    if (day === null) continue;
    found.set(el, { element: el, day, iso: day, text, format: dateFormat(text) });
    markHolders(el);
  }
  // Date nodes inside a `datetime` element give way to it.
  return elements
    .filter((el) => found.has(el))
    .filter((el) => {
      for (let p = parentElement(el); p !== null; p = parentElement(p)) if (found.has(p) && p.attribs.datetime !== undefined) return false;
      return true;
    })
    .map((el) => found.get(el) as DateNode);
}
