import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkImport } from '../tools/layering.js';
import { findSql, sqlOutsideStore } from '../tools/sql-outside-store.js';

const SRC = join(import.meta.dirname, '..', 'src');
const check = (from: string, specifier: string): string | null => checkImport(SRC, join(SRC, from), specifier);

describe('stage layering (tools/layering.js)', () => {
  it('allows imports inside a stage, of core/, and of an earlier stage through its index.ts', () => {
    expect(check('extract/comments/comment-feed.ts', '../page-dom.js')).toBeNull();
    expect(check('extract/extract-object.ts', '../core/url.js')).toBeNull();
    expect(check('store/overlay-writer.ts', '../feeds/index.js')).toBeNull();
    expect(check('build/build-overlay.ts', '../reconstruct/index.js')).toBeNull();
    expect(check('index.ts', './cli/index.js')).toBeNull();
    expect(check('warc/warc-reader.ts', 'node:fs')).toBeNull();
  });

  it("refuses another stage's internals", () => {
    expect(check('extract/comments/types.ts', '../../feeds/types.js')).toMatch(/feeds\/ is imported only through feeds\/index.ts/);
    expect(check('viewer/viewer-server.ts', '../store/viewer-queries.js')).toMatch(/only through store\/index.ts/);
  });

  it('refuses backward edges and stage imports from core/', () => {
    expect(check('store/overlay-writer.ts', '../build/index.js')).toMatch(/backward edge: store\/ comes before build\//);
    expect(check('feeds/feed-parser.ts', '../extract/index.js')).toMatch(/backward edge/);
    expect(check('core/url.ts', '../warc/index.js')).toMatch(/core\/ imports no stage/);
  });

  it('names a folder that is not in the stage order', () => {
    expect(check('newstage/a.ts', '../warc/index.js')).toMatch(/newstage\/ is not a known stage/);
  });
});

describe('all SQL in src/store/ (tools/sql-outside-store.js)', () => {
  it('finds statements prepared, executed or written in code, not prose in comments', () => {
    const code = [
      '// SELECT the best candidate FROM the list, then DELETE FROM nothing',
      '/** Prepare once: `db.prepare(...)`. */',
      "const rows = db.prepare('SELECT id FROM captures WHERE crawl_id = ?').all(crawlId);",
      'const idx = new Database(file, { readonly: true });',
      "idx.exec('BEGIN');",
      'const insert = `INSERT OR IGNORE INTO obj_kind (kind, object_id) VALUES (?, ?)`;',
      "const sql = 'UPDATE crawls SET finished_at = ?';",
      'const m = /^bytes=(\\d*)$/.exec(range);',
      "const words = 'select a post from the feed';",
    ].join('\n');
    expect(findSql(code)).toEqual([
      { line: 3, what: 'prepared statement' },
      { line: 4, what: 'connection opened' },
      { line: 5, what: 'executed SQL' },
      { line: 6, what: 'INSERT statement' },
      { line: 7, what: 'UPDATE statement' },
    ]);
  });

  it('src/ holds no SQL outside src/store/ (tests aside)', () => {
    expect(sqlOutsideStore(SRC)).toEqual([]);
  });
});
