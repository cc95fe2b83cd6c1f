import { parseDocument } from 'htmlparser2';
import { type Element, isTag } from 'domhandler';
import { findOne } from 'domutils';
import { describe, expect, it } from 'vitest';
import { escapePathValue, nodePath, sharedPrefixLength, templatePath } from './node-path.js';

describe('nodePath (000 §III-B notation)', () => {
  const doc = parseDocument(
    '<html><body><div id="post-2" class="post  hentry"><div class="post-header"><h1>T</h1></div><p class="a,b]|*">x</p></div></body></html>',
  );
  const h1 = findOne((e) => e.name === 'h1', doc.children) as Element;
  const p = findOne((e) => e.name === 'p', doc.children) as Element;

  it('writes the path from html with id and class', () => {
    expect(nodePath(h1)).toBe('|html|body|div[@id=post-2,@class=post hentry]|div[@class=post-header]|h1');
  });

  it('escapes the characters of the notation', () => {
    expect(escapePathValue('a,b]|*')).toBe('a\\,b\\]\\|\\*');
    expect(nodePath(p)).toBe('|html|body|div[@id=post-2,@class=post hentry]|p[@class=a\\,b\\]\\|\\*]');
  });

  it('measures shared prefixes', () => {
    expect(sharedPrefixLength(h1, p)).toBe(3);
    expect(isTag(h1)).toBe(true);
  });
});

describe('templatePath', () => {
  it('adds the position of each step a sibling of the same step leaves ambiguous, and only those', () => {
    const doc = parseDocument(
      '<html><body><main><div class="u"><h1>T</h1></div><div class="u"><p>x</p><p>y</p></div><aside class="u"></aside></main></body></html>',
    );
    const y = findOne((e) => e.name === 'p' && e.children.some((c) => 'data' in c && c.data === 'y'), doc.children) as Element;
    expect(templatePath(y)).toBe('|html|body|main|div[@class=u][2]|p[2]');
    expect(nodePath(y)).toBe('|html|body|main|div[@class=u]|p');
    const h1 = findOne((e) => e.name === 'h1', doc.children) as Element;
    expect(templatePath(h1)).toBe('|html|body|main|div[@class=u][1]|h1');
  });
});
