import { SingleBar } from 'cli-progress';
import type { BuildProgress } from '../build/index.js';

/**
 * Build progress on stderr: a bar with records/s and MB/s during indexing, pages/s during
 * extraction. Silent when stderr is not a terminal (logs and CI stay clean).
 */
export function createBuildProgress(enabled: boolean): { update(p: BuildProgress): void; stop(): void } {
  if (!enabled) return { update() {}, stop() {} };
  const bar = new SingleBar(
    {
      format: '{crawl} {phase} |{bar}| {percentage}% {detail}',
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: true,
      fps: 5,
    },
  );
  let started = Date.now();
  let current: string | undefined;
  let active = false;
  return {
    update(p) {
      const key = `${p.crawl}:${p.phase}`;
      const total = p.phase === 'index' ? Math.max(1, p.bytesTotal) : Math.max(1, p.pagesTotal);
      const value = p.phase === 'index' ? p.bytesRead : p.pagesDone;
      const seconds = Math.max(0.001, (Date.now() - started) / 1000);
      const detail =
        p.phase === 'index'
          ? `${p.records} records, ${Math.round(p.records / seconds)} rec/s, ${(p.bytesRead / 1e6 / seconds).toFixed(1)} MB/s`
          : `${p.pagesDone}/${p.pagesTotal} pages, ${(p.pagesDone / seconds).toFixed(0)} pages/s`;
      if (key !== current) {
        if (active) bar.stop();
        started = Date.now();
        current = key;
        bar.start(total, value, { crawl: p.crawl, phase: p.phase, detail });
        active = true;
      } else {
        bar.update(value, { detail });
      }
    },
    stop() {
      if (active) bar.stop();
      active = false;
    },
  };
}
