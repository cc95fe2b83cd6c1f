/**
 * What every writing command (`build`, `shard-build`, `merge`) does around its passes: open the
 * overlay for writing under its one-writer lock, and write the standalone pages at the end.
 */
import { join } from 'node:path';
import { acquireWriterLock, closeWriter, type Db, openStore, PageFileStore } from '../store/index.js';
import { writeReconstructedPages } from '../reconstruct/index.js';

/** An overlay store open for writing; `close` ends the writer and releases the lock. */
export interface WritableOverlay {
  db: Db;
  close(): void;
}

/** Open the overlay in `outDir` for writing. A second writer refuses here, before touching the store. */
export function openWritableOverlay(outDir: string): WritableOverlay {
  const lock = acquireWriterLock(outDir);
  let db: Db;
  try {
    db = openStore(outDir, { writable: true });
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    db,
    close: () => {
      closeWriter(db);
      lock.release();
    },
  };
}

/** Where and whether the standalone pages are written. */
export interface PageWriting {
  outDir: string;
  /** Write the reconstructed pages under `<outDir>/pages/` (default true). */
  writePages?: boolean;
  onLog?: (message: string) => void;
}

/** Standalone pages of every version and an index per feed [004 §6, Figure 7], unless turned off. */
export async function writeOverlayPages(db: Db, options: PageWriting): Promise<void> {
  if (options.writePages === false) return;
  const written = await writeReconstructedPages(db, options.outDir, new PageFileStore(db));
  options.onLog?.(
    `reconstructed pages: ${written.pages} pages and ${written.indexes} index pages under ${join(options.outDir, 'pages')} (${written.unchanged} unchanged, not rewritten; ${written.pages + written.indexes - written.rendered} of them with unchanged sources, not rendered)`,
  );
}
