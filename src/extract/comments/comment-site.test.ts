import { describe, expect, it } from 'vitest';
import { decideStructureOnlyZone } from './comment-site.js';

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
