import { SingleBar } from 'cli-progress';
import type { BuildProgress } from '../build/index.js';

/** Seconds between two plain progress lines when stderr is not a terminal (ours: a readable cluster log). */
export const PLAIN_PROGRESS_INTERVAL_MS = 10_000;

export interface BuildProgressOutput {
  update(p: BuildProgress): void;
  /** A message line that must not be drawn over by the bar. */
  log(message: string): void;
  stop(): void;
}

export interface ProgressOptions {
  /** Where progress goes (stderr). */
  stream: NodeJS.WritableStream & { isTTY?: boolean };
  /** Clock in ms (tests pass their own). */
  now?: () => number;
  intervalMs?: number;
}

const seconds = (ms: number): string => {
  const s = Math.max(0, Math.round(ms / 1000));
  return s >= 3600
    ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`
    : s >= 60
      ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
      : `${s}s`;
};

/** Done and total of a phase: bytes while indexing, pages while extracting; null when unknown. */
function amounts(p: BuildProgress): { done: number; total: number } | null {
  if (p.phase === 'index') return p.bytesTotal > 0 ? { done: p.bytesRead, total: p.bytesTotal } : null;
  if (p.phase === 'extract') return p.pagesTotal > 0 ? { done: p.pagesDone, total: p.pagesTotal } : null;
  return null;
}

/** Estimated time left from the rate so far in this phase, or null before any progress. */
export function estimateRemainingMs(done: number, total: number, elapsedMs: number): number | null {
  if (done <= 0 || elapsedMs <= 0 || done >= total) return done >= total ? 0 : null;
  return (elapsedMs / done) * (total - done);
}

function detail(p: BuildProgress, elapsedMs: number): string {
  const s = Math.max(0.001, elapsedMs / 1000);
  return p.phase === 'index'
    ? `${p.records} records, ${Math.round(p.records / s)} rec/s, ${(p.bytesRead / 1e6 / s).toFixed(1)} MB/s`
    : p.phase === 'extract'
      ? `${p.pagesDone}/${p.pagesTotal} pages, ${(p.pagesDone / s).toFixed(0)} pages/s`
      : '';
}

/**
 * Build progress on stderr. On a terminal: a bar with records/s and MB/s while indexing, pages/s
 * while extracting, and an ETA. Elsewhere (a log file, a cluster job): one plain line per phase
 * and then one every PLAIN_PROGRESS_INTERVAL_MS, with the same figures and the ETA.
 */
export function createBuildProgress(enabled: boolean, options: ProgressOptions = { stream: process.stderr }): BuildProgressOutput {
  const out = options.stream;
  if (!enabled) return { update() {}, log: (m) => void out.write(`${m}\n`), stop() {} };
  const now = options.now ?? Date.now;
  const interval = options.intervalMs ?? PLAIN_PROGRESS_INTERVAL_MS;
  let started = now();
  let current: string | undefined;
  if (out.isTTY !== true) {
    let lastLine = 0;
    return {
      update(p) {
        const key = `${p.crawl}:${p.phase}`;
        const t = now();
        if (key !== current) {
          current = key;
          started = t;
        } else if (t - lastLine < interval) return;
        lastLine = t;
        const a = amounts(p);
        const eta = a === null ? null : estimateRemainingMs(a.done, a.total, t - started);
        const share = a === null ? '' : ` ${Math.floor((100 * a.done) / a.total)}%`;
        const figures = detail(p, t - started);
        out.write(
          `progress: ${p.crawl} ${p.phase}${share}${figures ? `, ${figures}` : ''}${eta === null ? '' : `, ETA ${seconds(eta)}`}\n`,
        );
      },
      log: (m) => void out.write(`${m}\n`),
      stop() {},
    };
  }
  const bar = new SingleBar({
    format: '{crawl} {phase} |{bar}| {percentage}% {detail} ETA {eta_formatted}',
    stream: out,
    hideCursor: true,
    clearOnComplete: true,
    fps: 5,
  });
  let active = false;
  const stop = () => {
    if (active) bar.stop();
    active = false;
    current = undefined;
  };
  return {
    update(p) {
      const key = `${p.crawl}:${p.phase}`;
      const a = amounts(p) ?? { done: 0, total: 1 };
      if (key !== current) {
        if (active) bar.stop();
        started = now();
        current = key;
        bar.start(Math.max(1, a.total), a.done, { crawl: p.crawl, phase: p.phase, detail: detail(p, 0) });
        active = true;
      } else {
        bar.update(a.done, { detail: detail(p, now() - started) });
      }
    },
    log(message) {
      // the bar is cleared first so the line stays; the next update draws a new bar below it
      stop();
      out.write(`${message}\n`);
    },
    stop,
  };
}
