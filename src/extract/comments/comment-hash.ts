import { createHash } from 'node:crypto';
import { tokenize } from '../text-normalize.js';

/**
 * Stable identity of a comment's content: sha256 of (author, day, text) after normalisation
 * (case, typography, whitespace and markup folded), so a later crawl tells an added, edited or
 * removed comment apart from an unchanged one [004 §4.2: comments "tracked separately and
 * synchronized on update"]. Day precision: pages print local times, feeds UTC.
 */
export function commentHash(author: string | null, published: string | null, text: string): string {
  const day = published === null ? '' : published.slice(0, 10);
  const key = `${tokenize(author ?? '').join(' ')}\n${day}\n${tokenize(text).join(' ')}`;
  return createHash('sha256').update(key).digest('hex');
}
