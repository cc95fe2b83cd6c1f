import { describe, expect, it } from 'vitest';
import { runBounded } from '../../test/helpers/bounded-run.js';
import { missingStartupFlags, SEMI_SPACE_MB } from './heap-settings.js';

/** The standard output of a Node child that must succeed. */
function nodeOutput(args: string[]): string {
  const run = runBounded(process.execPath, args);
  if (run.code !== 0) throw new Error(`node ${args.join(' ').slice(0, 80)} failed: ${run.stderr}`);
  return run.stdout;
}

/**
 * A child process keeps ~16 MB live and promotes garbage the way a build does (objects that live
 * a few "pages" and then die), and prints the largest old-space size it saw, with or without
 * applyHeapSettings' shipped setting (HEAP_GROWING_PERCENT).
 */
function peakOldSpaceMB(bounded: boolean): number {
  const script = `
    import('./src/cli/heap-settings.ts').then(({ applyHeapSettings }) => {
      if (${bounded}) applyHeapSettings();
      const v8 = require('node:v8');
      globalThis.live = Array.from({ length: 16 * 16 * 1024 }, (_, i) => ({ i, text: 'live' + i }));
      const pages = [];
      let peak = 0;
      for (let round = 0; round < 600; round++) {
        pages.push(Array.from({ length: 20000 }, (_, i) => ({ round, i, text: 'x' + i })));
        if (pages.length > 32) pages.shift();
        const old = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space');
        peak = Math.max(peak, old.space_used_size);
      }
      process.stdout.write(String(Math.round(peak / 1048576)));
    });`;
  const out = nodeOutput(['--import', 'tsx', '--input-type=commonjs', '-e', script]);
  return Number(out.trim());
}

describe('applyHeapSettings', () => {
  it('keeps the old generation of a process that promotes garbage closer to what it holds live', () => {
    const unbounded = peakOldSpaceMB(false);
    const bounded = peakOldSpaceMB(true);
    expect(bounded).toBeGreaterThan(0);
    expect(bounded).toBeLessThan(unbounded * 0.8);
  }, 60_000);
});

describe('missingStartupFlags', () => {
  it('asks for the semi-space bound unless the process was started with one of its own', () => {
    expect(missingStartupFlags([])).toEqual([`--max-semi-space-size=${SEMI_SPACE_MB}`]);
    expect(missingStartupFlags(['--enable-source-maps'], '--max-old-space-size=4096')).toEqual([`--max-semi-space-size=${SEMI_SPACE_MB}`]);
    expect(missingStartupFlags(['--max-semi-space-size=32'])).toEqual([]);
    expect(missingStartupFlags([], '--trace-gc --max-semi-space-size=4')).toEqual([]);
  });

  it('bounds the young generation of a process started with them', () => {
    const script = `
      const v8 = require('node:v8');
      let keep = [];
      let peak = 0;
      for (let round = 0; round < 30; round++) {
        for (let i = 0; i < 200000; i++) keep.push({ round, i, text: 'x' + i });
        keep = keep.slice(-150000);
        peak = Math.max(peak, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
      }
      process.stdout.write(String(peak / 1048576));`;
    const newSpaceMB = (flags: string[]) => Number(nodeOutput([...flags, '--input-type=commonjs', '-e', script]).trim());
    // The new space holds two semi-spaces.
    expect(newSpaceMB(missingStartupFlags([]))).toBeLessThanOrEqual(2 * SEMI_SPACE_MB + 1);
    expect(newSpaceMB([`--max-semi-space-size=${4 * SEMI_SPACE_MB}`])).toBeGreaterThan(2 * SEMI_SPACE_MB + 1);
  }, 60_000);
});

describe('applyHeapSettings and the heap guard', () => {
  it('gives the heap guard a full collection, run past SOFT_HEAP_LIMIT_MB, that frees the garbage a page leaves', () => {
    const script = `
      import('./src/cli/heap-settings.ts').then(async ({ applyHeapSettings }) => {
        const { collectAbove, heapGuardStats, SOFT_HEAP_LIMIT_MB } = await import('./src/core/heap-guard.ts');
        applyHeapSettings();
        const v8 = require('node:v8');
        const used = () => v8.getHeapStatistics().used_heap_size / 1048576;
        // Arrays of 131,072 small integers: 1 MB each on the heap.
        globalThis.live = Array.from({ length: SOFT_HEAP_LIMIT_MB / 2 }, () => new Array(131072).fill(1));
        collectAbove();
        const below = heapGuardStats.collections;
        let page = Array.from({ length: SOFT_HEAP_LIMIT_MB }, () => new Array(131072).fill(2));
        const held = used();
        page = null;
        collectAbove();
        process.stdout.write(JSON.stringify({ below, past: heapGuardStats.collections, freedMB: held - used() }));
      });`;
    const out = JSON.parse(nodeOutput(['--import', 'tsx', '--input-type=commonjs', '-e', script]));
    expect(out).toMatchObject({ below: 0, past: 1 });
    expect(out.freedMB).toBeGreaterThan(64);
  }, 60_000);
});
