/**
 * One bench:speed measure, run in its own process so that peak RSS (getrusage maxrss) is the
 * measure's own and no measure warms the caches of the next one's heap:
 *
 *   node --import tsx bench/speed-measures.ts <gunzip|warcio|index|parse|build> FILE [arg]
 *   node --import tsx bench/speed-measures.ts incremental CRAWL1 CRAWL2 CRAWL3
 *   SPEED_CPU_PROFILE=FILE ... build FILE 1   # the build's CPU profile written to FILE too
 *
 * (bench/speed.ts runs it transpiled, by plain node, against dist/: see libraryUrl.)
 *
 * Prints one JSON object (a Measure) on stdout.
 */
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createGunzip } from 'node:zlib';
import type { ScanOptions } from '../src/warc/index.js';

export interface Measure {
  name: string;
  seconds: number;
  compressedMBps: number;
  uncompressedMBps: number | null;
  peakRssMB: number;
  extra: Record<string, number>;
}

const MB = 1024 * 1024;

/**
 * Where the measured code is loaded from: `dist/` when bench/speed.ts compiled it and this file
 * for the run (SPEED_LIBRARY=dist, SPEED_ROOT = the checkout; run by plain node: what
 * `warc-overlay` runs, without tsx's loader thread and compiled sources, ~60-100 MB of RSS), else
 * `src/` through tsx.
 */
function libraryUrl(path: string): string {
  const root = process.env.SPEED_ROOT ?? fileURLToPath(new URL('..', import.meta.url));
  return pathToFileURL(join(root, process.env.SPEED_LIBRARY === 'dist' ? 'dist' : 'src', path)).href;
}

async function library(): Promise<typeof import('../src/index.js')> {
  return (await import(libraryUrl('index.js'))) as typeof import('../src/index.js');
}
/** Bodies the index pass decodes, as `build` does: the likely feeds. */
const FEED_MIME = /(xml|rss|atom|json)/i;

function peakRssMB(): number {
  // maxRSS is in KiB (getrusage).
  return process.resourceUsage().maxRSS / 1024;
}

/** CPU seconds (user + system, all threads) since `since`: steadier than wall time on a shared machine. */
function cpuSecondsSince(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1e6;
}

let cpuStart = process.cpuUsage();
/** Start the clocks of a measure (wall time is measured by the caller). */
function startCpu(): number {
  cpuStart = process.cpuUsage();
  return performance.now();
}

function measure(
  name: string,
  file: string,
  seconds: number,
  rawBytes: number | null,
  extra: Record<string, number>,
  cpuSeconds = cpuSecondsSince(cpuStart),
): Measure {
  const bytes = statSync(file).size;
  return {
    name,
    seconds,
    compressedMBps: bytes / MB / seconds,
    uncompressedMBps: rawBytes === null ? null : rawBytes / MB / seconds,
    peakRssMB: peakRssMB(),
    extra: { ...extra, cpuSeconds },
  };
}

/** Plain native gunzip of the file (zlib.createGunzip over a read stream), bytes counted. */
async function measureGunzip(file: string): Promise<Measure> {
  const started = startCpu();
  let total = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(createGunzip())) total += (chunk as Buffer).length;
  return measure('gunzip (native zlib)', file, (performance.now() - started) / 1000, total, { rawBytes: total });
}

/**
 * warcio.js fed by native zlib: Node's gunzip stream into warcio's WARCParser, every record
 * iterated (WARC and HTTP headers parsed, bodies skipped): the library anchor of issue #15.
 */
async function measureWarcio(file: string): Promise<Measure> {
  const { WARCParser } = await import('warcio');
  const started = startCpu();
  let records = 0;
  let raw = 0;
  const gunzip = createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(createGunzip());
  const counted = (async function* () {
    for await (const chunk of gunzip) {
      raw += (chunk as Buffer).length;
      yield chunk as Uint8Array;
    }
  })();
  for await (const record of WARCParser.iterRecords(counted)) {
    records++;
    if (record.warcType === undefined) throw new Error('record without WARC-Type');
  }
  const seconds = (performance.now() - started) / 1000;
  return measure('warcio.js + native zlib', file, seconds, raw, { records, recordsPerSec: records / seconds });
}

/**
 * Pass 1 of `build`: scanArchive over the file, decoding the likely feed bodies, with every stage
 * module loaded first (the library entry), as in a real build.
 */
async function measureIndexPass(file: string, rawBytes: number | null): Promise<Measure> {
  const { diagnostics, scan } = await openScan(file);
  const started = startCpu();
  let captures = 0;
  let bodies = 0;
  let records = 0;
  for await (const r of scan({
    wantBody: (e) => e.mime !== null && FEED_MIME.test(e.mime),
    onProgress: (s) => (records = s.records),
  })) {
    captures++;
    if (r.capture !== undefined) bodies++;
  }
  const seconds = (performance.now() - started) / 1000;
  return measure('index pass (scanArchive)', file, seconds, rawBytes, {
    records,
    recordsPerSec: records / seconds,
    captures,
    feedBodies: bodies,
    diagnostics: diagnostics.count(),
  });
}

/** htmlparser2 parseDocument alone on the HTML pages of the file (read first, not timed). */
async function measureParseOnly(file: string): Promise<Measure> {
  const { parseDocument } = await import('htmlparser2');
  const pages = await htmlPagesOf(file);
  const started = startCpu();
  let nodes = 0;
  for (const html of pages) nodes += parseDocument(html).children.length;
  const seconds = (performance.now() - started) / 1000;
  const htmlMB = pages.reduce((s, p) => s + p.length, 0) / MB;
  return {
    ...measure('parse only (htmlparser2)', file, seconds, null, {
      pages: pages.length,
      pagesPerSec: pages.length / seconds,
      htmlMB,
      topNodes: nodes,
    }),
  };
}

/**
 * The scan of `file` by the library measured (every stage module loaded: the library entry), with
 * its diagnostics. Throws when the file is not an archive.
 */
async function openScan(file: string) {
  const { Diagnostics, warc } = await library();
  const diagnostics = new Diagnostics();
  const [input] = await warc.listArchiveInputs([file], diagnostics);
  if (input === undefined)
    throw new Error(
      `not an archive: ${file} (${diagnostics
        .summary()
        .flatMap((s) => s.examples)
        .join('; ')})`,
    );
  const scan = (options: Omit<ScanOptions, 'diagnostics'>) => warc.scanArchive(input, { diagnostics, ...options });
  return { diagnostics, scan };
}

/** HTML pages of the file (as htmlPagesOf picks them), counted without decoding or keeping them. */
async function countHtmlPages(file: string): Promise<number> {
  let pages = 0;
  for await (const r of (await openScan(file)).scan({})) if (isHtmlPage(r.entry)) pages++;
  return pages;
}

const isHtmlPage = (e: { mime: string | null; status: number | null }): boolean => e.mime === 'text/html' && e.status === 200;

async function htmlPagesOf(file: string): Promise<string[]> {
  const { scan } = await openScan(file);
  const pages: string[] = [];
  for await (const r of scan({ wantBody: isHtmlPage })) {
    if (r.capture !== undefined) pages.push(r.capture.text());
  }
  return pages;
}

/** ours: microseconds between the samples of the build's CPU profile, fine enough for parts of 1%. */
const PROFILE_INTERVAL_US = 500;

/**
 * With SPEED_CPU_PROFILE=FILE, this thread sampled by V8's CPU profiler (through node:inspector)
 * until `stop`, which writes the profile to FILE (bench:speed --budget): the build alone, not the
 * module loading and the page count before it nor the clean-up after it.
 */
async function startProfiler(): Promise<{ stop: () => Promise<void> } | null> {
  const out = process.env.SPEED_CPU_PROFILE;
  if (out === undefined || out === '') return null;
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: PROFILE_INTERVAL_US });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(out, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** The whole `build` (workers as given, 1 by default), time per phase from its progress events. */
async function measureBuild(file: string, workers: number): Promise<Measure> {
  const { buildOverlay, Diagnostics } = await library();
  // Counted before the build, not read: holding every page's text would add the crawl's HTML to the
  // build's peak RSS, and a scan after it (its inflate worker) would add to the heap the build leaves.
  const htmlPages = await countHtmlPages(file);
  const dir = mkdtempSync(join(tmpdir(), 'warc-overlay-speed-'));
  const phases: Record<string, number> = {};
  const phaseCpu: Record<string, number> = {};
  let phase = 'start';
  const profiler = await startProfiler();
  let phaseStarted = startCpu();
  let phaseCpuStarted = process.cpuUsage();
  const started = phaseStarted;
  const endPhase = (now: number): void => {
    phases[phase] = (phases[phase] ?? 0) + (now - phaseStarted) / 1000;
    phaseCpu[phase] = (phaseCpu[phase] ?? 0) + cpuSecondsSince(phaseCpuStarted);
    phaseStarted = now;
    phaseCpuStarted = process.cpuUsage();
  };
  try {
    const report = await buildOverlay({
      inputs: [file],
      outDir: join(dir, 'overlay'),
      diagnostics: new Diagnostics(),
      workers,
      onProgress: (p) => {
        if (p.phase === phase) return;
        endPhase(performance.now());
        phase = p.phase;
      },
    });
    const end = performance.now();
    endPhase(end);
    const seconds = (end - started) / 1000;
    const cpuSeconds = cpuSecondsSince(cpuStart);
    await profiler?.stop();
    const crawl = report.crawls[0];
    const pages = (crawl?.objects.pageExtracted ?? 0) + (crawl?.objects.failed ?? 0) + (crawl?.objects.unchanged ?? 0);
    // Wall seconds (s_) and CPU seconds (cpu_) per progress phase: `extract` holds the templates of the
    // hosts with feed-linked pages too (learnt right after their pages, each page parsed once),
    // `templates` the other hosts; `changes` (fuse, changes, reconstructed pages) runs to the end.
    const breakdown = Object.fromEntries([
      ...Object.entries(phases).map(([k, v]) => [`s_${k}`, Number(v.toFixed(2))]),
      ...Object.entries(phaseCpu).map(([k, v]) => [`cpu_${k}`, Number(v.toFixed(2))]),
    ]);
    return measure(
      `build --workers ${workers}`,
      file,
      seconds,
      null,
      {
        htmlPages,
        htmlPagesPerSec: htmlPages / seconds,
        // Issue #15 item 2: parses per HTML page of the crawl (1 = each page parsed once).
        parsesPerHtmlPage: Number(((crawl?.pageParses ?? 0) / Math.max(1, htmlPages)).toFixed(3)),
        extractedPages: pages,
        objects: pages + (crawl?.objects.fullFeed ?? 0),
        records: crawl?.records ?? 0,
        ...breakdown,
      },
      cpuSeconds,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Issue #15 item 4: crawls added one at a time to one overlay (`build --workers 1` per crawl). The
 * third crawl should cost about what the first did (less: most of its pages are unchanged and
 * copied), not grow with the crawls already in the overlay.
 */
async function measureIncremental(files: string[]): Promise<Measure> {
  const { buildOverlay, Diagnostics } = await library();
  const dir = mkdtempSync(join(tmpdir(), 'warc-overlay-speed-'));
  const extra: Record<string, number> = {};
  const started = startCpu();
  try {
    for (const [i, file] of files.entries()) {
      const crawlStarted = performance.now();
      const cpu = process.cpuUsage();
      await buildOverlay({ inputs: [file], outDir: join(dir, 'overlay'), diagnostics: new Diagnostics(), workers: 1 });
      extra[`s_crawl${i + 1}`] = Number(((performance.now() - crawlStarted) / 1000).toFixed(2));
      extra[`cpu_crawl${i + 1}`] = Number(cpuSecondsSince(cpu).toFixed(2));
    }
    const seconds = (performance.now() - started) / 1000;
    const last = files.length;
    extra.lastVsFirstCpu = Number(((extra[`cpu_crawl${last}`] ?? 0) / (extra.cpu_crawl1 ?? 1)).toFixed(3));
    extra.lastVsFirstSeconds = Number(((extra[`s_crawl${last}`] ?? 0) / (extra.s_crawl1 ?? 1)).toFixed(3));
    return measure(`build, crawls added one by one (${files.length})`, files[last - 1] as string, seconds, null, extra);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runMeasure(kind: string, file: string, arg?: string, ...more: string[]): Promise<Measure> {
  // The index pass and the builds run with the heap settings of the CLI process, as a real `build`
  // does (bench/speed.ts starts their process with its startup flags).
  if (kind === 'index' || kind === 'build' || kind === 'incremental') {
    const { applyHeapSettings } = (await import(libraryUrl('cli/heap-settings.js'))) as typeof import('../src/cli/heap-settings.js');
    applyHeapSettings();
  }
  switch (kind) {
    case 'gunzip':
      return measureGunzip(file);
    case 'warcio':
      return measureWarcio(file);
    case 'index':
      return measureIndexPass(file, arg === undefined ? null : Number(arg));
    case 'parse':
      return measureParseOnly(file);
    case 'build':
      return measureBuild(file, arg === undefined ? 1 : Number(arg));
    case 'incremental':
      return measureIncremental([file, ...(arg === undefined ? [] : [arg]), ...more]);
    default:
      throw new Error(`unknown measure ${kind}`);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [kind, file, arg, ...more] = process.argv.slice(2);
  if (kind === undefined || file === undefined)
    throw new Error('usage: speed-measures.ts <gunzip|warcio|index|parse|build> FILE [arg] | incremental CRAWL1 CRAWL2 CRAWL3');
  const result = await runMeasure(kind, file, arg, ...more);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
