/**
 * bench:speed — the index pass against its anchors, and the whole build against parsing alone.
 *
 *   npm run bench:speed                 # both generated record mixes (+ dragnet-train if ../shared is there)
 *   npm run bench:speed -- FILE         # gunzip, warcio.js and the index pass on FILE only
 *   npm run bench:speed -- --no-build   # index-pass measures only
 *   npm run bench:speed -- --src        # measure src/ through tsx instead of dist/ compiled first
 *   npm run bench:speed -- --budget [FILE]  # where a profiled build's main thread goes, against the bar
 *
 * Inputs (bench/speed-mix.ts, deterministic, cached in bench/out/): a `large` mix (big HTML
 * responses) and a `small` mix (request + response + metadata per capture, ~3 KB records).
 * On each: native gunzip, warcio.js fed by native zlib, our index pass (scanArchive); then, on a
 * crawl of the same generator cut to BUILD_CUT_PAGES pages, htmlparser2 parse-only and the whole
 * `build --workers 1` with its time per phase; `--workers 1` and `2` on a crawl of sites of
 * POOL_SITE_PAGES posts (the pages the worker pool extracts) and on dragnet-train; then three crawls
 * of small-mix sites added one by one to one overlay (the third should cost no more than the first). Each measure runs in its own process, so its peak
 * RSS (getrusage maxrss, all stage modules loaded for the index pass) is its own. The measured code
 * is dist/, compiled first (`npm run build`), as `warc-overlay` runs it: under tsx the compiled
 * sources and their source maps add ~60-100 MB of RSS that no user has.
 * Targets (issue #15): index pass >= 1.0x warcio.js + native zlib in MB/s and records/s and
 * >= 0.6x gunzip, peak RSS < 300 MB; build >= 1/3 of parse-only pages/s.
 * Prints a table per input and writes bench/out/speed.json (`measures`: every measure, names
 * suffixed with the input; the index-pass ones start with `index pass`).
 */
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { BUILD_CUT_PAGES, generateMix, INCREMENTAL_PAGES, MIX_SPECS, type MixKind, mixPath, POOL_SITE_PAGES } from './speed-mix.js';
import { budgetOf, type CpuProfile, formatBudget } from './speed-budget.js';
import type { Measure } from './speed-measures.js';
import { missingStartupFlags } from '../src/cli/heap-settings.js';

export type { Measure } from './speed-measures.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'bench/out');
const DRAGNET = join(ROOT, '../shared/datasets/dragnet-train/dragnet-train.warc.gz');
const MB = 1024 * 1024;
const TARGET = { warcioShare: 1.0, gunzipShare: 0.6, peakRssMB: 300, buildShareOfParse: 1 / 3 } as const;
const run = promisify(execFile);
/** 'dist' (compiled by compileLibrary) or 'src' (through tsx, `--src`): passed to bench/speed-measures.ts. */
let library: 'dist' | 'src' = 'src';

/** bench/speed-measures.ts transpiled to JavaScript, run by plain node when measuring dist/. */
const MEASURES_JS = join(OUT_DIR, 'speed-measures.mjs');

/**
 * Compile src/ into dist/ (tsconfig.build.json) and transpile bench/speed-measures.ts, so that the
 * measures run what `warc-overlay` runs, in a node process without tsx.
 */
async function compileLibrary(): Promise<void> {
  process.stdout.write('compiling dist/ (npm run build)...\n');
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  await run(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, maxBuffer: 16 * MB });
  const { default: ts } = await import('typescript');
  const source = await readFile(join(ROOT, 'bench/speed-measures.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  await mkdir(OUT_DIR, { recursive: true });
  await writeFile(MEASURES_JS, outputText);
  library = 'dist';
}

/** The measures run as the `warc-overlay` command runs: started with its startup heap flags. */
const CLI_MEASURES = new Set(['index', 'build', 'incremental']);

/** One measure in a fresh node process (bench/speed-measures.ts). */
async function measureIn(kind: string, file: string, ...rest: Array<number | string>): Promise<Measure> {
  return measureWithEnv({}, kind, file, ...rest);
}

/** `measureIn` with more environment (SPEED_CPU_PROFILE). */
async function measureWithEnv(more: Record<string, string>, kind: string, file: string, ...rest: Array<number | string>): Promise<Measure> {
  const script = library === 'dist' ? [MEASURES_JS] : ['--import', 'tsx', join(ROOT, 'bench/speed-measures.ts')];
  const flags = CLI_MEASURES.has(kind) ? missingStartupFlags([]) : [];
  const args = [...flags, ...script, kind, file, ...rest.map(String)];
  const env = { ...process.env, SPEED_LIBRARY: library, SPEED_ROOT: ROOT, ...more };
  const { stdout } = await run(process.execPath, args, { cwd: ROOT, maxBuffer: 16 * MB, env });
  const line = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as Measure;
}

interface InputRun {
  label: string;
  file: string;
  compressedBytes: number;
  uncompressedBytes: number;
  measures: Measure[];
  ratios: Record<string, number>;
}

async function runIndexMeasures(label: string, file: string): Promise<InputRun> {
  const gunzip = await measureIn('gunzip', file);
  const rawBytes = gunzip.extra.rawBytes ?? 0;
  const warcio = await measureIn('warcio', file);
  const index = await measureIn('index', file, rawBytes);
  const ratio = (a: number | null | undefined, b: number | null | undefined) => (a && b ? Number((a / b).toFixed(3)) : 0);
  return {
    label,
    file,
    compressedBytes: statSync(file).size,
    uncompressedBytes: rawBytes,
    measures: [gunzip, warcio, index],
    ratios: {
      indexVsWarcioMBps: ratio(index.uncompressedMBps, warcio.uncompressedMBps),
      indexVsWarcioRecordsPerSec: ratio(index.extra.recordsPerSec, warcio.extra.recordsPerSec),
      indexVsGunzipMBps: ratio(index.uncompressedMBps, gunzip.uncompressedMBps),
      // The same comparisons on CPU seconds (all threads): steadier when other jobs share the cores.
      indexVsWarcioCpu: ratio(warcio.extra.cpuSeconds, index.extra.cpuSeconds),
      indexVsGunzipCpu: ratio(gunzip.extra.cpuSeconds, index.extra.cpuSeconds),
      indexPeakRssMB: Math.round(index.peakRssMB),
    },
  };
}

async function runBuildMeasures(target: InputRun, file: string, withTwoWorkers = false): Promise<void> {
  const parse = await measureIn('parse', file);
  const build = await measureIn('build', file, 1);
  target.measures.push(parse, build);
  if (withTwoWorkers) {
    // Issue #15 item 3: how the build scales with --workers (on this machine's cores).
    const build2 = await measureIn('build', file, 2);
    target.measures.push(build2);
    target.ratios.twoVsOneWorkerPagesPerSec = Number(((build2.extra.htmlPagesPerSec ?? 0) / (build.extra.htmlPagesPerSec ?? 1)).toFixed(3));
  }
  target.ratios.buildVsParsePagesPerSec = Number(((build.extra.htmlPagesPerSec ?? 0) / (parse.extra.pagesPerSec ?? 1)).toFixed(3));
  target.ratios.buildVsParseCpu = Number(
    ((parse.extra.cpuSeconds ?? 0) / (parse.extra.pages ?? 1) / ((build.extra.cpuSeconds ?? 1) / (build.extra.htmlPages ?? 1))).toFixed(3),
  );
  target.ratios.buildPeakRssMB = Math.round(build.peakRssMB);
}

/** Parse-only and `build --workers 1` and `2` on a crawl of its own (no index-pass measures). */
async function runBuildOnly(label: string, file: string): Promise<InputRun> {
  const r: InputRun = { label, file, compressedBytes: statSync(file).size, uncompressedBytes: 0, measures: [], ratios: {} };
  await runBuildMeasures(r, file, true);
  return r;
}

/** `build --workers 1` and `2` on a crawl whose sites have pages for the worker pool (issue #15 item 3). */
async function runPoolMeasure(): Promise<InputRun> {
  const spec = { ...MIX_SPECS.large, pages: BUILD_CUT_PAGES, pagesPerSite: POOL_SITE_PAGES };
  const path = mixPath(OUT_DIR, spec);
  await generateMix(path, spec);
  return runBuildOnly(`large-mix sites of ${POOL_SITE_PAGES} posts`, path);
}

/** Three crawls of the small mix's sites added one by one to one overlay (issue #15 item 4). */
async function runIncrementalMeasure(): Promise<InputRun> {
  const files: string[] = [];
  for (let crawl = 1; crawl <= 3; crawl++) {
    const spec = { ...MIX_SPECS.small, pages: INCREMENTAL_PAGES, crawl };
    const path = mixPath(OUT_DIR, spec);
    await generateMix(path, spec);
    files.push(path);
  }
  const m = await measureIn('incremental', ...(files as [string, ...string[]]));
  return {
    label: `incremental, ${INCREMENTAL_PAGES} pages per crawl`,
    file: files[2] as string,
    compressedBytes: statSync(files[2] as string).size,
    uncompressedBytes: 0,
    measures: [m],
    ratios: { thirdVsFirstCrawlCpu: m.extra.lastVsFirstCpu ?? 0, thirdVsFirstCrawlSeconds: m.extra.lastVsFirstSeconds ?? 0 },
  };
}

function formatTable(r: InputRun): string {
  const rows = [['measure', 's', 'MB/s gz', 'MB/s raw', 'peak RSS MB', 'other']];
  for (const m of r.measures) {
    const other = Object.entries(m.extra)
      .map(([k, v]) => `${k}=${Number.isInteger(v) ? v : v.toFixed(/^(?:s|cpu)_|Seconds$|^lastVsFirst/.test(k) ? 2 : 0)}`)
      .join(' ');
    rows.push([
      m.name,
      m.seconds.toFixed(2),
      m.compressedMBps.toFixed(1),
      m.uncompressedMBps?.toFixed(1) ?? '-',
      m.peakRssMB.toFixed(0),
      other,
    ]);
  }
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  const lines = rows.map((row) =>
    row.map((c, i) => (i === 0 || i === row.length - 1 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  '),
  );
  const ratios = Object.entries(r.ratios)
    .map(([k, v]) => `${k}=${v}`)
    .join('  ');
  return [
    `== ${r.label}: ${basename(r.file)} (${(r.compressedBytes / MB).toFixed(0)} MB gz, ${(r.uncompressedBytes / MB).toFixed(0)} MB raw)`,
    ...lines,
    `ratios: ${ratios}`,
  ].join('\n');
}

function verdictOf(runs: InputRun[]): Record<string, boolean | number> {
  const indexRuns = runs.filter((r) => r.ratios.indexVsWarcioMBps !== undefined);
  const min = (key: string) => Math.min(...indexRuns.map((r) => r.ratios[key] ?? 0));
  const buildRuns = runs.filter((r) => r.ratios.buildVsParsePagesPerSec !== undefined);
  const verdict: Record<string, boolean | number> = {
    minIndexVsWarcioMBps: min('indexVsWarcioMBps'),
    minIndexVsWarcioRecordsPerSec: min('indexVsWarcioRecordsPerSec'),
    minIndexVsGunzipMBps: min('indexVsGunzipMBps'),
    maxIndexPeakRssMB: Math.max(...indexRuns.map((r) => r.ratios.indexPeakRssMB ?? 0)),
  };
  verdict.meetsWarcioTarget =
    (verdict.minIndexVsWarcioMBps as number) >= TARGET.warcioShare &&
    (verdict.minIndexVsWarcioRecordsPerSec as number) >= TARGET.warcioShare;
  verdict.meetsGunzipTarget = (verdict.minIndexVsGunzipMBps as number) >= TARGET.gunzipShare;
  verdict.meetsRssTarget = (verdict.maxIndexPeakRssMB as number) < TARGET.peakRssMB;
  if (buildRuns.length > 0) {
    verdict.minBuildVsParsePagesPerSec = Math.min(...buildRuns.map((r) => r.ratios.buildVsParsePagesPerSec ?? 0));
    verdict.maxBuildPeakRssMB = Math.max(...buildRuns.map((r) => r.ratios.buildPeakRssMB ?? 0));
    verdict.meetsBuildTarget = verdict.minBuildVsParsePagesPerSec >= TARGET.buildShareOfParse;
  }
  return verdict;
}

/**
 * `--budget [FILE]`: parse-only and a CPU-profiled `build --workers 1` of FILE (dragnet-train when
 * ../shared has it, else the large mix cut to BUILD_CUT_PAGES pages), its main thread's time split
 * by part against the bar (bench/speed-budget.ts); written to bench/out/speed-budget.json.
 */
async function runBudget(file: string | undefined): Promise<void> {
  let input = file === undefined ? null : resolve(file);
  if (input === null && existsSync(DRAGNET)) input = DRAGNET;
  if (input === null) {
    const cut = { ...MIX_SPECS.large, pages: BUILD_CUT_PAGES };
    input = mixPath(OUT_DIR, cut);
    await generateMix(input, cut);
  }
  const parse = await measureIn('parse', input);
  const dir = await mkdtemp(join(tmpdir(), 'warc-overlay-profile-'));
  try {
    const profilePath = join(dir, 'build.cpuprofile');
    const build = await measureWithEnv({ SPEED_CPU_PROFILE: profilePath }, 'build', input, 1);
    const profile = JSON.parse(await readFile(profilePath, 'utf8')) as CpuProfile;
    const budget = budgetOf(profile, parse.seconds, TARGET.buildShareOfParse);
    process.stdout.write(`${formatBudget(basename(input), budget, parse.seconds)}\n`);
    const json = {
      date: new Date().toISOString(),
      node: process.version,
      library,
      file: input,
      parseOnlySeconds: parse.seconds,
      profiledBuildWallSeconds: build.seconds,
      profiledSeconds: budget.profiledSeconds,
      allowedSeconds: budget.allowedSeconds,
      floorSeconds: budget.floorSeconds,
      secondsByPart: Object.fromEntries(budget.parts),
    };
    await mkdir(OUT_DIR, { recursive: true });
    await writeFile(join(OUT_DIR, 'speed-budget.json'), `${JSON.stringify(json, null, 2)}\n`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function runSpeedBench(args: string[]): Promise<{ runs: InputRun[]; verdict: Record<string, boolean | number> }> {
  const withBuild = !args.includes('--no-build');
  const file = args.find((a) => !a.startsWith('--'));
  if (!args.includes('--src')) await compileLibrary();
  if (args.includes('--budget')) {
    await runBudget(file);
    return { runs: [], verdict: {} };
  }
  const runs: InputRun[] = [];
  const report = (r: InputRun) => process.stdout.write(`${formatTable(r)}\n\n`);
  if (file !== undefined) {
    const r = await runIndexMeasures(basename(file), resolve(file));
    report(r);
    runs.push(r);
  } else {
    for (const kind of Object.keys(MIX_SPECS) as MixKind[]) {
      const spec = MIX_SPECS[kind];
      const path = mixPath(OUT_DIR, spec);
      process.stdout.write(`generating ${basename(path)} (cached after the first run)...\n`);
      await generateMix(path, spec);
      const r = await runIndexMeasures(`${kind} mix`, path);
      if (withBuild) {
        const cut = { ...spec, pages: BUILD_CUT_PAGES };
        const cutPath = mixPath(OUT_DIR, cut);
        await generateMix(cutPath, cut);
        await runBuildMeasures(r, cutPath);
      }
      report(r);
      runs.push(r);
    }
    if (withBuild) {
      const r = await runPoolMeasure();
      report(r);
      runs.push(r);
    }
    if (withBuild) {
      const r = await runIncrementalMeasure();
      report(r);
      runs.push(r);
    }
    if (withBuild && existsSync(DRAGNET)) {
      const r = await runBuildOnly('dragnet-train', DRAGNET);
      report(r);
      runs.push(r);
    }
  }
  const verdict = verdictOf(runs);
  process.stdout.write(
    `verdict: ${Object.entries(verdict)
      .map(([k, v]) => `${k}=${v}`)
      .join('  ')}\n` +
      `measured: ${library}/\ntargets: index >= ${TARGET.warcioShare}x warcio.js+zlib (MB/s, records/s), >= ${TARGET.gunzipShare}x gunzip, peak RSS < ${TARGET.peakRssMB} MB; build >= ${TARGET.buildShareOfParse.toFixed(2)}x parse-only pages/s\n`,
  );
  await mkdir(OUT_DIR, { recursive: true });
  const measures = runs.flatMap((r) => r.measures.map((m) => ({ ...m, name: `${m.name}, ${r.label}` })));
  const json = { date: new Date().toISOString(), node: process.version, library, runs, measures, verdict };
  await writeFile(join(OUT_DIR, 'speed.json'), `${JSON.stringify(json, null, 2)}\n`);
  return { runs, verdict };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await runSpeedBench(process.argv.slice(2));
}
