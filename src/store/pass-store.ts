import type { Db } from './overlay-db.js';

/**
 * Base of a pass's store class (`FuseStore`, `ChangeStore`): the connection and its transactions. A
 * subclass prepares its statements once, in a field initialiser (`readonly #q = statements(this.db)`).
 */
export class PassStore {
  protected readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Run `fn` in one transaction. */
  transaction(fn: () => void): void {
    this.db.transaction(fn)();
  }
}
