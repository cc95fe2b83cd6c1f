import { afterEach, describe, expect, it } from 'vitest';
import { continueReadingLabel, type LabelPlace, stripContinueReading } from './continue-reading.js';
import { selectHints } from './hint-vocabulary.js';

describe('continue-reading labels: one list, read at the start of a link, the end of a text, within an anchor', () => {
  afterEach(() => selectHints('all'));

  const places: Array<{ place: LabelPlace; what: string; yes: string[]; no: string[] }> = [
    {
      place: 'link-start',
      what: 'a link whose text begins with a label (engines add the title) or is an ellipsis',
      yes: [
        'Continue reading Title of the post →',
        'Read more about Drupal',
        'Read the rest of this entry »',
        'more »',
        '[…]',
        'Weiterlesen',
        'Lire la suite',
        'Continua a leggere',
        'Leer más',
      ],
      no: ['Title of the post', 'Readers write in', 'Moreover, the council', 'Seeing red'],
    },
    {
      place: 'text-end',
      what: 'a text ending in a label or an ellipsis, then punctuation only',
      yes: [
        'the rest of the excerpt … Continue reading',
        'the rest of the excerpt [&hellip;]',
        'the rest (...)',
        'Read the full story »',
        'cut here… Weiterlesen',
        'cut here Lees meer',
        'cut here [more]',
        'Continue reading on Medium »',
      ],
      no: ['We read more books this year.', 'the thread', 'a good read', 'Привет, мир'],
    },
    {
      place: 'within',
      what: 'permalink labels in an anchor text or title, in other languages too',
      yes: ['Permalink', 'Permanent link to My post', 'Lien permanent', 'Weiterlesen', 'Leer más', 'Läs mer', 'Read more'],
      no: ['Older posts', 'Permalinks are explained', 'Bread moreover', '…'],
    },
  ];
  for (const { place, what, yes, no } of places) {
    it(`${place}: ${what}`, () => {
      const re = continueReadingLabel(place);
      for (const text of yes) expect(re.test(text), text).toBe(true);
      for (const text of no) expect(re.test(text), text).toBe(false);
    });
  }

  it('text-end with title words: the label may be followed by the post title, not by a sentence', () => {
    expect(continueReadingLabel('text-end', 12).test('first words … Continue reading My Post Title →')).toBe(true);
    expect(continueReadingLabel('text-end').test('first words … Continue reading My Post Title →')).toBe(false);
    expect(
      continueReadingLabel('text-end', 12).test(
        'Read more about it in the long report that the council published last year on its own site today',
      ),
    ).toBe(false);
  });

  it('strips every ending of a cut feed text, repeatedly, and nothing else', () => {
    expect(stripContinueReading('The first words of the post […] Continue reading →')).toBe('The first words of the post');
    expect(stripContinueReading('  The first   words … Read more »  ')).toBe('The first words');
    expect(stripContinueReading('A whole post. The post A whole post appeared first on My Blog.')).toBe('A whole post.');
    expect(stripContinueReading('First words … Continue reading My Post →', 12)).toBe('First words');
    expect(stripContinueReading('We read more books this year.')).toBe('We read more books this year.');
    expect(stripContinueReading('Join the thread')).toBe('Join the thread');
  });

  it('takes a label followed by words (a title) for an ending only after the last sentence, never inside it', () => {
    expect(stripContinueReading('And that is the full story of how we met.', 12)).toBe('And that is the full story of how we met.');
    expect(stripContinueReading('The end of the excerpt. Read more »', 12)).toBe('The end of the excerpt.');
    expect(stripContinueReading('Read more')).toBe('');
  });

  it('the feed footer is product-specific: generic hints only leave it', () => {
    selectHints('generic');
    expect(stripContinueReading('A whole post. The post A whole post appeared first on My Blog.')).toBe(
      'A whole post. The post A whole post appeared first on My Blog.',
    );
    expect(stripContinueReading('A cut post […]')).toBe('A cut post');
  });
});
