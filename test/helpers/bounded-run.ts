/**
 * The tests' child processes, bounded in time. A child that hangs, or whose own children keep its
 * output open, is killed after its bound and the test fails saying which command and how its
 * stderr ended, instead of holding the whole run until CI's limit: a synchronous wait cannot be
 * cut short by vitest's test timeout.
 */
import { spawnSync } from 'node:child_process';

/** ms a test's child process may run (a CLI build of the samples takes 2-10 s, the slowest child 20 s). */
export const CHILD_TIMEOUT_MS = 120_000;

export interface BoundedRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface BoundedOptions {
  cwd?: string;
  input?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/**
 * Run `command` to its end, or kill it past the bound (our ends of its pipes closed with it). A child
 * killed so is run once more, saying so on stderr (a hang seen once in CI, never here, is told from
 * one that recurs); a second hang fails the test.
 */
export function runBounded(command: string, args: readonly string[], options: BoundedOptions = {}): BoundedRun {
  const timeout = options.timeoutMs ?? CHILD_TIMEOUT_MS;
  const shown = `${command} ${args.map((a) => (a.length > 80 ? `${a.slice(0, 77)}...` : a)).join(' ')}`;
  for (let attempt = 1; ; attempt++) {
    const run = spawnSync(command, args, {
      cwd: options.cwd,
      env: options.env,
      input: options.input,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout,
      killSignal: 'SIGKILL',
    });
    if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT') {
      const ended = `did not end within ${timeout / 1000} s and was killed; its stderr ended:\n${(run.stderr ?? '').slice(-2000)}`;
      if (attempt >= 2) throw new Error(`${shown} ${ended}`);
      process.stderr.write(`bounded-run: ${shown} ${ended}\nbounded-run: running it once more\n`);
      continue;
    }
    // A command that could not start (ENOENT) ends like a failed one: code -1, the reason on stderr.
    if (run.error) return { code: -1, stdout: '', stderr: run.error.message };
    return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
  }
}
