/** What the last build wrote as each reconstructed page file, so a rebuild renders and rewrites only the pages that changed. */
import type { Db } from './overlay-db.js';

/** A page file as the last build wrote it (path relative to `pages/`). */
export interface PageFileRecord {
  /** Digest of the file's content. */
  digest: string;
  /** Digest of what the page was rendered from (null for pages rendered every time, and files of older builds). */
  source: string | null;
  /** Size of the file in bytes (null for files of older builds). */
  bytes: number | null;
}

/** A page file just written (or found unchanged), to be recorded. */
export type WrittenPageFile = PageFileRecord & { path: string };

export class PageFileStore {
  readonly #db: Db;
  readonly #get;
  readonly #record;

  constructor(db: Db) {
    this.#db = db;
    this.#get = db.prepare<[string], PageFileRecord>('SELECT digest, source, bytes FROM page_files WHERE path = ?');
    this.#record = db.prepare<WrittenPageFile>(
      `INSERT INTO page_files (path, digest, source, bytes) VALUES (@path, @digest, @source, @bytes)
       ON CONFLICT (path) DO UPDATE SET digest = excluded.digest, source = excluded.source, bytes = excluded.bytes`,
    );
  }

  /** What was last written at `path`, if anything. */
  recordOf(path: string): PageFileRecord | undefined {
    return this.#get.get(path);
  }

  /** Record the files just written, in one transaction. */
  recordAll(written: readonly WrittenPageFile[]): void {
    this.#db.transaction(() => {
      for (const file of written) this.#record.run(file);
    })();
  }
}
