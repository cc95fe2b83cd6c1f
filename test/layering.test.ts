import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkImport } from '../tools/layering.js';

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
