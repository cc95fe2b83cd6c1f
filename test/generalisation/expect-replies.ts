/** The comment assertion the unseen-engine suites share. */
import { expect } from 'vitest';
import type { store } from '../../src/index.js';
import type { BuiltSite, Post, Reply } from './two-crawl-sites.js';

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

/**
 * `expectReplies` on a built two-crawl site: each post's versions hold its replies of each crawl,
 * as `printed` says the engine prints them (default: each reply's name and text).
 */
export function expectSiteReplies(
  built: BuiltSite,
  postOf: (url: string) => Post | undefined,
  printed: (p: Post, replies: readonly Reply[]) => readonly PrintedReply[] = (_p, rs) => rs.map((r) => ({ name: r.name, text: r.text })),
): void {
  expectReplies(
    built.versions.filter((v) => postOf(v.url) !== undefined),
    (url) => {
      const p = postOf(url) as Post;
      return printed(p, p.replies);
    },
    (url) => {
      const p = postOf(url) as Post;
      const later = built.model.later.get(p.slug);
      return later === undefined ? undefined : printed(p, later);
    },
  );
}
