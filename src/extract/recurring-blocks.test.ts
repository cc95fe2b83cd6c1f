import { type Element, isTag } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { renderContentNode } from './article-render.js';
import { pageBody, parsePage } from './parse-page.js';
import { findRecurringBlocks, leaveOutBlocks, RecurringBlocks } from './recurring-blocks.js';

const BOX = 'Sign up for our weekly letter of notes from the garden.';
const OWN = (n: number): string => `Paragraph ${n} of this post tells its own story about the garden.`;

/** The rendered article of `<div>` + `inner`, as the extraction renders it. */
function render(inner: string) {
  const page = parsePage(`<html><body><div id="post">${inner}</div></body></html>`, 'https://blog.test/a');
  const post = pageBody(page)?.children.find((c): c is Element => isTag(c) && c.name === 'div');
  if (post === undefined) throw new Error('no post');
  return renderContentNode(page, post);
}

/** A host whose pages `a`..`d` each end with BOX (and `extra` more pages of their own text). */
function hostWithBox(pages = 4): RecurringBlocks {
  const host = new RecurringBlocks();
  for (let i = 0; i < pages; i++) host.add(`https://blog.test/${i}`, [OWN(i * 10), OWN(i * 10 + 1), BOX].join('\n'));
  return host;
}

describe('RenderedArticle.lineSpans', () => {
  it('gives each line that is one whole element its span in the HTML, and null to text between blocks', () => {
    const article = render('<p>First <a href="/x">line</a></p><div>loose text<p>inner</p></div><ul><li>item</li></ul>');
    expect(article.text.split('\n')).toEqual(['First line', 'loose text', 'inner', 'item']);
    const slices = article.lineSpans.map((s) => (s === null ? null : article.html.slice(s[0], s[1])));
    expect(slices).toEqual(['<p>First <a href="https://blog.test/x">line</a></p>', null, '<p>inner</p>', '<li>item</li>']);
  });
});

describe('findRecurringBlocks', () => {
  it('leaves out a block closing the article that recurs on other pages of the host', () => {
    const article = render(`<p>${OWN(0)}</p><p>${OWN(1)}</p><p>${BOX}</p>`);
    const decision = findRecurringBlocks(article, hostWithBox(), 'blog.test', null);
    expect([...decision.leaveOut.keys()]).toEqual([2]);
    expect(decision.leaveOut.get(2)).toBe('recurs on 4 of 4 pages of blog.test: template, not article');
  });

  it('leaves nothing out while the host shows fewer than three pages', () => {
    const article = render(`<p>${OWN(0)}</p><p>${OWN(1)}</p><p>${BOX}</p>`);
    expect(findRecurringBlocks(article, hostWithBox(2), 'blog.test', null).leaveOut.size).toBe(0);
  });

  it('keeps a recurring block between article paragraphs (a quotation, not the template)', () => {
    const article = render(`<p>${OWN(0)}</p><p>${BOX}</p><p>${OWN(1)}</p>`);
    expect(findRecurringBlocks(article, hostWithBox(), 'blog.test', null).leaveOut.size).toBe(0);
  });

  it('keeps a recurring block the feed item carries', () => {
    const article = render(`<p>${OWN(0)}</p><p>${OWN(1)}</p><p>${BOX}</p>`);
    expect(findRecurringBlocks(article, hostWithBox(), 'blog.test', `<p>${OWN(0)}</p><p>${BOX}</p>`).leaveOut.size).toBe(0);
  });

  it('keeps every block when the recurring ones would take most of the article', () => {
    const article = render(`<p>${OWN(0)}</p><p>${BOX}</p>`);
    const host = hostWithBox();
    host.add('https://blog.test/copy', `${OWN(0)}\n${BOX}`);
    const decision = findRecurringBlocks(article, host, 'blog.test', null);
    expect(decision.leaveOut.size).toBe(0);
    expect(decision.reason).toMatch(/^recurring blocks hold 1\.00 of the text > 0\.5: all kept$/);
  });
});

describe('leaveOutBlocks', () => {
  it('cuts the lines from the text and the HTML, and the references found only in them', () => {
    const article = render(
      `<p>${OWN(0)} <a href="/own">more</a></p><p>${BOX} <a href="/signup">Sign up</a> <a href="/own">more</a></p><p><a href="/only-box">x</a>${BOX}</p>`,
    );
    const out = leaveOutBlocks(article, article.lineSpans, new Map([[2, 'recurs']]));
    expect(out.text.split('\n')).toHaveLength(2);
    expect(out.html).not.toContain('only-box');
    expect(out.references.map((r) => r.url)).toEqual(['https://blog.test/own', 'https://blog.test/signup']);
  });
});
