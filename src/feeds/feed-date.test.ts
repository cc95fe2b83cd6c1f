import { describe, expect, it } from 'vitest';
import { parseFeedDate } from './index.js';

describe('parseFeedDate', () => {
  it.each([
    ['Tue, 02 Jan 2024 10:00:00 +0000', '2024-01-02T10:00:00.000Z'],
    ['Mon, 09 Nov 2026 15:38:18 +0100', '2026-11-09T14:38:18.000Z'],
    ['2026-11-09T15:38:18+01:00', '2026-11-09T14:38:18.000Z'],
    ['2024-01-02T10:00:00.816Z', '2024-01-02T10:00:00.816Z'],
    ['20240102T100000Z', '2024-01-02T10:00:00.000Z'],
  ])('standard form %s', (raw, iso) => {
    expect(parseFeedDate(raw)).toBe(iso);
  });

  it.each([
    ['2024-01-02 10:00:00', '2024-01-02T10:00:00.000Z', 'SQL form, no zone: read as UTC'],
    ['2024-01-02T10:00:00', '2024-01-02T10:00:00.000Z', 'ISO without zone'],
    ['2024-01-02', '2024-01-02T00:00:00.000Z', 'date only'],
    ['Tue, 2 Jan 24 10:00:00 EST', '2024-01-02T15:00:00.000Z', 'two-digit year, named zone'],
    ['Tue, 02 Jan 2024 10:00 PDT', '2024-01-02T17:00:00.000Z', 'no seconds, daylight zone'],
    ['Wed, 02 Jan 2024 10:00:00 +0000', '2024-01-02T10:00:00.000Z', 'wrong weekday is ignored'],
    ['02 Jan 2024 10:00:00 GMT', '2024-01-02T10:00:00.000Z', 'no weekday'],
    ['Tuesday, 02 January 2024 10:00:00 CET', '2024-01-02T09:00:00.000Z', 'full names'],
    ['January 2, 2024 10:00 PM', '2024-01-02T22:00:00.000Z', 'US order, 12-hour clock'],
    ['Tue Jan 02 2024 10:00:00 GMT+0100 (Central European Standard Time)', '2024-01-02T09:00:00.000Z', 'JavaScript Date#toString'],
    ['Tue, 02 Jan 99 10:00:00 +0000', '1999-01-02T10:00:00.000Z', 'two-digit year of the last century'],
    ['  Tue,  02 Jan 2024   10:00:00   +0000 ', '2024-01-02T10:00:00.000Z', 'stray whitespace'],
  ])('broken variant %s (%s)', (raw, iso) => {
    expect(parseFeedDate(raw)).toBe(iso);
  });

  it.each(['not a date', '', '2024-02-31T10:00:00Z', '2024-13-01', 'Tue, 32 Jan 2024 10:00:00 GMT'])('rejects %j', (raw) => {
    expect(parseFeedDate(raw)).toBeNull();
  });
});
