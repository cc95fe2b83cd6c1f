/**
 * Gold of the quality benchmark, read into one shape for both kinds of data:
 * - corpus (`<data>/corpus/<name>/`): crawl-N.warc.gz + truth.json (posts per crawl with text,
 *   title, author, published, comments, in_feed; non-post pages; changes between crawls);
 * - page sets (`<data>/datasets/<name>/`): `<name>.warc.gz` + pages.jsonl (gold text, title,
 *   byline, published, gold_comments as one concatenated string) + `<name>.feeds.jsonl` (how each
 *   synthetic feed item's description was made).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { schemelessKey } from '../../src/core/url.js';

export type BaselineName = 'readability' | 'defuddle';

/** The parts of a page set's `split.json` (pages split by site, DESIGN "Data for development"). */
export const SPLIT_NAMES = ['tune', 'check'] as const;
export type SplitName = (typeof SPLIT_NAMES)[number];

export interface GoldComment {
  author: string | null;
  published: string | null;
  text: string;
}

export interface GoldPage {
  /** Basename of the WARC this page's gold belongs to. */
  crawl: string;
  url: string;
  /** Matching key: canonical URL without scheme and `www.` (src/core/url schemelessKey). */
  key: string;
  /** Which article group the page is scored in (`in-feed`, `not-in-feed`, `all`). */
  group: string;
  /** Page sets with a `split.json`: the part the page belongs to (`tune`: rules and thresholds are
   *  tuned on it; `check`: read only as a score). Null for a corpus and for pages the split lacks. */
  split: SplitName | null;
  /** Datasets: how the synthetic feed item was made (excerpt, excerpt-html, meta, full). */
  feedMode: string | null;
  text: string;
  title: string | null;
  author: string | null;
  published: string | null;
  /** Per-comment gold; null when the data set has none per comment. */
  comments: GoldComment[] | null;
  /** All comment text of the page; null when the data set has no comment gold. */
  commentText: string | null;
}

export interface GoldNonPost {
  crawl: string;
  url: string;
  key: string;
}

export interface GoldChange {
  key: string;
  url: string;
  /** Crawl numbers as in truth.json (1-based). */
  from: number;
  to: number;
  kind: string;
}

export interface Dataset {
  name: string;
  kind: 'corpus' | 'pages';
  /** Absolute WARC paths in crawl order. */
  warcs: string[];
  pages: GoldPage[];
  /** Corpus only: pages that are not posts, per crawl. */
  nonPosts: GoldNonPost[] | null;
  /** Corpus only: truth changes between consecutive crawls. */
  changes: GoldChange[] | null;
  /** Page-only extractors compared on the same pages. */
  baselines: BaselineName[];
  /** What was wrong with the gold and how the bench dealt with it (printed with the results). */
  goldNotes: string[];
}

interface TruthPost {
  url: string;
  title: string;
  author: string | null;
  published: string | null;
  text: string;
  comments: Array<{ author: string | null; published: string | null; text: string }>;
  in_feed: boolean;
}

interface Truth {
  crawls: Array<{ warc: string; posts: TruthPost[]; non_posts: string[] }>;
  changes: Array<{ url: string; from: number; to: number; kind: string }>;
}

interface PageGold {
  id: string;
  url: string;
  title?: string;
  byline?: string;
  published?: string;
  gold_text: string;
  gold_comments?: string[];
}

const ALL_BASELINES: BaselineName[] = ['readability', 'defuddle'];
/** The gold of this data set is Readability's own output: Readability cannot be its baseline. */
const GOLD_IS_READABILITY = 'readability';

/** Every data set under `<dataRoot>/corpus/*` and `<dataRoot>/datasets/*`, corpus first. */
export function listDatasets(dataRoot: string): Dataset[] {
  const sets: Dataset[] = [];
  for (const dir of subdirectories(join(dataRoot, 'corpus'))) {
    if (existsSync(join(dir, 'truth.json'))) sets.push(loadCorpus(dir));
  }
  for (const dir of subdirectories(join(dataRoot, 'datasets'))) {
    if (existsSync(join(dir, 'pages.jsonl'))) sets.push(loadPageSet(dir));
  }
  return sets;
}

function subdirectories(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => join(dir, e.name))
    .sort();
}

export function loadCorpus(dir: string): Dataset {
  const truth = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')) as Truth;
  const pages: GoldPage[] = [];
  const nonPosts: GoldNonPost[] = [];
  for (const crawl of truth.crawls) {
    for (const post of crawl.posts) {
      pages.push({
        crawl: crawl.warc,
        url: post.url,
        key: schemelessKey(post.url),
        group: post.in_feed ? 'in-feed' : 'not-in-feed',
        split: null,
        feedMode: null,
        text: post.text,
        title: post.title,
        author: post.author,
        published: post.published,
        comments: post.comments.map((c) => ({ author: c.author, published: c.published, text: c.text })),
        commentText: post.comments.map((c) => c.text).join('\n'),
      });
    }
    for (const url of crawl.non_posts) nonPosts.push({ crawl: crawl.warc, url, key: schemelessKey(url) });
  }
  return {
    name: basename(dir),
    kind: 'corpus',
    warcs: truth.crawls.map((c) => join(dir, c.warc)),
    pages,
    nonPosts,
    changes: truth.changes.map((c) => ({ key: schemelessKey(c.url), url: c.url, from: c.from, to: c.to, kind: c.kind })),
    baselines: ALL_BASELINES,
    goldNotes: [],
  };
}

export function loadPageSet(dir: string): Dataset {
  const name = basename(dir);
  const warc = `${name}.warc.gz`;
  const feedModes = new Map<string, string>();
  const feedsFile = join(dir, `${name}.feeds.jsonl`);
  if (existsSync(feedsFile)) {
    for (const item of readJsonLines<{ id: string; mode: string }>(feedsFile)) feedModes.set(item.id, item.mode);
  }
  const splitOf = readSplit(join(dir, 'split.json'));
  const misread: string[] = [];
  const pages = readJsonLines<PageGold>(join(dir, 'pages.jsonl')).map((p): GoldPage => {
    const recovered = recoverUtf16(p.gold_text);
    if (recovered !== null) misread.push(p.id);
    return {
      crawl: warc,
      url: p.url,
      key: schemelessKey(p.url),
      group: 'all',
      split: splitOf.get(p.id) ?? null,
      feedMode: feedModes.get(p.id) ?? null,
      text: recovered ?? p.gold_text,
      title: p.title ?? null,
      author: p.byline ?? null,
      published: p.published ?? null,
      comments: null,
      // Comment gold lost with the misread text (empty) is unknown, not "no comments".
      commentText:
        p.gold_comments === undefined || (recovered !== null && p.gold_comments.length === 0) ? null : p.gold_comments.join('\n'),
    };
  });
  const goldNotes =
    misread.length === 0
      ? []
      : [
          `gold text of ${misread.length} page(s) was UTF-16 read as Latin-1 (${misread.join(', ')}): text recovered, their empty comment gold left out of the comment scores`,
        ];
  return {
    name,
    kind: 'pages',
    warcs: [join(dir, warc)],
    pages,
    nonPosts: null,
    changes: null,
    baselines: name === GOLD_IS_READABILITY ? ALL_BASELINES.filter((b) => b !== 'readability') : ALL_BASELINES,
    goldNotes,
  };
}

/** Page id -> split part, from `split.json` ({"tune": [ids], "check": [ids]}); empty when absent. */
function readSplit(file: string): Map<string, SplitName> {
  const out = new Map<string, SplitName>();
  if (!existsSync(file)) return out;
  const split = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<SplitName, string[]>>;
  for (const name of SPLIT_NAMES) for (const id of split[name] ?? []) out.set(id, name);
  return out;
}

/** A gold text written as UTF-16 and read as Latin-1 (it starts with the byte-order mark "ÿþ" or
 *  "þÿ"): the text it holds, else null. */
function recoverUtf16(text: string): string | null {
  const bom = text.slice(0, 2);
  if (bom !== '\u00ff\u00fe' && bom !== '\u00fe\u00ff') return null;
  const raw = Buffer.from(text.slice(2), 'latin1');
  const bytes = raw.subarray(0, raw.length - (raw.length % 2));
  if (bom === '\u00fe\u00ff') bytes.swap16();
  return bytes.toString('utf16le');
}

function readJsonLines<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}
