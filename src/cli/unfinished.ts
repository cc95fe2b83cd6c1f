import { UsageError } from '../core/errors.js';
import { type Db, openStore, readUnfinishedCrawls } from '../store/index.js';

/**
 * Say on stderr when the overlay holds crawls whose build did not finish (a killed or crashed
 * build): their objects may be incomplete. With `strict` that is an error (exit 2) and nothing is
 * read. A rerun of `build` with the same inputs completes them.
 */
export function checkUnfinished(db: Db, dir: string, strict: boolean): void {
  const unfinished = readUnfinishedCrawls(db);
  if (unfinished.length === 0) return;
  const names = unfinished.map((c) => `${c.name} (started ${c.started_at})`).join(', ');
  const message = `overlay ${dir} holds ${unfinished.length} unfinished crawl(s), whose build was interrupted: ${names}; rerun 'warc-overlay build' with the same inputs to complete them`;
  if (strict) throw new UsageError(`${message} (--strict)`, { isAboutUsage: false });
  process.stderr.write(`warc-overlay: warning: ${message}\n`);
}

/** The `--strict` option of the commands that read an overlay. */
export const STRICT_OPTION = {
  describe: 'fail (exit 2) when the overlay holds an unfinished crawl instead of warning',
  type: 'boolean',
  default: false,
} as const;

/** Open an overlay for reading and check it for unfinished crawls (see `checkUnfinished`). */
export function openChecked(dir: string, strict: boolean | undefined): Db {
  const db = openStore(dir, { writable: false });
  try {
    checkUnfinished(db, dir, strict === true);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
