import { describe, expect, it } from 'vitest';
import { BoundedMemo } from './bounded-memo.js';

describe('BoundedMemo', () => {
  it('computes a key once and keeps null results', () => {
    const memo = new BoundedMemo<string, number | null>(10);
    let calls = 0;
    const compute = (k: string) => {
      calls++;
      return k === 'none' ? null : k.length;
    };
    expect(memo.get('abc', compute)).toBe(3);
    expect(memo.get('abc', compute)).toBe(3);
    expect(memo.get('none', compute)).toBeNull();
    expect(memo.get('none', compute)).toBeNull();
    expect(calls).toBe(2);
  });

  it('never holds more than its bound: it starts again when full', () => {
    const memo = new BoundedMemo<number, number>(3);
    let calls = 0;
    const square = (k: number) => {
      calls++;
      return k * k;
    };
    for (let k = 0; k < 10; k++) expect(memo.get(k, square)).toBe(k * k);
    expect(memo.size).toBeLessThanOrEqual(3);
    expect(memo.get(9, square)).toBe(81);
    expect(calls).toBe(10);
    expect(memo.get(0, square)).toBe(0);
    expect(calls).toBe(11);
  });
});
