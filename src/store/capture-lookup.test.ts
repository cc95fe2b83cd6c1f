import { describe, expect, it } from 'vitest';
import { indexEntry } from '../../test/helpers/index-entries.js';
import { tempDirs } from '../../test/helpers/temp-dirs.js';
import { schemelessKey } from '../core/url.js';
import { crawlCaptureLookup } from './capture-lookup.js';
import { openStore } from './overlay-db.js';
import { OverlayWriter } from './overlay-writer.js';

const tempDir = tempDirs('capture-lookup-');

describe('crawlCaptureLookup', () => {
  it("finds a URL key's captures of one crawl, in capture order, (the plan SQLite chose read the whole crawl per key)", () => {
    const db = openStore(tempDir(), { writable: true });
    const w = new OverlayWriter(db);
    const crawls = [w.beginCrawl('one:1', 'one.warc.gz', 1).crawlId, w.beginCrawl('two:1', 'two.warc.gz', 2).crawlId];
    for (const [i, crawlId] of crawls.entries()) {
      w.addCapture(crawlId, indexEntry(1000 * i, 'https://blog.test/a/', { time: '2026-11-02T00:00:00Z' }));
      w.addCapture(crawlId, indexEntry(1000 * i + 100, 'http://blog.test/b/'));
      w.addCapture(crawlId, indexEntry(1000 * i + 200, 'http://blog.test/a/', { time: '2026-11-01T00:00:00Z' }));
      w.flushCaptures(crawlId);
    }
    const found = crawlCaptureLookup(db, crawls[1] as number).findByUrlKey(schemelessKey('http://blog.test/a/'));
    expect(found.map((c) => c.url)).toEqual(['https://blog.test/a/', 'http://blog.test/a/']);
    expect(found.map((c) => c.id)).toEqual([...found.map((c) => c.id)].sort((a, b) => a - b));
    db.close();
  });
});
