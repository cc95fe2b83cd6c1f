/**
 * Article blocks that recur across the pages of one host are the site's template (a newsletter
 * box, a share prompt, a standard notice inside the article container), not the article: "pages in
 * the same domain have redundant blocks, except the main block" [001 §2, after Debnath et al.], and
 * the boilerplate of a site is learnt from its own pages (DESIGN "Site-level learning"; issue #12).
 * A block is one line of the rendered article (a paragraph, a list item, a heading). The host's
 * pages are counted first (`RecurringBlocks`), then each page's recurring blocks are left out of
 * its text and HTML together (`findRecurringBlocks`, `leaveOutBlocks`), never most of its article.
 */
import { escapeAttribute } from 'entities';
import type { HtmlSpan } from './article-render.js';
import {
  NGRAM_SIZE,
  RECURRING_BLOCK_MAX_CHARS,
  RECURRING_BLOCK_MAX_FEED_SHARE,
  RECURRING_BLOCK_MIN_CHARS,
  RECURRING_BLOCK_MIN_PAGES,
  RECURRING_BLOCKS_MAX_TEXT_SHARE,
  RECURRING_MIN_HOST_PAGES,
} from './constants.js';
import { tokenize } from './text-normalize.js';
import type { Reference } from './types.js';

/** The comparison key of a block: case folded (numbers kept: a dateline recurs only on the posts
 *  of one day); null for a block too short or too long to judge by recurrence. */
export function recurrenceKey(block: string): string | null {
  if (block.length < RECURRING_BLOCK_MIN_CHARS || block.length > RECURRING_BLOCK_MAX_CHARS) return null;
  return block.toLowerCase();
}

/** On how many distinct pages of one host each block of their articles appears. */
export class RecurringBlocks {
  readonly #pages = new Set<string>();
  readonly #pagesOf = new Map<string, number>();

  /** Counts the blocks of one page's article text; `page` names the article (its canonical URL),
   *  so that captures and versions of one article count once. */
  add(page: string, text: string): void {
    if (this.#pages.has(page)) return;
    this.#pages.add(page);
    const keys = new Set<string>();
    for (const block of text.split('\n')) {
      const key = recurrenceKey(block);
      if (key !== null) keys.add(key);
    }
    for (const key of keys) this.#pagesOf.set(key, (this.#pagesOf.get(key) ?? 0) + 1);
  }

  /** Forgets the blocks seen on fewer pages than a recurring one, once every page is counted: a
   *  later question (a page read again) is only ever answered by the recurring ones. */
  keepRecurringOnly(): void {
    for (const [key, pages] of this.#pagesOf) if (pages < RECURRING_BLOCK_MIN_PAGES) this.#pagesOf.delete(key);
  }

  /** Distinct pages counted. */
  get pages(): number {
    return this.#pages.size;
  }

  /** Counted pages whose article holds `block`. */
  pagesOf(block: string): number {
    const key = recurrenceKey(block);
    return key === null ? 0 : (this.#pagesOf.get(key) ?? 0);
  }
}

/** The decision on one article: the indexes of its text lines to leave out, each with its reason, or why none is. */
export interface RecurringBlocksDecision {
  leaveOut: Map<number, string>;
  reason: string;
}

/**
 * The blocks of `text` that recur on at least `RECURRING_BLOCK_MIN_PAGES` of the host's counted
 * pages (the page itself among them), once the host shows `RECURRING_MIN_HOST_PAGES` pages: only
 * the runs that open or close the article, and never a block the feed item carries (`feedText`:
 * the item's content or description, the reference of the data object [004 §4.2]). None when
 * together they hold more than `RECURRING_BLOCKS_MAX_TEXT_SHARE` of the article's characters (the
 * same article under two addresses, or a page that is mostly template: the article is kept whole).
 */
export function findRecurringBlocks(
  article: { text: string; lineSpans: ReadonlyArray<HtmlSpan | null> },
  host: RecurringBlocks,
  hostName: string,
  feedText: string | null,
): RecurringBlocksDecision {
  const leaveOut = new Map<number, string>();
  if (host.pages < RECURRING_MIN_HOST_PAGES)
    return { leaveOut, reason: `${hostName}: ${host.pages} page(s) counted < ${RECURRING_MIN_HOST_PAGES}` };
  const blocks = article.text.split('\n');
  const spans = blocks.length === article.lineSpans.length ? article.lineSpans : [];
  const inFeed = feedNgrams(feedText);
  // A recurring block between article paragraphs is a quotation or a standing passage of the
  // story, not the page's template: only the runs that open or close the article are left out.
  // Blocks too short or too long to judge neither end a run nor are left out; a line that is no
  // whole element of the HTML (text between blocks) cannot be cut and ends it.
  const markRun = (from: number, step: number): void => {
    for (let i = from; i >= 0 && i < blocks.length && !leaveOut.has(i); i += step) {
      const block = blocks[i] ?? '';
      if (recurrenceKey(block) === null) continue;
      const pages = host.pagesOf(block);
      if (pages < RECURRING_BLOCK_MIN_PAGES || (spans[i] ?? null) === null || feedShare(block, inFeed) > RECURRING_BLOCK_MAX_FEED_SHARE)
        return;
      leaveOut.set(i, `recurs on ${pages} of ${host.pages} pages of ${hostName}: template, not article`);
    }
  };
  markRun(0, 1);
  markRun(blocks.length - 1, -1);
  if (leaveOut.size === 0) return { leaveOut, reason: `no recurring block opens or closes the article` };
  let recurringChars = 0;
  let totalChars = 0;
  for (const [i, block] of blocks.entries()) {
    totalChars += block.length;
    if (leaveOut.has(i)) recurringChars += block.length;
  }
  if (recurringChars > totalChars * RECURRING_BLOCKS_MAX_TEXT_SHARE) {
    const share = (recurringChars / totalChars).toFixed(2);
    return { leaveOut: new Map(), reason: `recurring blocks hold ${share} of the text > ${RECURRING_BLOCKS_MAX_TEXT_SHARE}: all kept` };
  }
  return { leaveOut, reason: `${leaveOut.size} recurring block(s) of ${hostName} left out` };
}

/** The word n-grams [004 §4.2, n = NGRAM_SIZE] of the feed item's text, read when first asked for. */
function feedNgrams(feedText: string | null): () => ReadonlySet<string> {
  let ngrams: Set<string> | null = null;
  return () => {
    if (ngrams === null) ngrams = new Set(wordNgrams(feedText ?? ''));
    return ngrams;
  };
}

function wordNgrams(text: string): string[] {
  const tokens = tokenize(text);
  const out: string[] = [];
  for (let i = 0; i + NGRAM_SIZE <= tokens.length; i++) out.push(tokens.slice(i, i + NGRAM_SIZE).join(' '));
  return out;
}

/** The share of `block`'s word n-grams that the feed item's text holds. */
function feedShare(block: string, inFeed: () => ReadonlySet<string>): number {
  const ngrams = wordNgrams(block);
  if (ngrams.length === 0) return 0;
  const feed = inFeed();
  return ngrams.filter((g) => feed.has(g)).length / ngrams.length;
}

/** What a rendered article is made of (`RenderedArticle` without its spans). */
export interface ArticleBody {
  text: string;
  html: string;
  references: Reference[];
}

/**
 * `article` without the lines `leaveOut` names (each one whole element of its HTML, `lineSpans`),
 * cut from its text and its HTML together; references found only in the HTML cut go too.
 */
export function leaveOutBlocks(
  article: ArticleBody,
  lineSpans: ReadonlyArray<HtmlSpan | null>,
  leaveOut: ReadonlyMap<number, string>,
): ArticleBody {
  if (leaveOut.size === 0) return article;
  const cut = [...leaveOut.keys()]
    .map((i) => lineSpans[i] ?? null)
    .filter((s): s is HtmlSpan => s !== null)
    .sort((a, b) => a[0] - b[0]);
  const kept: string[] = [];
  const removed: string[] = [];
  let at = 0;
  for (const [start, end] of cut) {
    kept.push(article.html.slice(at, start));
    removed.push(article.html.slice(start, end));
    at = end;
  }
  kept.push(article.html.slice(at));
  const html = kept.join('');
  const removedHtml = removed.join('');
  const references = article.references.filter((r) => {
    const url = escapeAttribute(r.url);
    return !removedHtml.includes(url) || html.includes(url);
  });
  const text = article.text
    .split('\n')
    .filter((_, i) => !leaveOut.has(i))
    .join('\n');
  return { text, html, references };
}
