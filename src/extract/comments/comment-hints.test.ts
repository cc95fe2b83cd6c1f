import { type AnyNode, type Element, isTag } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { sidebarTest } from './comment-hints.js';

const PAGE = `<body class="sidebar-layout"><div id="main" class="sidebar-left">
  <article id="post"><p id="text">text</p></article>
  <div id="thread"><p id="c1">comment</p></div>
  <div class="widget-area"><ul><li id="w1">recent</li></ul><div class="sidebar_module js-comment"><p id="w2">named a comment</p></div></div>
</div><aside><p id="a1">aside</p></aside><div class="site-footer"><p id="f1">footer</p></div><div id="other"><p id="o1">other</p></div></body>`;

function byId(html: string): Map<string, Element> {
  const out = new Map<string, Element>();
  const visit = (n: AnyNode): void => {
    if (!isTag(n)) return;
    if (n.attribs.id !== undefined) out.set(n.attribs.id, n);
    for (const c of n.children) visit(c);
  };
  for (const c of parseDocument(html).children) visit(c);
  return out;
}

describe('sidebarTest', () => {
  const expected: Record<string, boolean> = { text: false, c1: false, w1: true, w2: true, a1: true, f1: true, o1: false, main: false };

  it('finds sidebars, widget areas and footers, never around the article, whatever order the elements come in', () => {
    for (const order of [Object.keys(expected), Object.keys(expected).reverse()]) {
      const els = byId(PAGE);
      const isInSidebar = sidebarTest(els.get('post') as Element);
      for (const id of order) expect([id, isInSidebar(els.get(id) as Element)]).toEqual([id, expected[id]]);
      // Asked again from the judged ancestors.
      for (const id of order) expect([id, isInSidebar(els.get(id) as Element)]).toEqual([id, expected[id]]);
    }
  });

  it('reads the layout classes around the article as a sidebar when there is no article', () => {
    const els = byId(PAGE);
    expect(sidebarTest(null)(els.get('text') as Element)).toBe(true);
  });
});
