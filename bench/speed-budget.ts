/**
 * Where a build's main thread spends its time, part by part, set against the bar of issue #15 (a
 * whole `build --workers 1` within 3 times the htmlparser2 parse-only time of the same pages).
 *
 * Input: a V8 CPU profile of the build (`node --cpu-prof`). Each sample goes to the first part, in
 * PARTS order, that has a frame of its own on the sample's stack: a part is a source folder of the
 * library (one folder per stage), so the attribution follows the code's layout, not function names.
 * The order puts a stage before the helpers it calls: the comment search's reading of text blocks
 * (`extract/page-dom`) is the comment search's, the sanitiser's parse is the reconstructed pages'.
 */

/** The fields of a `.cpuprofile` read here (Chrome DevTools Protocol `Profiler.Profile`). */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string }; children?: number[] }>;
  samples: number[];
  /** Microseconds since the previous sample, one per sample. */
  timeDeltas: number[];
}

export interface BudgetPart {
  name: string;
  /** The part decides what a page holds (articles, comments, templates, segments, changes); the
   *  others read input, parse, write output or wait. */
  decides: boolean;
  frame: (functionName: string, url: string) => boolean;
}

/** A frame of the library's `folder` (compiled `dist/` or `src/` through tsx). */
const inFolder =
  (...folders: string[]) =>
  (_: string, url: string): boolean =>
    folders.some((f) => url.includes(`/dist/${f}/`) || url.includes(`/src/${f}/`));

export const PARTS: readonly BudgetPart[] = [
  { name: 'garbage collection', decides: false, frame: (fn) => fn === '(garbage collector)' },
  { name: 'waiting (idle)', decides: false, frame: (fn) => fn === '(idle)' },
  { name: 'reconstructed pages', decides: false, frame: inFolder('reconstruct') },
  { name: 'comment search', decides: true, frame: inFolder('extract/comments') },
  { name: 'templates', decides: true, frame: inFolder('templates') },
  { name: 'segmentation', decides: true, frame: inFolder('segment') },
  { name: 'changes', decides: true, frame: inFolder('changes') },
  { name: 'parse', decides: false, frame: (_, url) => /\/(?:dist|src)\/core\/html-parse\.[jt]s$/.test(url) },
  { name: 'article search', decides: true, frame: inFolder('extract') },
  { name: 'feeds and pairing', decides: false, frame: inFolder('feeds', 'pairing') },
  { name: 'store (SQLite)', decides: false, frame: (fn, url) => inFolder('store')(fn, url) || url.includes('/better-sqlite3/') },
  { name: 'reading records', decides: false, frame: (fn, url) => inFolder('warc')(fn, url) || url === 'node:zlib' },
];

/** Samples no part claims: the build driver, decoding, module loading, V8's own work. */
export const REST = 'the rest (build driver, decoding, module loading)';

/** Seconds of the profile per part (PARTS names and REST), in PARTS order. */
export function secondsByPart(profile: CpuProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  // The index of the first part with a frame on the stack from the root to each node.
  const partOf = new Map<number, number>();
  const partIndex = (id: number): number => {
    const path: number[] = [];
    let known: number | undefined;
    for (let x: number | undefined = id; x !== undefined; x = parentOf.get(x)) {
      known = partOf.get(x);
      if (known !== undefined) break;
      path.push(x);
    }
    let index = known ?? PARTS.length;
    for (const x of path.reverse()) {
      const { functionName, url } = (byId.get(x) as CpuProfile['nodes'][number]).callFrame;
      const own = PARTS.findIndex((p) => p.frame(functionName, url));
      if (own >= 0 && own < index) index = own;
      partOf.set(x, index);
    }
    return index;
  };
  const seconds = new Map<string, number>([...PARTS.map((p) => [p.name, 0] as const), [REST, 0]]);
  profile.samples.forEach((id, i) => {
    const name = PARTS[partIndex(id)]?.name ?? REST;
    seconds.set(name, (seconds.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1e6);
  });
  return seconds;
}

export interface Budget {
  /** Seconds per part of the profiled build. */
  parts: Map<string, number>;
  profiledSeconds: number;
  /** What the bar allows the whole build: `share` × parse-only seconds. */
  allowedSeconds: number;
  /** Seconds of the parts that decide nothing, garbage collection left out (it is every part's). */
  floorSeconds: number;
}

/** The profiled build against the bar: a build may take parse-only seconds / `share`. */
export function budgetOf(profile: CpuProfile, parseOnlySeconds: number, share: number): Budget {
  const parts = secondsByPart(profile);
  const deciding = new Set(PARTS.filter((p) => p.decides).map((p) => p.name));
  let profiledSeconds = 0;
  let floorSeconds = 0;
  for (const [name, s] of parts) {
    profiledSeconds += s;
    if (!deciding.has(name) && name !== 'garbage collection') floorSeconds += s;
  }
  return { parts, profiledSeconds, allowedSeconds: parseOnlySeconds / share, floorSeconds };
}

/** The budget as a table: seconds, share of the build and multiple of parse-only per part. */
export function formatBudget(label: string, budget: Budget, parseOnlySeconds: number): string {
  const rows = [...budget.parts]
    .sort((a, b) => b[1] - a[1])
    .map(([name, s]) => {
      const decides = PARTS.find((p) => p.name === name)?.decides === true ? 'decides' : '';
      return `${name.padEnd(50)} ${s.toFixed(2).padStart(6)}  ${((s / budget.profiledSeconds) * 100).toFixed(1).padStart(5)}%  ${(s / parseOnlySeconds).toFixed(2).padStart(5)}x  ${decides}`;
    });
  const x = (s: number): string => `${s.toFixed(2)} s = ${(s / parseOnlySeconds).toFixed(2)}x parse-only`;
  return [
    `== where build --workers 1 spends its main thread: ${label} (CPU profile; parse-only ${parseOnlySeconds.toFixed(2)} s)`,
    `${'part'.padEnd(50)} ${'s'.padStart(6)}  ${'share'.padStart(6)}  ${'x parse'.padStart(6)}`,
    ...rows,
    `profiled build: ${x(budget.profiledSeconds)}; the bar allows ${x(budget.allowedSeconds)}`,
    `parts that decide nothing (parse, input, output, waiting, the rest; garbage collection left out): ${x(budget.floorSeconds)}`,
    `left by the bar for every decision (articles, comments, templates, segments, changes) and garbage collection: ${x(Math.max(0, budget.allowedSeconds - budget.floorSeconds))}`,
  ].join('\n');
}
