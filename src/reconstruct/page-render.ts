/**
 * Standalone reconstructed page of one object version [004 §6, Figure 7]: the data object rendered
 * on its own, independent of the site template, with its comments and a link to the archived
 * original. Everything from the store is escaped or sanitised; the page runs no script.
 */
import type { Comment, ObjectVersion } from '../core/domain.js';
import { MAX_COMMENTS_PER_PAGE } from './constants.js';
import { escapeHtml as e, safeUrl } from './html-escape.js';
import { sanitizeHtml } from './sanitize-html.js';

/** CSP of every reconstructed page: no script at all, no plugins, no forms, no framing. */
export const RECONSTRUCTED_PAGE_CSP =
  "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'; frame-ancestors 'self'";

export const PAGE_STYLE = `body{font:17px/1.6 Georgia,serif;max-width:46em;margin:2em auto;padding:0 1em;color:#222}
header.wo-meta{color:#555;font:14px/1.4 system-ui,sans-serif}h1{line-height:1.2}
.wo-categories{list-style:none;padding:0}.wo-categories li{display:inline;margin-right:.6em}
.wo-categories li::before{content:"#"}.wo-article img{max-width:100%;height:auto}
.wo-comments ol{list-style:none;padding-left:0}.wo-comment{border-left:3px solid #ddd;padding:.2em .8em;margin:.8em 0}
.wo-comment header{font:13px system-ui,sans-serif;color:#555}footer.wo-provenance{border-top:1px solid #ccc;margin-top:2em;
font:13px/1.5 system-ui,sans-serif;color:#555}`;

/** "2026-11-22T11:30:30Z" -> "20261122113030" (WARC/CDX 14-digit timestamp). */
export function timestamp14(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso.replace(/\D/g, '').slice(0, 14).padEnd(14, '0') : d.toISOString().replace(/\D/g, '').slice(0, 14);
}

export interface RenderPageOptions {
  /** Link back to the feed's index page (relative). */
  indexHref?: string;
  /** Where the archived original can be replayed; defaults to the original URL. */
  originalHref?: string;
  /** Sanitiser of the article's and comments' HTML (`sanitizeHtml`, or one remembering an object's fragments). */
  sanitize?: (html: string) => string;
}

export function renderComments(
  comments: readonly Comment[],
  emptyText = 'No comments in this version.',
  sanitize: (html: string) => string = sanitizeHtml,
): string {
  if (comments.length === 0) return `<p class="wo-no-comments">${e(emptyText)}</p>`;
  const shown = comments.slice(0, MAX_COMMENTS_PER_PAGE);
  const items = shown.map(
    (c) => `<li class="wo-comment" style="margin-left:${Math.min(c.depth, 8) * 1.5}em" data-hash="${e(c.hash)}">
<header><strong>${e(c.author ?? 'anonymous')}</strong>${c.published ? ` · <time datetime="${e(c.published)}">${e(c.published)}</time>` : ''}</header>
<div>${c.html ? sanitize(c.html) : `<p>${e(c.text)}</p>`}</div></li>`,
  );
  const more = comments.length > shown.length ? `<p>${comments.length - shown.length} more comments not shown.</p>` : '';
  return `<ol>${items.join('\n')}</ol>${more}`;
}

/** The body of a reconstructed version (shared by the standalone page and the viewer). */
export function renderVersionBody(v: ObjectVersion, comments: readonly Comment[], opts: RenderPageOptions = {}): string {
  const byline = [
    v.author ? `by <span class="wo-author">${e(v.author)}</span>` : '',
    v.published ? `published <time datetime="${e(v.published)}">${e(v.published)}</time>` : '',
    v.updated && v.updated !== v.published ? `updated <time datetime="${e(v.updated)}">${e(v.updated)}</time>` : '',
  ].filter((s) => s !== '');
  const cats = v.categories.length ? `<ul class="wo-categories">${v.categories.map((c) => `<li>${e(c)}</li>`).join('')}</ul>` : '';
  const refs = v.references.filter((r) => typeof r.url === 'string');
  const refList = refs.length
    ? `<section class="wo-references"><h2>References</h2><ol>${refs
        .map(
          (r) =>
            `<li>${e(r.kind ?? 'link')}: <a href="${e(safeUrl(r.url))}" rel="noopener noreferrer nofollow">${e(r.text || r.url)}</a></li>`,
        )
        .join('')}</ol></section>`
    : '';
  const original = opts.originalHref ?? v.url;
  const sanitize = opts.sanitize ?? sanitizeHtml;
  return `<article class="wo-object" data-object-id="${v.objectId}" data-version-id="${v.id}">
<header class="wo-meta"><h1>${e(v.title ?? '(untitled)')}</h1>${byline.length ? `<p class="wo-byline">${byline.join(' · ')}</p>` : ''}${cats}</header>
<div class="wo-article">${sanitize(v.html)}</div>
${refList}
<section class="wo-comments"><h2>Comments (${comments.length})</h2>${renderComments(comments, undefined, sanitize)}</section>
<footer class="wo-provenance"><p>Reconstructed from the archived page
<a class="wo-original" href="${e(safeUrl(original))}" rel="noopener noreferrer nofollow">${e(v.url)}</a>
captured <time datetime="${e(v.captureTime)}">${e(v.captureTime)}</time> (timestamp ${timestamp14(v.captureTime)}, crawl ${e(v.crawl)}).
Extraction: ${e(v.method)}, confidence ${v.confidence.toFixed(2)}.${v.feedUrl ? ` Feed: ${e(v.feedUrl)}.` : ''}</p>
${opts.indexHref ? `<p><a href="${e(opts.indexHref)}">All objects of this feed</a></p>` : ''}</footer>
</article>`;
}

/** A complete standalone HTML document for one object version. */
export function renderObjectPage(v: ObjectVersion, comments: readonly Comment[], opts: RenderPageOptions = {}): string {
  return htmlDocument(v.title ?? v.url, renderVersionBody(v, comments, opts), v.url);
}

export function htmlDocument(title: string, body: string, canonical?: string): string {
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${e(RECONSTRUCTED_PAGE_CSP)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>${canonical ? `\n<link rel="canonical" href="${e(safeUrl(canonical))}">` : ''}
<style>${PAGE_STYLE}</style></head>
<body>
${body}
</body></html>
`;
}
