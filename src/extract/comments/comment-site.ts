/**
 * Comment zones decided per site, not page by page (issue #12): a zone found by the page structure
 * alone (repeated dated entries after the article, no comment hint, no comment feed) is kept when
 * the same structure recurs on other post pages of the host, the way a site's comment template
 * does [000 §III: what holds for a site is learnt from its pages]. A host with a single post page
 * gives no site evidence: the page's own decision stands.
 */
import { MIN_STRUCTURE_PAGES } from './constants.js';

export interface ZoneDecision {
  keep: boolean;
  reason: string;
}

/**
 * `pagesWithStructure`: post pages of the host whose comment zone has this structure (this page
 * included); `postPages`: post pages of the host in the crawl.
 */
export function decideStructureOnlyZone(pagesWithStructure: number, postPages: number, needsSite = false): ZoneDecision {
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
