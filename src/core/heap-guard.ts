/**
 * A bound on a build's heap between pages. V8 lets the old generation grow to twice what its last
 * full collection found live; when that collection falls while one large page is being worked on,
 * the page's transient DOM and texts count as live and the heap may grow to twice them before the
 * next one (dragnet-train: a collection at 94 MB live, 62 MB at the next, the heap at 185 MB and
 * RSS 330 MB between them, in one build of three). `collectAbove`, called where a page's work is
 * done, collects the whole heap when it holds more than the bound. Only a process owner that
 * registers a collector (the CLI: `applyHeapSettings`) has one; elsewhere it does nothing.
 */
import { getHeapStatistics } from 'node:v8';

/** MB (default 128): the heap a build holds between pages before a full collection. ours: a
 *  dragnet-train build keeps 45-75 MB live between pages (issue #15, measured 2026-11-26). */
export const SOFT_HEAP_LIMIT_MB = 128;

/** When more than the bound is live (a host's pages held for its templates), the next collection
 *  waits until the heap has grown by half of what the last one left: never one per page. ours. */
export const LIVE_GROWTH_BEFORE_NEXT = 1.5;

interface Guard {
  collect: () => void;
  usedBytes: () => number;
  boundBytes: number;
  /** The bound, or more after a collection that left more than it live. */
  limitBytes: number;
}

let guard: Guard | null = null;

/** Full collections since the process started (bench and tests read them). */
export const heapGuardStats = { collections: 0 };

const usedHeapBytes = (): number => getHeapStatistics().used_heap_size;

/** Register the process's full collection (`gc` exposed) and its bound; null turns the guard off.
 *  `usedBytes`: how the heap is measured (V8's used heap size). */
export function setHeapCollector(
  collect: (() => void) | null,
  limitMb: number = SOFT_HEAP_LIMIT_MB,
  usedBytes: () => number = usedHeapBytes,
): void {
  const boundBytes = limitMb * 1024 * 1024;
  guard = collect === null ? null : { collect, usedBytes, boundBytes, limitBytes: boundBytes };
}

/** A full collection when a collector is registered and the heap holds more than its limit. */
export function collectAbove(): void {
  if (guard === null || guard.usedBytes() <= guard.limitBytes) return;
  guard.collect();
  heapGuardStats.collections++;
  guard.limitBytes = Math.max(guard.boundBytes, guard.usedBytes() * LIVE_GROWTH_BEFORE_NEXT);
}
