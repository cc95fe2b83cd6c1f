/**
 * The "without feeds" section of a corpus: the same crawls with every feed record removed
 * (feed-free-warc.ts), built and exported by the real CLI. With no feed to pair pages with or to
 * learn templates from, every page is classified and extracted by the templates stage's E-mCST
 * fallback [001] (src/templates), so this measures that path alone: post detection (`is_post`) over
 * every truth post and the non-post pages, and article text, title, author and date of every post.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { scoreArticles, worstPages } from './article-metrics.js';
import type { CliRunner } from './cli-runner.js';
import { type DetectionScores, scoreIsPost } from './corpus-metrics.js';
import type { GroupResult } from './evaluate-dataset.js';
import { crawlKey, readObjects, readPages } from './export-rows.js';
import { FeedRecordFilter } from './feed-free-warc.js';
import type { Dataset } from './gold.js';

export interface WithoutFeedsResult {
  /** Feed records removed, per crawl. */
  feedRecordsDropped: Record<string, number>;
  error?: string;
  build?: { seconds: number; exitCode: number };
  /** One object per crawl and page, by method. */
  objects?: { count: number; byMethod: Record<string, number> };
  /** One group, `all`: every truth post, feed-linked in the original crawl or not. */
  articles: Record<string, GroupResult>;
  postDetection?: DetectionScores;
}

export async function evaluateWithoutFeeds(
  dataset: Dataset,
  options: { runner: CliRunner; log: (message: string) => void },
  workDir: string,
): Promise<WithoutFeedsResult> {
  const dir = join(workDir, 'without-feeds');
  await mkdir(dir, { recursive: true });
  const result: WithoutFeedsResult = { feedRecordsDropped: {}, articles: {} };
  const filter = new FeedRecordFilter();
  const warcs: string[] = [];
  for (const warc of dataset.warcs) {
    const copy = join(dir, basename(warc));
    result.feedRecordsDropped[basename(warc)] = (await filter.copy(warc, copy)).length;
    warcs.push(copy);
  }
  const dropped = Object.values(result.feedRecordsDropped).reduce((a, b) => a + b, 0);
  options.log(`${dataset.name}: without feeds: build ${warcs.map((w) => basename(w)).join(' ')} (${dropped} feed records removed)`);
  const overlayDir = join(dir, 'overlay');
  try {
    const build = await options.runner.build(warcs, overlayDir);
    result.build = { seconds: build.seconds, exitCode: build.exitCode };
  } catch (error) {
    result.error = (error as Error).message;
    return result;
  }
  const files = { objects: join(dir, 'objects.jsonl'), pages: join(dir, 'pages.jsonl') };
  for (const [what, file] of Object.entries(files)) {
    const exported = await options.runner.export(overlayDir, what, file);
    if (exported.exitCode !== 0 || !existsSync(file)) {
      result.error = `export --what ${what} failed (exit ${exported.exitCode}): ${exported.stderr.trim().split('\n')[0] ?? ''}`;
      return result;
    }
  }
  const objects = await readObjects(files.objects);
  const byMethod: Record<string, number> = {};
  for (const object of objects.values()) byMethod[object.method] = (byMethod[object.method] ?? 0) + 1;
  result.objects = { count: objects.size, byMethod };

  const articles = scoreArticles(dataset.pages, (page) => objects.get(crawlKey(page.crawl, page.key)) ?? null);
  result.articles.all = { ours: articles.scores, worstPages: worstPages(articles.details) };
  result.postDetection = scoreIsPost(dataset.pages, dataset.nonPosts ?? [], await readPages(files.pages), objects);
  return result;
}
