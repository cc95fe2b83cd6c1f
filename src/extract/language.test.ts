import { franc } from 'franc-min';
import { data } from 'franc-min/data.js';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/helpers/seeded-random.js';
import { francLanguageCode, languageFromText } from './language.js';

/** Pieces of text in every script franc knows: its models' trigrams, plus digits, punctuation, odd case and spaces. */
const TRIGRAMS = Object.values(data).flatMap((models) => Object.values(models).flatMap((model) => model.split('|')));
const ODD_PIECES = ['İ', 'ß', 'ẞ', '12', '!?', ' ', '\n', '\u00a0', '中文', 'ひらがな', '한국어', 'ไทย', 'Ωμέγα', '𝔘𝔫', "'s", '–'];

/** Text leaning to one language's trigrams (a window of the trigram list), mixed with odd pieces. */
function randomText(rand: () => number): string {
  const start = Math.floor(rand() * TRIGRAMS.length);
  const pieces = Math.floor(rand() * (rand() < 0.1 ? 700 : 60));
  const parts: string[] = [];
  for (let i = 0; i < pieces; i++)
    parts.push(
      rand() < 0.2
        ? (ODD_PIECES[Math.floor(rand() * ODD_PIECES.length)] as string)
        : (TRIGRAMS[(start + Math.floor(rand() * 300)) % TRIGRAMS.length] as string),
    );
  return parts.join(rand() < 0.5 ? '' : ' ');
}

describe('francLanguageCode', () => {
  it("answers as franc does, on texts of every script and language franc's models hold", () => {
    const rand = seededRandom(15);
    const answers = new Set<string>();
    for (let n = 0; n < 3000; n++) {
      const text = randomText(rand);
      const expected = franc(text, { minLength: 20 });
      answers.add(expected);
      expect([text, francLanguageCode(text, 20)]).toEqual([text, expected]);
    }
    expect(answers.size).toBeGreaterThan(30);
  });

  it('answers as franc does on short, empty and script-less texts', () => {
    for (const text of [
      '',
      'short',
      '1234567890 1234567890 12345',
      '!!!!!!!!!!!!!!!!!!!!!!!!',
      'これは日本語の文章です。とても短い文章です。',
    ])
      expect(francLanguageCode(text, 20)).toBe(franc(text, { minLength: 20 }));
  });
});

describe('languageFromText', () => {
  it('gives ISO 639-1 codes, null when undetermined', () => {
    expect(languageFromText('The quick brown fox jumps over the lazy dog while the farmer watches from the barn.')).toBe('en');
    expect(languageFromText('Le renard brun rapide saute par-dessus le chien paresseux pendant que le fermier regarde.')).toBe('fr');
    expect(languageFromText('too short')).toBeNull();
  });
});
