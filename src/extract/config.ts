import { DEFAULT_HTML_LIMITS } from '../core/html-parse.js';

/** Extraction settings: one frozen config with defaults and one line of help per field. */
export interface ExtractConfig {
  /** Pages larger than this (UTF-16 code units of decoded HTML) are truncated before parsing. */
  readonly maxPageBytes: number;
  /** Deepest element nesting kept (levels); deeper opening tags are dropped while parsing, their text kept. */
  readonly maxDepth: number;
  /** Elements kept per page; later opening tags are dropped while parsing, their text kept. */
  readonly maxElements: number;
  /** Characters of page text sampled for language detection when `<html lang>` is absent. */
  readonly languageSampleChars: number;
}

export const DEFAULT_EXTRACT_CONFIG: ExtractConfig = Object.freeze({
  // ours: 8 MiB holds every page of the dev sets (largest 2.9 MB) with room to spare.
  maxPageBytes: 8 * 1024 * 1024,
  // ours: real pages stay under 60 levels; 512 keeps recursion safe and cuts "DOM bombs".
  maxDepth: DEFAULT_HTML_LIMITS.maxDepth,
  // ours: the largest page of the dev sets has about 24,000 elements; bounds the work per page.
  maxElements: DEFAULT_HTML_LIMITS.maxElements,
  // ours: franc is reliable from a few hundred characters and its cost grows with the sample; 1000
  // gives the language of 2000 on every page of wp-dev, pelican-dev, dragnet-train and readability
  // (600 changed one), at half the cost.
  languageSampleChars: 1000,
});

export function resolveExtractConfig(partial?: Partial<ExtractConfig>): ExtractConfig {
  return partial === undefined ? DEFAULT_EXTRACT_CONFIG : Object.freeze({ ...DEFAULT_EXTRACT_CONFIG, ...partial });
}
