import { describe, expect, it } from 'vitest';
import { absoluteUrl, canonicalUrl, hostOf, schemelessKey, siteOf, spellingsOf } from './url.js';

describe('canonicalUrl', () => {
  it('folds case, default port, fragment and trailing slash', () => {
    expect(canonicalUrl('HTTP://Example.ORG:80/a/b/#top')).toBe('http://example.org/a/b');
    expect(canonicalUrl('https://example.org:443/')).toBe('https://example.org/');
  });
  it('drops tracking parameters and sorts the rest', () => {
    expect(canonicalUrl('http://e.org/p?utm_source=rss&b=2&a=1&fbclid=x')).toBe('http://e.org/p?a=1&b=2');
  });
  it('normalises percent-encoding of unreserved characters', () => {
    expect(canonicalUrl('http://e.org/%7euser/%e2%82%ac')).toBe('http://e.org/~user/%E2%82%AC');
  });
  it('folds directory index files', () => {
    expect(canonicalUrl('http://e.org/blog/index.html')).toBe('http://e.org/blog');
  });
  it('returns an already canonical http(s) URL as parsed, and rewrites any that is only close to one', () => {
    const same = ['http://e.org/', 'https://e.org/a/b', 'http://e.org:8080/a', 'https://u:p@e.org/a.html', 'http://[::1]/a'];
    for (const url of same) expect(canonicalUrl(url)).toBe(url);
    const close: Array<[string, string]> = [
      ['http://e.org/a?', 'http://e.org/a'],
      ['http://e.org/a#', 'http://e.org/a'],
      ['http://e.org./a', 'http://e.org/a'],
      ['http://e.org/a/', 'http://e.org/a'],
      ['http://e.org/a//b', 'http://e.org/a/b'],
      ['http://e.org/%7Ea', 'http://e.org/~a'],
      ['http://e.org/a/index.php', 'http://e.org/a'],
      ['HTTP://E.ORG:80/A', 'http://e.org/A'],
      ['ftp://e.org/a/', 'ftp://e.org/a'],
    ];
    for (const [url, canonical] of close) expect(canonicalUrl(url)).toBe(canonical);
  });
  it('keeps unparsable input as is', () => {
    expect(canonicalUrl('  not a url ')).toBe('not a url');
  });
});

describe('helpers', () => {
  it('schemelessKey pairs http/https and www', () => {
    expect(schemelessKey('https://www.e.org/a/')).toBe(schemelessKey('http://e.org/a'));
  });
  it("spellingsOf gives a page's four spellings across scheme and www, its own first", () => {
    expect(spellingsOf('https://www.e.org/a?b=1')).toEqual([
      'https://www.e.org/a?b=1',
      'https://e.org/a?b=1',
      'http://www.e.org/a?b=1',
      'http://e.org/a?b=1',
    ]);
    expect(spellingsOf('http://e.org:8080/')).toEqual([
      'http://e.org:8080/',
      'http://www.e.org:8080/',
      'https://e.org:8080/',
      'https://www.e.org:8080/',
    ]);
    for (const s of spellingsOf('http://e.org/p')) expect(schemelessKey(s)).toBe(schemelessKey('http://e.org/p'));
    expect(spellingsOf('urn:x:1')).toEqual(['urn:x:1', 'urn:x:1', 'urn:x:1', 'urn:x:1']);
  });
  it('hostOf and absoluteUrl', () => {
    expect(hostOf('http://Devblog.test:8081/x')).toBe('devblog.test');
    expect(siteOf('https://WWW.Devblog.test/x')).toBe('devblog.test');
    expect(siteOf('not a url')).toBe('');
    expect(absoluteUrl('../img/a.png', 'http://e.org/a/b/c')).toBe('http://e.org/a/img/a.png');
    expect(absoluteUrl('javascript:alert(1)', 'http://e.org/')).toBeUndefined();
  });
});
