import type { Db } from './overlay-db.js';

/** ours: how long a batch of writes stays open before it is committed (a commit per page was ~3% of a build's main thread). */
export const WRITE_BATCH_MS = 1000;

/**
 * Groups the many small writes of the extraction and templates passes (a version and its
 * comments, a page decision) into one transaction, committed every `intervalMs`. The writes keep
 * their own transactions, which run as savepoints inside it. A crawl is marked finished only at
 * its end and an unfinished one is built again, so a crash inside a batch loses nothing a rerun
 * does not write again.
 */
export class WriteBatch {
  readonly #db: Db;
  readonly #intervalMs: number;
  #openedAt: number | null = null;

  constructor(db: Db, intervalMs = WRITE_BATCH_MS) {
    this.#db = db;
    this.#intervalMs = intervalMs;
  }

  /** Opens a batch unless one (this or a caller's transaction) is open. */
  begin(): void {
    if (this.#openedAt !== null || this.#db.inTransaction) return;
    this.#db.exec('BEGIN');
    this.#openedAt = performance.now();
  }

  /** Commits this batch and opens the next when it has been open `intervalMs`. */
  checkpoint(): void {
    if (this.#openedAt === null || performance.now() - this.#openedAt < this.#intervalMs) return;
    this.end();
    this.begin();
  }

  /** Commits this batch. */
  end(): void {
    if (this.#openedAt === null) return;
    this.#openedAt = null;
    this.#db.exec('COMMIT');
  }
}
