import { afterEach, describe, expect, it } from 'vitest';
import {
  COMMENT_CLASS_WORDS,
  COMMENT_COUNTER_LABELS,
  COMMENT_WIDGET_LABELS,
  COMMENT_ZONE_TOKENS,
  hintMatcher,
  selectHints,
  SIDEBAR_TOKENS,
} from './hint-vocabulary.js';

describe('hint vocabulary: one list per use, entries marked generic or product-specific', () => {
  afterEach(() => selectHints('all'));
  const commentWord = hintMatcher(COMMENT_CLASS_WORDS, (a) => a);
  const zoneToken = hintMatcher(COMMENT_ZONE_TOKENS, (a) => `^(?:${a})$`);

  it('uses every entry by default', () => {
    expect(hintMatcher(SIDEBAR_TOKENS, (a) => `^(?:${a})$`)().test('twitter-feed')).toBe(true);
    expect(commentWord().test('kommentar-liste')).toBe(true);
    expect(zoneToken().test('comment-list')).toBe(true);
  });

  it('with generic hints only, product names no longer match and generic words still do', () => {
    selectHints('generic');
    const sidebar = hintMatcher(SIDEBAR_TOKENS, (a) => `^(?:${a})$`);
    expect(sidebar().test('twitter-feed')).toBe(false);
    expect(sidebar().test('sidebar-right')).toBe(true);
    expect(commentWord().test('kommentar-liste')).toBe(true);
    expect(zoneToken().test('comment-list')).toBe(true);
  });

  it('a list whose selected entries are empty never matches', () => {
    selectHints('generic');
    const onlyProduct = hintMatcher({ name: 'x', help: 'x', entries: [{ pattern: 'twitter', scope: 'product' }] }, (a) => a);
    expect(onlyProduct().test('anything twitter')).toBe(false);
  });

  it('counter and widget labels in other languages count as English ones do', () => {
    const widget = hintMatcher(COMMENT_WIDGET_LABELS, (a) => `^\\s*(?:${a})\\s*$`);
    const counter = hintMatcher(COMMENT_COUNTER_LABELS, (a) => `^\\s*(?:${a})\\s*$`);
    for (const label of [
      '12 comments',
      '3 Kommentare',
      '5 commentaires',
      'Laisser un commentaire',
      '2 comentarios',
      'Lascia un commento',
      '4 reacties',
    ]) {
      expect(counter().test(label)).toBe(true);
    }
    for (const label of ['Reply', 'Antworten', 'Répondre', 'Responder', 'Rispondi']) expect(widget().test(label)).toBe(true);
    expect(counter().test('42')).toBe(false);
    expect(widget().test('Reply to the minister')).toBe(false);
  });

  it('marks every entry', () => {
    for (const list of [COMMENT_CLASS_WORDS, COMMENT_ZONE_TOKENS, SIDEBAR_TOKENS]) {
      expect(list.entries.every((e) => e.scope === 'generic' || e.scope === 'product')).toBe(true);
    }
  });
});
