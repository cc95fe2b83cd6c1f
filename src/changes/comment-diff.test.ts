import { describe, expect, it } from 'vitest';
import { commentWindowsOf, diffComments } from './comment-diff.js';
import { commentTemplateLinesOf } from './template-lines.js';
import type { CommentSnapshot } from './types.js';

const comment = (n: number): CommentSnapshot => ({ hash: `h${n}`, author: `Reader ${n}`, published: null, text: `Comment number ${n}.` });
const comments = (...ns: number[]): CommentSnapshot[] => ns.map(comment);

describe('diffComments on a page that shows only its newest comments', () => {
  it('the oldest comments pushed out of a full window are not removed (oldest first or newest first)', () => {
    const oldestFirst = diffComments(comments(1, 2, 3), comments(2, 3, 4), 3);
    expect(oldestFirst).toMatchObject({ added: 1, removed: 0, outOfWindow: 1 });
    const newestFirst = diffComments(comments(3, 2, 1), comments(5, 4, 3), 3);
    expect(newestFirst).toMatchObject({ added: 2, removed: 0, outOfWindow: 2 });
  });

  it('a comment gone from the middle, or a window that is not full, is a removal', () => {
    expect(diffComments(comments(1, 2, 3), comments(1, 3, 4), 3)).toMatchObject({ removed: 1, outOfWindow: 0 });
    expect(diffComments(comments(1, 2), comments(2, 4), 3)).toMatchObject({ removed: 1, outOfWindow: 0 });
    expect(diffComments(comments(1, 2, 3), comments(2, 3, 4), null)).toMatchObject({ removed: 1, outOfWindow: 0 });
  });

  it('a page that began showing only its newest comments between the crawls moved the older ones, it did not remove them', () => {
    expect(diffComments(comments(1, 2, 3, 4), comments(3, 4), 2)).toMatchObject({ added: 0, removed: 0, outOfWindow: 2 });
    expect(diffComments(comments(4, 3, 2, 1), comments(4, 3), 2)).toMatchObject({ added: 0, removed: 0, outOfWindow: 2 });
    // Gone from the middle of the earlier list: removed, window or not.
    expect(diffComments(comments(1, 2, 3, 4), comments(1, 4), 2)).toMatchObject({ removed: 2, outOfWindow: 0 });
  });

  it('fewer new comments than gone ones is a removal', () => {
    expect(diffComments(comments(1, 2, 3), comments(3, 4), 3)).toMatchObject({ removed: 2, outOfWindow: 0 });
  });
});

describe("diffComments with the host's comment counter lines", () => {
  const said = ['Nice one.', 'I disagree.', 'Source?', 'Well said.'];
  const scored = (n: number, points: number): CommentSnapshot => ({
    ...comment(n),
    hash: `h${n}-${points}`,
    text: `${said[n - 1]}\n${points} points · Reply`,
  });

  it('a comment whose score rose is not edited; one whose words changed is', () => {
    const template = commentTemplateLinesOf([1, 2, 3, 4].map((n) => scored(n, n * 3).text));
    expect([...template]).toEqual(['# points · Reply']);
    expect(diffComments([scored(1, 3)], [scored(1, 9)], null, template)).toMatchObject({ added: 0, edited: 0 });
    const reworded = { ...scored(1, 9), text: 'Nice one, I mean it.\n9 points · Reply' };
    expect(
      diffComments(
        [{ ...scored(1, 3), published: '2025-03-01T10:00:00Z' }],
        [{ ...reworded, published: '2025-03-01T10:00:00Z' }],
        null,
        template,
      ),
    ).toMatchObject({ edited: 1 });
  });

  it('are lines with numbers that most comments show: a line of words alone, or on few comments, is none', () => {
    expect(commentTemplateLinesOf(['Thanks!', 'Thanks!', 'Thanks!']).size).toBe(0);
    expect(commentTemplateLinesOf(['a\n3 points', 'b\n4 points', 'c', 'd', 'e', 'f']).size).toBe(0);
  });
});

describe('commentWindowsOf: a cap on comments per page, from the pages of one site', () => {
  it('several pages of a host at one count and none above it is a window', () => {
    const pages = [3, 3, 3, 1, 0].map((n, i) => ({ url: `http://capped.test/p${i}/`, comments: n }));
    const other = [5, 5, 2].map((n, i) => ({ url: `http://free.test/p${i}/`, comments: n }));
    expect([...commentWindowsOf([...pages, ...other])]).toEqual([['capped.test', 3]]);
  });

  it('one page above the shared count means no window', () => {
    const pages = [3, 3, 3, 4].map((n, i) => ({ url: `http://site.test/p${i}/`, comments: n }));
    expect(commentWindowsOf(pages).size).toBe(0);
  });
});
