/** A comment as stored with an object version (produced by extract/comments). */
export interface StoredComment {
  position: number;
  id: string | null;
  parent: string | null;
  depth: number;
  author: string | null;
  authorUrl: string | null;
  published: string | null;
  text: string;
  html: string;
  permalink: string | null;
  source: 'page' | 'feed' | 'page+feed';
  hash: string;
  /** The byline as the page prints it; null for comments only in a feed. */
  byline: string | null;
}
