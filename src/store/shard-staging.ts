/**
 * Where `shard-build` stages a bucket's index rows (DESIGN "Scale-out"): a private temporary SQLite
 * file (an empty file name: on disk, deleted on close), so that no group of rows is held in memory
 * whatever order the engine sends them in. Rows are kept as the JSON lines they came as.
 */
import Database from 'better-sqlite3';

const SCHEMA = `
CREATE TABLE files (crawl TEXT NOT NULL, crawl_order INTEGER NOT NULL, file TEXT NOT NULL, row TEXT NOT NULL,
  UNIQUE (crawl, crawl_order, file));
CREATE TABLE captures (crawl TEXT NOT NULL, crawl_order INTEGER NOT NULL, file TEXT NOT NULL, offset INTEGER NOT NULL,
  inflated_offset INTEGER NOT NULL, row TEXT NOT NULL, PRIMARY KEY (crawl, file, offset, inflated_offset)) WITHOUT ROWID;
CREATE TABLE sites (site TEXT PRIMARY KEY) WITHOUT ROWID;`;

/** A crawl of the staged rows: its label and its place in crawl order. */
export interface StagedCrawl {
  crawl: string;
  crawlOrder: number;
}

/** A staged capture row with the place it is ordered by (file, offset, offset in the gzip member or -1). */
export interface StagedCapture {
  file: string;
  offset: number;
  inflatedOffset: number;
  row: string;
}

function statements(db: Database.Database) {
  return {
    addFile: db.prepare<[string, number, string, string]>('INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?)'),
    addCapture: db.prepare<[string, number, string, number, number, string]>('INSERT OR REPLACE INTO captures VALUES (?, ?, ?, ?, ?, ?)'),
    addSite: db.prepare<[string]>('INSERT OR IGNORE INTO sites VALUES (?)'),
    sites: db.prepare<[], string>('SELECT site FROM sites ORDER BY site').pluck(),
    crawls: db.prepare<[], StagedCrawl>(`SELECT DISTINCT crawl, crawl_order AS crawlOrder
      FROM (SELECT crawl, crawl_order FROM files UNION ALL SELECT crawl, crawl_order FROM captures) ORDER BY crawl_order, crawl`),
    files: db.prepare<[string, number], string>('SELECT row FROM files WHERE crawl = ? AND crawl_order = ? ORDER BY file').pluck(),
    capturesAfter: db.prepare<[string, number, string, number, number, number], StagedCapture>(`SELECT file, offset,
      inflated_offset AS inflatedOffset, row FROM captures WHERE crawl = ? AND crawl_order = ? AND (file, offset, inflated_offset) > (?, ?, ?)
      ORDER BY file, offset, inflated_offset LIMIT ?`),
  };
}

export class ShardStaging {
  readonly #db = new Database('');
  readonly #q: ReturnType<typeof statements>;

  constructor() {
    this.#db.exec(SCHEMA);
    this.#q = statements(this.#db);
  }

  /** Run `fn` in one transaction. */
  transaction(fn: () => void): void {
    this.#db.transaction(fn)();
  }

  addFile(crawl: string, crawlOrder: number, file: string, row: string): void {
    this.#q.addFile.run(crawl, crawlOrder, file, row);
  }

  /** `inflatedOffset`: -1 for a record that starts its own gzip member. */
  addCapture(crawl: string, crawlOrder: number, file: string, offset: number, inflatedOffset: number, row: string): void {
    this.#q.addCapture.run(crawl, crawlOrder, file, offset, inflatedOffset, row);
  }

  addSite(site: string): void {
    this.#q.addSite.run(site);
  }

  /** The sites the bucket owns, sorted. */
  sites(): string[] {
    return this.#q.sites.all();
  }

  /** The staged crawls in crawl order. */
  crawls(): StagedCrawl[] {
    return this.#q.crawls.all();
  }

  /** The file rows of a crawl, by file name. */
  fileRows(c: StagedCrawl): string[] {
    return this.#q.files.all(c.crawl, c.crawlOrder);
  }

  /** The next `limit` capture rows of a crawl after a place, in (file, offset, inflated offset) order. */
  capturesAfter(c: StagedCrawl, after: readonly [string, number, number], limit: number): StagedCapture[] {
    return this.#q.capturesAfter.all(c.crawl, c.crawlOrder, ...after, limit);
  }

  close(): void {
    this.#db.close();
  }
}
