/**
 * Change kinds against the dev corpus truth (crawl 1 -> crawl 2). Versions are built from the gold
 * posts of each crawl; the page digest is the real WARC-Payload-Digest of the post's response
 * record in that crawl's WARC (null when the crawl has no 200 response for the URL), so
 * boilerplate-only is decided from the archived bytes, not from the truth labels.
 * Categories are the gold categories + tags; references are empty (the truth has none); comment
 * hashes are sha1(author, published, text) of the gold comments.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { WARCParser } from 'warcio';
import { describe, expect, it } from 'vitest';
import { CORPUS_ROOT, sharedAvailable } from '../../test/shared-data.js';
import { diffVersions } from './index.js';
import type { ChangeKind, VersionSnapshot } from './index.js';

const CORPUS = CORPUS_ROOT;
const SITES = ['wp-dev', 'pelican-dev'] as const;
const FLOOR = 0.95;

interface TruthComment {
  author: string | null;
  published: string | null;
  text: string;
}
interface TruthPost {
  url: string;
  title: string;
  author: string | null;
  published: string | null;
  categories: string[];
  tags: string[];
  text: string;
  comments: TruthComment[];
}
interface Truth {
  crawls: { warc: string; time: string; posts: TruthPost[] }[];
  changes: { url: string; from: number; to: number; kind: ChangeKind }[];
}

interface PageRecord {
  digest: string | null;
  isRevisit: boolean;
}

/** URL -> payload digest of its 200 response (or revisit) in one WARC. */
async function readDigests(path: string): Promise<Map<string, PageRecord>> {
  const pages = new Map<string, PageRecord>();
  for await (const record of new WARCParser(createReadStream(path))) {
    const url = record.warcTargetURI;
    if (url === null || url === undefined) continue;
    if (record.warcType === 'response' && record.httpHeaders?.statusCode === 200) {
      pages.set(url, { digest: record.warcPayloadDigest ?? null, isRevisit: false });
    } else if (record.warcType === 'revisit') {
      pages.set(url, { digest: record.warcPayloadDigest ?? null, isRevisit: true });
    }
  }
  return pages;
}

function sha1(...parts: (string | null)[]): string {
  return createHash('sha1')
    .update(parts.map((p) => p ?? '').join('\u0000'))
    .digest('hex');
}

function toSnapshot(post: TruthPost, captureTime: string, page: PageRecord | undefined): VersionSnapshot {
  return {
    url: post.url,
    captureTime,
    title: post.title,
    author: post.author,
    published: post.published,
    updated: null,
    categories: [...post.categories, ...post.tags],
    text: post.text,
    references: [],
    comments: post.comments.map((c) => ({
      hash: sha1(c.author, c.published, c.text),
      author: c.author,
      published: c.published,
      text: c.text,
    })),
    pageDigest: page?.digest ?? null,
    ...(page?.isRevisit === true ? { isRevisit: true } : {}),
  };
}

/**
 * Typographic and invisible noise a re-render or another extractor could add, none of it an edit:
 * curly quotes, en dashes for hyphens, an ellipsis character, doubled spaces and newlines,
 * soft hyphens and zero-width spaces inside long words, no-break spaces, categories reversed.
 */
function addNoise(s: VersionSnapshot): VersionSnapshot {
  const noisy = (text: string): string =>
    text
      .replace(/'/g, '\u2019')
      .replace(/"([^"]*)"/g, '\u201C$1\u201D')
      .replace(/(\w)-(\w)/g, '$1\u2010$2')
      .replace(/\.\.\./g, '\u2026')
      .replace(/, /g, ',  ')
      .replace(/\. /g, '.\n\n')
      .replace(/\b(\w{5})(\w{5,})\b/g, '$1\u00AD$2')
      .replace(/\b(\w{4})(\w{7,})\b/g, '$1\u200B$2')
      .replace(/ (of|to) /g, '\u00A0$1\u00A0');
  return {
    ...s,
    title: s.title === null ? null : noisy(s.title),
    text: noisy(s.text),
    categories: [...s.categories].reverse(),
    comments: s.comments.map((c) => ({ ...c, hash: `${c.hash}-rehashed`, text: noisy(c.text) })),
  };
}

interface Scores {
  [kind: string]: { tp: number; fp: number; fn: number };
}

async function scoreSite(site: string, noisy: boolean) {
  const truth = JSON.parse(readFileSync(`${CORPUS}/${site}/truth.json`, 'utf8')) as Truth;
  const [crawl1, crawl2] = truth.crawls;
  if (crawl1 === undefined || crawl2 === undefined) throw new Error(`${site}: truth needs two crawls`);
  const pages1 = await readDigests(`${CORPUS}/${site}/${crawl1.warc}`);
  const pages2 = await readDigests(`${CORPUS}/${site}/${crawl2.warc}`);
  const before = new Map(crawl1.posts.map((p) => [p.url, p]));
  const after = new Map(crawl2.posts.map((p) => [p.url, p]));

  const predicted = new Set<string>();
  const contentEdits: string[] = [];
  for (const url of new Set([...before.keys(), ...after.keys()])) {
    const p = before.get(url);
    const n = after.get(url);
    const prev = p === undefined ? null : toSnapshot(p, crawl1.time, pages1.get(url));
    let next = n === undefined ? null : toSnapshot(n, crawl2.time, pages2.get(url));
    if (noisy && next !== null) next = addNoise(next);
    const change = diffVersions(prev, next);
    for (const kind of change.kinds) predicted.add(`${kind} ${url}`);
    if (change.kinds.includes('content-edit')) contentEdits.push(url);
  }
  const gold = new Set(truth.changes.filter((c) => c.from === 1 && c.to === 2).map((c) => `${c.kind} ${c.url}`));

  const scores: Scores = {};
  const bump = (key: string, field: 'tp' | 'fp' | 'fn') => {
    const kind = key.split(' ')[0] ?? '';
    scores[kind] ??= { tp: 0, fp: 0, fn: 0 };
    scores[kind][field] += 1;
  };
  for (const key of predicted) bump(key, gold.has(key) ? 'tp' : 'fp');
  for (const key of gold) if (!predicted.has(key)) bump(key, 'fn');
  const goldContentEdits = new Set(truth.changes.filter((c) => c.kind === 'content-edit').map((c) => c.url));
  return {
    scores,
    falseContentEdits: contentEdits.filter((u) => !goldContentEdits.has(u)),
    goldKinds: new Set(truth.changes.map((c) => c.kind)),
  };
}

function precisionRecall(s: { tp: number; fp: number; fn: number }) {
  return {
    precision: s.tp + s.fp === 0 ? 1 : s.tp / (s.tp + s.fp),
    recall: s.tp + s.fn === 0 ? 1 : s.tp / (s.tp + s.fn),
  };
}

describe.skipIf(!sharedAvailable()).each(SITES)('change kinds on %s (crawl 1 -> 2)', (site) => {
  for (const noisy of [false, true]) {
    it(`per-kind precision and recall >= ${FLOOR}${noisy ? ' with typographic noise added to crawl 2' : ''}`, async () => {
      const { scores, falseContentEdits, goldKinds } = await scoreSite(site, noisy);
      expect(falseContentEdits).toEqual([]);
      // Every kind the truth uses must be found, and every kind we report must be right.
      for (const kind of goldKinds) expect(Object.keys(scores)).toContain(kind);
      for (const [kind, s] of Object.entries(scores)) {
        const { precision, recall } = precisionRecall(s);
        expect(precision, `${kind} precision (${JSON.stringify(s)})`).toBeGreaterThanOrEqual(FLOOR);
        expect(recall, `${kind} recall (${JSON.stringify(s)})`).toBeGreaterThanOrEqual(FLOOR);
      }
    });
  }
});
