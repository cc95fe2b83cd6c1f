/**
 * A vitest reporter that names a test file running far longer than any should, and ends the run
 * when one goes on past a bound. On a 2-core machine vitest runs one file at a time, so a file
 * stuck in a synchronous wait holds the whole run (and CI's time) silently; this says which file
 * it is, from vitest's own process, which the stuck fork does not block.
 */
import { spawnSync } from 'node:child_process';
import type { Reporter, TestModule } from 'vitest/node';

/** s: a file running this long is named on stderr, then again every STALL_REPORT_EVERY_S. */
const STALL_REPORT_AFTER_S = 180;
const STALL_REPORT_EVERY_S = 60;
/** s: a file running this long ends the run with exit code 1 (the suite takes ~5 min in all). */
const STALL_ABORT_AFTER_S = 900;

export default class WatchdogReporter implements Reporter {
  readonly #running = new Map<string, number>();
  #timer: NodeJS.Timeout | null = null;

  onTestModuleStart(module: TestModule): void {
    this.#running.set(module.moduleId, Date.now());
    this.#timer ??= setInterval(() => this.#check(), STALL_REPORT_EVERY_S * 1000).unref();
  }

  onTestModuleEnd(module: TestModule): void {
    this.#running.delete(module.moduleId);
  }

  onTestRunEnd(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }

  #check(): void {
    const now = Date.now();
    for (const [file, started] of this.#running) {
      const seconds = Math.round((now - started) / 1000);
      if (seconds < STALL_REPORT_AFTER_S) continue;
      process.stderr.write(`watchdog: ${file} has been running for ${seconds} s\n`);
      if (seconds >= STALL_ABORT_AFTER_S) {
        process.stderr.write(`watchdog: ending the run: ${file} is past ${STALL_ABORT_AFTER_S} s\n`);
        // The stuck fork first (best effort), so that nothing of the run outlives it.
        spawnSync('pkill', ['-KILL', '-P', String(process.pid)], { stdio: 'ignore', timeout: 10_000 });
        process.exit(1);
      }
    }
  }
}
