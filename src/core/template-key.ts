/**
 * A line as a host's template compares it across its pages or records: numbers masked. Shared by
 * the changes stage (a host's article and comment template lines, `templateLinesOf`) and the
 * comment reader (counter lines a zone's entries repeat).
 */

/** A run of digits with its group and decimal separators ("1,234", "0.23", "2025"). */
const NUMBER = /\d+(?:[.,]\d+)*/g;
/** What `templateKey` puts for a number. */
export const NUMBER_MASK = '#';
const LETTER = /\p{L}/u;
const SPACES = /\s+/g;

/**
 * A line as the template compares it: in a line with words, numbers masked. A line the host prints
 * on each page with that page's counts or ages ("114,700 views · 2 comments · Share (3)",
 * "Posted 7 weeks ago · 4 min read") is one template line; a line of numbers alone (a table's
 * cell) keeps them, so a changed figure is still an edit.
 */
export function templateKey(line: string): string {
  const text = line.replace(SPACES, ' ').trim();
  return LETTER.test(text) ? text.replace(NUMBER, NUMBER_MASK) : text;
}
