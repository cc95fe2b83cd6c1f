import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { endTag, startTag } from './html-serialize.js';
import { parseHtml } from './html-parse.js';

const first = (html: string): Element => parseHtml(html, { decodeEntities: true }).document.children[0] as Element;

describe('startTag and endTag', () => {
  const opts = {
    keep: new Set(['href', 'title', 'src']),
    resolveUrl: (u: string) => (u.startsWith('javascript:') ? null : `http://a.test/${u}`),
  };

  it('keeps the chosen attributes, escaped, and writes URL attributes as resolved', () => {
    const a = first('<a href="x?a=1&amp;b=2" title="say &quot;hi&quot;" onclick="evil()" class="c">t</a>');
    expect(startTag(a, opts)).toBe('<a href="http://a.test/x?a=1&amp;b=2" title="say &quot;hi&quot;">');
    expect(endTag(a)).toBe('</a>');
  });

  it('drops a URL the resolver refuses, and gives void elements no end tag', () => {
    const img = first('<img src="javascript:alert(1)" title="t">');
    expect(startTag(img, opts)).toBe('<img title="t">');
    expect(endTag(img)).toBe('');
    expect(endTag(first('<col span="2">'))).toBe('');
  });
});
