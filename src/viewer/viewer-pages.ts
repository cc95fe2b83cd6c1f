/** HTML of the viewer's pages. Everything from the store is escaped or sanitised; the pages run no script. */
import type { Comment, ObjectVersion } from '../core/domain.js';
import type { CaptureView, FeedView, ObjectFilters, ObjectListRow, StoredChange } from '../store/index.js';
import { escapeHtml as e, renderComments, renderVersionBody, timestamp14 } from '../reconstruct/index.js';
import { PAGE_SIZE } from './constants.js';
import { diffComments, diffWordsHtml } from './word-diff.js';

export function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>${e(title)} · warc-overlay</title>
<link rel="stylesheet" href="/viewer.css"></head>
<body><header class="top"><a href="/">warc-overlay viewer</a></header><main>
${body}
</main></body></html>
`;
}

const qs = (f: Record<string, string | number | undefined>): string =>
  Object.entries(f)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

const kindBadges = (kinds: readonly string[]): string => kinds.map((k) => `<span class="kind kind-${e(k)}">${e(k)}</span>`).join('');

export function renderListPage(opts: {
  filters: ObjectFilters;
  rows: ObjectListRow[];
  total: number;
  sites: Array<{ host: string; objects: number }>;
  kinds: string[];
  /** The first feeds (FEEDS_ON_HOME); the others are on /feeds. */
  feeds: FeedView[];
  feedsTotal: number;
  kindsSource: 'stored' | 'derived';
}): string {
  const f = opts.filters;
  const option = (value: string, label: string, current: string | undefined): string =>
    `<option value="${e(value)}"${value === (current ?? '') ? ' selected' : ''}>${e(label)}</option>`;
  const form = `<form class="search" method="get" action="/" role="search">
<label>Search<input type="search" name="q" value="${e(f.q ?? '')}" placeholder="words in title, text, comments" maxlength="200"></label>
<label>Site<select name="site">${option('', 'all sites', f.site)}${opts.sites.map((s) => option(s.host, `${s.host} (${s.objects})`, f.site)).join('')}</select></label>
<label>Change kind<select name="kind">${option('', 'any', f.kind)}${opts.kinds.map((k) => option(k, k, f.kind)).join('')}</select></label>
<label>From<input type="date" name="from" value="${e(f.from ?? '')}"></label>
<label>To<input type="date" name="to" value="${e(f.to ?? '')}"></label>
${f.feedId !== undefined ? `<input type="hidden" name="feed" value="${f.feedId}">` : ''}
<button type="submit">Search</button></form>`;
  const rows = opts.rows.map(
    (
      r,
    ) => `<tr><td><a class="object-link" href="/object/${r.objectId}">${e(r.title ?? r.url)}</a><br><small class="muted">${e(r.url)}</small></td>
<td>${e(r.host)}</td><td>${r.versions}</td><td>${kindBadges(r.kinds)}</td><td>${e(r.lastTime)}</td></tr>`,
  );
  const page = f.page ?? 0;
  const base = { q: f.q, site: f.site, kind: f.kind, from: f.from, to: f.to, feed: f.feedId };
  const pager = `<nav class="pager">${page > 0 ? `<a href="/?${qs({ ...base, page: page - 1 })}">previous</a>` : ''}
<span>${opts.total} objects${opts.total > PAGE_SIZE ? `, page ${page + 1} of ${Math.ceil(opts.total / PAGE_SIZE)}` : ''}</span>
${(page + 1) * PAGE_SIZE < opts.total ? `<a href="/?${qs({ ...base, page: page + 1 })}">next</a>` : ''}</nav>`;
  const more = opts.feedsTotal > opts.feeds.length ? `<p><a href="/feeds">all ${opts.feedsTotal} feeds</a></p>` : '';
  const feeds = `<section><h2>Feeds</h2>${feedList(opts.feeds)}${more}</section>`;
  return layout(
    'Objects',
    `${form}<table class="objects"><thead><tr><th>Object</th><th>Site</th><th>Versions</th><th>Change kinds <small class="muted">(${opts.kindsSource === 'stored' ? 'from the changes table' : 'derived by the viewer'})</small></th><th>Last capture</th></tr></thead>
<tbody>${rows.join('\n') || '<tr><td colspan="5">No object matches.</td></tr>'}</tbody></table>${pager}${feeds}`,
  );
}

function feedList(feeds: readonly FeedView[]): string {
  return `<ul class="feeds">${feeds
    .map(
      (fd) => `<li><a href="/?feed=${fd.id}">${e(fd.title ?? fd.url)}</a> <small class="muted">${e(fd.url)} · ${fd.objects} objects ·
<a href="/channel?${qs({ feed: fd.id })}">channel now</a></small></li>`,
    )
    .join('')}</ul>`;
}

/** /feeds: every feed, PAGE_SIZE per page. */
export function renderFeedsPage(opts: { feeds: FeedView[]; page: number; total: number }): string {
  const pages = Math.max(1, Math.ceil(opts.total / PAGE_SIZE));
  const pager = `<nav class="pager">${opts.page > 0 ? `<a href="/feeds?page=${opts.page - 1}">previous</a>` : ''}
<span>${opts.total} feeds, page ${opts.page + 1} of ${pages}</span>
${(opts.page + 1) * PAGE_SIZE < opts.total ? `<a href="/feeds?page=${opts.page + 1}">next</a>` : ''}</nav>`;
  return layout('Feeds', `<h1>Feeds</h1>${feedList(opts.feeds)}${pager}`);
}

export interface ReplayLinks {
  /** URL of the wabac replay page on the replay origin, null when the archive file is missing. */
  replay: string | null;
  /** URL of the raw archived body on the replay origin (sandboxed, no script). */
  raw: string | null;
  note: string | null;
}

export function renderObjectPage(opts: {
  versions: ObjectVersion[];
  current: ObjectVersion;
  comments: Comment[];
  capture: CaptureView | undefined;
  changes: StoredChange[];
  replay: ReplayLinks;
}): string {
  const { current: v, versions } = opts;
  const timeline = versions
    .map((x) =>
      x.id === v.id
        ? `<span class="current" title="${e(x.method)}">${e(x.captureTime)}</span>`
        : `<a href="/object/${x.objectId}?v=${x.id}" title="${e(x.method)}">${e(x.captureTime)}${x.method !== v.method ? ` (${e(x.method)})` : ''}</a>`,
    )
    .join('<span aria-hidden="true">→</span>');
  const prev = versions[versions.indexOf(v) - 1];
  const options = (sel: number): string =>
    versions.map((x) => `<option value="${x.id}"${x.id === sel ? ' selected' : ''}>${e(x.captureTime)} · ${e(x.method)}</option>`).join('');
  const compare =
    versions.length > 1
      ? `<form method="get" action="/diff">Compare <select name="a">${options(prev?.id ?? versions[0]?.id ?? v.id)}</select> with
<select name="b">${options(v.id === prev?.id ? (versions[1]?.id ?? v.id) : v.id)}</select> <button type="submit">Diff</button></form>`
      : '<p>Only one version.</p>';
  const paths = Object.entries(v.paths).filter(([, p]) => p);
  const why = `<dl class="why"><dt>Method</dt><dd>${e(v.method)}</dd><dt>Confidence</dt><dd>${v.confidence.toFixed(3)}</dd>
${paths.map(([k, p]) => `<dt>Key-path of ${e(k)}</dt><dd>${e(p)}</dd>`).join('')}
<dt>Capture</dt><dd>${opts.capture ? `${e(opts.capture.url)} @ ${e(opts.capture.time)} · ${e(opts.capture.file)} @ ${opts.capture.offset}` : 'none stored'}</dd>
<dt>Crawl</dt><dd>${e(v.crawl)}</dd>${v.feedUrl ? `<dt>Feed</dt><dd>${e(v.feedUrl)}</dd>` : ''}</dl>`;
  const changes = opts.changes.length
    ? `<h3>Stored changes</h3><ul>${opts.changes
        .map((c) => {
          const from = versions.find((x) => x.id === c.fromVersionId);
          const to = versions.find((x) => x.id === c.toVersionId);
          return `<li>${e(from?.captureTime ?? '?')} → ${e(to?.captureTime ?? '?')}: ${kindBadges(c.kinds)}${c.similarity !== null ? ` similarity ${c.similarity.toFixed(3)}` : ''} <a href="/diff?a=${c.fromVersionId}&amp;b=${c.toVersionId}">diff</a></li>`;
        })
        .join('')}</ul>`
    : '';
  const original = opts.replay.replay
    ? `<iframe class="replay" src="${e(opts.replay.replay)}" sandbox="allow-scripts allow-same-origin" referrerpolicy="no-referrer" title="archived original (replayed by wabac.js on a separate origin)"></iframe>`
    : `<p>${e(opts.replay.note ?? 'No archived capture for this version.')}</p>`;
  return layout(
    v.title ?? v.url,
    `<h1>${e(v.title ?? v.url)}</h1><p><small class="muted">${e(v.url)}</small></p>
<nav class="timeline" aria-label="versions">${timeline}</nav>${compare}
<div class="layout"><section class="panel"><h2>Reconstructed object (version of ${e(v.captureTime)})</h2>${renderVersionBody(v, opts.comments)}</section>
<section class="panel"><h2>Why this was extracted</h2>${why}${changes}
<h2>Archived original <small class="muted">captured ${e(v.captureTime)} (${timestamp14(v.captureTime)})${opts.replay.raw ? ` · <a href="${e(opts.replay.raw)}" target="_blank" rel="noopener noreferrer">raw record, no script</a>` : ''}</small></h2>${original}</section></div>`,
  );
}

export function renderDiffPage(opts: {
  a: ObjectVersion;
  b: ObjectVersion;
  commentsA: Comment[];
  commentsB: Comment[];
  stored: StoredChange | undefined;
}): string {
  const { a, b } = opts;
  const text = diffWordsHtml(a.text, b.text);
  const title = a.title !== b.title ? diffWordsHtml(a.title ?? '', b.title ?? '') : null;
  const comments = diffComments(opts.commentsA, opts.commentsB);
  const stored = opts.stored
    ? `<p>Stored change: ${kindBadges(opts.stored.kinds)}${opts.stored.similarity !== null ? ` · similarity ${opts.stored.similarity.toFixed(3)}` : ''}${opts.stored.significance !== null ? ` · significance ${opts.stored.significance.toFixed(3)}` : ''}</p>`
    : '<p><small class="muted">No stored change for this pair; the diff below is computed by the viewer.</small></p>';
  const meta = (['author', 'published', 'updated'] as const)
    .filter((k) => a[k] !== b[k])
    .map((k) => `<li>${k}: <del>${e(a[k] ?? '—')}</del> → <ins>${e(b[k] ?? '—')}</ins></li>`)
    .concat(
      a.categories.join(', ') !== b.categories.join(', ')
        ? [`<li>categories: <del>${e(a.categories.join(', '))}</del> → <ins>${e(b.categories.join(', '))}</ins></li>`]
        : [],
    )
    .join('');
  return layout(
    `Diff: ${b.title ?? b.url}`,
    `<h1>${e(b.title ?? b.url)}</h1><p><a href="/object/${b.objectId}?v=${b.id}">back to the object</a></p>${stored}
<p class="diff-summary">${text.wordsAdded} words added, ${text.wordsRemoved} words removed${text.truncated ? ' (texts cut for the diff)' : ''}; comments: ${comments.added.length} added, ${comments.removed.length} removed, ${comments.kept} kept.</p>
${title ? `<p>Title: <del>${e(a.title ?? '')}</del> → <ins>${e(b.title ?? '')}</ins></p>` : ''}${meta ? `<ul>${meta}</ul>` : ''}
<div class="layout"><section class="panel"><h2>${e(a.captureTime)} · ${e(a.method)}</h2><div class="diff diff-old">${text.leftHtml}</div></section>
<section class="panel"><h2>${e(b.captureTime)} · ${e(b.method)}</h2><div class="diff diff-new">${text.rightHtml}</div></section></div>
<h2>Comments</h2><div class="layout comment-diff"><section class="panel"><h3>Only in ${e(a.captureTime)} (removed)</h3>${renderComments(comments.removed, 'None.')}</section>
<section class="panel"><h3>Only in ${e(b.captureTime)} (added)</h3>${renderComments(comments.added, 'None.')}</section></div>`,
  );
}

export function renderError(status: number, message: string): string {
  return layout(String(status), `<h1>${status}</h1><p>${e(message)}</p>`);
}
