/**
 * The library API in one runnable script (docs/api.md): build an overlay of the two shipped sample
 * crawls, read its fused data objects with their provenance, the changes between crawls, and the
 * evidence behind one object. Run from the repository:
 *
 *   node --import tsx docs/examples/library.ts [outDir]
 *
 * In your own project import from 'warc-overlay' instead of '../../src/index.js'.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOverlay, Diagnostics, openStore, store } from '../../src/index.js';

const samples = join(import.meta.dirname, '..', '..', 'samples');
const outDir = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'warc-overlay-example-'));

// 1. Build: each input is one crawl, named by --crawl-style labels here.
const diagnostics = new Diagnostics();
const report = await buildOverlay({
  inputs: [join(samples, 'pelican-crawl-1.warc.gz'), join(samples, 'pelican-crawl-2.warc.gz')],
  outDir,
  crawlLabels: ['2026-11-first', '2026-11-second'],
  diagnostics,
  writePages: false,
});
for (const crawl of report.crawls) console.log(`${crawl.name}: ${crawl.captures} captures, ${crawl.items.paired} feed items paired`);

// 2. Read: one fused object per article and crawl, with the WARC record it was read from.
const db = openStore(outDir, { writable: false });
try {
  for (const c of store.readCrawls(db)) console.log(`crawl ${c.crawl}: ${c.first_capture} .. ${c.last_capture}`);
  let objects = 0;
  for (const o of store.readObjectVersions(db)) {
    if (objects++ < 3) console.log(`${o.crawl} ${o.title} [${o.method}: ${o.fusion?.reason}] ${o.warc_file}@${o.warc_offset} ${o.language}`);
  }
  console.log(`${objects} objects`);

  // 3. Changes between the fused versions of the two crawls.
  const edits = [...store.readChanges(db, { kinds: ['content-edit', 'title-edit'] })];
  for (const ch of edits) console.log(`${(ch.kinds as string[]).join(',')} ${ch.url} (+${ch.words_added} -${ch.words_removed} words)`);

  // 4. The evidence behind one fused object: the per-method candidates.
  const evidence = [...store.readObjectVersions(db, { evidence: true })];
  console.log(`${evidence.length} candidate versions behind ${objects} objects`);
} finally {
  db.close();
}
console.log(`overlay: ${outDir} (${diagnostics.errorCount()} errors)`);
