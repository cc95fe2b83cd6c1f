/**
 * bench:speed measures beyond the index pass: the whole `build` pipeline on a dataset crawl
 * (pages/s, MB/s, peak RSS) and feed-guided extraction alone (parse + extract, pages/s per core,
 * issue #3 item 8: >= 150 pages/s) on the pages that build paired.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Diagnostics } from '../src/core/diagnostics.js';
import { extractObjects, parsePage } from '../src/extract/index.js';
import type { FeedItem } from '../src/feeds/index.js';
import { buildOverlay } from '../src/build/index.js';
import { openStore, readPairedItems, resolvePayloadSource } from '../src/store/index.js';
import { readCapture } from '../src/warc/index.js';
import { withPeakRss } from './peak-rss.js';
import type { BenchContext, Measure } from './speed.js';

const MB = 1024 * 1024;
const DEFAULT_PIPELINE_INPUT = resolve(import.meta.dirname, '../../shared/datasets/dragnet-train/dragnet-train.warc.gz');

interface PairedPage {
  html: string;
  url: string;
  item: FeedItem;
}

/** Whole build on one crawl, then extraction alone on the pages it paired. */
export function pipelineMeasures(input = process.env.BENCH_PIPELINE_INPUT ?? DEFAULT_PIPELINE_INPUT): Array<(ctx: BenchContext) => Promise<Measure>> {
  if (!existsSync(input)) return [];
  const dir = mkdtempSync(join(tmpdir(), 'warc-overlay-speed-'));
  const bytes = statSync(input).size;
  const pages: PairedPage[] = [];
  const build = async (): Promise<Measure> => {
    const { value: report, seconds, peakRssMB } = await withPeakRss(() => buildOverlay({ inputs: [input], outDir: dir, diagnostics: new Diagnostics() }));
    const crawl = report.crawls[0];
    const extracted = (crawl?.objects.pageExtracted ?? 0) + (crawl?.objects.failed ?? 0);
    await collectPairedPages(dir, pages);
    return {
      name: `build (whole pipeline, ${input.split('/').pop()})`,
      seconds,
      compressedMBps: bytes / MB / seconds,
      uncompressedMBps: null,
      peakRssMB,
      extra: { pages: extracted, pagesPerSec: extracted / seconds, records: crawl?.records ?? 0 },
    };
  };
  const extract = async (): Promise<Measure> => {
    try {
      const { value: words, seconds, peakRssMB } = await withPeakRss(async () => {
        let n = 0;
        for (const p of pages) {
          const [result] = extractObjects(parsePage(p.html, p.url), [p.item]);
          if (result?.ok) n += result.object.text.length;
        }
        return n;
      });
      const htmlMB = pages.reduce((s, p) => s + p.html.length, 0) / MB;
      return {
        name: 'extract alone (parse + feed-guided, 1 core)',
        seconds,
        compressedMBps: htmlMB / seconds,
        uncompressedMBps: null,
        peakRssMB,
        extra: { pages: pages.length, pagesPerSec: pages.length / seconds, textChars: words },
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return [build, extract];
}

/** HTML and feed item of every page the build paired, read back by offset. */
async function collectPairedPages(dir: string, into: PairedPage[]): Promise<void> {
  const db = openStore(dir, { writable: false });
  try {
    for (const p of readPairedItems(db)) {
      const source = resolvePayloadSource(db, p.captureId);
      if (!source) continue;
      const capture = await readCapture(source);
      into.push({ html: capture.text(), url: p.url, item: p.item });
    }
  } finally {
    db.close();
  }
}
