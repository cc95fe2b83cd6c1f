import { describe, expect, it } from 'vitest';
import { parseDocument } from 'htmlparser2';
import type { ParsedPage } from '../extract/index.js';
import { extractMainBlock, learnMarkers } from './index.js';
import { fixturePage } from '../../test/helpers/fixture-pages.js';

const page = (url: string, body: string, head = ''): ParsedPage => ({
  url,
  language: null,
  elements: 0,
  document: parseDocument(`<html><head>${head}</head><body>${body}</body></html>`, {
    decodeEntities: true,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
  }),
});
const PROSE =
  '<p>The package manager keeps a list of every file each package installed, so removing it later is clean and complete.</p>'.repeat(3);

describe('extractMainBlock post guards (E-mCST without a template)', () => {
  it('keeps a dated post and says where the date came from', () => {
    const dated = page(
      'http://blog.test/notes/apt/',
      `<article><h1>Apt notes</h1><div class="byline">Posted on March 3, 2026 by Ann</div><div class="text">${PROSE}</div></article>`,
    );
    const b = extractMainBlock(dated, null);
    expect(b.isPost).toBe(true);
    expect(b.reason).toMatch(/dated text "Posted on March 3, 2026 by Ann"/);
    expect(b.properties?.text).toContain('The package manager keeps');
    const meta = page(
      'http://blog.test/notes/apt/',
      `<article><h1>Apt notes</h1><div>${PROSE}</div></article>`,
      '<meta name="parsely-pub-date" content="2024-04-20T04:20:00.000Z">',
    );
    expect(extractMainBlock(meta, null).reason).toMatch(/parsely-pub-date metadata/);
  });

  it('refuses a page without any publication date (a static page)', () => {
    const b = extractMainBlock(
      page(
        'http://blog.test/about/',
        `<article><h1>About</h1><div>${PROSE}</div></article>`,
        '<meta property="article:publisher" content="https://example.org/">',
      ),
      null,
    );
    expect(b).toMatchObject({ isPost: false, properties: null });
    expect(b.reason).toMatch(/no publication date/);
  });

  it('refuses an archive holding a single post: its title links to the post', () => {
    const archive = page(
      'http://blog.test/2026/03/',
      `<h1 class="page-title">March 2026</h1><article><h2><a href="/2026/03/apt-notes/">Apt notes</a></h2><time datetime="2026-03-03">March 3, 2026</time><div class="text">${PROSE}</div></article>`,
    );
    expect(extractMainBlock(archive, null).reason).toMatch(/title links to another entry \(http:\/\/blog\.test\/2026\/03\/apt-notes\)/);
    // A title linking to the page itself (permalink) or a byline link in a heading is no list entry.
    const self = page(
      'http://blog.test/2026/03/apt-notes/',
      `<article><h2><a href="/2026/03/apt-notes/" rel="bookmark">Apt notes</a></h2><time datetime="2026-03-03">March 3, 2026</time><div class="text">${PROSE}</div></article>`,
    );
    expect(extractMainBlock(self, null).isPost).toBe(true);
    const byline = page(
      'http://blog.test/2026/03/apt-notes/',
      `<article><h2>Apt notes, by <a href="/author/ann/">Ann</a> and the team</h2><time datetime="2026-03-03">March 3, 2026</time><div class="text">${PROSE}</div></article>`,
    );
    expect(extractMainBlock(byline, null).isPost).toBe(true);
  });

  it('refuses an index made of links', () => {
    const links = Array.from(
      { length: 12 },
      (_, i) => `<li><a href="/2026/0${(i % 9) + 1}/post-${i}/">A post title number ${i}</a> 2026</li>`,
    ).join('');
    const b = extractMainBlock(page('http://blog.test/archives.html', `<div id="content"><ul>${links}</ul></div>`), null);
    expect(b.isPost).toBe(false);
    expect(b.reason).toMatch(/of the main block's text is links/);
  });

  it.each(['wp', 'pelican'])('with the markers of a %s cluster: posts kept, channel and static pages refused', (engine) => {
    const names = ['post-feed-1', 'post-feed-2', 'post-feed-3', 'post-unlinked', 'home', 'about', 'tag', 'page-2'];
    const pages = names.map((n) => fixturePage(`templates-${engine}-${n}.html`));
    const markers = learnMarkers(pages);
    expect(markers.primary).toEqual({ tag: 'div', attribute: 'class', value: 'entry-content' });
    const posts = pages.filter((p) => extractMainBlock(p, markers).isPost).map((p) => p.url);
    expect(posts).toEqual(pages.slice(0, 4).map((p) => p.url));
  });
});
