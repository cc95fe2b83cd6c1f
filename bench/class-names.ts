/**
 * bench:classes — how much of the generalisation suites holds when the engines' class names say
 * nothing (issue #12: the vocabulary is a hint, structure and the site's own evidence decide).
 *
 *   npm run bench:classes                # as written, hashed, utility, none, divs, soup
 *   npm run bench:classes -- hashed      # one rewrite only
 *
 * Runs `vitest run test/generalisation` once per mode, the suites' HTML pages rewritten by
 * `WO_FIXTURE_CLASSES` (test/generalisation/class-names.ts): `hashed` gives every class token a
 * generated name (CSS modules), `utility` gives every element of a tag the same utility classes (a
 * CSS framework), `none` removes every class attribute (hand-written HTML), `divs` prints HTML5's
 * sectioning elements as `<div>`s (older engines), `soup` does both. Prints the failed tests per mode and suite and writes bench/out/class-names.json.
 * A benchmark, not a test: the rewritten suites are expected to fail in part; the figures are
 * quoted in closing notes and docs/quality.md.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLASS_NAME_MODES } from '../test/generalisation/class-names.js';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const OUT = join(ROOT, 'bench', 'out');
const MODES = ['as written', ...CLASS_NAME_MODES] as const;
type Mode = (typeof MODES)[number];

interface VitestJson {
  numTotalTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: Array<{ name: string; assertionResults: Array<{ fullName: string; status: string }> }>;
}

interface ModeResult {
  mode: Mode;
  tests: number;
  failed: number;
  /** Failed tests by suite file. */
  failures: Record<string, string[]>;
}

async function runMode(mode: Mode): Promise<ModeResult> {
  const report = join(OUT, `class-names-${mode.replace(/\s+/g, '-')}.vitest.json`);
  await rm(report, { force: true });
  const env = { ...process.env, WO_FIXTURE_CLASSES: mode === 'as written' ? '' : mode };
  const args = ['vitest', 'run', 'test/generalisation', '--reporter=json', `--outputFile=${report}`];
  await new Promise<void>((done, fail) => {
    const child = spawn('npx', args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', fail);
    // Failed tests exit 1: expected under a rewrite; the JSON report says what failed.
    child.on('exit', () => done());
  });
  const json = JSON.parse(await readFile(report, 'utf8')) as VitestJson;
  const failures: Record<string, string[]> = {};
  for (const file of json.testResults) {
    const failed = file.assertionResults.filter((a) => a.status === 'failed').map((a) => a.fullName);
    if (failed.length > 0) failures[relative(ROOT, file.name)] = failed;
  }
  return { mode, tests: json.numTotalTests - json.numPendingTests, failed: json.numFailedTests, failures };
}

async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  for (const m of asked)
    if (!(MODES as readonly string[]).includes(m)) throw new Error(`unknown mode ${m}: expected ${CLASS_NAME_MODES.join(', ')}`);
  const modes = asked.length === 0 ? MODES : (asked as Mode[]);
  await mkdir(OUT, { recursive: true });
  const results: ModeResult[] = [];
  for (const mode of modes) {
    process.stderr.write(`class names ${mode}: running the generalisation suites\n`);
    results.push(await runMode(mode));
  }
  console.log('class names      tests  failed  share held');
  for (const r of results)
    console.log(
      `${r.mode.padEnd(15)} ${String(r.tests).padStart(6)}  ${String(r.failed).padStart(6)}  ${(1 - r.failed / Math.max(1, r.tests)).toFixed(3)}`,
    );
  for (const r of results) {
    if (r.failed === 0) continue;
    console.log(`\n${r.mode}: failed tests by suite`);
    for (const [file, names] of Object.entries(r.failures)) {
      console.log(`  ${file} (${names.length})`);
      for (const n of names) console.log(`    ${n}`);
    }
  }
  await writeFile(join(OUT, 'class-names.json'), `${JSON.stringify({ generatedAt: new Date().toISOString(), results }, null, 2)}\n`);
  console.log(`\nresults: ${join(OUT, 'class-names.json')}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
});
