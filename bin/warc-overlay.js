#!/usr/bin/env node
// Shim: the CLI lives in src/cli (compiled to dist/cli).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { applyHeapSettings, missingStartupFlags } from '../dist/cli/heap-settings.js';

const startupFlags = missingStartupFlags(process.execArgv, process.env.NODE_OPTIONS);
if (startupFlags.length > 0) {
  // V8 sizes the young generation only at startup: the CLI runs again with those flags, the same
  // arguments, stdio and exit status. Ctrl-C reaches that process itself (same process group); a
  // signal sent to this one alone is passed on.
  const args = [...process.execArgv, ...startupFlags, fileURLToPath(import.meta.url), ...process.argv.slice(2)];
  const cli = spawn(process.execPath, args, { stdio: 'inherit' });
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => cli.kill(signal));
  cli.on('exit', (code, signal) => {
    if (signal === null) process.exit(code ?? 1);
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
} else {
  const { main } = await import('../dist/cli/main.js');
  // This process is the CLI's own: its heap growth is bounded (process-wide; `runCli`, the library's
  // entry, leaves its host process alone).
  applyHeapSettings();

  // `warc-overlay export ... | head` closes the pipe early: that is not an error.
  process.stdout.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  process.exitCode = await main(process.argv.slice(2));
}
