import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { UsageError } from '../core/errors.js';
import { MIGRATIONS, SCHEMA_VERSION } from './schema.js';

/** File name of the SQLite index inside an overlay directory. */
export const STORE_FILE = 'overlay.sqlite';

export type Db = Database.Database;

/** `prepare(db)` run once per connection: a getter of statements prepared on first use and kept while the connection lives. */
export function preparedPerConnection<S>(prepare: (db: Db) => S): (db: Db) => S {
  const byDb = new WeakMap<Db, S>();
  return (db) => {
    let s = byDb.get(db);
    if (s === undefined) {
      s = prepare(db);
      byDb.set(db, s);
    }
    return s;
  };
}

/** Path of the store inside an overlay directory. */
export function storePath(dir: string): string {
  return join(dir, STORE_FILE);
}

/**
 * Open a store read-only. On read-only storage a store left in WAL mode cannot be opened the usual
 * way (SQLite must create its -shm file): it is then opened `immutable=1` (an SQLite URI, which the
 * CLI enables with SQLITE_USE_URI=1 before the first open), reading the main file as it is.
 */
function openReadOnly(file: string, dir: string): Db {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('user_version', { simple: true });
    return db;
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_CANTOPEN') throw error;
    try {
      const db = new Database(`file:${encodeURI(resolve(file))}?immutable=1`, { readonly: true, fileMustExist: true });
      db.pragma('user_version', { simple: true });
      return db;
    } catch {
      throw new UsageError(
        `cannot open the overlay store ${file} read-only (read-only storage holding a store in WAL mode?); copy ${dir} to writable storage`,
        { isAboutUsage: false },
      );
    }
  }
}

/** Whether a path is a directory (false when it does not exist). */
function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Open (creating and migrating when `writable`) the store of an overlay directory.
 * Read-only opens refuse a directory that holds no overlay.
 */
export function openStore(dir: string, opts: { writable: boolean }): Db {
  const file = storePath(dir);
  if (!opts.writable && !existsSync(file)) {
    throw new UsageError(`no overlay in ${dir} (missing ${STORE_FILE}); run 'warc-overlay build ... --out ${dir}' first`);
  }
  if (opts.writable && existsSync(dir) && !isDirectory(dir))
    throw new UsageError(`${dir} is a file, not an overlay directory`, { isAboutUsage: false });
  if (opts.writable) mkdirSync(dir, { recursive: true });
  const db = opts.writable ? new Database(file) : openReadOnly(file, dir);
  db.pragma('foreign_keys = ON');
  if (opts.writable) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    migrate(db);
  } else {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== SCHEMA_VERSION) {
      db.close();
      throw new UsageError(schemaMismatch(dir, version));
    }
  }
  return db;
}

/** Why a read-only open refuses a store of another schema version, and what to run. */
function schemaMismatch(dir: string, version: number): string {
  if (version === 0) return `overlay in ${dir} was never set up: its first build stopped before creating the store; run build on it again`;
  if (version > SCHEMA_VERSION)
    return `overlay in ${dir} has schema version ${version}, made by a newer release (this one reads ${SCHEMA_VERSION}); use that release`;
  return `overlay in ${dir} has schema version ${version}, this release reads ${SCHEMA_VERSION}; run build on it to migrate`;
}

/**
 * Leave the store in rollback-journal mode when the writer is done: the WAL is checkpointed into
 * the main file and removed, so the overlay can be read from read-only storage (a WAL store needs
 * a writable -shm file). Skipped when a reader holds the store open (it stays in WAL mode).
 */
export function closeWriter(db: Db): void {
  try {
    db.pragma('journal_mode = DELETE');
  } catch {
    // A concurrent reader (the viewer) keeps WAL in use; the next writer's close converts it.
  }
  db.close();
}

function migrate(db: Db): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) {
    throw new UsageError(`overlay schema version ${version} is newer than this release (${SCHEMA_VERSION})`);
  }
  for (let v = version; v < SCHEMA_VERSION; v++) {
    const sql = MIGRATIONS[v];
    if (sql === undefined) break;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
