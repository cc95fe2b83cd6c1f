/** What the last build wrote as each reconstructed page file, so a rebuild rewrites only the pages that changed. */
import type { Db } from './overlay-db.js';

export class PageFileStore {
  readonly #db: Db;
  readonly #digest;
  readonly #record;

  constructor(db: Db) {
    this.#db = db;
    this.#digest = db.prepare<[string], string>('SELECT digest FROM page_files WHERE path = ?').pluck();
    this.#record = db.prepare<[string, string]>(
      'INSERT INTO page_files (path, digest) VALUES (?, ?) ON CONFLICT (path) DO UPDATE SET digest = excluded.digest',
    );
  }

  /** Digest of the content last written at `path` (relative to `pages/`), if any. */
  digestOf(path: string): string | undefined {
    return this.#digest.get(path);
  }

  /** Record the digests of files just written, in one transaction. */
  recordAll(written: ReadonlyArray<readonly [path: string, digest: string]>): void {
    this.#db.transaction(() => {
      for (const [path, digest] of written) this.#record.run(path, digest);
    })();
  }
}
