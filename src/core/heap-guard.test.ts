import { afterEach, describe, expect, it } from 'vitest';
import { collectAbove, heapGuardStats, setHeapCollector } from './heap-guard.js';

describe('collectAbove', () => {
  afterEach(() => setHeapCollector(null));

  it('collects only past the bound, and only with a registered collector', () => {
    let collected = 0;
    const before = heapGuardStats.collections;
    collectAbove();
    expect(heapGuardStats.collections).toBe(before);
    setHeapCollector(() => collected++, 1_000_000);
    collectAbove();
    expect(collected).toBe(0);
    setHeapCollector(() => collected++, 0);
    collectAbove();
    expect(collected).toBe(1);
    expect(heapGuardStats.collections).toBe(before + 1);
  });
});
