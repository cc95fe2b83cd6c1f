import { parseDocument } from 'htmlparser2';
import { type Element, isTag } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { findNodes } from './key-path-match.js';
import { keyPathOf, mergeKeyPaths, parseKeyPath, serialiseKeyPath } from './key-path.js';
import type { KeyPath } from './types.js';

const kp = (s: string): KeyPath => {
  const p = parseKeyPath(s);
  if (p === null) throw new Error(`unparsable ${s}`);
  return p;
};

/** 000 Listing 3, the exemplary HTML page of a blog. */
const LISTING_3 = `<html><head><title>A blog post</title></head><body>
  <div class="advertisement"><div class="flash-container">[...]</div></div>
  <div id="post-1337" class="post">
    <div class="header"><h1>A blog post</h1><h2>Subtitle</h2></div>
    <div class="body"><p>Some Sample content</p><p>Another Paragraph</p></div>
  </div></body></html>`;

const text = (el: Element): string =>
  el.children
    .map((c) => (c.type === 'text' ? (c as unknown as { data: string }).data : isTag(c) ? text(c) : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('parseKeyPath / serialiseKeyPath (000 Listing 1)', () => {
  it('parses the absolute path (1)', () => {
    const p = kp('|html|body|div[@id=post-*]|div[@class=post-header]|h1');
    expect(p.absolute).toBe(true);
    expect(p.steps.map((s) => s.name)).toEqual(['html', 'body', 'div', 'div', 'h1']);
    expect(p.steps[2]?.attributes).toEqual([{ name: 'id', values: [{ text: 'post-', prefix: true }] }]);
    expect(p.steps[3]?.attributes).toEqual([{ name: 'class', values: [{ text: 'post-header', prefix: false }] }]);
  });

  it('parses the relative path (2) with a * step and two attributes', () => {
    const p = kp('div[@id=post-*]|*|div[@class=post-content,@id=post-*]');
    expect(p.absolute).toBe(false);
    expect(p.steps.map((s) => s.name)).toEqual(['div', '*', 'div']);
    expect(p.steps[2]?.attributes.map((a) => a.name)).toEqual(['class', 'id']);
  });

  it('round-trips both listings and escaped values', () => {
    for (const s of [
      '|html|body|div[@id=post-*]|div[@class=post-header]|h1',
      'div[@id=post-*]|*|div[@class=post-content,@id=post-*]',
      '|html|body|div[@id=a\\|b\\,c\\]d\\*e,@class=post hentry postid-*]|p',
      '|html|body|div[@class=*]|div[@class=*]',
    ])
      expect(serialiseKeyPath(kp(s))).toBe(s);
  });

  it('rejects what is not a key-path', () => {
    for (const s of ['', '|', '|html||body', '|html|div[@id=x', '|html|1div', '|html|div[id=x]']) expect(parseKeyPath(s)).toBeNull();
  });
});

describe('mergeKeyPaths (000 Listing 2)', () => {
  const P1 = kp('|html|body|div[@id=post-2]|div[@class=post-header]|h1');
  const P2 = kp('|html|body|div[@id=post-1]|div[@class=post-header]|b');
  const P3 = kp('|html|body|span[@id=post-3]|h1');

  it('merge(P1, P2) = |html|body|div[@id=post-*]|div[@class=post-header]', () => {
    const m = mergeKeyPaths(P1, P2);
    expect(m && serialiseKeyPath(m)).toBe('|html|body|div[@id=post-*]|div[@class=post-header]');
  });

  it('merge(P1, P3) = null (incompatible)', () => {
    expect(mergeKeyPaths(P1, P3)).toBeNull();
  });

  it('keeps common attributes only; values without a common prefix become *', () => {
    const m = mergeKeyPaths(kp('|html|body|div[@id=main,@role=main]|p'), kp('|html|body|div[@id=content]|p'));
    expect(m && serialiseKeyPath(m)).toBe('|html|body|div[@id=*]|p');
  });

  it('clusters class tokens by common prefix and keeps shared tokens', () => {
    const m = mergeKeyPaths(
      kp('|html|body[@class=single postid-37 single-format-standard]|article[@class=post-37 post type-post tag-apt]'),
      kp('|html|body[@class=single postid-12 single-format-standard]|article[@class=post-12 post type-post]'),
    );
    expect(m && serialiseKeyPath(m)).toBe(
      '|html|body[@class=single single-format-standard postid-*]|article[@class=post type-post post-*]',
    );
  });

  it('is stable when merged again with a matching value', () => {
    const once = mergeKeyPaths(P1, P2) as KeyPath;
    const twice = mergeKeyPaths(once, kp('|html|body|div[@id=post-77]|div[@class=post-header]|h1'));
    expect(twice && serialiseKeyPath(twice)).toBe('|html|body|div[@id=post-*]|div[@class=post-header]');
  });
});

describe('keyPathOf and findNodes on 000 Listing 3 / Listing 4', () => {
  const doc = parseDocument(LISTING_3);

  it('keyPathOf writes id and class from the root', () => {
    const h1 = findNodes(doc, 'h1')[0] as Element;
    expect(serialiseKeyPath(keyPathOf(h1))).toBe('|html|body|div[@id=post-1337,@class=post]|div[@class=header]|h1');
    expect(findNodes(doc, keyPathOf(h1))).toEqual([h1]);
  });

  it('Listing 4 path 1 matches, path 2 does not', () => {
    expect(findNodes(doc, '|html|body|div[@id=post-*,@class=post]|div')).toHaveLength(2);
    expect(findNodes(doc, '|html|body|div[@id=*,@class=news]|div[@class=content]')).toHaveLength(0);
  });

  it('Listing 4 path 3 is too general: it matches several divs', () => {
    expect(findNodes(doc, '|html|body|div[@class=*]|div[@class=*]').length).toBeGreaterThanOrEqual(3);
  });

  it('Listing 4 paths 4 and 5 point to the title group and the content', () => {
    const head = findNodes(doc, '|html|body|div[@id=post-*,@class=post]|div[@class=header]');
    const body = findNodes(doc, '|html|body|div[@id=post-*,@class=post]|div[@class=body]');
    expect(head.map(text)).toEqual(['A blog post Subtitle']);
    expect(body.map(text)).toEqual(['Some Sample content Another Paragraph']);
  });

  it('relative paths and * gaps', () => {
    expect(findNodes(doc, 'div[@class=body]|p').map(text)).toEqual(['Some Sample content', 'Another Paragraph']);
    expect(findNodes(doc, 'div[@id=post-*]|*|p')).toHaveLength(2);
    expect(findNodes(doc, '|html|*|h2').map(text)).toEqual(['Subtitle']);
    expect(findNodes(doc, 'div[@id=post-*]|p')).toHaveLength(0);
  });

  it('class tests match tokens, other attributes whole values or prefixes', () => {
    const d = parseDocument('<html><body><div class="a  entry-content b" id="post-9"><p>x</p></div></body></html>');
    expect(findNodes(d, '|html|body|div[@class=entry-content]')).toHaveLength(1);
    expect(findNodes(d, '|html|body|div[@class=entry-*]')).toHaveLength(1);
    expect(findNodes(d, '|html|body|div[@class=entry]')).toHaveLength(0);
    expect(findNodes(d, '|html|body|div[@id=post]')).toHaveLength(0);
    expect(findNodes(d, '|html|body|div[@id=post*]')).toHaveLength(1);
  });
});

describe('positions: steps that siblings of the same name and attributes leave ambiguous', () => {
  // No class tells the blocks apart: the title's, the date's and the article's <div> are one step.
  const page = (before: string): ReturnType<typeof parseDocument> =>
    parseDocument(
      `<html><body><main>${before}<div><div>The title</div><div>4 March 2025</div><div><p>The article.</p></div></div></main></body></html>`,
    );

  it('round-trips a position after the attributes, and values holding brackets stay values', () => {
    for (const s of ['|html|body|main|div[2]', '|html|body|div[@class=flex gap-4][3]|p', 'div[@id=a\\]][1]'])
      expect(serialiseKeyPath(kp(s))).toBe(s);
    expect(kp('div[@id=x[12]').steps[0]).toEqual({ name: 'div', attributes: [{ name: 'id', values: [{ text: 'x[12', prefix: false }] }] });
    expect(kp('div[@id=x][0]').steps[0]?.position).toBeUndefined();
  });

  it('keyPathOf writes the position only where a sibling has the same step', () => {
    const doc = page('');
    const body = findNodes(doc, 'div|div')[2] as Element;
    expect(serialiseKeyPath(keyPathOf(body, { positions: true }))).toBe('|html|body|main|div|div[3]');
    expect(serialiseKeyPath(keyPathOf(body))).toBe('|html|body|main|div|div');
  });

  it('a position tells siblings of the step apart and never excludes an element its step singles out', () => {
    expect(findNodes(page(''), '|html|body|main|div|div[3]').map(text)).toEqual(['The article.']);
    // A page whose block stands alone matches whatever its place.
    const alone = parseDocument('<html><body><main><div><p>Only the article.</p></div></main></body></html>');
    expect(findNodes(alone, '|html|body|main|div[2]').map(text)).toEqual(['Only the article.']);
    // A notice <div> before the post shifts nothing under it.
    expect(findNodes(page('<p>Notice</p>'), '|html|body|main|div|div[3]').map(text)).toEqual(['The article.']);
  });

  it('merging keeps a position both pages agree on, or the one page that needed it, and drops positions that disagree', () => {
    expect(serialiseKeyPath(mergeKeyPaths(kp('|html|body|div[3]'), kp('|html|body|div[3]')) as KeyPath)).toBe('|html|body|div[3]');
    expect(serialiseKeyPath(mergeKeyPaths(kp('|html|body|div[3]'), kp('|html|body|div')) as KeyPath)).toBe('|html|body|div[3]');
    const disagree = mergeKeyPaths(kp('|html|body|div[3]'), kp('|html|body|div[2]')) as KeyPath;
    expect(serialiseKeyPath(disagree)).toBe('|html|body|div');
    // Once pages disagree, a later page's position does not come back.
    expect(serialiseKeyPath(mergeKeyPaths(disagree, kp('|html|body|div[3]')) as KeyPath)).toBe('|html|body|div');
  });
});
