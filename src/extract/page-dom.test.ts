import { parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { UNSPACED_CHARS_PER_WORD } from './constants.js';
import { type TextBlock, wordCount } from './page-dom.js';
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
