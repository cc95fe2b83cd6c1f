/**
 * Date lines: a short line of an article that prints the version's own published or updated date (a
 * byline "By Ruth Okafor · Published 3 May 2025 · Updated: 24 May 2025, 16:40") echoes that
 * metadata field. When the field differs between two versions, the change is the field's
 * (`metadata-edit`), so such lines are left out of the text diff of both; a line that prints no
 * date of its version, or a date that did not change, is compared as text. ours.
 */
import { countWordsUpTo, matchKey, renderDateKeys } from '../extract/index.js';
import { MAX_DATE_LINE_WORDS } from './constants.js';
import { isSameDate } from './metadata-diff.js';
import type { VersionSnapshot } from './types.js';

type Dated = Pick<VersionSnapshot, 'published' | 'updated'>;

/** The dates of `version` whose field differs from `other`'s. */
function changedDates(version: Dated, other: Dated): string[] {
  const dates: string[] = [];
  for (const field of ['published', 'updated'] as const) {
    const iso = version[field];
    if (iso !== null && !isSameDate(iso, other[field])) dates.push(iso);
  }
  return dates;
}

/** `text` without its short lines printing one of `version`'s dates that `other` does not share. */
export function withoutChangedDateLines(text: string, version: Dated, other: Dated): string {
  const keys = changedDates(version, other).flatMap((iso) => renderDateKeys(iso, null));
  if (keys.length === 0) return text;
  return text
    .split('\n')
    .filter((line) => {
      if (countWordsUpTo(line, MAX_DATE_LINE_WORDS) > MAX_DATE_LINE_WORDS) return true;
      const key = ` ${matchKey(line)} `;
      return !keys.some((k) => key.includes(` ${k} `));
    })
    .join('\n');
}
