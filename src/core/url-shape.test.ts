import { describe, expect, it } from 'vitest';
import { describeUrlShape, fitsUrlShapes, isPostUrlLike, learnUrlShapes } from './url-shape.js';

describe('URL shapes of the feed-linked posts', () => {
  it('keeps the literal segments all posts share and generalises dates and slugs', () => {
    const shapes = learnUrlShapes([
      'http://a.test/posts/2026/07/one/',
      'http://a.test/posts/2026/07/two/',
      'http://a.test/posts/2026/06/three/',
    ]);
    expect(shapes.map(describeUrlShape)).toEqual(['/posts/<4 digits>/<2 digits>/*']);
    expect(fitsUrlShapes('http://a.test/posts/2025/12/older/', shapes)).toBe(true);
    expect(fitsUrlShapes('http://a.test/pages/about/', shapes)).toBe(false);
    expect(fitsUrlShapes('http://a.test/tag/apt/', shapes)).toBe(false);
  });

  it('learns nothing from fewer than three posts of one shape (no evidence: every URL fits)', () => {
    const shapes = learnUrlShapes(['http://a.test/x/one', 'http://a.test/x/two']);
    expect(shapes).toEqual([]);
    expect(fitsUrlShapes('http://a.test/about', shapes)).toBe(true);
  });

  it('keeps the query keys all posts carry (?p=12 permalinks)', () => {
    const shapes = learnUrlShapes(['http://a.test/?p=12', 'http://a.test/?p=31', 'http://a.test/?p=7']);
    expect(fitsUrlShapes('http://a.test/?p=99', shapes)).toBe(true);
    expect(fitsUrlShapes('http://a.test/', shapes)).toBe(false);
  });
});

describe('isPostUrlLike: another post by the shape of one post URL', () => {
  const segments = (path: string): string[] => path.split('/').filter((s) => s !== '');
  it('same depth with numbers generalised, or both segments slugs', () => {
    expect(isPostUrlLike(segments('/2012/11/other-post/'), segments('/2013/02/this-post/'))).toBe(true);
    expect(isPostUrlLike(segments('/p12/'), segments('/p7/'))).toBe(true);
  });

  it('another section, another depth or this very path is not another post', () => {
    expect(isPostUrlLike(segments('/contributor/12'), segments('/article/12'))).toBe(false);
    expect(isPostUrlLike(segments('/2012/11/'), segments('/2013/02/this-post/'))).toBe(false);
    expect(isPostUrlLike(segments('/2013/02/this-post/'), segments('/2013/02/this-post/'))).toBe(false);
  });
});
