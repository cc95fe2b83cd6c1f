import { describe, expect, it } from 'vitest';
import { chronoParsersFor } from '../core/chrono-locales.js';
import { parsePrintedDate } from './date-nodes.js';

const capture = new Date('2026-11-22T00:00:00Z');

describe('date parsers by page language', () => {
  it('loads each other locale of chrono-node when first asked, English after it', () => {
    const samples: Record<string, string> = {
      de: '12. März 2025',
      es: '12 de marzo de 2025',
      nl: '12 maart 2025',
      pt: '12 de março de 2025',
      ru: '12 марта 2025',
      ja: '2025年3月12日',
    };
    for (const [language, text] of Object.entries(samples)) {
      const parsers = chronoParsersFor(language);
      expect(parsers).toHaveLength(2);
      expect(parsePrintedDate(text, parsers, capture), language).toBe('2025-03-12');
      expect(chronoParsersFor(language)[0], 'loaded once').toBe(parsers[0]);
    }
  });

  it('reads English alone for English, unknown languages and pages without one', () => {
    for (const language of ['en', 'xx', null]) expect(chronoParsersFor(language)).toHaveLength(1);
    expect(parsePrintedDate('12. März 2025', chronoParsersFor('xx'), capture)).toBeNull();
  });
});
