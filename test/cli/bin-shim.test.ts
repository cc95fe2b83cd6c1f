/**
 * The `warc-overlay` command (bin/warc-overlay.js, on the compiled dist/ that `npm ci` builds):
 * it starts the CLI with the heap flags V8 reads only at startup (`missingStartupFlags`), passing
 * the arguments, output and exit status through.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEMI_SPACE_MB } from '../../src/cli/heap-settings.js';
import { runBounded } from '../helpers/bounded-run.js';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'warc-overlay.js');
/** Prints each process's V8 flags on stderr: the shim's own, then the CLI's it starts. */
const SHOW_FLAGS = `data:text/javascript,process.stderr.write('flags: ' + process.execArgv.join(' ') + '\\n')`;

const run = (nodeFlags: string[], args: string[]) =>
  runBounded(process.execPath, [...nodeFlags, BIN, ...args], { env: { ...process.env, NODE_OPTIONS: '' } });

describe('bin/warc-overlay.js', () => {
  it('runs the CLI once, with the young generation bounded, and passes its output and exit status through', () => {
    const missing = run(['--import', SHOW_FLAGS], ['export', join(import.meta.dirname, 'no-such-overlay')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no overlay in');
    const flags = missing.stderr.split('\n').filter((l) => l.startsWith('flags: '));
    expect(flags).toHaveLength(2);
    expect(flags[1]).toContain(`--max-semi-space-size=${SEMI_SPACE_MB}`);

    const version = run([], ['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('keeps a semi-space the user chose: no second process', () => {
    const chosen = run(['--import', SHOW_FLAGS, '--max-semi-space-size=4'], ['--version']);
    expect(chosen.code).toBe(0);
    expect(chosen.stderr.split('\n').filter((l) => l.startsWith('flags: '))).toHaveLength(1);
  });
});
