import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { UsageError } from '../core/errors.js';
import { MIGRATIONS, SCHEMA_VERSION } from './schema.js';

/** File name of the SQLite index inside an overlay directory. */
export const STORE_FILE = 'overlay.sqlite';

export type Db = Database.Database;

/** Path of the store inside an overlay directory. */
export function storePath(dir: string): string {
  return join(dir, STORE_FILE);
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
  if (opts.writable) mkdirSync(dir, { recursive: true });
  const db = new Database(file, { readonly: !opts.writable, fileMustExist: !opts.writable });
  db.pragma('foreign_keys = ON');
  if (opts.writable) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    migrate(db);
  } else {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== SCHEMA_VERSION) {
      db.close();
      throw new UsageError(
        `overlay in ${dir} has schema version ${version}, this release reads ${SCHEMA_VERSION}; run build on it to migrate`,
      );
    }
  }
  return db;
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
