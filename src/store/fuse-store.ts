/** The fuse pass's reads and writes: the per-method candidates of an object in a crawl, their comments, the fused version. */
import type { Comment, Fusion, ObjectVersion } from '../core/domain.js';
import type { Db } from './overlay-db.js';
import { PassStore } from './pass-store.js';
import {
  COMMENT_FIELDS,
  type CommentParams,
  INSERT_COMMENT,
  toObjectVersion,
  UPSERT_VERSION,
  VERSION_COLUMNS,
  VERSION_FROM,
  type VersionParams,
  type VersionRow,
  versionParams,
} from './version-rows.js';

/** Method of the stored fused version (a row per object and crawl). */
export const FUSED_METHOD = 'fused';

/** What the fuse pass writes as the fused version of an object in a crawl. */
export type FusedVersion = Parameters<typeof versionParams>[0];

function statements(db: Db) {
  const notFused = `method <> '${FUSED_METHOD}'`;
  return {
    objectsIn: db.prepare<[number], number>(`SELECT DISTINCT object_id FROM versions WHERE crawl_id = ? AND ${notFused}`).pluck(),
    candidates: db.prepare<[number, number], VersionRow>(`SELECT ${VERSION_COLUMNS} ${VERSION_FROM}
      WHERE v.object_id = ? AND v.crawl_id = ? AND v.${notFused}`),
    comments: db.prepare<[number], Comment>(`SELECT ${COMMENT_FIELDS} FROM comments WHERE version_id = ? ORDER BY position`),
    upsert: db.prepare<VersionParams, { id: number }>(UPSERT_VERSION),
    drop: db.prepare<[number, number]>(`DELETE FROM versions WHERE object_id = ? AND crawl_id = ? AND method = '${FUSED_METHOD}'`),
    clearComments: db.prepare<[number]>('DELETE FROM comments WHERE version_id = ?'),
    insertComment: db.prepare<CommentParams>(INSERT_COMMENT),
  };
}

/** The fuse pass's statements, prepared once per store. */
export class FuseStore extends PassStore {
  readonly #q = statements(this.db);

  /** Objects with a per-method version in the crawl. */
  objectsIn(crawlId: number): number[] {
    return this.#q.objectsIn.all(crawlId);
  }

  /** The per-method versions (candidates) of an object in a crawl. */
  candidatesOf(objectId: number, crawlId: number): ObjectVersion[] {
    return this.#q.candidates.all(objectId, crawlId).map(toObjectVersion);
  }

  /** The comments of a version, in order. */
  commentsOf(versionId: number): Comment[] {
    return this.#q.comments.all(versionId);
  }

  /** Store the fused version of an object and crawl with its comments (renumbered in the order given). */
  writeFused(version: FusedVersion & { fusion: Fusion }, comments: readonly Comment[]): void {
    const row = this.#q.upsert.get(versionParams({ ...version, method: FUSED_METHOD }));
    if (row === undefined) throw new Error(`no fused version row returned for object ${version.objectId}`);
    this.#q.clearComments.run(row.id);
    for (const [position, c] of comments.entries()) this.#q.insertComment.run({ ...c, position, versionId: row.id });
  }

  /** Remove the fused version of an object and crawl (no candidate has text left). */
  dropFused(objectId: number, crawlId: number): void {
    this.#q.drop.run(objectId, crawlId);
  }
}
