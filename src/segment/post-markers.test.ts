import { describe, expect, it } from 'vitest';
import { parseHtml } from '../core/html-parse.js';
import { findAuthor } from './post-markers.js';

const authorOf = (html: string) => findAuthor(parseHtml(html).document.children);

describe('findAuthor: a signature line (weak hints, core/hint-vocabulary) [002 "patterns like posted by"]', () => {
  it('reads the name after a signature prefix, in other languages as in English', () => {
    expect(authorOf('<div><p>Posted by Jane Doe</p></div>')).toBe('Jane Doe');
    expect(authorOf('<div><p>Geschrieben von Anna Schmidt</p></div>')).toBe('Anna Schmidt');
    expect(authorOf('<div><p>Publié par Marie Curie</p></div>')).toBe('Marie Curie');
  });

  it('reads a signature inside a dated line', () => {
    expect(authorOf('<div><p>Posted on 3 March 2024 by Jane Doe</p></div>')).toBe('Jane Doe');
  });

  it('finds no author in a line without a signature', () => {
    expect(authorOf('<div><p>The bees came back in May.</p></div>')).toBeNull();
  });
});
