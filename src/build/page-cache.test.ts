import { describe, expect, it } from 'vitest';
import { parsePage } from '../extract/index.js';
import { PageCache } from './page-cache.js';

const page = (url: string) => parsePage(`<html><body><p>${url}</p></body></html>`, url);

describe('PageCache', () => {
  it('gives back the page held for a capture, parsed with the same base URL only', () => {
    const cache = new PageCache(4);
    const a = page('https://example.org/a');
    cache.put(1, a);
    expect(cache.get(1, 'https://example.org/a')).toBe(a);
    // A revisit's page read for another URL is parsed again (its relative links mean something else).
    expect(cache.get(1, 'https://example.org/other')).toBeUndefined();
    expect(cache.get(2, 'https://example.org/a')).toBeUndefined();
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 2 });
  });

  it('holds at most maxPages pages, dropping the least recently used', () => {
    const cache = new PageCache(2);
    const [a, b, c] = ['a', 'b', 'c'].map((p) => page(`https://example.org/${p}`)) as [
      ReturnType<typeof page>,
      ReturnType<typeof page>,
      ReturnType<typeof page>,
    ];
    cache.put(1, a);
    cache.put(2, b);
    expect(cache.get(1, a.url)).toBe(a); // 1 is now the most recently used
    cache.put(3, c);
    expect(cache.get(2, b.url)).toBeUndefined();
    expect(cache.get(1, a.url)).toBe(a);
    expect(cache.get(3, c.url)).toBe(c);
    cache.clear();
    expect(cache.get(1, a.url)).toBeUndefined();
  });

  it('holds at most maxElements elements of DOM, the newest page always (a host of huge pages, #15)', () => {
    // Each page: html, body and 100 paragraphs.
    const big = (name: string) => parsePage(`<html><body>${'<p>x</p>'.repeat(100)}</body></html>`, `https://example.org/${name}`);
    const [a, b, c] = [big('a'), big('b'), big('c')];
    expect(a.elements).toBe(102);
    const cache = new PageCache(40, 250);
    cache.put(1, a);
    cache.put(2, b);
    expect(cache.get(1, a.url)).toBe(a);
    // 306 elements with c: the least recently used (b) goes.
    cache.put(3, c);
    expect(cache.get(2, b.url)).toBeUndefined();
    expect(cache.get(1, a.url)).toBe(a);
    expect(cache.get(3, c.url)).toBe(c);
    // A page alone above the bound is still held, alone.
    const tiny = new PageCache(40, 50);
    tiny.put(1, a);
    tiny.put(2, b);
    expect(tiny.get(1, a.url)).toBeUndefined();
    expect(tiny.get(2, b.url)).toBe(b);
  });

  it('holds nothing with maxPages 0', () => {
    const cache = new PageCache(0);
    cache.put(1, page('https://example.org/a'));
    expect(cache.get(1, 'https://example.org/a')).toBeUndefined();
  });
});
