/**
 * One page of the extraction pass as a self-contained job: read the record by offset, parse the
 * page once, extract the item's object [004 §4] and its comments [004 §4.2], list the feeds it
 * advertises [002]. Plain data in, plain data out, so a job runs the same in the main thread or in
 * a worker (extract-pool.ts).
 */
import { type Diagnostic, Diagnostics } from '../core/diagnostics.js';
import { isInputError } from '../core/errors.js';
import { type HintSelection, selectHints } from '../core/hint-vocabulary.js';
import {
  type CommentExtraction,
  type ExtractedObject,
  explainExtraction,
  extractComments,
  extractObjects,
  type ParsedPage,
  pageBody,
  parsePage,
} from '../extract/index.js';
import { commentItemsOfPage, type DiscoveredFeed, discoverFeeds, type FeedItem, type PendingCommentFeed } from '../feeds/index.js';
import { mainBlockOfLinkedPost, renderText, renderWithoutComments } from '../templates/index.js';
import { type Capture, DEFAULT_WARC_CONFIG, type DigestPolicy, readCapture, type WarcConfig } from '../warc/index.js';
import type { Comment } from '../core/domain.js';
import type { PayloadSource } from '../store/index.js';

export interface PageJob {
  source: PayloadSource;
  /** URL of the paired capture (a revisit's own URL, not its original's). */
  url: string;
  item: FeedItem;
  feedUrl: string;
  commentItems: readonly FeedItem[];
  /** Per-post comment feeds of the host whose post is not known yet: the page advertising one is its post. */
  pendingCommentFeeds: readonly PendingCommentFeed[];
  explain: boolean;
  /** Digest checking of the record (default: the warc stage's). */
  verifyDigests?: DigestPolicy;
  /** The weak hints of the build (a worker thread selects them per job). */
  hints: HintSelection;
  /** Comment structures the site shows on its other post pages (a second reading, issue #12). */
  siteStructures?: readonly string[];
}

export type PageJobResult = {
  url: string;
  /** Whether the job parsed its page (false: it was handed one parsed earlier, or could not read it). */
  parsed: boolean;
  discovered: DiscoveredFeed[];
  diagnostics: Diagnostic[];
  explain: string[] | null;
} /** `fallbackReason`: why feed-guided extraction failed when the object comes from E-mCST. */ & (
  | {
      ok: true;
      object: Omit<ExtractedObject, 'wrapper'>;
      comments: Comment[];
      fallbackReason: string | null;
      /** How the page's comment zone was found and its structure (decided per site by the build). */
      commentZone: Pick<CommentExtraction, 'evidence' | 'structure' | 'signatures'>;
      /** The page's language (ISO 639-1: its lang attribute, else detected). */
      language: string | null;
    }
  /** `unreadable`: the record or page could not be read (reported); else no wrapper was found. */
  | { ok: false; reason: string; unreadable: boolean }
);

/** A job's record read begun before the job runs (read-ahead), with what the read reported. */
export interface RecordRead {
  capture: Promise<Capture>;
  reported: Diagnostic[];
}

/** The warc stage's settings a build or a job runs with (its digest policy, else the default). */
export const warcConfigOf = (settings: { verifyDigests?: DigestPolicy }): WarcConfig =>
  settings.verifyDigests === undefined ? DEFAULT_WARC_CONFIG : { ...DEFAULT_WARC_CONFIG, verifyDigests: settings.verifyDigests };

/**
 * Starts reading a job's record now, so that the inflating happens on the thread pool while the
 * main thread extracts the page before it; the job takes it up with `PageJobPages.read`.
 */
export function startRecordRead(job: Pick<PageJob, 'source' | 'verifyDigests'>): RecordRead {
  const diagnostics = new Diagnostics();
  const reported: Diagnostic[] = [];
  diagnostics.onReport((d) => reported.push(d));
  const capture = readCapture(job.source, { diagnostics, config: warcConfigOf(job) });
  // Its failure is the job's, seen when the job awaits it.
  capture.catch(() => {});
  return { capture, reported };
}

/** How a page job gets its page: read by offset and parsed (default), or an already parsed one. */
export interface PageJobPages {
  /** The job's record read begun ahead (default: read when the job runs). */
  read?: RecordRead;
  /** The page parsed earlier in this build (a second reading of the same job), if still held. */
  parsed?: ParsedPage;
  /** Receives the page the job parsed, so the later passes of the build need not parse it again. */
  onParsed?(page: ParsedPage): void;
}

export async function runPageJob(job: PageJob, pages: PageJobPages = {}): Promise<PageJobResult> {
  const diagnostics = new Diagnostics();
  const reported: Diagnostic[] = [];
  diagnostics.onReport((d) => reported.push(d));
  const base = { url: job.url, parsed: false, discovered: [] as DiscoveredFeed[], diagnostics: reported, explain: null as string[] | null };
  selectHints(job.hints);
  try {
    let page = pages.parsed;
    if (page === undefined) {
      const read = pages.read ?? startRecordRead(job);
      const capture = await read.capture.finally(() => {
        for (const d of read.reported) diagnostics.add(d);
      });
      page = parsePage(capture.text(), job.url, { diagnostics });
      base.parsed = true;
      pages.onParsed?.(page);
    }
    base.discovered = discoverFeeds(page.document, job.url);
    const body = job.pendingCommentFeeds.length === 0 ? null : pageBody(page);
    const commentItems = commentItemsOfPage(
      job.commentItems,
      job.pendingCommentFeeds,
      base.discovered.map((f) => f.url),
      body === null ? '' : renderText(body),
    );
    const [result] = extractObjects(page, [job.item], { comments: { feedItems: commentItems, siteStructures: job.siteStructures ?? [] } });
    if (result === undefined) return { ...base, ok: false, reason: 'no extraction result', unreadable: false };
    if (job.explain) {
      const item = `item "${job.item.title ?? job.item.link ?? '?'}" of ${job.feedUrl}`;
      base.explain = [`feed-guided extraction [004 §4] for ${item}`, ...explainExtraction(result)];
    }
    if (!result.ok) {
      // No wrapper: the page is still a post (its feed item links it); E-mCST, with a low confidence [001 §3].
      const block = mainBlockOfLinkedPost(page);
      if (!block.isPost || block.properties === null)
        return { ...base, ok: false, reason: `${result.reason}; E-mCST: ${block.reason}`, unreadable: false };
      base.explain?.push(`=> E-mCST fallback: ${block.reason} (confidence ${block.confidence})`);
      const p = block.properties;
      const object: Omit<ExtractedObject, 'wrapper'> = {
        ...p,
        title: job.item.title ?? p.title,
        author: job.item.author ?? p.author,
        published: p.published ?? job.item.published,
        updated: job.item.updated,
        categories: p.categories.length > 0 ? p.categories : job.item.categories,
        method: 'mcst',
        confidence: block.confidence,
        paths: { content: null, title: null, author: null, date: null, categories: null },
      };
      const found = extractComments(page, { article: null, item: job.item, commentItems, siteStructures: job.siteStructures ?? [] });
      const article = block.content === null ? null : renderWithoutComments(page, block.content, found);
      return {
        ...base,
        ok: true,
        fallbackReason: result.reason,
        language: page.language,
        object: article === null ? object : { ...object, ...article },
        comments: found.comments,
        commentZone: { evidence: found.evidence, structure: found.structure, signatures: found.signatures },
      };
    }
    const comments = result.comments?.comments ?? [];
    const { wrapper: _wrapper, ...object } = result.object;
    const commentZone = {
      evidence: result.comments?.evidence ?? null,
      structure: result.comments?.structure ?? null,
      signatures: result.comments?.signatures ?? [],
    };
    return { ...base, ok: true, fallbackReason: null, language: page.language, object, comments, commentZone };
  } catch (error) {
    if (!isInputError(error)) throw error;
    diagnostics.report(error);
    return { ...base, ok: false, reason: error.message, unreadable: true };
  }
}
