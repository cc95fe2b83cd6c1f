/**
 * Comment zones decided per site, not page by page (issue #12): a zone found by the page structure
 * alone (repeated dated entries after the article, no comment hint, no comment feed) is kept when
 * the same structure recurs on other post pages of the host, the way a site's comment template
 * does [000 §III: what holds for a site is learnt from its pages]. A host with a single post page
 * gives no site evidence: the page's own decision stands.
 */
import { MIN_RECORD_PAGES, MIN_STRUCTURE_PAGES } from './constants.js';
import { isRecordStructure } from './comment-zone.js';

export interface ZoneDecision {
  keep: boolean;
  reason: string;
}

/**
 * `pagesWithStructure`: post pages of the host whose comment zone has this structure (this page
 * included); `postPages`: post pages of the host in the crawl; `structure`: the zone's
 * `structureKey` (a zone of undated records needs more pages, and never stands on its page alone).
 */
export function decideStructureOnlyZone(pagesWithStructure: number, postPages: number, needsSite = false, structure = ''): ZoneDecision {
  if (isRecordStructure(structure)) return decideRecordZone(pagesWithStructure, postPages);
  if (postPages < MIN_STRUCTURE_PAGES && needsSite)
    return { keep: false, reason: `too few entries to stand alone, and the host has ${postPages} post page(s) to confirm them` };
  if (postPages < MIN_STRUCTURE_PAGES)
    return { keep: true, reason: `structure only, and the host has ${postPages} post page(s): no site evidence, the page decides` };
  if (pagesWithStructure >= MIN_STRUCTURE_PAGES)
    return { keep: true, reason: `structure only, recurring on ${pagesWithStructure} of the host's ${postPages} post pages` };
  return {
    keep: false,
    reason: `structure only, found on no other of the host's ${postPages} post pages: not the site's comment structure`,
  };
}

/** Undated records (comment-records.ts): without a date or an id per entry, only the site's
 *  recurrence tells a thread from a box of named paragraphs; a host too small to show it keeps none. */
function decideRecordZone(pagesWithStructure: number, postPages: number): ZoneDecision {
  if (pagesWithStructure >= MIN_RECORD_PAGES)
    return { keep: true, reason: `undated records, recurring on ${pagesWithStructure} of the host's ${postPages} post pages` };
  return {
    keep: false,
    reason: `undated records on ${pagesWithStructure} of the host's ${postPages} post page(s): fewer than ${MIN_RECORD_PAGES}, not the site's comment structure`,
  };
}
