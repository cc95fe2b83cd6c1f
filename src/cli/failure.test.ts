import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { describeEnvironmentError, oneLine, writeCrashLog } from './failure.js';

const work = mkdtempSync(join(tmpdir(), 'warc-overlay-failure-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
};

describe('describeEnvironmentError', () => {
  it('locates a filesystem error by its own path', () => {
    const file = join(work, 'file');
    writeFileSync(file, 'x');
    const error = thrown(() => mkdirSync(join(file, 'sub'), { recursive: true }));
    expect(describeEnvironmentError(error, '/elsewhere')).toBe(
      `mkdir failed, a path component is a file, not a directory (ENOTDIR): ${join(file, 'sub')}`,
    );
  });

  it('locates a store error (no path of its own) by the overlay directory', () => {
    const file = join(work, 'garbage.sqlite');
    writeFileSync(file, Buffer.alloc(4096, 0xa5));
    const error = thrown(() => new Database(file).pragma('user_version'));
    expect(describeEnvironmentError(error, '/data/overlay')).toBe(
      'not an overlay store (not a SQLite database) (SQLITE_NOTADB): /data/overlay',
    );
    expect(describeEnvironmentError(new Database.SqliteError('database or disk is full', 'SQLITE_FULL'), '/o')).toMatch(
      /^no space left .*SQLITE_FULL.*: \/o$/,
    );
  });

  it('leaves bugs alone', () => {
    expect(describeEnvironmentError(new TypeError('x is undefined'), '/o')).toBeNull();
    expect(describeEnvironmentError('a string', '/o')).toBeNull();
  });
});

describe('writeCrashLog', () => {
  it('writes the stack and its causes to a file and the CLI prints one line', () => {
    const error = new Error('outer\nsecond line', { cause: new RangeError('inner') });
    const log = writeCrashLog(error, ['build', 'x.warc.gz'], work);
    expect(log).not.toBeNull();
    const text = readFileSync(log as string, 'utf8');
    expect(text).toContain('warc-overlay build x.warc.gz');
    expect(text).toMatch(/Error: outer[\s\S]*at .*failure\.test\.ts[\s\S]*caused by:\nRangeError: inner/);
    expect(oneLine(error)).toBe('Error: outer');
  });
});
