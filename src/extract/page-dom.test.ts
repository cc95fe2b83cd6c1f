import { readFileSync } from 'node:fs';
import { parseDocument } from 'htmlparser2';
import { type AnyNode, type Element, isTag } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { UNSPACED_CHARS_PER_WORD } from './constants.js';
import { paddedBlockKey, type TextBlock, textBlocks, wordCount } from './page-dom.js';
import { tokenize } from './text-normalize.js';

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

describe('wordCount', () => {
  it('counts every character of the unspaced scripts, whatever its code point', () => {
    const element = parseDocument('<p></p>').children[0] as Element;
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const c = String.fromCodePoint(code);
      if (!UNSPACED.test(c)) continue;
      const text = `a \u2019${c.repeat(UNSPACED_CHARS_PER_WORD)}`;
      const block: TextBlock = { element, text, tokens: tokenize(text), linkChars: 0 };
      expect([code, wordCount(block)]).toEqual([code, block.tokens.length + 1]);
    }
  });
});

describe('textBlocks', () => {
  // Pages with links, hidden copies, widgets and nested blocks, plus blocks inside a link and an ignored element.
  const pages = [
    readFileSync(new URL('../../test/fixtures/pages/dragnet-hidden-copy.html', import.meta.url), 'utf8'),
    readFileSync(new URL('../../test/fixtures/pages/templates-wp-post-feed-1.html', import.meta.url), 'utf8'),
    '<body><div>a <a href="/x"><div>in <b>link</b></div> tail</a><div hidden><p>hidden <i>text</i></p></div><p>last <span>words</span></p></div></body>',
  ];
  const elementsOf = (html: string): Element[] => {
    const out: Element[] = [];
    const visit = (n: AnyNode): void => {
      if (!isTag(n)) return;
      out.push(n);
      for (const c of n.children) visit(c);
    };
    for (const c of parseDocument(html).children) visit(c);
    return out;
  };
  const shape = (blocks: TextBlock[], all: Element[]) => blocks.map((b) => ({ ...b, element: all.indexOf(b.element) }));

  it('keeps the space printed between two inline elements: their words stay apart', () => {
    const line = parseDocument(
      '<div><span>Posted on</span> <a href="/p"><span>March 16, 2025</span></a> <span>by</span> <span><a href="/a">miller</a></span></div>',
    ).children[0] as Element;
    expect(textBlocks(line).map((b) => b.tokens)).toEqual([['posted', 'on', 'march', '16', '2025', 'by', 'miller']]);
  });

  it("reads no text from raw-text fallbacks: a frameset page's <noframes>, an <noembed>", () => {
    const page = parseDocument(
      '<html><frameset><frame src="/menu.html"><frame src="/main.html"></frameset><noframes><body><h1>Harbour news</h1><p>Your browser shows no frames.</p></body></noframes><body><noembed><p>No plug-in.</p></noembed><p>Shown.</p></body></html>',
    );
    const html = page.children.find(isTag) as Element;
    expect(textBlocks(html).map((b) => b.text)).toEqual(['Shown.']);
  });

  it('gives a block element the same blocks after its ancestors were read as read on its own', () => {
    for (const html of pages) {
      const after = elementsOf(html);
      // Ancestors first: each element's blocks may come from an ancestor's.
      const derived = after.map((el) => shape(textBlocks(el), after));
      const alone = elementsOf(html);
      // Descendants first: no ancestor of an element has been read.
      const own = [...alone]
        .reverse()
        .map((el) => shape(textBlocks(el), alone))
        .reverse();
      expect(derived).toEqual(own);
      expect(derived.some((b) => b.length > 0)).toBe(true);
    }
  });
});

describe('paddedBlockKey', () => {
  it("is the block's tokens joined by spaces, a space at each end", () => {
    const body = parseDocument('<body><p>Hello, <b>wide</b>  World!</p><p>  </p></body>').children[0] as Element;
    const [block] = textBlocks(body);
    expect(paddedBlockKey(block as TextBlock)).toBe(' hello wide world ');
    expect(paddedBlockKey({ element: body, text: '', tokens: [], linkChars: 0 })).toBe('  ');
  });
});
