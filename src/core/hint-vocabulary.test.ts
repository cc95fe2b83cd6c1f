import { afterEach, describe, expect, it } from 'vitest';
import {
  COMMENT_CLASS_WORDS,
  COMMENT_COUNTER_LABELS,
  COMMENT_WIDGET_LABELS,
  COMMENT_ZONE_TOKENS,
  FEED_TEXT_TAILS,
  hintMatcher,
  PERMALINK_LABELS,
  EXCERPT_END_LABELS,
  EXCERPT_LINK_LABELS,
  COMMENT_FEED_OPENINGS,
  COMMENT_FEED_NOUNS,
  PER_POST_COMMENT_OPENINGS,
  COMMENT_ITEM_TITLE_PREFIXES,
  READ_MORE_LABELS,
  SIGNATURE_BY_WORDS,
  SIGNATURE_VERBS,
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
    const lists = [COMMENT_CLASS_WORDS, COMMENT_ZONE_TOKENS, SIDEBAR_TOKENS, SIGNATURE_VERBS, SIGNATURE_BY_WORDS, READ_MORE_LABELS];
    const feedLists = [COMMENT_FEED_OPENINGS, COMMENT_FEED_NOUNS, PER_POST_COMMENT_OPENINGS, COMMENT_ITEM_TITLE_PREFIXES];
    for (const list of [...lists, FEED_TEXT_TAILS, PERMALINK_LABELS, EXCERPT_END_LABELS, EXCERPT_LINK_LABELS, ...feedLists]) {
      expect(list.entries.every((e) => e.scope === 'generic' || e.scope === 'product')).toBe(true);
    }
  });

  it('matches several lists at once, each alternation in its place', () => {
    const signature = hintMatcher([SIGNATURE_VERBS, SIGNATURE_BY_WORDS], (verb, by) => `^(?:(?:${verb})\\s+)?(?:${by})\\s`);
    expect(signature().test('Posted by Jane')).toBe(true);
    expect(signature().test('geschrieben von Anna')).toBe(true);
    expect(signature().test('Posted yesterday')).toBe(false);
  });

  it('comment feed titles in other languages count as English ones do', () => {
    const opening = hintMatcher(COMMENT_FEED_OPENINGS, (a) => `^(?:${a})`);
    for (const title of [
      'Comments on: A post',
      'Commentaires sur Un billet',
      'Kommentare zu Ein Beitrag',
      'Comentarios en Una entrada',
      'Reacties op Een bericht',
    ]) {
      expect(opening().test(title)).toBe(true);
    }
    expect(opening().test('Commentary of the week')).toBe(false);
    const byline = hintMatcher(COMMENT_ITEM_TITLE_PREFIXES, (a) => `^(?:${a})`);
    for (const title of ['By: Jane', 'Von: Anna', 'Par : Luc', 'Commentaire sur Un billet par Luc'])
      expect(byline().test(title)).toBe(true);
    expect(byline().test('Byways of Norway')).toBe(false);
  });

  it('excerpt endings in other languages count as English ones do', () => {
    const ending = hintMatcher(EXCERPT_END_LABELS, (a) => `(?:${a})\\W*$`);
    for (const text of ['… Continue reading', 'Read the full story »', 'Weiterlesen', 'Lire la suite', 'Leer más', 'Lees meer'])
      expect(ending().test(text)).toBe(true);
    expect(ending().test('We read more books this year')).toBe(false);
    const link = hintMatcher(EXCERPT_LINK_LABELS, (a) => `^\\W*(?:${a})`);
    for (const text of ['Continue reading Title', 'Read more about X', 'Weiterlesen', 'Continua a leggere'])
      expect(link().test(text)).toBe(true);
    expect(link().test('Title of the post')).toBe(false);
  });

  it('permalink labels in other languages count as English ones do', () => {
    const label = hintMatcher(PERMALINK_LABELS, (a) => a);
    for (const text of ['Permalink', 'Lien permanent', 'Weiterlesen', 'Leer más', 'Läs mer']) expect(label().test(text)).toBe(true);
    expect(label().test('Older posts')).toBe(false);
  });
});
