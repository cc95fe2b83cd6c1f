import { describe, expect, it } from 'vitest';
import { evenSample } from './even-sample.js';

describe('evenSample', () => {
  it('keeps a short list whole, as a new array', () => {
    const items = [1, 2, 3];
    const sample = evenSample(items, 5);
    expect(sample).toEqual(items);
    expect(sample).not.toBe(items);
  });

  it('spreads a long list: the first item, then every (n/max)-th', () => {
    expect(evenSample([...Array(10).keys()], 4)).toEqual([0, 2, 5, 7]);
  });
});
