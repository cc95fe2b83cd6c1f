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

  it('takes a later reading when the usual one finds only a footer line: the post sits in a comment-named wrapper', () => {
    const page = pageOf(`<body><div class="comments-area">${STORY}</div><div id="foot">About us</div></body>`);
    const block = mainBlockOfLinkedPost(page);
    expect(block.reason).toContain('comment-named zones entered');
    expect(block.properties?.text).toContain('Paragraph 3 tells');
  });

  it('reads a page hidden behind an open dialog (aria-hidden wrapper) or a script-shown hidden <main>', () => {
    for (const hidden of ['<div id="page" aria-hidden="true">', '<div id="page"><main hidden>']) {
      const close = hidden.includes('main') ? '</main></div>' : '</div>';
      const page = pageOf(`<body>${hidden}${STORY}${close}<div role="dialog">Accept cookies? <button>OK</button></div></body>`);
      const block = mainBlockOfLinkedPost(page);
      expect(block.reason).toContain('hidden elements entered');
      expect(block.properties?.text).toContain('Paragraph 4 tells');
    }
  });

  it('keeps a short post when no reading finds more, and finds nothing on a page without text', () => {
    const short = mainBlockOfLinkedPost(
      pageOf('<body><div id="post"><p>Closed today.</p></div><form><textarea>x</textarea></form></body>'),
    );
    expect(short.isPost).toBe(true);
    expect(short.reason).not.toContain('entered');
    expect(short.properties?.text).toBe('Closed today.');
    const none = mainBlockOfLinkedPost(
      pageOf('<body><script>var story = "not shown";</script><template><p>Never shown.</p></template></body>'),
    );
    expect(none).toMatchObject({ isPost: false, reason: 'no main block with any text' });
  });
});

describe('comment zones', () => {
  it('are never the page itself: a <body> class naming comments describes the page', () => {
    const page = pageOf(`<body class="single post-template comments-open">${STORY}</body>`);
    const html = page.document.children.find(isTag);
    expect(html === undefined ? '' : renderText(html)).toContain('Paragraph 2 tells');
  });
});
