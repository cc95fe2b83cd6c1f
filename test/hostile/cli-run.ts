/** Run the real CLI entry (`main`) in a child process, as test/cli does. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export const ROOT = join(import.meta.dirname, '..', '..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function cli(...args: string[]): CliRun {
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('./src/cli/main.ts').then(async (m) => { process.exitCode = await m.main(${JSON.stringify(args)}); })`,
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}

/** A Node stack frame line: what a user must never see. */
export const STACK_FRAME = /^\s+at .+[:(]\d+/m;

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
