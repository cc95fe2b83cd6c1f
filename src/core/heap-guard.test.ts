import { afterEach, describe, expect, it } from 'vitest';
import { collectAbove, heapGuardStats, LIVE_GROWTH_BEFORE_NEXT, setHeapCollector } from './heap-guard.js';

const MB = 1024 * 1024;

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

  it('when more than the bound stays live, waits for the heap to grow by half before collecting again', () => {
    let heap = 300 * MB;
    let collected = 0;
    // Each collection frees only the garbage above 200 MB live.
    setHeapCollector(
      () => {
        collected++;
        heap = 200 * MB;
      },
      128,
      () => heap,
    );
    collectAbove();
    expect(collected).toBe(1);
    heap = 200 * MB * LIVE_GROWTH_BEFORE_NEXT - MB;
    collectAbove();
    expect(collected).toBe(1);
    heap = 200 * MB * LIVE_GROWTH_BEFORE_NEXT + MB;
    collectAbove();
    expect(collected).toBe(2);
  });

  it('comes back to the bound once less is live', () => {
    let heap = 300 * MB;
    let live = 200 * MB;
    let collected = 0;
    setHeapCollector(
      () => {
        collected++;
        heap = live;
      },
      128,
      () => heap,
    );
    collectAbove();
    live = 50 * MB;
    heap = 301 * MB;
    collectAbove();
    expect(collected).toBe(2);
    heap = 130 * MB;
    collectAbove();
    expect(collected).toBe(3);
  });
});
