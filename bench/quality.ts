/**
 * bench:quality — extraction quality of the real CLI against gold, with pinned floors.
 *
 *   npm run bench:quality [-- --dataset wp-dev] [--no-baselines] [--keep]   (compiles dist/ first when src/ is newer)
 *
 * For every data set under ../shared/corpus/* and ../shared/datasets/* (or --data <dir>): runs
 * `warc-overlay build` and `export --what objects|pages|comments|changes`, scores articles
 * (4-word shingle P/R/F1, exact, ACS, TCS@0.9, titles/authors/dates), comments, post detection,
 * change kinds and the segmentation of channel pages, and the page-only baselines (Readability,
 * Defuddle) on the same pages. A corpus is built a second time without its feed records, which
 * scores the E-mCST path alone.
 * Prints a table per data set, writes bench/out/quality.json, and exits 1 when a metric falls
 * below its floor in bench/quality/floors.json. Metrics: docs/quality.md.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CliRunner } from './quality/cli-runner.js';
import { type DatasetResult, evaluateDataset } from './quality/evaluate-dataset.js';
import { checkFloors, formatViolation, loadFloors } from './quality/floors.js';
import { listDatasets } from './quality/gold.js';
import { formatDataset } from './quality/report.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_FILE = join(ROOT, 'bench/out/quality.json');
const FLOORS_FILE = join(ROOT, 'bench/quality/floors.json');

const HELP = `Usage: npm run bench:quality -- [options]
  --dataset <name>   score one data set (repeatable), e.g. wp-dev, readability
  --data <dir>       folder holding corpus/ and datasets/ (default ../shared)
  --no-baselines     skip Readability and Defuddle
  --keep             keep each overlay and its exports (path printed)
  -h, --help         this help`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      dataset: { type: 'string', multiple: true },
      data: { type: 'string', default: resolve(ROOT, '../shared') },
      'no-baselines': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const all = listDatasets(values.data);
  const wanted = values.dataset ?? all.map((d) => d.name);
  const unknown = wanted.filter((name) => !all.some((d) => d.name === name));
  if (unknown.length > 0) {
    process.stderr.write(`unknown data set: ${unknown.join(', ')} (have: ${all.map((d) => d.name).join(', ')})\n`);
    return 2;
  }
  const runner = new CliRunner(ROOT);
  const stale = await runner.compileIfStale();
  if (stale !== null) process.stderr.write(`compiled dist/ first (${stale})\n`);

  const withBaselines = !values['no-baselines'];
  const log = (message: string) => process.stderr.write(`${message}\n`);
  const results: DatasetResult[] = [];
  for (const dataset of all.filter((d) => wanted.includes(d.name))) {
    const result = await evaluateDataset(dataset, { runner, withBaselines, keepOverlay: values.keep, log });
    results.push(result);
    process.stdout.write(`\n${formatDataset(result)}\n`);
  }

  await mkdir(dirname(OUT_FILE), { recursive: true });
  await writeFile(OUT_FILE, `${JSON.stringify({ generatedAt: new Date().toISOString(), withBaselines, results }, null, 2)}\n`);
  process.stdout.write(`\nresults: ${OUT_FILE}\n`);

  const { violations, checked } = checkFloors(results, loadFloors(FLOORS_FILE), { withBaselines });
  if (violations.length === 0) {
    process.stdout.write(`floors: ${checked} checked, all hold\n`);
    return 0;
  }
  process.stdout.write(`floors: ${violations.length} of ${checked} broken\n`);
  for (const v of violations) process.stdout.write(`  ${formatViolation(v)}\n`);
  return 1;
}

process.exitCode = await main();
