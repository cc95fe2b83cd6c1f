/**
 * One writer at a time per overlay: `build` holds `<dir>/overlay.lock` (created exclusively, holding
 * the owner's pid, host and start time) for as long as it writes. A second build finds the lock
 * and refuses with a clear message instead of interleaving writes with the first (which ended in
 * `FOREIGN KEY constraint failed` when it cleared the first one's unfinished crawl). A lock left by
 * a process that no longer runs on this host (kill -9) is taken over.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';

/** File name of the writer lock inside an overlay directory. */
export const LOCK_FILE = 'overlay.lock';

interface LockOwner {
  pid: number;
  host: string;
  started: string;
}

export interface WriterLock {
  path: string;
  /** Remove the lock (only if it is still ours). */
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || typeof owner.host !== 'string') return null;
    return { pid: owner.pid, host: owner.host, started: String(owner.started ?? '?') };
  } catch {
    return null;
  }
}

/**
 * Take the writer lock of `dir` (created when missing), or throw a `UsageError` naming the build that
 * holds it. A stale lock (its process gone, same host) is replaced.
 */
export function acquireWriterLock(dir: string): WriterLock {
  if (existsSync(dir) && !statSync(dir).isDirectory())
    throw new UsageError(`${dir} is a file, not an overlay directory`, { isAboutUsage: false });
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      return {
        path,
        release() {
          const owner = readOwner(path);
          if (owner !== null && owner.pid === me.pid && owner.host === me.host) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(path);
    const stale = owner === null ? false : owner.host === me.host && !isRunning(owner.pid);
    if (!stale) {
      const who = owner === null ? 'another build (unreadable lock)' : `process ${owner.pid} on ${owner.host} since ${owner.started}`;
      throw new UsageError(
        `overlay ${dir} is being written by ${who}; wait for that build to finish (lock ${path}; delete it only if that process is gone)`,
        { isAboutUsage: false },
      );
    }
    rmSync(path, { force: true });
  }
  throw new UsageError(`overlay ${dir}: could not take the writer lock ${path}`, { isAboutUsage: false });
}
