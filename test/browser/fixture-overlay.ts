/**
 * The overlay the browser tests drive: the two Pelican crawls shipped in samples/, built by the
 * real pipeline (`buildOverlay`, what `warc-overlay build` runs). What the tests look for is read
 * back from the built store, not from a corpus truth.
 */
import { join } from 'node:path';
import { buildOverlay, iterateVersions, openStore, readChanges, type VersionView } from '../../src/overlay/index.js';

const SAMPLES = join(import.meta.dirname, '..', '..', 'samples');
const SAMPLE_CRAWLS = [join(SAMPLES, 'pelican-crawl-1.warc.gz'), join(SAMPLES, 'pelican-crawl-2.warc.gz')];

export interface FixtureOverlay {
  /** The two versions of an object that gained words between the crawls (a stored content-edit). */
  edited: { before: VersionView; after: VersionView };
  /** Object versions in the store: one reconstructed page each in the overlay WACZ. */
  versions: number;
}

/** Builds the overlay of the sample crawls into `dir`. */
export async function buildFixtureOverlay(dir: string): Promise<FixtureOverlay> {
  // the viewer does not read pages/, so they are not written
  const report = await buildOverlay({ inputs: SAMPLE_CRAWLS, outDir: dir, writePages: false });
  if (report.errorCount > 0) throw new Error(`sample build reported ${report.errorCount} errors`);
  const db = openStore(dir, { writable: false });
  try {
    const versions = [...iterateVersions(db)];
    // one version per crawl, so the viewer's timeline and default diff are exactly this pair
    const pair = [...readChanges(db, { kinds: ['content-edit'] })]
      .filter((c) => (c.words_added as number) > 0)
      .map((c) => versions.filter((v) => v.url === c.url))
      .find((vs) => vs.length === 2);
    const [before, after] = pair ?? [];
    if (before === undefined || after === undefined) throw new Error('no content-edit with added words in the sample overlay');
    return { edited: { before, after }, versions: versions.length };
  } finally {
    db.close();
  }
}
