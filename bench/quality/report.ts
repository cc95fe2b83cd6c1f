/** Plain-text tables of one data set's results (what `npm run bench:quality` prints). */
import type { ArticleScores, RightShare } from './article-metrics.js';
import type { DetectionScores } from './corpus-metrics.js';
import type { CommentScores } from './comment-metrics.js';
import type { DatasetResult, GroupResult } from './evaluate-dataset.js';
import type { SegmentScores } from './segment-metrics.js';

const NA = 'n/a';

const fixed = (value: number | null | undefined, digits = 3): string =>
  value === null || value === undefined || Number.isNaN(value) ? NA : value.toFixed(digits);

const signed = (value: number | null | undefined): string =>
  value === null || value === undefined ? NA : `${value >= 0 ? '+' : ''}${value.toFixed(3)}`;

const rightShare = (value: RightShare | null): string => (value === null ? NA : `${value.share.toFixed(3)}`);

/** Left-aligned first column, right-aligned others. */
export function formatTable(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

const ARTICLE_HEADER = ['articles', 'pages', 'P', 'R', 'F1', 'tokF1', 'exact', 'ACS', 'TCS', 'none', 'title', 'author', 'date'];

function articleRow(label: string, s: ArticleScores): string[] {
  return [
    label,
    String(s.pages),
    fixed(s.precision),
    fixed(s.recall),
    fixed(s.f1),
    fixed(s.token.f1),
    fixed(s.exact),
    fixed(s.acs),
    fixed(s.tcs),
    fixed(s.noOutput),
    rightShare(s.title),
    rightShare(s.author),
    rightShare(s.published),
  ];
}

function groupRows(group: string, result: GroupResult): string[][] {
  const rows = [articleRow(`${group}: ours`, result.ours)];
  for (const [name, scores] of Object.entries(result.baselines?.scores ?? {})) {
    rows.push(articleRow(`${group}: ${name}${scores.errors > 0 ? ` (${scores.errors} errors)` : ''}`, scores));
  }
  return rows;
}

export function formatDataset(result: DatasetResult): string {
  const out: string[] = [`== ${result.name} (${result.kind}: ${result.crawls.join(', ')}) ==`];
  if (result.build !== undefined) {
    const b = result.build;
    out.push(
      `build ${b.seconds.toFixed(1)} s, ${b.pages} ${b.pagesCounted}, ${b.pagesPerSecond.toFixed(1)} pages/s (wall clock, exit ${b.exitCode})`,
    );
  }
  if (result.objects !== undefined) {
    const methods = Object.entries(result.objects.byMethod)
      .map(([m, n]) => `${m} ${n}`)
      .join(', ');
    out.push(`objects ${result.objects.count} per crawl and page (${methods}); ${result.objects.matchedGold} match a gold page`);
  }
  for (const [what, reason] of Object.entries(result.unavailable)) out.push(`export --what ${what}: ${NA} (${reason})`);
  for (const note of result.goldNotes) out.push(`gold: ${note}`);
  if (result.error !== undefined) {
    out.push(`ERROR: ${result.error}`);
    return out.join('\n');
  }

  const rows = Object.entries(result.articles).flatMap(([group, g]) => groupRows(group, g));
  for (const [group, g] of Object.entries(result.withoutFeeds?.articles ?? {})) rows.push(...groupRows(`${group} without feeds`, g));
  out.push('', ...formatTable(ARTICLE_HEADER, rows));
  for (const [group, g] of Object.entries(result.articles)) {
    if (g.baselines?.best) out.push(`${group}: F1 margin over the best baseline (${g.baselines.best}) ${signed(g.baselines.margin)}`);
  }
  for (const [group, g] of Object.entries(result.articles)) {
    if (g.byFeedMode === undefined) continue;
    const names = Object.keys(g.baselines?.scores ?? {});
    const modeRows = Object.entries(g.byFeedMode).map(([mode, row]) => [
      mode,
      String(row.pages),
      fixed(row.ours),
      ...names.map((n) => fixed(row[n as keyof typeof row] as number | undefined)),
    ]);
    out.push('', ...formatTable([`${group}: F1 by feed mode`, 'pages', 'ours', ...names], modeRows));
  }

  out.push('', ...formatComments(result));
  out.push(...formatPostDetection(result));
  out.push(...formatWithoutFeeds(result));
  out.push(...formatSegmentation(result));
  out.push(...formatChanges(result));
  return out.join('\n');
}

function formatComments(result: DatasetResult): string[] {
  const c = result.comments?.ours;
  if (c === undefined) return [`comments: ${NA} (no comment gold)`];
  const leaks = Object.entries(result.comments?.baselines ?? {})
    .map(([n, v]) => `${n} ${v.leakPosts}`)
    .join(', ');
  const lines = [
    `comments: ${c.pages} pages with comment gold, ${c.pagesWithComments} with comments${result.commentRows === undefined ? '' : `; ${result.commentRows} rows in export --what comments`}`,
    `  concatenated text   P ${fixed(c.text.precision)}  R ${fixed(c.text.recall)}  F1 ${fixed(c.text.f1)}`,
    `  invented            ${fixed(c.invented)} of pages without comments (${c.inventedPages} pages; on ${c.inventedInGoldArticle} of them the gold has those comments as article text: ${fixed(c.inventedOutsideGold)} without them)`,
  ];
  if (c.countExact !== null) {
    lines.push(
      `  count exact         ${fixed(c.countExact)} of posts`,
      `  matched comments    R ${fixed(c.matchedRecall)}  P ${fixed(c.matchedPrecision)}  text F1 ${fixed(c.matchedTextF1)}  author ${fixed(c.authorExact)}  date ${fixed(c.dateRight)}`,
    );
  }
  lines.push(
    `  leaks               ${c.leakPosts} posts whose article text holds a comment${leaks === '' ? '' : ` (baselines: ${leaks})`}`,
    `  article P on posts with comments ${fixed(c.articlePrecisionWithComments)}`,
  );
  lines.push(...formatCommentSplits(result));
  return lines;
}

/** `F1 w/ gold`: F1 on the pages whose gold has comments; `invented`: share of the pages without
 *  gold comments that got comments (their precision 0 is in P and F1). */
const COMMENT_SPLIT_HEADER = ['comments by part', 'pages', 'P', 'R', 'F1', 'F1 w/ gold', 'invented', 'leaks', 'count exact'];

function commentRow(label: string, c: CommentScores): string[] {
  return [
    label,
    String(c.pages),
    fixed(c.text.precision),
    fixed(c.text.recall),
    fixed(c.text.f1),
    fixed(c.textWhereGoldHasComments?.f1),
    fixed(c.invented),
    String(c.leakPosts),
    fixed(c.countExact),
  ];
}

/** Tune and check side by side, and the ablation without product-specific hints with its difference. */
function formatCommentSplits(result: DatasetResult): string[] {
  const comments = result.comments;
  if (comments === undefined) return [];
  const rows: string[][] = [commentRow('all', comments.ours)];
  for (const [split, scores] of Object.entries(comments.bySplit ?? {})) rows.push(commentRow(split, scores));
  const generic = comments.genericHints;
  const lines: string[] = [];
  if (generic?.ours != null) {
    rows.push(commentRow('all, generic hints only', generic.ours));
    for (const [split, scores] of Object.entries(generic.bySplit ?? {})) rows.push(commentRow(`${split}, generic hints only`, scores));
    const diff = (a: number | null, b: number | null) => (a === null || b === null ? NA : signed(a - b));
    lines.push(
      `  ablation (product-specific hints off): F1 ${diff(generic.ours.text.f1, comments.ours.text.f1)}, invented ${diff(generic.ours.invented, comments.ours.invented)}, leaks ${signed(generic.ours.leakPosts - comments.ours.leakPosts)}`,
    );
  } else if (generic?.error !== undefined) {
    lines.push(`  ablation (product-specific hints off): ${NA} (${generic.error})`);
  }
  return ['', ...formatTable(COMMENT_SPLIT_HEADER, rows).map((l) => `  ${l}`), ...lines];
}

function formatPostDetection(result: DatasetResult): string[] {
  if (result.kind !== 'corpus') return [];
  const d = result.postDetection;
  if (d === undefined) return [`post detection (pages no feed links): ${NA} (${result.unavailable.pages ?? 'no pages export'})`];
  return detectionLines('post detection (pages no feed links)', d, '');
}

/** Post-detection scores and the first few pages it got wrong. */
function detectionLines(label: string, d: DetectionScores, indent: string): string[] {
  const lines = [
    `${indent}${label}: P ${fixed(d.precision)}  R ${fixed(d.recall)}  (${d.posts} posts, ${d.nonPosts} non-post pages); non-post objects ${d.nonPostObjects.length}`,
  ];
  for (const url of d.falsePosts.slice(0, 5)) lines.push(`${indent}  false post: ${url}`);
  for (const url of d.missedPosts.slice(0, 5)) lines.push(`${indent}  missed post: ${url}`);
  for (const url of d.nonPostObjects.slice(0, 5)) lines.push(`${indent}  non-post object: ${url}`);
  return lines;
}

function formatWithoutFeeds(result: DatasetResult): string[] {
  const w = result.withoutFeeds;
  if (w === undefined) return [];
  const removed = Object.entries(w.feedRecordsDropped)
    .map(([crawl, n]) => `${crawl} ${n}`)
    .join(', ');
  const lines = [`without feeds: feed records removed ${removed}`];
  if (w.error !== undefined) return [...lines, `  ERROR: ${w.error}`];
  if (w.build !== undefined && w.objects !== undefined) {
    const methods = Object.entries(w.objects.byMethod)
      .map(([m, n]) => `${m} ${n}`)
      .join(', ');
    lines.push(
      `  build ${w.build.seconds.toFixed(1)} s (exit ${w.build.exitCode}); objects ${w.objects.count} per crawl and page (${methods})`,
    );
  }
  if (w.postDetection !== undefined) lines.push(...detectionLines('post detection (all posts)', w.postDetection, '  '));
  return lines;
}

function formatSegmentation(result: DatasetResult): string[] {
  const s = result.segmentation;
  if (s === undefined) return [];
  const row = (label: string, v: SegmentScores) => [
    label,
    String(v.pages),
    String(v.listed),
    String(v.segments),
    fixed(v.recall),
    fixed(v.precision),
    v.dated === 0 ? NA : `${fixed(v.date)} of ${v.dated}`,
  ];
  const rows = [row('all', s.all), ...Object.entries(s.byMethod).map(([method, v]) => row(method, v))];
  const lines = ['', ...formatTable(['segmentation (channel pages)', 'pages', 'listed', 'segments', 'R', 'P', 'date'], rows)];
  if (s.unsegmented.length > 0)
    lines.push(`  ${s.unsegmented.length} channel pages without segments, e.g. ${s.unsegmented.slice(0, 3).join(', ')}`);
  for (const page of s.worstPages.slice(0, 3)) {
    if (page.matched === page.listed && page.matched === page.segments) break;
    lines.push(
      `  ${page.crawl} ${page.url}: ${page.matched} of ${page.listed} listed posts matched, ${page.segments} segments (${page.method ?? 'none'})`,
    );
  }
  return lines;
}

function formatChanges(result: DatasetResult): string[] {
  if (result.kind !== 'corpus') return [];
  if (result.changes === undefined) return [`changes: ${NA} (${result.unavailable.changes ?? 'no changes export'})`];
  const rows = Object.entries(result.changes).map(([kind, k]) => [
    kind,
    String(k.gold),
    String(k.reported),
    fixed(k.precision),
    fixed(k.recall),
  ]);
  const lines = ['', ...formatTable(['changes (crawl 1 -> 2)', 'gold', 'reported', 'P', 'R'], rows)];
  for (const [kind, k] of Object.entries(result.changes)) {
    for (const url of k.falseReports.slice(0, 3)) lines.push(`  false ${kind}: ${url}`);
    for (const url of k.missed.slice(0, 3)) lines.push(`  missed ${kind}: ${url}`);
  }
  return lines;
}
