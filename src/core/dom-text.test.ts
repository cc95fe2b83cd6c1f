import { type Element, isTag } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { breaksLine, contains, elementsNamed, lowestCommonAncestor, nodeText, plainText, withinAny } from './dom-text.js';
import { parseHtml } from './html-parse.js';

const parse = (html: string) => parseHtml(html, { decodeEntities: true }).document;

function byId(root: { children: unknown[] }, id: string): Element {
  const stack = [...(root.children as Element[])];
  while (stack.length > 0) {
    const n = stack.pop() as Element;
    if (!isTag(n)) continue;
    if (n.attribs.id === id) return n;
    stack.push(...(n.children as Element[]));
  }
  throw new Error(`no #${id}`);
}

describe('plainText', () => {
  it('puts each block and <br> line on its own line, collapses whitespace and keeps inline runs together', () => {
    const doc = parse('<div><h2>A  <em>title</em></h2><p>one<br>two</p><center>three</center><span>four</span> five</div>');
    expect(plainText(doc.children)).toBe('A title\none\ntwo\nthree\nfour five');
  });

  it('leaves out what `skip` names, with everything under it', () => {
    const doc = parse('<article><p>kept</p><script>x()</script><div class="c"><p>cut</p></div></article>');
    expect(plainText(doc.children, { skip: (el) => el.name === 'script' || el.attribs.class === 'c' })).toBe('kept');
  });

  it('reads a DOM nested deeper than a call stack would allow', () => {
    const depth = 20_000;
    const doc = parseHtml(`${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}`, {}, { maxDepth: depth + 10, maxElements: depth + 10 });
    expect(plainText(doc.document.children)).toBe('deep');
  });
});

describe('nodeText', () => {
  it('keeps the text as the markup holds it, with an optional separator between siblings', () => {
    const doc = parse('<p id="p">by <a>Ann</a><b>Lee</b></p>');
    expect(nodeText(byId(doc, 'p'))).toBe('by AnnLee');
    expect(nodeText(byId(doc, 'p'), { separator: ' ', skip: (el) => el.name === 'b' })).toBe('by  Ann ');
  });
});

describe('block tags, containment and the lowest common ancestor', () => {
  it('breaks lines at blocks and <br>, not at inline elements', () => {
    expect(['p', 'center', 'li', 'br', 'td'].every(breaksLine)).toBe(true);
    expect(['a', 'span', 'em', 'img'].some(breaksLine)).toBe(false);
  });

  it('finds the lowest element holding all nodes, and none for no nodes', () => {
    const doc = parse('<main id="m"><div id="d"><p id="a">a</p><p id="b">b</p></div><p id="c">c</p></main>');
    const [a, b, c, d, m] = ['a', 'b', 'c', 'd', 'm'].map((id) => byId(doc, id)) as [Element, Element, Element, Element, Element];
    expect(lowestCommonAncestor([a, b])).toBe(d);
    expect(lowestCommonAncestor([a, c])).toBe(m);
    expect(lowestCommonAncestor([])).toBeNull();
    expect(contains(d, a)).toBe(true);
    expect(contains(d, c)).toBe(false);
    expect(contains(a, a)).toBe(true);
  });
});

describe('elementsNamed', () => {
  it('lists the elements of a name under a node, itself included, in document order', () => {
    const doc = parse('<div id="d"><a id="a1"><b>x</b></a><p><time id="t"></time><a id="a2"></a></p></div><a id="a3"></a>');
    const ids = (els: readonly Element[]) => els.map((e) => e.attribs.id);
    expect(ids(elementsNamed(doc, 'a'))).toEqual(['a1', 'a2', 'a3']);
    expect(ids(elementsNamed(byId(doc, 'd'), 'a'))).toEqual(['a1', 'a2']);
    expect(ids(elementsNamed(byId(doc, 'a1'), 'a'))).toEqual(['a1']);
    expect(ids(elementsNamed(byId(doc, 'd'), 'time'))).toEqual(['t']);
    expect(elementsNamed(doc, 'base')).toEqual([]);
  });
});

describe('withinAny', () => {
  it('tells whether a node is one of the given elements or inside one, as `contains` over each of them', () => {
    const doc = parse('<div id="a"><p id="b"><em id="c">x</em></p></div><div id="d"><p id="e">y</p></div>');
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((id) => byId(doc, id)) as Element[];
    const zones = new Set<Element>([b as Element, d as Element]);
    for (const node of [a, b, c, d, e] as Element[]) expect(withinAny(node, zones)).toBe([...zones].some((z) => contains(z, node)));
    expect([a, b, c, d, e].map((n) => withinAny(n as Element, zones))).toEqual([false, true, true, true, true]);
    expect(withinAny(c as Element, new Set())).toBe(false);
  });
});
