import { afterEach, describe, expect, it } from 'vitest';
import { selectHints } from '../core/hint-vocabulary.js';
import { feedFieldText } from './semantic-input.js';

describe('feedFieldText: "read more" links and tails are left out (weak hints, core/hint-vocabulary)', () => {
  afterEach(() => selectHints('all'));

  it('drops a trailing read-more link, in other languages too', () => {
    for (const label of ['Continue reading', 'Read the full story', 'Lire la suite', 'Weiterlesen']) {
      expect(feedFieldText(`<p>The bees came back in May.</p><p><a href="/p/1">${label} →</a></p>`)).toBe('The bees came back in May.');
    }
    expect(feedFieldText('<p>The bees came back.</p><p><a href="/bees">Bees of the valley</a></p>')).toBe(
      'The bees came back. Bees of the valley',
    );
  });

  it('strips label tails and a plugin footer; with generic hints only, the footer stays', () => {
    expect(feedFieldText('The bees came back in May [read more]')).toBe('The bees came back in May');
    expect(feedFieldText('The bees came back in May… Read more »')).toBe('The bees came back in May');
    const footer = 'The bees came back in May. The post Bees appeared first on Valley Notes.';
    expect(feedFieldText(footer)).toBe('The bees came back in May.');
    selectHints('generic');
    expect(feedFieldText(footer)).toBe(footer);
  });
});
