/** How the generated engines print slugs, dates and times (shared by the generalisation suites). */
import { escapeXml } from './fixture-warc.js';
import { MONTHS_EN } from './site-vocabulary.js';
import type { TextWriter } from '../helpers/text-writer.js';
import { pad, type Post, type Writer } from './two-crawl-sites.js';

/** A title as a URL slug ("Ferry at dawn" -> "ferry-at-dawn"). */
export const slugify = (t: string): string =>
  t
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');
/** The UTC day, ISO ("2025-03-04"). */
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
/** "March 4, 2025". */
export const mdy = (d: Date): string => `${MONTHS_EN[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
/** "Mar". */
export const mon3 = (d: Date): string => (MONTHS_EN[d.getUTCMonth()] as string).slice(0, 3);
/** "9:15 am", or "9:15 AM" when `upper`. */
export function clock12(d: Date, upper = false): string {
  const h = d.getUTCHours();
  const meridiem = h < 12 ? 'am' : 'pm';
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(d.getUTCMinutes())} ${upper ? meridiem.toUpperCase() : meridiem}`;
}
/** The first `n` words of a text. */
export const words = (s: string, n: number): string => s.split(' ').slice(0, n).join(' ');
/** Posts, newest first. */
export const newestFirst = (ps: readonly Post[]): Post[] => [...ps].sort((a, b) => b.date.getTime() - a.date.getTime());
/** Text for an attribute value. */
export const attr = (s: string): string => escapeXml(s).replaceAll('"', '&quot;');

/** Sentences of a language written without spaces (Chinese, Japanese): TextWriter's words joined, a full stop "。". */
export class UnspacedWriter implements Writer {
  constructor(readonly inner: TextWriter) {}
  pick<T>(list: readonly T[]): T {
    return this.inner.pick(list);
  }
  sentence(words?: number): string {
    return `${this.inner.sentence(words).replace(/ /g, '').replace(/\.$/, '')}。`;
  }
  chance(p: number): boolean {
    return this.inner.chance(p);
  }
  text(sentences: number): string {
    return Array.from({ length: sentences }, () => this.sentence()).join('');
  }
}
