/**
 * Runs the real command line (`bin/warc-overlay.js`, compiled from src by `npm run build`, which
 * `compileIfStale` runs when dist/ is older than src/) the way a user does: `build <warcs...> --out <dir>`, then `export <dir> --what <kind> --format jsonl`.
 */
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface CommandResult {
  exitCode: number;
  seconds: number;
  stderr: string;
}

/** `build` exits 1 when it finished but skipped bad records: the overlay is still usable. */
const BUILD_FINISHED_CODES = new Set([0, 1]);
const STDERR_KEPT_CHARS = 4000;

export class CliRunner {
  readonly bin: string;

  constructor(readonly root: string) {
    this.bin = join(root, 'bin/warc-overlay.js');
  }

  /**
   * Compiles src/ into dist/ (`npm run build`'s tsc) when the compiled CLI is missing or older than
   * a source file, so the scores are those of the current code. Returns why it compiled, or null.
   */
  async compileIfStale(): Promise<string | null> {
    const reason = await this.staleReason();
    if (reason === null) return null;
    const tsc = join(this.root, 'node_modules/typescript/bin/tsc');
    const result = await this.spawnTimed([tsc, '-p', join(this.root, 'tsconfig.build.json')], 'pipe');
    if (result.exitCode !== 0) throw new Error(`compiling dist/ failed (exit ${result.exitCode}):\n${result.stderr}`);
    return reason;
  }

  /** A reason the compiled CLI cannot be trusted (missing, or older than a source file), or null. */
  private async staleReason(): Promise<string | null> {
    const compiledMain = join(this.root, 'dist/cli/main.js');
    if (!existsSync(compiledMain)) return 'dist/cli/main.js is missing';
    const builtMs = statSync(compiledMain).mtimeMs;
    const sources = await readdir(join(this.root, 'src'), { recursive: true });
    const newer = sources.find(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && statSync(join(this.root, 'src', f)).mtimeMs > builtMs,
    );
    return newer === undefined ? null : `src/${newer} is newer than dist`;
  }

  /** `build`, timed on the wall clock. Throws when it did not finish. */
  async build(warcs: string[], outDir: string, extraArgs: readonly string[] = []): Promise<CommandResult> {
    const result = await this.run(['build', ...warcs, '--out', outDir, ...extraArgs]);
    if (!BUILD_FINISHED_CODES.has(result.exitCode)) {
      throw new Error(`build failed (exit ${result.exitCode}):\n${result.stderr}`);
    }
    return result;
  }

  /** `export --what <what>` into `file`; returns the exit code and stderr (a kind the CLI lacks exits 2). */
  async export(outDir: string, what: string, file: string): Promise<CommandResult> {
    return this.run(['export', outDir, '--what', what, '--format', 'jsonl', '--output', file]);
  }

  private run(args: string[]): Promise<CommandResult> {
    return this.spawnTimed([this.bin, ...args], 'ignore');
  }

  /** node with `args`, timed on the wall clock; keeps the tail of stderr (and of stdout when piped, tsc's errors). */
  private spawnTimed(args: string[], stdout: 'ignore' | 'pipe'): Promise<CommandResult> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, args, { cwd: this.root, stdio: ['ignore', stdout, 'pipe'] });
      let stderr = '';
      child.stdout?.setEncoding('utf8');
      child.stdout?.on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-STDERR_KEPT_CHARS);
      });
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-STDERR_KEPT_CHARS);
      });
      child.on('error', reject);
      child.on('close', (code, signal) => {
        resolve({ exitCode: code ?? (signal === null ? 1 : 128), seconds: (performance.now() - started) / 1000, stderr });
      });
    });
  }
}

/** Reads a JSON-lines export one row at a time (object exports carry html and get large). */
export async function* readJsonLines<T>(file: string): AsyncGenerator<T> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line.trim() !== '') yield JSON.parse(line) as T;
  }
}
