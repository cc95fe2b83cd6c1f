#!/usr/bin/env node
// Shim: the CLI lives in src/cli (compiled to dist/cli).
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
