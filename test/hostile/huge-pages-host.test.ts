/**
 * A host of huge pages (each inside the parse limits) holds at most MAX_HELD_PAGE_ELEMENTS
 * elements of DOM at once: its templates are learnt from the first pages of the sample that fit,
 * with a located warning, and every page is still extracted. Before, the templates pass held all
 * 40 pages of its sample: 40 pages of 200,000 elements (a 458 KB WARC) ended a build out of heap.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOverlay } from '../../src/build/index.js';
import { MAX_HELD_PAGE_ELEMENTS } from '../../src/build/template-stage.js';
import { Diagnostics } from '../../src/core/diagnostics.js';
import { rssSite, writeWarc } from '../generalisation/fixture-warc.js';
import { exportsOf } from '../scale-out-helpers.js';

const SITE = 'http://huge.example';
const POSTS = 5;
/** Elements of each post's filler (a `<div><p>` per repeat): three posts pass the bound, two do not. */
const REPEATS = Math.ceil((0.35 * MAX_HELD_PAGE_ELEMENTS) / 2);

describe('a host of huge pages', () => {
  const work = mkdtempSync(join(tmpdir(), 'warc-overlay-huge-host-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('learns its templates from the pages that fit in the bound, warns where, and extracts every page', async () => {
    const posts = Array.from({ length: POSTS }, (_, i) => ({
      url: `${SITE}/p${i}/`,
      title: `Post ${i}`,
      text: `Notes ${i} on the river garden and the old bridge ${i} in the winter light of the station market.`,
    }));
    const captures = rssSite(SITE, posts, (p) => `<div><p>filler of ${p.title}</p></div>`.repeat(REPEATS));
    const crawl = join(work, 'crawl.warc.gz');
    await writeWarc(crawl, '2025-01-01T00:00:00Z', captures);
    const diagnostics = new Diagnostics();
    const outDir = join(work, 'overlay');
    await buildOverlay({ inputs: [crawl], outDir, workers: 1, diagnostics, writePages: false });
    expect(diagnostics.count('templates.sample-bounded')).toBe(1);
    const [warning] = diagnostics.summary().filter((s) => s.kind === 'templates.sample-bounded');
    expect(warning?.examples[0]).toMatch(/templates of huge\.example learnt from 3 of 5 sampled feed-linked pages/);
    expect(warning?.examples[0]).toContain(`${SITE}/p3/`);
    const urls = exportsOf(outDir).objects.map((o) => (JSON.parse(o) as { url: string }).url);
    expect(urls.sort()).toEqual(posts.map((p) => p.url).sort());
  }, 120_000);
});
