import { describe, expect, it } from 'vitest';
import { isoTime } from './capture-builder.js';

describe('WARC-Date validation', () => {
  it('reads W3C-ISO8601 and 14-digit WARC/0.x dates as ISO UTC', () => {
    expect(isoTime('2026-11-22T11:17:39Z')).toBe('2026-11-22T11:17:39.000Z');
    expect(isoTime('2026-11-22T11:17:39.123456Z')).toBe('2026-11-22T11:17:39.123Z');
    expect(isoTime('20261122111739')).toBe('2026-11-22T11:17:39.000Z');
  });

  it.each(['99999-99-99T11:17:39Z', '2026-11-2\u0002T11:17:40Z', '2026-13-01T00:00:00Z', '', 'yesterday', '+275760-09-13T00:00:00Z'])(
    'refuses %j',
    (date) => {
      expect(isoTime(date)).toBeNull();
    },
  );

  it('refuses a missing date', () => {
    expect(isoTime(undefined)).toBeNull();
  });
});
