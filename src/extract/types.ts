import type { Document, Element } from 'domhandler';
import type { CommentExtraction } from './comments/types.js';

/** How an object version was obtained (DESIGN.md, export contract). */
export type ExtractionMethod = 'full-feed' | 'feed-guided' | 'template' | 'mcst' | 'segmentation';

/** A link or image inside the article. */
export interface Reference {
  kind: 'link' | 'image' | 'media';
  url: string;
  text: string | null;
}

/** A parsed archived page, parsed once and shared by every stage that looks at it. */
export interface ParsedPage {
  url: string;
  document: Document;
  /** Language detected from the page text or `<html lang>` (ISO 639-1 when known). */
  language: string | null;
}

/** The properties of an article, as extracted (from a page, a feed, or both). */
export interface ArticleProperties {
  title: string | null;
  author: string | null;
  /** ISO 8601. */
  published: string | null;
  updated: string | null;
  categories: string[];
  /** Readable plain text, paragraphs separated by "\n". */
  text: string;
  /** Cleaned article HTML with absolute URLs. */
  html: string;
  references: Reference[];
}

/** Key-paths (000 §III-B notation) of the nodes each property was found in. */
export interface PropertyPaths {
  content: string | null;
  title: string | null;
  author: string | null;
  date: string | null;
  categories: string | null;
}

/** One step of the decision trail printed by `build --explain`. */
export interface ExplainStep {
  step: string;
  detail: string;
  data?: unknown;
}

/** A data object extracted from one page for one feed item (or by template / mCST). */
export interface ExtractedObject extends ArticleProperties {
  method: ExtractionMethod;
  /** In [0, 1]; calibrated so it predicts correctness. */
  confidence: number;
  paths: PropertyPaths;
  /** The wrapper node itself, so comments and segmentation can work around it. */
  wrapper: Element | null;
}

/** The outcome of looking for one item's article on one page. */
export type ExtractionResult =
  /** `comments`: the post's comments when asked for (ExtractOptions.comments), else null. */
  | { ok: true; object: ExtractedObject; comments: CommentExtraction | null; explain: ExplainStep[] }
  | { ok: false; reason: string; explain: ExplainStep[] };
