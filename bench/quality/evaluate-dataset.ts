/**
 * One data set through the real CLI and every score: build the overlay, export objects, pages,
 * comments and changes, score them against the gold, and score the page-only baselines on the
 * same pages; for a corpus also the segmentation of its channel pages, and a second build of its
 * crawls without their feeds. A section whose export the CLI does not offer yet is recorded as n/a
 * with the reason.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { type ArticleOutput, type ArticleScores, type PageDetail, scoreArticles, worstPages } from './article-metrics.js';
import { runBaseline } from './baselines.js';
import { listChannelPages } from './channel-listings.js';
import type { CliRunner } from './cli-runner.js';
import { type CommentScores, scoreComments } from './comment-metrics.js';
import { type DetectionScores, type KindScore, scoreChangeKinds, scorePostDetection } from './corpus-metrics.js';
import { crawlKey, type ExportedObject, readChanges, readObjects, readPages, readSegments } from './export-rows.js';
import { type BaselineName, type Dataset, type GoldPage, SPLIT_NAMES, type SplitName } from './gold.js';
import { readArchivedHtml, readGoldHtml } from './page-source.js';
import { type SegmentationResult, scoreSegmentation } from './segment-metrics.js';
import { evaluateWithoutFeeds, type WithoutFeedsResult } from './without-feeds.js';

export const EXPORT_KINDS = ['objects', 'pages', 'comments', 'changes'] as const;
type ExportKind = (typeof EXPORT_KINDS)[number];

export interface BaselineScores extends ArticleScores {
  errors: number;
  seconds: number;
}

export interface GroupResult {
  ours: ArticleScores;
  /** Absent with --no-baselines. */
  baselines?: {
    scores: Partial<Record<BaselineName, BaselineScores>>;
    best: BaselineName | null;
    /** Our shingle F1 minus the best baseline's. */
    margin: number | null;
  };
  /** Data sets with synthetic feeds: shingle F1 per way the feed item was made. */
  byFeedMode?: Record<string, { pages: number; ours: number } & Partial<Record<BaselineName, number>>>;
  worstPages: PageDetail[];
}

export interface DatasetResult {
  name: string;
  kind: Dataset['kind'];
  crawls: string[];
  error?: string;
  build?: {
    seconds: number;
    exitCode: number;
    pages: number;
    pagesPerSecond: number;
    pagesCounted: 'exported html captures' | 'gold pages';
  };
  /** Why an export is missing (e.g. the CLI does not offer it yet); absent = exported. */
  unavailable: Partial<Record<ExportKind, string>>;
  /** Problems found in the gold itself and what the bench did about them. */
  goldNotes: string[];
  /** One object per crawl and page (the page-extracted version preferred), by method. */
  objects?: { count: number; matchedGold: number; byMethod: Record<string, number> };
  articles: Record<string, GroupResult>;
  comments?: {
    ours: CommentScores;
    baselines?: Partial<Record<BaselineName, { leakPosts: number }>>;
    /** Page sets with a split: the same scores on each part (floors are pinned on `check`). */
    bySplit?: Partial<Record<SplitName, CommentScores>>;
    /** Ablation: a second build with the product-specific comment hints switched off
     *  (`build --comment-hints generic`), scored the same way; `error` when it could not run. */
    genericHints?: { ours: CommentScores | null; bySplit?: Partial<Record<SplitName, CommentScores>>; error?: string };
  };
  commentRows?: number;
  postDetection?: DetectionScores;
  changes?: Record<string, KindScore>;
  /** Corpus: channel pages of this build, their segments against the posts they list. */
  segmentation?: SegmentationResult;
  /** Corpus: the same crawls without their feed records, built and scored again. */
  withoutFeeds?: WithoutFeedsResult;
}

export interface EvaluateOptions {
  runner: CliRunner;
  withBaselines: boolean;
  keepOverlay: boolean;
  log: (message: string) => void;
}

export async function evaluateDataset(dataset: Dataset, options: EvaluateOptions): Promise<DatasetResult> {
  const result: DatasetResult = {
    name: dataset.name,
    kind: dataset.kind,
    crawls: dataset.warcs.map((w) => basename(w)),
    unavailable: {},
    goldNotes: dataset.goldNotes,
    articles: {},
  };
  const workDir = await mkdtemp(join(tmpdir(), `warc-overlay-quality-${dataset.name}-`));
  const overlayDir = join(workDir, 'overlay');
  try {
    options.log(`${dataset.name}: build ${result.crawls.join(' ')}`);
    let build: Awaited<ReturnType<CliRunner['build']>>;
    try {
      build = await options.runner.build(dataset.warcs, overlayDir);
    } catch (error) {
      result.error = (error as Error).message;
      return result;
    }
    const files: Partial<Record<ExportKind, string>> = {};
    for (const what of EXPORT_KINDS) {
      const file = join(workDir, `${what}.jsonl`);
      const exported = await options.runner.export(overlayDir, what, file);
      if (exported.exitCode === 0 && existsSync(file)) files[what] = file;
      else result.unavailable[what] = firstLine(exported.stderr) || `export exited ${exported.exitCode}`;
    }
    if (files.objects === undefined) {
      result.error = `export --what objects failed: ${result.unavailable.objects}`;
      return result;
    }
    const objects = await readObjects(files.objects);
    const pages = files.pages === undefined ? null : await readPages(files.pages);
    const goldPageCount = dataset.pages.length + (dataset.nonPosts?.length ?? 0);
    const pageCount = pages?.size ?? goldPageCount;
    result.build = {
      seconds: build.seconds,
      exitCode: build.exitCode,
      pages: pageCount,
      pagesPerSecond: pageCount / build.seconds,
      pagesCounted: pages === null ? 'gold pages' : 'exported html captures',
    };
    result.objects = summariseObjects(objects, dataset);
    if (files.comments !== undefined) result.commentRows = await countLines(files.comments);

    const objectOf = (page: GoldPage): ExportedObject | null => objects.get(crawlKey(page.crawl, page.key)) ?? null;
    const baselineOutputs = options.withBaselines ? await runBaselines(dataset, options.log) : null;
    for (const [group, groupPages] of groupBy(dataset.pages, (p) => p.group)) {
      result.articles[group] = scoreGroup(groupPages, objectOf, baselineOutputs);
    }
    // Page sets split by site: each part scored as a group of its own, tune and check side by side.
    for (const split of SPLIT_NAMES) {
      const splitPages = dataset.pages.filter((p) => p.split === split);
      if (splitPages.length > 0) result.articles[split] = scoreGroup(splitPages, objectOf, baselineOutputs);
    }

    const comments = scoreCommentsBySplit(dataset.pages, objectOf);
    if (comments !== null) {
      result.comments = { ours: comments.all, ...(comments.bySplit === undefined ? {} : { bySplit: comments.bySplit }) };
      if (baselineOutputs !== null) result.comments.baselines = baselineLeaks(dataset, baselineOutputs);
      result.comments.genericHints = await evaluateGenericHints(dataset, options, workDir);
    }
    if (dataset.nonPosts !== null && pages !== null) {
      result.postDetection = scorePostDetection(dataset.pages, dataset.nonPosts, pages, objects);
    }
    if (dataset.changes !== null && files.changes !== undefined) {
      result.changes = scoreChangeKinds(dataset.changes, await readChanges(files.changes));
    }
    if (dataset.nonPosts !== null && files.pages !== undefined) {
      const html = await readArchivedHtml(dataset.warcs, [...dataset.pages, ...dataset.nonPosts]);
      result.segmentation = scoreSegmentation(listChannelPages(dataset, html), await readSegments(files.pages));
    }
    if (dataset.kind === 'corpus') result.withoutFeeds = await evaluateWithoutFeeds(dataset, options, workDir);
    return result;
  } finally {
    if (options.keepOverlay) options.log(`${dataset.name}: overlay and exports kept in ${workDir}`);
    else await rm(workDir, { recursive: true, force: true });
  }
}

/** Comment scores on all pages and, where the data set is split, on each part. */
function scoreCommentsBySplit(
  pages: readonly GoldPage[],
  objectOf: (page: GoldPage) => ExportedObject | null,
): { all: CommentScores; bySplit?: Partial<Record<SplitName, CommentScores>> } | null {
  const outputOf = (p: GoldPage) => {
    const object = objectOf(p);
    return object === null ? null : { articleText: object.text, comments: object.comments };
  };
  const all = scoreComments(pages, outputOf);
  if (all === null) return null;
  const bySplit: Partial<Record<SplitName, CommentScores>> = {};
  for (const split of SPLIT_NAMES) {
    const scores = scoreComments(
      pages.filter((p) => p.split === split),
      outputOf,
    );
    if (scores !== null) bySplit[split] = scores;
  }
  return Object.keys(bySplit).length === 0 ? { all } : { all, bySplit };
}

/** The comment ablation: the same crawls built with only the generic comment hints. */
async function evaluateGenericHints(
  dataset: Dataset,
  options: EvaluateOptions,
  workDir: string,
): Promise<NonNullable<NonNullable<DatasetResult['comments']>['genericHints']>> {
  const overlayDir = join(workDir, 'overlay-generic-hints');
  options.log(`${dataset.name}: build with generic comment hints only (ablation)`);
  try {
    await options.runner.build(dataset.warcs, overlayDir, ['--comment-hints', 'generic']);
  } catch (error) {
    return { ours: null, error: firstLine((error as Error).message) };
  }
  const file = join(workDir, 'objects-generic-hints.jsonl');
  const exported = await options.runner.export(overlayDir, 'objects', file);
  if (exported.exitCode !== 0) return { ours: null, error: firstLine(exported.stderr) || `export exited ${exported.exitCode}` };
  const objects = await readObjects(file);
  const scores = scoreCommentsBySplit(dataset.pages, (page) => objects.get(crawlKey(page.crawl, page.key)) ?? null);
  if (scores === null) return { ours: null, error: 'no comment gold' };
  return { ours: scores.all, ...(scores.bySplit === undefined ? {} : { bySplit: scores.bySplit }) };
}

type BaselineOutputs = Map<BaselineName, { outputs: Map<string, ArticleOutput>; errors: number; seconds: number }>;

async function runBaselines(dataset: Dataset, log: (m: string) => void): Promise<BaselineOutputs> {
  const html = await readGoldHtml(dataset);
  const pages = new Map<string, { html: string; url: string }>();
  for (const page of dataset.pages) {
    const id = crawlKey(page.crawl, page.key);
    const source = html.get(id);
    if (source !== undefined) pages.set(id, { html: source, url: page.url });
  }
  const runs: BaselineOutputs = new Map();
  for (const name of dataset.baselines) {
    log(`${dataset.name}: baseline ${name} on ${pages.size} pages`);
    runs.set(name, await runBaseline(name, pages));
  }
  return runs;
}

function scoreGroup(
  pages: GoldPage[],
  objectOf: (page: GoldPage) => ExportedObject | null,
  baselines: BaselineOutputs | null,
): GroupResult {
  const ours = scoreArticles(pages, objectOf);
  // `check` is read only as a score, never page by page: its pages are not listed.
  const listed = new Set(pages.filter((p) => p.split !== 'check').map((p) => `${p.crawl} ${p.url}`));
  const result: GroupResult = {
    ours: ours.scores,
    worstPages: worstPages(ours.details.filter((d) => listed.has(`${d.crawl} ${d.url}`))),
  };
  const baselineOf = new Map<BaselineName, (page: GoldPage) => ArticleOutput | null>();
  if (baselines !== null) {
    const scores: Partial<Record<BaselineName, BaselineScores>> = {};
    let best: BaselineName | null = null;
    for (const [name, run] of baselines) {
      const outputOf = (page: GoldPage) => run.outputs.get(crawlKey(page.crawl, page.key)) ?? null;
      baselineOf.set(name, outputOf);
      const score = { ...scoreArticles(pages, outputOf).scores, errors: run.errors, seconds: run.seconds };
      scores[name] = score;
      if (best === null || score.f1 > (scores[best]?.f1 ?? 0)) best = name;
    }
    const bestF1 = best === null ? null : (scores[best]?.f1 ?? null);
    result.baselines = { scores, best, margin: bestF1 === null ? null : ours.scores.f1 - bestF1 };
  }
  const modes = groupBy(
    pages.filter((p) => p.feedMode !== null),
    (p) => p.feedMode ?? '',
  );
  if (modes.size > 0) {
    result.byFeedMode = {};
    for (const [mode, modePages] of [...modes].sort()) {
      const row: { pages: number; ours: number } & Partial<Record<BaselineName, number>> = {
        pages: modePages.length,
        ours: scoreArticles(modePages, objectOf).scores.f1,
      };
      for (const [name, outputOf] of baselineOf) row[name] = scoreArticles(modePages, outputOf).scores.f1;
      result.byFeedMode[mode] = row;
    }
  }
  return result;
}

function baselineLeaks(dataset: Dataset, baselines: BaselineOutputs): Partial<Record<BaselineName, { leakPosts: number }>> {
  const leaks: Partial<Record<BaselineName, { leakPosts: number }>> = {};
  for (const [name, run] of baselines) {
    const scores = scoreComments(dataset.pages, (p) => {
      const output = run.outputs.get(crawlKey(p.crawl, p.key));
      return output === undefined ? null : { articleText: output.text, comments: [] };
    });
    if (scores !== null) leaks[name] = { leakPosts: scores.leakPosts };
  }
  return leaks;
}

function summariseObjects(objects: ReadonlyMap<string, ExportedObject>, dataset: Dataset): NonNullable<DatasetResult['objects']> {
  const gold = new Set(dataset.pages.map((p) => crawlKey(p.crawl, p.key)));
  const byMethod: Record<string, number> = {};
  let matchedGold = 0;
  for (const [id, object] of objects) {
    byMethod[object.method] = (byMethod[object.method] ?? 0) + 1;
    if (gold.has(id)) matchedGold++;
  }
  return { count: objects.size, matchedGold, byMethod };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

async function countLines(file: string): Promise<number> {
  return (await readFile(file, 'utf8')).split('\n').filter((l) => l.trim() !== '').length;
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}
