/** The comment assertion the unseen-engine suites share. */
import { expect } from 'vitest';
import type { store } from '../../src/index.js';

/** A reply as a generated engine prints it. */
export interface PrintedReply {
  name: string;
  text: string;
}

/**
 * Each version's comments are its post's replies, in order, with their authors: `repliesOf(url)` in
 * the first crawl, `laterOf(url)` (when the second crawl adds some) in the second.
 */
export function expectReplies(
  versions: readonly store.ObjectVersionRow[],
  repliesOf: (url: string) => readonly PrintedReply[],
  laterOf: (url: string) => readonly PrintedReply[] | undefined,
): void {
  for (const v of versions) {
    const want = (v.crawl.includes('crawl-2') ? laterOf(v.url) : undefined) ?? repliesOf(v.url);
    const where = `${v.url} in ${v.crawl}`;
    expect(
      v.comments.map((c) => c.text),
      where,
    ).toEqual(want.map((r) => r.text));
    expect(
      v.comments.map((c) => c.author),
      where,
    ).toEqual(want.map((r) => r.name));
  }
}
