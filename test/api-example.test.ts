import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runBounded } from './helpers/bounded-run.js';

const ROOT = join(import.meta.dirname, '..');

it('the library example of docs/api.md runs and prints objects, changes and evidence', () => {
  const out = mkdtempSync(join(tmpdir(), 'wo-api-example-'));
  try {
    const run = runBounded(process.execPath, ['--import', 'tsx', 'docs/examples/library.ts', out], { cwd: ROOT });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^2026-11-first: \d+ captures/m);
    expect(run.stdout).toMatch(/^crawl 2026-11-second: 2026-11-22T11:18/m);
    expect(run.stdout).toMatch(/^\d+ objects$/m);
    expect(run.stdout).toMatch(/^content-edit /m);
    expect(run.stdout).toMatch(/^\d+ candidate versions behind \d+ objects$/m);
    expect(run.stdout).toMatch(/\(0 errors\)$/m);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 60_000);
