/**
 * Where the shared dev data (corpus/, datasets/) lives: `WARC_OVERLAY_SHARED`, else `../shared`
 * beside the checkout. Tests that need it skip, saying why, when it is absent.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SHARED_DIR = resolve(process.env.WARC_OVERLAY_SHARED ?? join(import.meta.dirname, '..', '..', 'shared'));
export const CORPUS_ROOT = join(SHARED_DIR, 'corpus');
export const sharedAvailable = (): boolean => existsSync(join(CORPUS_ROOT, 'wp-dev', 'truth.json'));
