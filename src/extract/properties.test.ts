import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Element, isTag } from 'domhandler';
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../feeds/index.js';
import { commentNodesInside, findAuthorOnPage, findTitleOnPage, pageBody, pageHead, parsePage } from './index.js';
import { findAuthor, findDate } from './properties.js';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures');

describe('properties read from the page alone (no feed item)', () => {
  // corpus/pelican-dev: the site's name is the page's <h1>, the post's title an <h2>; <title> is
  // "Backports & Bytes - Principles".
  const page = parsePage(
    readFileSync(join(FIXTURES, 'comments/pelican-no-comments.html'), 'utf8'),
    'http://pelican-dev.test:8090/posts/2025/12/principles/',
  );
  const body = pageBody(page);
  const head = pageHead(page);

  it("takes the heading that is part of the page's <title>, not the site's <h1>", () => {
    if (body === null) throw new Error('fixture has no body');
    const title = findTitleOnPage(body, null, head);
    expect(title.value).toBe('Principles');
    expect(title.node?.name).toBe('h2');
  });

  it('takes the byline markup as the author ("By" left out)', () => {
    if (body === null) throw new Error('fixture has no body');
    expect(findAuthorOnPage(body, null, head).value).toBe('Mireille Dufour');
  });

  it('falls back to the h1 when no heading is in the title', () => {
    const bare = parsePage('<html><head><title>Site</title></head><body><h1>A post</h1><p>Text.</p></body></html>', 'http://x.test/a');
    const b = pageBody(bare);
    if (b === null) throw new Error('no body');
    expect(findTitleOnPage(b, null, pageHead(bare)).value).toBe('A post');
  });
});

describe("the post's author and date, never a commenter's", () => {
  // A WordPress (Twenty Ten) post: the byline's label is marked "meta-prep-author" beside the linked
  // name; the post date is plain text in a link; each comment has a marked author and a <time> of the same day.
  const page = parsePage(
    `<html><head><title>Weir</title></head><body><div class="post"><h1>Weir</h1>
    <div class="entry-meta"><span class="meta-prep meta-prep-author">Posted on</span> <a href="/weir/"><span class="entry-date">March 16, 2025</span></a> <span class="meta-sep">by</span> <span class="author vcard"><a class="url fn n" href="/author/miller/">miller</a></span></div>
    <div class="entry-content"><p>The weir was raised again after the spring floods had carried most of the old boards away.</p></div></div>
    <ol class="commentlist"><li class="comment"><div class="comment-author vcard"><cite class="fn">Ada Lind</cite> says:</div>
    <div class="comment-meta"><a href="/weir/#comment-1"><time datetime="2025-03-16T10:45:00Z">March 16, 2025 at 10:45 am</time></a></div><p>Good to see it back.</p></li></ol>
    </body></html>`,
    'http://mill.test/weir/',
  );
  const body = pageBody(page) as Element;
  const content = body.children.find((c) => isTag(c) && c.attribs.class === 'post') as Element;
  const comments = commentNodesInside(body);
  const item = { author: null, published: '2025-03-16T09:15:00Z' } as unknown as FeedItem;

  it("takes the linked name beside the byline's label, and no name from the comments", () => {
    expect(findAuthorOnPage(body, content, null, comments).value).toBe('miller');
    expect(findAuthor(body, item, content, null, comments).value).toBe('miller');
  });

  it("finds the post's printed date, not a comment's <time> of the same day", () => {
    const date = findDate(body, item.published, 'en', content, comments);
    expect(date.source).toBe('page');
    expect(date.node?.attribs.class).toBe('entry-date');
  });

  it('takes no marked byline part that prints only a date as the author', () => {
    const bare = parsePage(
      '<html><body><article><h1>Ferry</h1><div class="byline">March 1, 2025</div><p>The ferry ran late again on the first day of the month.</p></article></body></html>',
      'http://x.test/ferry',
    );
    expect(findAuthorOnPage(pageBody(bare) as Element, null, null).value).toBeNull();
  });

  it('takes the marked name inside a marked byline, not the byline with its label and date; the byline when nothing inside is marked', () => {
    const authorOf = (byline: string): string | null =>
      findAuthorOnPage(
        pageBody(
          parsePage(
            `<html><body><article><h1>Ferry</h1>${byline}<p>The ferry ran late again on the first day of the month.</p></article></body></html>`,
            'http://x.test/ferry',
          ),
        ) as Element,
        null,
        null,
      ).value;
    expect(authorOf('<div class="byline">By <a rel="author" href="/ruth">Ruth Okafor</a> · 9 April 2025</div>')).toBe('Ruth Okafor');
    expect(authorOf('<div class="byline">By Ruth Okafor</div>')).toBe('Ruth Okafor');
  });

  it("takes the article's signed byline over a name marked outside the article (a review widget), whatever the class names", () => {
    const page = parsePage(
      `<html><body><main><article class="c1acvxz"><h1 class="c394l4c">Grinder review</h1><p class="c13a2u0">By <span class="c1e9pfq"><span class="c2kd9s">Tess Albright</span></span> · <time datetime="2025-03-19">March 19, 2025</time></p>
      <div class="c18v09b"><p>The burrs hold their setting through a week of daily use, which the last model never managed.</p></div></article></main>
      <aside><div itemprop="review" itemscope><span itemprop="author">Hamid R.</span><p>Arrived quickly, works well.</p></div></aside></body></html>`,
      'http://reviews.test/grinder/',
    );
    const body = pageBody(page) as Element;
    const content = findByClass(body, 'c18v09b') as Element;
    const author = findAuthorOnPage(body, content, null);
    expect(author.value).toBe('Tess Albright');
    expect(author.node?.attribs.class).toBe('c2kd9s');
  });
});

function findByClass(root: Element, cls: string): Element | undefined {
  for (const c of root.children) {
    if (!isTag(c)) continue;
    if (c.attribs.class === cls) return c;
    const inner = findByClass(c, cls);
    if (inner !== undefined) return inner;
  }
  return undefined;
}
