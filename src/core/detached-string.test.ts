import { describe, expect, it } from 'vitest';
import { detachedCopy } from './detached-string.js';

describe('detachedCopy', () => {
  it('gives back every string as it was: astral characters, lone surrogates and the empty string', () => {
    for (const value of ['', 'plain text', 'é and ß', 'a 😀 b', 'lone \ud800 high', 'lone \udc00 low', '\u0000nul'])
      expect(detachedCopy(value)).toBe(value);
  });
});
