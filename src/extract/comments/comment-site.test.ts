import { describe, expect, it } from 'vitest';
import { decideStructureOnlyZone } from './comment-site.js';
import { MIN_RECORD_PAGES } from './constants.js';

describe('a structure-only comment zone is decided per site', () => {
  it('kept when the same structure recurs on another post page of the host', () => {
    expect(decideStructureOnlyZone(3, 12)).toMatchObject({ keep: true });
  });
  it('dropped when no other post page of the host shows it', () => {
    expect(decideStructureOnlyZone(1, 12)).toMatchObject({ keep: false });
  });
  it('a host with one post page gives no site evidence: the page decides', () => {
    expect(decideStructureOnlyZone(1, 1).keep).toBe(true);
  });
});

describe('a zone of undated records is decided per site, on more pages', () => {
  const RECORDS = '|html|body|main|div[@class=disc] records on div.disc|div.c';
  it('kept when it recurs on MIN_RECORD_PAGES post pages of the host', () => {
    expect(decideStructureOnlyZone(MIN_RECORD_PAGES, 12, true, RECORDS)).toMatchObject({ keep: true });
  });
  it('dropped on fewer pages, however many entries', () => {
    expect(decideStructureOnlyZone(MIN_RECORD_PAGES - 1, 12, true, RECORDS)).toMatchObject({ keep: false });
  });
  it('never decided by its page alone, even on a host with one post page', () => {
    expect(decideStructureOnlyZone(1, 1, true, RECORDS).keep).toBe(false);
  });
});
