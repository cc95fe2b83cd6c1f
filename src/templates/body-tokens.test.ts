import { type Element, isTag } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { bodyTokens } from './body-tokens.js';
import { isSkipped, renderText } from './content-render.js';
import { tokensOf } from './post-evidence.js';

function bodyOf(html: string): Element {
  const found: Element[] = [];
  const walk = (el: Element): void => {
    if (el.name === 'body') found.push(el);
    for (const c of el.children) if (isTag(c)) walk(c);
  };
  for (const c of parseDocument(html).children) if (isTag(c)) walk(c);
  return found[0] as Element;
}

/** The holder found by rendering every element on the way down on its own. */
function renderedHolder(body: Element, sequence: string): Element {
  let node = body;
  for (;;) {
    const child = node.children.find(
      (c): c is Element => isTag(c) && !isSkipped(c) && ` ${tokensOf(renderText(c)).join(' ')} `.includes(sequence),
    );
    if (child === undefined) return node;
    node = child;
  }
}

/** The body's tokens, and where every run of one to three of its tokens (and of its elements')
 *  lies, are what rendering each element gives. */
function expectSameAsRendered(html: string): void {
  const body = bodyOf(html);
  const read = bodyTokens(body);
  expect(read.tokens()).toEqual(tokensOf(renderText(body)));
  const sequences = new Set(['  ', ' nowhere ']);
  const elements = [body];
  for (let el = elements.pop(); el !== undefined; el = elements.pop()) {
    const tokens = tokensOf(renderText(el));
    for (let n = 1; n <= 3; n++) for (let i = 0; i + n <= tokens.length; i++) sequences.add(` ${tokens.slice(i, i + n).join(' ')} `);
    elements.push(...el.children.filter(isTag));
  }
  for (const sequence of sequences) expect(read.deepestHolder(sequence)).toBe(renderedHolder(body, sequence));
}

describe('bodyTokens', () => {
  it('finds the holders rendering finds: words cut by inline elements, blocks, skipped parts', () => {
    expectSameAsRendered(
      `<html><body><div class="a"><p>Hel<b>lo</b> wor<i>ld<em>s</em></i>, 42 times!</p><span>x</span>y<br>z</div>
      <script>var no = 1;</script><div id="comments"><p>left out</p></div><p hidden>gone</p><ul><li>One&amp;two</li><li>
      </li><li>ÉCOLE Straße lo world</li></ul><p><span></span><span>a</span><span>b</span> c</p><p>y z</p></body></html>`,
    );
  });

  it('reads a body with a capital sigma, an İ or a surrogate pair cut by a tag element by element', () => {
    expectSameAsRendered('<html><body><p>ΟΔΟΣ<b>ΤΑ</b> ΟΔΟΣ</p><p><span>ΟΔΟ</span>Σ</p></body></html>');
    expectSameAsRendered('<html><body><p>İstanbul <b>İz</b>mir</p><p>izmir</p></body></html>');
    expectSameAsRendered('<html><body><p>a\uD801<b>\uDC00b</b> \uD801\uDC00</p></body></html>');
  });

  it('reads an empty or hidden body as rendering does', () => {
    expectSameAsRendered('<html><body></body></html>');
    expectSameAsRendered('<html><body hidden><p>not shown</p></body></html>');
  });
});
