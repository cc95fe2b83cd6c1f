import { isTag } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { parsePage } from '../extract/index.js';
import { mainBlockOfLinkedPost } from './content-markers.js';
import { renderText } from './content-render.js';

const STORY = ['Harbour wall to be rebuilt', 1, 2, 3, 4]
  .map((p) =>
    typeof p === 'string'
      ? `<h1>${p}</h1>`
      : `<p>Paragraph ${p} tells what the council decided about the harbour wall, and why the vote was close.</p>`,
  )
  .join('');

const pageOf = (html: string) => parsePage(`<html>${html}</html>`, 'http://news.test/2026/harbour-wall');

describe('mainBlockOfLinkedPost (the fallback for a feed-linked page without a wrapper)', () => {
  it('reads a page printed inside one <form> (ASP.NET WebForms), forms entered only when nothing else has text', () => {
    const page = pageOf(
      `<body><form id="aspnetForm" method="post"><input type="hidden" name="__VIEWSTATE" value="x"><div id="wrap">${STORY}</div></form></body>`,
    );
    const block = mainBlockOfLinkedPost(page);
    expect(block.isPost).toBe(true);
    expect(block.reason).toContain('forms and comment-named zones entered');
    expect(block.properties?.text).toContain('Paragraph 4 tells what the council decided');
  });

  it('reads a page whose wrapper names comments in its class', () => {
    const block = mainBlockOfLinkedPost(pageOf(`<body><div id="page" class="has-reply-box">${STORY}</div></body>`));
    expect(block.isPost).toBe(true);
    expect(block.properties?.text).toContain('Paragraph 1 tells');
  });

  it('keeps the usual reading where it finds text: a comment form beside the story stays out', () => {
    const page = pageOf(
      `<body><div id="wrap">${STORY}</div><form id="commentform"><p>Leave a reply: your words, name and mail below, then press the button to send them.</p><textarea></textarea></form></body>`,
    );
    const block = mainBlockOfLinkedPost(page);
    expect(block.reason).toBe('mCST main block <div>');
    expect(block.properties?.text).not.toContain('Leave a reply');
  });

  it('still finds nothing on a page without shown text', () => {
    const block = mainBlockOfLinkedPost(pageOf('<body><script>var story = "not shown";</script><div hidden><p>Hidden.</p></div></body>'));
    expect(block).toMatchObject({ isPost: false, reason: 'no main block with any text' });
  });
});

describe('comment zones', () => {
  it('are never the page itself: a <body> class naming comments describes the page', () => {
    const page = pageOf(`<body class="single post-template comments-open">${STORY}</body>`);
    const html = page.document.children.find(isTag);
    expect(html === undefined ? '' : renderText(html)).toContain('Paragraph 2 tells');
  });
});
