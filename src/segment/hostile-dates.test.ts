/** Dates from archived data are never trusted: a bad capture time or a printed year 99999 never throws. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePage } from '../extract/index.js';
import { chronoParsersFor } from '../core/chrono-locales.js';
import { addDays, parsePrintedDate } from './date-nodes.js';
import { segmentByModel } from './model-segmentation.js';

const fixture = (name: string): string => readFileSync(new URL(`../../test/fixtures/segment/${name}`, import.meta.url), 'utf8');

describe('segmentation on hostile dates', () => {
  it.each(['99999-99-99T11:17:39Z', '2026-11-2\u0002T11:17:40Z', ''])(
    'segments nothing by dates when the capture time is %j, without throwing',
    (time) => {
      const page = parsePage(fixture('pelican-dev-home.html'), 'http://pelican-dev.test:8090/');
      const r = segmentByModel(page, { captureTime: time });
      expect(r.ok).toBe(false);
      expect(r.segments).toEqual([]);
    },
  );

  it('gives only four-digit years for printed dates and leaves non-dates alone in day arithmetic', () => {
    const capture = new Date('2026-11-22T11:17:39Z');
    for (const text of ['Posted on 12 March 99999', '12 March 10000', '12/03/0012']) {
      expect(parsePrintedDate(text, chronoParsersFor('en'), capture) ?? '2000-01-01').toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(parsePrintedDate('Posted on 12 March 2025', chronoParsersFor('en'), capture)).toBe('2025-03-12');
    expect(parsePrintedDate('12 March', chronoParsersFor('en'), new Date('not a date'))).toBeNull();
    expect(addDays('99999-03-12', 2)).toBe('99999-03-12');
    expect(addDays('2026-12-31', 2)).toBe('2027-01-02');
  });
});
