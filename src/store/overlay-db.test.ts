import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../test/helpers/temp-dirs.js';
import { openStore, STORE_FILE } from './overlay-db.js';
import { SCHEMA_VERSION } from './schema.js';

const tempDir = tempDirs('overlay-db-');

/** A store file left with `version` as its schema version, as an interrupted or other release's build leaves it. */
function storeAt(version: number): string {
  const dir = tempDir();
  openStore(dir, { writable: true }).close();
  const file = new Database(join(dir, STORE_FILE));
  file.pragma(`user_version = ${version}`);
  file.close();
  return dir;
}

describe('openStore read-only on a store of another schema version', () => {
  it('says what happened and what to run: a build stopped before the store was set up, an older or a newer release', () => {
    expect(() => openStore(storeAt(0), { writable: false })).toThrow(/was never set up: its first build stopped .*run build on it again/);
    expect(() => openStore(storeAt(SCHEMA_VERSION - 1), { writable: false })).toThrow(/run build on it to migrate/);
    expect(() => openStore(storeAt(SCHEMA_VERSION + 1), { writable: false })).toThrow(/made by a newer release/);
  });

  it('opens its own version', () => {
    const db = openStore(storeAt(SCHEMA_VERSION), { writable: false });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });
});
