import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Test fixtures of the feeds stage (see test/fixtures/feeds/README.md for where each comes from). */
export const FEED_FIXTURES = join(import.meta.dirname, '../fixtures/feeds');

export function readFixture(name: string): string {
  return readFileSync(join(FEED_FIXTURES, name), 'utf8');
}
