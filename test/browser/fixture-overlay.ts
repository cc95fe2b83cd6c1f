/**
 * The overlay the browser, viewer-server and reconstruct tests drive: the two Pelican crawls
 * shipped in samples/, built by the real pipeline (`buildOverlay`, what `warc-overlay build`
 * runs). What the tests look for is read back from the built store, not from a corpus truth.
 */
import { join } from 'node:path';
import { commentHash, type ExtractionMethod, type PropertyPaths, type Reference } from '../../src/extract/index.js';
import { buildOverlay, runChangesStage, runFuseStage } from '../../src/build/index.js';
import type { Comment, ObjectVersion } from '../../src/core/domain.js';
import { iterateVersions, openStore, OverlayWriter, readChanges } from '../../src/store/index.js';

const SAMPLES = join(import.meta.dirname, '..', '..', 'samples');
const SAMPLE_CRAWLS = [join(SAMPLES, 'pelican-crawl-1.warc.gz'), join(SAMPLES, 'pelican-crawl-2.warc.gz')];

export interface FixtureOverlay {
  /** The two versions of an object that gained words between the crawls (a stored content-edit). */
  edited: { before: ObjectVersion; after: ObjectVersion };
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

/**
 * Adds a reader's comment to a stored version (the Pelican samples have none), written the way a
 * build writes one: the version is stored again with the store's writer (`addVersion` upserts it
 * in place, same id, comments replaced), then the changes stage of its crawl runs again, so the
 * stored changes see the comment (`comments-added` against the previous version).
 */
export function addFixtureComment(
  dir: string,
  version: ObjectVersion,
  comment: { author: string; published: string; text: string },
): Comment {
  const stored: Comment = {
    position: 0,
    id: 'comment-1',
    parent: null,
    depth: 0,
    author: comment.author,
    authorUrl: null,
    published: comment.published,
    text: comment.text,
    html: `<p>${comment.text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`,
    permalink: `${version.url}#comment-1`,
    source: 'page',
    hash: commentHash(comment.author, comment.published, comment.text),
    byline: comment.author,
  };
  const db = openStore(dir, { writable: true });
  try {
    // The comment goes into the evidence row the fused version's text comes from; the fuse stage
    // then gives it to the fused version (same id), as a build does.
    const evidence = db
      .prepare('SELECT id, page_digest FROM versions WHERE object_id = ? AND crawl_id = ? AND method = ?')
      .get(version.objectId, version.crawlId, version.method) as { id: number; page_digest: string | null };
    const pageDigest = evidence.page_digest;
    const id = new OverlayWriter(db).addVersion({
      canonicalUrl: version.canonicalUrl,
      url: version.url,
      feedId: version.feedId,
      guid: version.guid,
      crawlId: version.crawlId,
      captureId: version.captureId,
      captureTime: version.captureTime,
      pageDigest,
      object: {
        method: version.method as ExtractionMethod,
        confidence: version.confidence,
        title: version.title,
        author: version.author,
        published: version.published,
        updated: version.updated,
        categories: version.categories,
        text: version.text,
        html: version.html,
        references: version.references as Reference[],
        paths: version.paths as unknown as PropertyPaths,
      },
      comments: [stored],
    });
    if (id !== evidence.id) throw new Error(`addVersion stored a new version ${id} instead of updating ${evidence.id}`);
    runFuseStage(db, version.crawlId);
    runChangesStage(db, version.crawlId);
  } finally {
    db.close();
  }
  return stored;
}
