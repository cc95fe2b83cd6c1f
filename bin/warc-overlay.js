#!/usr/bin/env node
// Shim: the CLI lives in src/cli (compiled to dist/cli).
import { main } from '../dist/cli/main.js';

// `warc-overlay export ... | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
process.exitCode = await main(process.argv.slice(2));
