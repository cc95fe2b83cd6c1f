import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { BuildProgress } from '../build/index.js';
import { createBuildProgress, estimateRemainingMs } from './progress-bar.js';

const indexAt = (bytesRead: number, records: number): BuildProgress => ({
  crawl: 'crawl-1.warc.gz',
  phase: 'index',
  bytesRead,
  bytesTotal: 1_000_000,
  records,
  pagesDone: 0,
  pagesTotal: 0,
});

describe('build progress when stderr is not a terminal', () => {
  it('prints one plain line per phase, then one per interval, with an ETA; log lines pass through', () => {
    const stream = Object.assign(new PassThrough(), { isTTY: false });
    let chunks = '';
    stream.on('data', (c: Buffer) => (chunks += c.toString()));
    let t = 0;
    const progress = createBuildProgress(true, { stream, now: () => t, intervalMs: 10_000 });
    progress.update(indexAt(0, 0));
    t = 5_000;
    progress.update(indexAt(100_000, 50)); // within the interval: no line
    t = 10_000;
    progress.update(indexAt(250_000, 120)); // 25% after 10 s: 30 s left
    t = 11_000;
    progress.update({ ...indexAt(1_000_000, 400), phase: 'extract', pagesDone: 0, pagesTotal: 40 });
    progress.log('reconstructed pages: 3 pages');
    progress.stop();
    expect(chunks.split('\n')).toEqual([
      'progress: crawl-1.warc.gz index 0%, 0 records, 0 rec/s, 0.0 MB/s',
      'progress: crawl-1.warc.gz index 25%, 120 records, 12 rec/s, 0.0 MB/s, ETA 30s',
      'progress: crawl-1.warc.gz extract 0%, 0/40 pages, 0 pages/s',
      'reconstructed pages: 3 pages',
      '',
    ]);
  });

  it('estimates the time left from the rate so far', () => {
    expect(estimateRemainingMs(0, 100, 1000)).toBeNull();
    expect(estimateRemainingMs(25, 100, 10_000)).toBe(30_000);
    expect(estimateRemainingMs(100, 100, 10_000)).toBe(0);
  });
});
