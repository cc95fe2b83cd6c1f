/**
 * The changes stage on the shipped sample (two real crawls of a Pelican blog) against the changes
 * its crawler's truth lists: every post gets exactly the kind the site's author made, whatever
 * method (feed page or site template) extracted each version.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Diagnostics } from '../core/diagnostics.js';
import { canonicalUrl } from '../core/url.js';
import { buildOverlay } from './build-overlay.js';
import { openStore } from '../store/index.js';

const ROOT = join(import.meta.dirname, '..', '..');
const truth = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/pelican-truth-changes.json'), 'utf8')) as {
  changes: Array<{ url: string; kind: string }>;
};

describe('changes stage on two real crawls', () => {
  let dir = '';
  let stored = new Map<string, string[]>();
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wo-changes-'));
    await buildOverlay({
      inputs: [join(ROOT, 'samples/pelican-crawl-1.warc.gz'), join(ROOT, 'samples/pelican-crawl-2.warc.gz')],
      outDir: dir,
      diagnostics: new Diagnostics(),
    });
    const db = openStore(dir, { writable: false });
    const rows = db
      .prepare('SELECT o.canonical_url AS url, ch.kinds FROM changes ch JOIN objects o ON o.id = ch.object_id')
      .all() as Array<{
      url: string;
      kinds: string;
    }>;
    db.close();
    stored = new Map(rows.map((r) => [r.url, JSON.parse(r.kinds) as string[]]));
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives each post the kind of change its author made', () => {
    for (const c of truth.changes) expect({ url: c.url, kinds: stored.get(canonicalUrl(c.url)) }).toEqual({ url: c.url, kinds: [c.kind] });
  });

  it('reports nothing for pages that are not posts', () => {
    const posts = new Set(truth.changes.map((c) => canonicalUrl(c.url)));
    expect([...stored.keys()].filter((u) => !posts.has(u))).toEqual([]);
  });
});
