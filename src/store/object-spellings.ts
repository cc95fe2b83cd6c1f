/**
 * One definition of "the object of a URL": the object known under any of the URL's spellings
 * (`spellingsOf`: http or https, with or without `www.`), as the writer keys objects, so every pass
 * that looks an object up by URL finds the one a crawl under another spelling made.
 */
export { spellingsOf } from '../core/url.js';

/** The parameters a spelling lookup takes: the URL's four spellings (`spellingsOf`). */
export type Spellings = [string, string, string, string];

/** SQL condition: `column` (an objects.canonical_url) is one of the four spellings bound next. */
export function anySpelling(column: string): string {
  return `${column} IN (?, ?, ?, ?)`;
}
