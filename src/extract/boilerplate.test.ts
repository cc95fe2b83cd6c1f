import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { boilerplateReason } from './boilerplate.js';
import { parsePage } from './parse-page.js';

const elements = (html: string): Element[] => {
  const body = parsePage(`<html><body>${html}</body></html>`, 'http://blog.test/')
    .document.children.find((n): n is Element => n.type === 'tag')
    ?.children.find((n): n is Element => n.type === 'tag' && n.name === 'body');
  return (body?.children ?? []).filter((n): n is Element => n.type === 'tag');
};

describe('boilerplateReason', () => {
  it('judges elements with and without id or class alike, the same when asked again', () => {
    const [nav, plain, role, comments, widget, slug] = elements(
      '<nav>n</nav><div>d</div><div role="navigation">r</div><div class="comment-list x">c</div><div id="sidebar">s</div><div id="my-long-post-slug-here">p</div>',
    );
    const reasons = [nav, plain, role, comments, widget, slug].map((el) => boilerplateReason(el as Element));
    expect(reasons).toEqual(['tag <nav>', null, 'role "navigation"', 'comments: "comment-list x"', 'widget: "sidebar"', null]);
    expect([nav, plain, role, comments, widget, slug].map((el) => boilerplateReason(el as Element))).toEqual(reasons);
  });
});
