/**
 * How the CLI ends when something goes wrong outside the record loop: a filesystem or store
 * problem (read-only directory, full disk, `--out` naming a file) is one located line and exit 2;
 * anything else is an internal error: one line, exit 3, and the stack in a log file.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Exit codes [DESIGN "Command line"]. */
export const EXIT_OK = 0;
/** The run finished but skipped bad records (each reported and counted). */
export const EXIT_SKIPPED = 1;
/** Bad usage, no readable input, or an output/overlay location that cannot be used. */
export const EXIT_USAGE = 2;
/** A bug: one line on stderr, the stack in a log file. */
export const EXIT_INTERNAL = 3;

/** What the operating system's error codes mean to someone running the CLI. */
const FS_CODES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EEXIST: 'a file is in the way (a directory is needed)',
  ENOTDIR: 'a path component is a file, not a directory',
  EISDIR: 'is a directory',
  ENOENT: 'no such file or directory',
  EMFILE: 'too many open files',
  EIO: 'input/output error',
};

/** SQLite result codes (better-sqlite3's `SqliteError.code`) that are about the file, not a bug. */
const SQLITE_CODES: Array<[RegExp, string]> = [
  [/^SQLITE_FULL/, 'no space left on the device (database or disk is full)'],
  [/^SQLITE_READONLY/, 'the overlay store is read-only'],
  [/^SQLITE_CANTOPEN/, 'cannot open the overlay store'],
  [/^SQLITE_IOERR/, 'input/output error on the overlay store'],
  [/^SQLITE_NOTADB/, 'not an overlay store (not a SQLite database)'],
  [/^SQLITE_CORRUPT/, 'the overlay store is corrupt'],
  [/^SQLITE_PERM/, 'permission denied on the overlay store'],
];

/**
 * One line for a filesystem or store error, located by the error's own path or else by `place`
 * (the overlay directory the command works on); null when the error is something else.
 */
export function describeEnvironmentError(error: unknown, place?: string): string | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return null;
  const path = (error as { path?: unknown }).path;
  const where = typeof path === 'string' ? path : place;
  const suffix = where === undefined ? '' : `: ${where}`;
  const fs = FS_CODES[code];
  if (fs !== undefined) {
    const op = (error as { syscall?: unknown }).syscall;
    return `${typeof op === 'string' ? `${op} failed, ` : ''}${fs} (${code})${suffix}`;
  }
  for (const [pattern, meaning] of SQLITE_CODES) if (pattern.test(code)) return `${meaning} (${code})${suffix}`;
  return null;
}

/** Write the error with its stack (and causes) to a log file; returns its path, or null when even that fails. */
export function writeCrashLog(error: unknown, argv: readonly string[], dir = tmpdir()): string | null {
  const file = join(dir, `warc-overlay-error-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.log`);
  const lines = [`warc-overlay ${argv.join(' ')}`, `node ${process.version} ${process.platform}`, ''];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 5; depth++) {
    lines.push(current instanceof Error ? (current.stack ?? String(current)) : String(current));
    current = current instanceof Error ? current.cause : undefined;
    if (current !== undefined) lines.push('caused by:');
  }
  try {
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  } catch {
    return null;
  }
}

/** The first line of an error's message (the message of an internal error may hold a whole dump). */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return (text.split('\n')[0] ?? '').slice(0, 300);
}
