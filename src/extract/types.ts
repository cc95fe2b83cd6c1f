import type { Document, Element } from 'domhandler';
import type { VersionContent } from '../core/domain.js';
import type { CommentExtraction } from './comments/types.js';

export type { ArticleProperties, ExtractionMethod, PropertyPaths, Reference, VersionContent } from '../core/domain.js';

/** A parsed archived page, parsed once and shared by every stage that looks at it. */
export interface ParsedPage {
  url: string;
  document: Document;
  /** Language detected from the page text or `<html lang>` (ISO 639-1 when known). */
  language: string | null;
  /** Elements of the DOM: what holding the page costs (`MAX_HELD_PAGE_ELEMENTS`). */
  elements: number;
}

/** One step of the decision trail printed by `build --explain`. */
export interface ExplainStep {
  step: string;
  detail: string;
  data?: unknown;
}

/** A data object extracted from one page for one feed item (or by template / mCST). */
export interface ExtractedObject extends VersionContent {
  /** The wrapper node itself, so comments and segmentation can work around it. */
  wrapper: Element | null;
}

/** The outcome of looking for one item's article on one page. */
export type ExtractionResult =
  /** `comments`: the post's comments when asked for (ExtractOptions.comments), else null. */
  | { ok: true; object: ExtractedObject; comments: CommentExtraction | null; explain: ExplainStep[] }
  | { ok: false; reason: string; explain: ExplainStep[] };
