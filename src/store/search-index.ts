/**
 * The viewer's own index, in a separate SQLite file beside the store (the store stays read-only):
 * one row per object with its host, latest title and time span, the change kinds of its versions,
 * and an FTS5 full-text index over every version's title, text and comments. Rebuilt when the
 * store's fingerprint (version count, last version id, changes) differs. The viewer reads it through
 * `openSearchIndex` and the queries below; all its SQL is here.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { ObjectVersion } from '../core/domain.js';
import type { Db } from './overlay-db.js';
import { FUSED_VERSION } from './version-rows.js';
import { hasStoredChanges, iterateChangeKinds, storeFingerprint } from './viewer-queries.js';

/** File of the viewer's own full-text index, inside the overlay directory. */
export const SEARCH_INDEX_FILE = 'viewer-fts.sqlite';
/** Schema version of that file; a different one is rebuilt. */
export const SEARCH_INDEX_VERSION = 2;
/** Versions indexed per transaction when building the search index (ours: bounds memory). */
export const INDEX_BATCH_SIZE = 5000;
/** Longest search query accepted, in characters (ours: FTS5 queries past this are abuse, not search). */
export const MAX_QUERY_CHARS = 200;
/** Largest row offset of a list page (ours: deep paging is a search problem; also bounds OFFSET cost). */
export const MAX_LIST_OFFSET = 100_000;

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE obj (
  object_id INTEGER PRIMARY KEY, host TEXT NOT NULL, url TEXT NOT NULL, title TEXT, feed_id INTEGER,
  first_time TEXT NOT NULL, last_time TEXT NOT NULL, versions INTEGER NOT NULL, kinds TEXT NOT NULL
);
CREATE INDEX obj_last ON obj(last_time DESC, object_id DESC);
CREATE INDEX obj_host ON obj(host, last_time DESC, object_id DESC);
CREATE INDEX obj_feed ON obj(feed_id, last_time DESC);
CREATE TABLE obj_kind (kind TEXT NOT NULL, object_id INTEGER NOT NULL, PRIMARY KEY (kind, object_id)) WITHOUT ROWID;
CREATE TABLE ver (version_id INTEGER PRIMARY KEY, object_id INTEGER NOT NULL);
CREATE VIRTUAL TABLE vfts USING fts5(title, body, comments, content='', tokenize='unicode61 remove_diacritics 2');
`;

/** Kinds the viewer derives itself when the store has no changes table (cheap: hashes, no diff). */
export type DerivedKind = 'new' | 'content-edit' | 'title-edit' | 'metadata-edit' | 'comments-added' | 'comments-removed' | 'unchanged';

function fingerprint(db: Db): string {
  return JSON.stringify([SEARCH_INDEX_VERSION, ...storeFingerprint(db)]);
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
};

/** Open the index of an overlay directory read-only, building it first when missing or stale. */
export function openSearchIndex(store: Db, dir: string): { index: Db; file: string; built: boolean } {
  const file = join(dir, SEARCH_INDEX_FILE);
  const want = fingerprint(store);
  let built = false;
  if (readFingerprint(file) !== want) {
    buildSearchIndex(store, file, want);
    built = true;
  }
  return { index: new Database(file, { readonly: true }), file, built };
}

/** The fingerprint an index file was built for; null when missing, unreadable or half-written. */
function readFingerprint(file: string): string | null {
  if (!existsSync(file)) return null;
  try {
    const idx = new Database(file, { readonly: true });
    try {
      return idx.prepare<[], string>("SELECT value FROM meta WHERE key = 'fingerprint'").pluck().get() ?? null;
    } finally {
      idx.close();
    }
  } catch {
    return null;
  }
}

function buildSearchIndex(store: Db, file: string, fp: string): void {
  const tmp = `${file}.tmp`;
  rmSync(tmp, { force: true });
  const idx = new Database(tmp);
  idx.pragma('journal_mode = OFF');
  idx.pragma('synchronous = OFF');
  idx.exec(SCHEMA);
  const storedKinds = hasStoredChanges(store) ? readStoredKinds(store) : null;
  const insObj = idx.prepare(`INSERT INTO obj (object_id, host, url, title, feed_id, first_time, last_time, versions, kinds)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insKind = idx.prepare('INSERT OR IGNORE INTO obj_kind (kind, object_id) VALUES (?, ?)');
  const insVer = idx.prepare('INSERT INTO ver (version_id, object_id) VALUES (?, ?)');
  const insFts = idx.prepare('INSERT INTO vfts (rowid, title, body, comments) VALUES (?, ?, ?, ?)');
  const rows = store.prepare<[], IndexedVersion>(`SELECT v.id, v.object_id AS objectId, o.url, o.feed_id AS feedId,
      v.capture_time AS captureTime, v.title, v.author, v.published, v.categories, v.text,
      (SELECT group_concat(cm.text, ' ') FROM comments cm WHERE cm.version_id = v.id) AS comments,
      (SELECT group_concat(cm.hash, ' ') FROM comments cm WHERE cm.version_id = v.id) AS hashes
    FROM versions v JOIN objects o ON o.id = v.object_id WHERE ${FUSED_VERSION} ORDER BY v.object_id, v.capture_time, v.id`);
  let current: {
    id: number;
    url: string;
    feedId: number | null;
    first: string;
    last: string;
    title: string | null;
    n: number;
    kinds: Set<string>;
  } | null = null;
  let prev: KindFields | null = null;
  const flush = (): void => {
    if (current === null) return;
    const kinds = storedKinds?.get(current.id) ?? current.kinds;
    insObj.run(
      current.id,
      hostOf(current.url),
      current.url,
      current.title,
      current.feedId,
      current.first,
      current.last,
      current.n,
      [...kinds].join(' '),
    );
    for (const k of kinds) insKind.run(k, current.id);
  };
  let pending = 0;
  idx.exec('BEGIN');
  for (const r of rows.iterate()) {
    const objectId = r.objectId;
    if (current === null || current.id !== objectId) {
      flush();
      current = {
        id: objectId,
        url: r.url,
        feedId: r.feedId,
        first: r.captureTime,
        last: r.captureTime,
        title: null,
        n: 0,
        kinds: new Set(['new']),
      };
      prev = null;
    }
    current.n++;
    current.last = r.captureTime;
    current.title = r.title ?? current.title;
    if (prev !== null) for (const k of deriveKinds(prev, r)) current.kinds.add(k);
    prev = { title: r.title, text: r.text, author: r.author, published: r.published, categories: r.categories, hashes: r.hashes };
    insVer.run(r.id, objectId);
    insFts.run(r.id, r.title ?? '', r.text, r.comments ?? '');
    if (++pending >= INDEX_BATCH_SIZE) {
      idx.exec('COMMIT; BEGIN');
      pending = 0;
    }
  }
  flush();
  idx.prepare("INSERT INTO meta (key, value) VALUES ('fingerprint', ?)").run(fp);
  idx.exec('COMMIT');
  idx.exec("INSERT INTO vfts(vfts) VALUES ('optimize')");
  idx.close();
  rmSync(file, { force: true });
  // rename last, so a crash never leaves a half-built index under the real name
  renameSync(tmp, file);
}

/** A fused version as the index takes it in: `categories` JSON, its comments' texts and hashes joined by spaces. */
type IndexedVersion = Pick<
  ObjectVersion,
  'id' | 'objectId' | 'url' | 'feedId' | 'captureTime' | 'title' | 'author' | 'published' | 'text'
> & {
  categories: string;
  comments: string | null;
  hashes: string | null;
};

/** What `deriveKinds` compares of two consecutive versions. */
type KindFields = Pick<IndexedVersion, 'title' | 'text' | 'author' | 'published' | 'categories' | 'hashes'>;

/** Kinds between two consecutive versions, from equality of their fields (no word diff). */
export function deriveKinds(a: KindFields, b: KindFields): DerivedKind[] {
  const kinds: DerivedKind[] = [];
  if (a.text !== b.text) kinds.push('content-edit');
  if (a.title !== b.title) kinds.push('title-edit');
  if (a.author !== b.author || a.published !== b.published || a.categories !== b.categories) kinds.push('metadata-edit');
  const ha = new Set(
    String(a.hashes ?? '')
      .split(' ')
      .filter(Boolean),
  );
  const hb = new Set(
    String(b.hashes ?? '')
      .split(' ')
      .filter(Boolean),
  );
  if ([...hb].some((h) => !ha.has(h))) kinds.push('comments-added');
  if ([...ha].some((h) => !hb.has(h))) kinds.push('comments-removed');
  if (kinds.length === 0) kinds.push('unchanged');
  return kinds;
}

function readStoredKinds(store: Db): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (const r of iterateChangeKinds(store)) {
    let set = out.get(r.objectId);
    if (set === undefined) {
      set = new Set();
      out.set(r.objectId, set);
    }
    try {
      for (const k of JSON.parse(r.kinds) as string[]) set.add(k);
    } catch {
      // a malformed kinds cell adds nothing
    }
  }
  return out;
}

export interface ObjectFilters {
  q?: string;
  site?: string;
  kind?: string;
  /** Objects with a version captured in [from, to] (ISO dates; the span of their versions overlaps it). */
  from?: string;
  to?: string;
  feedId?: number;
  page?: number;
}

export interface ObjectListRow {
  objectId: number;
  host: string;
  url: string;
  title: string | null;
  firstTime: string;
  lastTime: string;
  versions: number;
  kinds: string[];
}

/** FTS5 query from user words: each word quoted (no operators), prefix match on the last one. */
export function ftsQuery(q: string): string | null {
  const words = q.slice(0, MAX_QUERY_CHARS).match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (words.length === 0) return null;
  return words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ');
}

/** One page (`pageSize` rows) of objects matching the filters, newest first (or best match first when searching). */
export function searchObjects(idx: Db, f: ObjectFilters, pageSize: number): { rows: ObjectListRow[]; total: number } {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  const fts = f.q ? ftsQuery(f.q) : null;
  if (fts !== null) {
    where.push('o.object_id IN (SELECT ver.object_id FROM vfts JOIN ver ON ver.version_id = vfts.rowid WHERE vfts MATCH @fts)');
    params.fts = fts;
  }
  if (f.site) {
    where.push('o.host = @site');
    params.site = f.site;
  }
  if (f.kind) {
    where.push('o.object_id IN (SELECT object_id FROM obj_kind WHERE kind = @kind)');
    params.kind = f.kind;
  }
  if (f.from) {
    where.push('o.last_time >= @from');
    params.from = f.from;
  }
  if (f.to) {
    where.push('o.first_time <= @to');
    params.to = `${f.to}\uffff`;
  }
  if (f.feedId !== undefined) {
    where.push('o.feed_id = @feed');
    params.feed = f.feedId;
  }
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const offset = Math.min(Math.max(0, (f.page ?? 0) * pageSize), MAX_LIST_OFFSET);
  const rows = idx
    .prepare<[Record<string, unknown>], Omit<ObjectListRow, 'kinds'> & { kinds: string }>(`SELECT o.object_id AS objectId, o.host,
      o.url, o.title, o.first_time AS firstTime, o.last_time AS lastTime, o.versions, o.kinds
      FROM obj o ${w} ORDER BY o.last_time DESC, o.object_id DESC LIMIT ${pageSize} OFFSET ${offset}`)
    .all(params);
  const total = idx.prepare<[Record<string, unknown>], number>(`SELECT count(*) FROM obj o ${w}`).pluck().get(params) ?? 0;
  return { total, rows: rows.map((r) => ({ ...r, kinds: r.kinds.split(' ').filter(Boolean) })) };
}

/** Hosts with their object counts, for the site filter. */
export function listSites(idx: Db): Array<{ host: string; objects: number }> {
  return idx.prepare<[], { host: string; objects: number }>('SELECT host, count(*) AS objects FROM obj GROUP BY host ORDER BY host').all();
}

/** Change kinds present, for the kind filter. */
export function listKinds(idx: Db): string[] {
  return idx.prepare<[], string>('SELECT DISTINCT kind FROM obj_kind ORDER BY kind').pluck().all();
}
