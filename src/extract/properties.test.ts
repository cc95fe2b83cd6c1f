import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findAuthorOnPage, findTitleOnPage, pageBody, pageHead, parsePage } from './index.js';

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
