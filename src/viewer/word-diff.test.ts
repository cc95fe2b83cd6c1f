import { describe, expect, it } from 'vitest';
import type { Comment } from '../core/domain.js';
import { diffComments, diffWordsHtml } from './word-diff.js';

const comment = (hash: string, text: string): Comment => ({
  position: 0,
  id: null,
  parent: null,
  depth: 0,
  author: null,
  authorUrl: null,
  published: null,
  text,
  byline: null,
  html: '',
  permalink: null,
  source: 'page',
  hash,
});

describe('diffWordsHtml', () => {
  it('marks removed words on the left and added words on the right, escaped', () => {
    const d = diffWordsHtml('apt is a <tool>\nold line', 'apt is a <tool>\nnew shiny line');
    expect(d.leftHtml).toBe('apt is a &lt;tool&gt;<br>\n<del>old</del> line');
    expect(d.rightHtml.replace(/<\/ins>(\s*)<ins>/g, '$1')).toBe('apt is a &lt;tool&gt;<br>\n<ins>new shiny </ins>line');
    expect([d.wordsAdded, d.wordsRemoved, d.truncated]).toEqual([2, 1, false]);
  });
});

describe('diffComments', () => {
  it('compares comments by hash, apart from the article', () => {
    const d = diffComments([comment('a', 'x'), comment('b', 'y')], [comment('b', 'y'), comment('c', 'z')]);
    expect(d.removed.map((c) => c.hash)).toEqual(['a']);
    expect(d.added.map((c) => c.hash)).toEqual(['c']);
    expect(d.kept).toBe(1);
  });
});
