import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { setHeapCollector } from '../core/heap-guard.js';

/**
 * percent (default 100): after each full garbage collection V8 lets the old generation grow to
 * (1 + this/100) × the heap that collection left live before it collects again. V8's own choice,
 * on a machine with a large heap limit and a fast collector, is up to 4× (its maximum growing
 * factor): a `build --workers 1` of dragnet-train keeps 40–52 MB live (30 of them module code and
 * sources) but promotes ~1 GB of page DOMs and decoded HTML that die one page later, so its heap
 * reached 205 MB and its RSS 348 MB before the next collection. ours: 100 (2×) took that RSS to
 * 250 MB for 3% more CPU; 50 gave 228 MB for 9% more (issue #15, measured 2026-11).
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * MB (default 8): the largest semi-space of the young generation of the CLI process. With V8's own
 * bound (16 MB on this machine) a `build --workers 1` of dragnet-train peaked at 287-506 MB RSS in
 * 7 runs on a loaded 2-core machine, against 259-282 MB in 6 runs with 8, its CPU unchanged within
 * the noise; the large record mix of `bench:speed` took 3% more CPU and 15 MB less RSS. ours
 * (issue #15, measured 2026-11-26).
 */
export const SEMI_SPACE_MB = 8;

const SEMI_SPACE_FLAG = '--max-semi-space-size';

/**
 * The flags V8 reads only when a process starts (the young generation is sized then) that a CLI
 * process started with `execArgv` and `NODE_OPTIONS` lacks; none when the semi-space was chosen there.
 */
export function missingStartupFlags(execArgv: readonly string[], nodeOptions = ''): string[] {
  const chosen = [...execArgv, ...nodeOptions.split(/\s+/)].some((a) => a.startsWith(SEMI_SPACE_FLAG));
  return chosen ? [] : [`${SEMI_SPACE_FLAG}=${SEMI_SPACE_MB}`];
}

/**
 * Bound how far the heap of this process (and its worker threads) grows between full collections,
 * and let a build collect it fully between pages past SOFT_HEAP_LIMIT_MB (core/heap-guard.ts).
 * Process-wide, so only the process owner calls it: `bin/warc-overlay.js`, not `main`/`runCli`.
 */
export function applyHeapSettings(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  // The full collection of the build's heap guard: a context made after --expose-gc has `gc`.
  setFlagsFromString('--expose-gc');
  setHeapCollector(runInNewContext('gc') as () => void);
}
