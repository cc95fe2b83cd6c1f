/**
 * bench:speed — index-pass throughput against plain native gunzip of the same file, and peak RSS.
 *
 *   npm run bench:speed [-- file.warc.gz]
 *
 * Without a file it builds bench/out/speed-input.warc.gz (>= 200 MB) by concatenating the sample
 * and dev-corpus .warc.gz files until big enough (record ids repeat; the scan does not care).
 * Targets (issue #2 item 9): index pass >= 50% of gunzip throughput, peak RSS < 300 MB.
 * Prints a table and writes bench/out/speed.json.
 */
import { createReadStream, createWriteStream, existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createGunzip } from 'node:zlib';
import { Diagnostics } from '../src/core/diagnostics.js';
import { type IndexEntry, listArchiveInputs, scanArchive } from '../src/warc/index.js';
import { withPeakRss } from './peak-rss.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'bench/out');
const GENERATED = join(OUT_DIR, 'speed-input.warc.gz');
const MIN_INPUT_BYTES = 200 * 1024 * 1024;
const TARGET_GUNZIP_SHARE = 0.5;
const TARGET_PEAK_RSS_MB = 300;
const MB = 1024 * 1024;
/** Bodies the index pass decodes, as `build` does: the likely feeds. */
const FEED_MIME = /(xml|rss|atom|json)/i;

/** One timed measurement; `extra` holds measure-specific numbers (records/s, pages/s, ...). */
export interface Measure {
  name: string;
  seconds: number;
  compressedMBps: number;
  uncompressedMBps: number | null;
  peakRssMB: number;
  extra: Record<string, number>;
}

export interface BenchContext {
  file: string;
  compressedBytes: number;
  /** Inflated size, known after the gunzip measure. */
  uncompressedBytes: number;
}

/** Plain native gunzip of the file (zlib.createGunzip over a read stream), bytes counted. */
export async function measureGunzip(ctx: BenchContext): Promise<Measure> {
  const { value: bytes, peakRssMB, seconds } = await withPeakRss(async () => {
    let total = 0;
    for await (const chunk of createReadStream(ctx.file, { highWaterMark: 1024 * 1024 }).pipe(createGunzip())) total += (chunk as Buffer).length;
    return total;
  });
  ctx.uncompressedBytes = bytes;
  return { name: 'gunzip (native)', seconds, compressedMBps: ctx.compressedBytes / MB / seconds, uncompressedMBps: bytes / MB / seconds, peakRssMB, extra: {} };
}

/** Pass 1 of `build`: scanArchive over the file, decoding only likely feed bodies. */
export async function measureIndexPass(ctx: BenchContext): Promise<Measure> {
  const diagnostics = new Diagnostics();
  const [input] = await listArchiveInputs([ctx.file], diagnostics);
  if (input === undefined) throw new Error(`not an archive: ${ctx.file} (${diagnostics.summary().flatMap((s) => s.examples).join('; ')})`);
  const wantBody = (e: IndexEntry) => e.mime !== null && FEED_MIME.test(e.mime);
  const { value, peakRssMB, seconds } = await withPeakRss(async () => {
    let captures = 0;
    let bodies = 0;
    let records = 0;
    for await (const r of scanArchive(input, { diagnostics, wantBody, onProgress: (s) => (records = s.records) })) {
      captures++;
      if (r.capture !== undefined) bodies++;
    }
    return { captures, bodies, records };
  });
  return {
    name: 'index pass (scanArchive)',
    seconds,
    compressedMBps: ctx.compressedBytes / MB / seconds,
    uncompressedMBps: ctx.uncompressedBytes > 0 ? ctx.uncompressedBytes / MB / seconds : null,
    peakRssMB,
    extra: { records: value.records, recordsPerSec: value.records / seconds, captures: value.captures, feedBodies: value.bodies, errors: diagnostics.count() },
  };
}

/**
 * Measures after the index pass: the whole build on a dataset crawl and extraction alone
 * (bench/speed-pipeline.ts, loaded only then, so the index pass is measured with the warc stage
 * alone in memory); each Measure joins the table and speed.json.
 */
async function extraMeasures(): Promise<Array<(ctx: BenchContext) => Promise<Measure>>> {
  return (await import('./speed-pipeline.js')).pipelineMeasures();
}

/** The .warc.gz files to concatenate into the generated input: samples first, then the dev corpus. */
function sourceFiles(): string[] {
  const dirs = [join(ROOT, 'samples'), join(ROOT, '../shared/corpus/wp-dev'), join(ROOT, '../shared/corpus/pelican-dev'), join(ROOT, '../shared/datasets/readability'), join(ROOT, '../shared/datasets/dragnet-train')];
  return dirs.filter((d) => existsSync(d)).flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.warc.gz')).sort().map((f) => join(d, f)));
}

/** Concatenated gzip members are a valid multi-member .warc.gz. Reused when already big enough. */
async function generateInput(): Promise<string> {
  if (existsSync(GENERATED) && statSync(GENERATED).size >= MIN_INPUT_BYTES) return GENERATED;
  const sources = sourceFiles();
  if (sources.length === 0) throw new Error('no .warc.gz in samples/ or ../shared to build the bench input from');
  await mkdir(OUT_DIR, { recursive: true });
  const out = createWriteStream(GENERATED);
  let written = 0;
  while (written < MIN_INPUT_BYTES) {
    for (const source of sources) {
      for await (const chunk of createReadStream(source)) {
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
        written += (chunk as Buffer).length;
      }
    }
  }
  await new Promise<void>((r, j) => out.end((e?: Error | null) => (e ? j(e) : r())));
  return GENERATED;
}

function formatTable(measures: Measure[], ctx: BenchContext): string {
  const rows = [['measure', 's', 'MB/s gz', 'MB/s raw', 'peak RSS MB', 'other']];
  for (const m of measures) {
    const other = Object.entries(m.extra)
      .map(([k, v]) => `${k}=${Number.isInteger(v) ? v : v.toFixed(0)}`)
      .join(' ');
    rows.push([m.name, m.seconds.toFixed(2), m.compressedMBps.toFixed(1), m.uncompressedMBps?.toFixed(1) ?? '-', m.peakRssMB.toFixed(0), other]);
  }
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const lines = rows.map((r) => r.map((c, i) => (i === 0 || i === r.length - 1 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  '));
  return [`file: ${ctx.file} (${(ctx.compressedBytes / MB).toFixed(0)} MB gz, ${(ctx.uncompressedBytes / MB).toFixed(0)} MB raw)`, ...lines].join('\n');
}

export async function runSpeedBench(file?: string): Promise<{ measures: Measure[]; verdict: Record<string, boolean | number> }> {
  const path = file ?? (await generateInput());
  const ctx: BenchContext = { file: path, compressedBytes: statSync(path).size, uncompressedBytes: 0 };
  const gunzip = await measureGunzip(ctx);
  const index = await measureIndexPass(ctx);
  const measures = [gunzip, index];
  for (const extra of await extraMeasures()) measures.push(await extra(ctx));
  const share = index.compressedMBps / gunzip.compressedMBps;
  const verdict = {
    indexShareOfGunzip: Number(share.toFixed(3)),
    meetsThroughputTarget: share >= TARGET_GUNZIP_SHARE,
    // The memory bound is the index pass's (issue #2 item 9): it must hold whatever the archive size.
    peakRssMB: Number(index.peakRssMB.toFixed(0)),
    meetsRssTarget: index.peakRssMB < TARGET_PEAK_RSS_MB,
  };
  process.stdout.write(`${formatTable(measures, ctx)}\n`);
  process.stdout.write(
    `index pass = ${(share * 100).toFixed(0)}% of gunzip (target >= ${TARGET_GUNZIP_SHARE * 100}%): ${verdict.meetsThroughputTarget ? 'ok' : 'MISSED'}; ` +
      `index pass peak RSS ${verdict.peakRssMB} MB (target < ${TARGET_PEAK_RSS_MB}): ${verdict.meetsRssTarget ? 'ok' : 'MISSED'}\n`,
  );
  await mkdir(OUT_DIR, { recursive: true });
  const report = { date: new Date().toISOString(), node: process.version, file: path, compressedBytes: ctx.compressedBytes, uncompressedBytes: ctx.uncompressedBytes, measures, verdict };
  await writeFile(join(OUT_DIR, 'speed.json'), `${JSON.stringify(report, null, 2)}\n`);
  return { measures, verdict };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await runSpeedBench(process.argv[2]);
}
