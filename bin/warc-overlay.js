#!/usr/bin/env node
// Shim: the CLI lives in src/cli (compiled to dist/cli).
import { applyHeapSettings } from '../dist/cli/heap-settings.js';
import { main } from '../dist/cli/main.js';

// This process is the CLI's own: its heap growth is bounded (process-wide; `runCli`, the library's
// entry, leaves its host process alone).
applyHeapSettings();

// `warc-overlay export ... | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
process.exitCode = await main(process.argv.slice(2));
