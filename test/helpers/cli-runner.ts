/**
 * The real CLI entry (`main`) run from source in a child process, as the CLI, hostile-input and
 * soak runs use it: `cli` waits for it, `startCli` gives the child to wait for or kill (kill -9
 * reruns, concurrent builds).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CHILD_TIMEOUT_MS, runBounded } from './bounded-run.js';

/** The checkout the CLI runs in. */
export const ROOT = join(import.meta.dirname, '..', '..');

/** A Node stack frame line: what a user must never see. */
export const STACK_FRAME = /^\s+at .+[:(]\d+/m;

/** Node's arguments that run `main(args)` from the TypeScript sources. */
function nodeArgs(args: readonly string[]): string[] {
  return [
    '--import',
    'tsx',
    '-e',
    `import('./src/cli/main.ts').then(async (m) => { process.exitCode = await m.main(${JSON.stringify(args)}); })`,
  ];
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI to its end. */
export function cli(...args: string[]): CliRun {
  return runBounded(process.execPath, nodeArgs(args), { cwd: ROOT });
}

/** Run the CLI to its end in a process whose V8 heap may hold at most `heapMb` MB (past it the process ends, exit 134). */
export function cliWithHeap(heapMb: number, ...args: string[]): CliRun {
  return runBounded(process.execPath, [`--max-old-space-size=${heapMb}`, ...nodeArgs(args)], { cwd: ROOT });
}

/** Run the CLI to its end with `input` on its standard input (index lines, a shard's rows). */
export function cliFed(input: string, ...args: string[]): CliRun {
  return runBounded(process.execPath, nodeArgs(args), { cwd: ROOT, input });
}

/** How a started CLI ended. */
export interface CliEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Wall-clock seconds from start to close. */
  seconds: number;
}

export interface RunningCli {
  child: ChildProcess;
  done: Promise<CliEnd>;
}

/** Start the CLI; `done` resolves when the child closes. Past CHILD_TIMEOUT_MS it is killed. */
export function startCli(...args: string[]): RunningCli {
  const started = Date.now();
  const child = spawn(process.execPath, nodeArgs(args), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const bound = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS).unref();
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const done = new Promise<CliEnd>((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(bound);
      resolve({ code, signal, stdout, stderr, seconds: (Date.now() - started) / 1000 });
    }),
  );
  return { child, done };
}

/** Object URLs of an overlay (one per article), sorted. */
export function objectUrls(dir: string): string[] {
  const db = new Database(join(dir, 'overlay.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT canonical_url AS url FROM objects ORDER BY canonical_url').all() as Array<{ url: string }>).map(
      (r) => r.url,
    );
  } finally {
    db.close();
  }
}
