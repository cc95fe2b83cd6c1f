import { type ChildNode, type Element, isTag } from 'domhandler';
import { textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { parseHtml } from './html-parse.js';

function depth(nodes: readonly ChildNode[]): number {
  let max = 0;
  const stack: Array<[ChildNode, number]> = nodes.map((n) => [n, 1]);
  while (stack.length > 0) {
    const [n, d] = stack.pop() as [ChildNode, number];
    if (!isTag(n)) continue;
    max = Math.max(max, d);
    for (const c of n.children) stack.push([c, d + 1]);
  }
  return max;
}

describe('parseHtml', () => {
  it('gives the same tree as htmlparser2 on ordinary markup, svg and void elements included', () => {
    const html =
      '<html><body><p>a<p>b<ul><li>1<li>2</ul><svg><path/><path/><foreignObject><b/>x</foreignObject></svg><img src=x><br>tail</body></html>';
    const options = { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true };
    const ours = parseHtml(html, options);
    expect(ours.droppedDeep + ours.droppedOverCount).toBe(0);
    expect(JSON.stringify(ours.document.children.map(shape))).toBe(JSON.stringify(parseDocument(html, options).children.map(shape)));
  });

  it("builds domhandler's nodes: the same prototypes, own properties in the same order and the same values", () => {
    const html =
      '<html><head><script>x()</script><style>p{}</style></head><body><p class="a" id=b>one &amp; <b>two</b> three &lt;4&gt;</p><!-- c --></body></html>';
    const options = { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true };
    const walk = (nodes: readonly ChildNode[], out: unknown[] = []): unknown[] => {
      for (const n of nodes) {
        const own = Object.entries(n).map(([k, v]) => [
          k,
          k === 'parent' || k === 'prev' || k === 'next' || k === 'children' ? v === null : v,
        ]);
        out.push([(Object.getPrototypeOf(n) as { constructor: { name: string } }).constructor.name, own]);
        if (isTag(n)) walk(n.children, out);
      }
      return out;
    };
    const ours = walk(parseHtml(html, options).document.children);
    const theirs = walk(parseDocument(html, options).children);
    expect(ours).toEqual(theirs);
  });

  it('parses 300,000 unclosed nested inline tags in linear time, nesting capped, text kept', () => {
    const html = `<html><body><div>${'<b>x '.repeat(300_000)}</div><p id=after>after</p></body></html>`;
    const started = Date.now();
    const r = parseHtml(html, {}, { maxDepth: 64, maxElements: 1_000_000 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(depth(r.document.children)).toBe(64);
    expect(r.maxDepthSeen).toBe(64);
    expect(r.droppedDeep).toBe(300_000 - 61);
    expect(textContent(r.document).match(/x/g)).toHaveLength(300_000);
    expect(textContent(r.document)).toContain('after');
  });

  it('keeps the first maxElements elements and the text of the rest', () => {
    const r = parseHtml(`<div>${'<p>para</p>'.repeat(1000)}<img src=a></div>`, {}, { maxDepth: 512, maxElements: 100 });
    expect(r.droppedOverCount).toBeGreaterThan(900);
    const div = r.document.children[0] as Element;
    expect(div.children.filter(isTag)).toHaveLength(99);
    expect(textContent(div).match(/para/g)).toHaveLength(1000);
  });
});

function shape(n: ChildNode): unknown {
  if (!isTag(n)) return 'data' in n ? n.data : n.type;
  return [n.name, n.attribs, n.children.map(shape)];
}
