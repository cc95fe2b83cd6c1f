import { describe, expect, it } from 'vitest';
import { pageBody, parsePage } from '../parse-page.js';
import { findRecordGroups } from './comment-zone.js';

/** The record groups after the article of `html` (the article: `<div id="a">`), as name texts per group. */
function namesOf(html: string): string[][] {
  const page = parsePage(`<html><body><div id="a"><p>The article.</p></div>${html}</body></html>`, 'http://blog.test/p1/');
  const body = pageBody(page);
  if (body === null) return [];
  const article = body.children.find((c) => 'attribs' in c && c.attribs.id === 'a') as Parameters<typeof findRecordGroups>[1];
  return findRecordGroups(body, article).groups.map((g) => g.entries.map((e) => (e.name?.children[0] as { data?: string })?.data ?? ''));
}

/** The record groups after the article of `html`, as the tags and classes of each entry's nodes. */
function entryNodesOf(html: string): string[][] {
  const page = parsePage(`<html><body><div id="a"><p>The article.</p></div>${html}</body></html>`, 'http://blog.test/p1/');
  const body = pageBody(page);
  if (body === null) return [];
  const article = body.children.find((c) => 'attribs' in c && c.attribs.id === 'a') as Parameters<typeof findRecordGroups>[1];
  return findRecordGroups(body, article).groups.flatMap((g) =>
    g.entries.map((e) => e.nodes.map((n) => [n.name, n.attribs.class].filter(Boolean).join('.'))),
  );
}

describe('undated comment records (data-record mining)', () => {
  it('finds sibling records opening with a name line, replies nested one level down', () => {
    const reply = '<div class="c"><img src="/b.png"><div><b>Bo Ek</b><p>Me too.</p></div></div>';
    const html = `<div><h3>Talk</h3><div class="c"><img src="/a.png"><div><b>Ann Li</b><p>Nice one.</p></div>${reply}</div><div class="c"><div><a href="http://cy.example/">Cy</a><p>Thanks.</p></div></div></div>`;
    expect(namesOf(html)).toEqual([['Ann Li', 'Bo Ek', 'Cy']]);
  });
  it('a lead-in on the line of its text is no name line', () => {
    expect(namesOf('<div><p><strong>Note:</strong> one thing.</p><p><strong>Also:</strong> another.</p></div>')).toEqual([]);
  });
  it('a heading or a date is no name line', () => {
    expect(namesOf('<div><div><h4>Part one</h4><p>Text.</p></div><div><h4>Part two</h4><p>Text.</p></div></div>')).toEqual([]);
    expect(namesOf('<div><div><b>3 March 2025, 14:22</b><p>Text.</p></div><div><b>4 March 2025, 9:05</b><p>Text.</p></div></div>')).toEqual(
      [],
    );
  });
  it('records read before the article are not its thread', () => {
    const page = parsePage(
      '<html><body><div><div><b>Ann</b><p>Hi.</p></div><div><b>Bo</b><p>Yo.</p></div></div><div id="a"><p>Article.</p></div></body></html>',
      'http://blog.test/p1/',
    );
    const body = pageBody(page);
    const article = body?.children.find((c) => 'attribs' in c && c.attribs.id === 'a') as Parameters<typeof findRecordGroups>[1];
    expect(body === null ? [] : findRecordGroups(body, article).groups).toEqual([]);
  });
});

describe('undated records without a heading above them, or with the name after the text', () => {
  it('a list opening with its first name is searched inside (a table of name and text cells)', () => {
    const rows = '<tr><td>Ann Li</td><td>Nice one, thanks.</td></tr><tr><td>Bo Ek</td><td>Me too, really.</td></tr>';
    expect(namesOf(`<table>${rows}</table>`)).toContainEqual(['Ann Li', 'Bo Ek']);
  });
  it('a signature closing each record is its name line (the text first, then the name)', () => {
    const quote = (t: string, n: string): string => `<blockquote><p>${t}</p><cite>${n}</cite></blockquote>`;
    expect(namesOf(`<div>${quote('Nice one.', 'Ann Li')}${quote('Me too!', 'Bo Ek')}</div>`)).toEqual([['Ann Li', 'Bo Ek']]);
    const small = (t: string, n: string): string => `<div class="m">${t} <br><small>${n}</small></div>`;
    expect(namesOf(`<div>${small('Short one', 'Ann Li')}${small('Me too!', 'Bo Ek')}</div>`)).toEqual([['Ann Li', 'Bo Ek']]);
  });
  it('a signature alone in its block signs the text just before it (quote and signature pairs)', () => {
    const pair = (t: string, n: string): string => `<blockquote>${t}</blockquote><p><cite>${n}</cite></p>`;
    expect(namesOf(`<div><h3>Guests</h3>${pair('Nice one.', 'Ann Li')}${pair('Me too!', 'Bo Ek')}</div>`)).toEqual([['Ann Li', 'Bo Ek']]);
    expect(namesOf('<div><h3>Ann Li</h3><p><cite>Bo Ek</cite></p><h3>Cy Do</h3><p><cite>Di Fa</cite></p></div>')).toEqual([]);
    // A text after the last signature: each signature still signs the text before it.
    const after = `<div><h3>Guests</h3>${pair('Nice one.', 'Ann Li')}${pair('Me too!', 'Bo Ek')}<p>Sign the book below.</p></div>`;
    expect(entryNodesOf(after)).toEqual([
      ['blockquote', 'p'],
      ['blockquote', 'p'],
    ]);
  });
  it('a name line alone introduces the text of the sibling just after it (name and text pairs)', () => {
    const dl = '<dl><dt>Ann Li</dt><dd><p>Nice one.</p></dd><dt><a href="http://bo.example/">Bo Ek</a></dt><dd><p>Me too!</p></dd></dl>';
    expect(namesOf(`<div><h3>Guests</h3>${dl}</div>`)).toEqual([['Ann Li', 'Bo Ek']]);
    expect(entryNodesOf(`<div><h3>Guests</h3>${dl}</div>`)).toEqual([
      ['dt', 'dd'],
      ['dt', 'dd'],
    ]);
    const pair = (n: string, t: string): string => `<div class="who">${n}</div><div class="said"><p>${t}</p></div>`;
    expect(namesOf(`<div><h3>Guests</h3>${pair('Ann Li', 'Nice one.')}${pair('Bo Ek', 'Me too!')}</div>`)).toEqual([['Ann Li', 'Bo Ek']]);
    expect(entryNodesOf(`<div><h3>Guests</h3>${pair('Ann Li', 'Nice one.')}${pair('Bo Ek', 'Me too!')}</div>`)).toEqual([
      ['div.who', 'div.said'],
      ['div.who', 'div.said'],
    ]);
  });
  it('a reply nested in a signed record keeps its own signature, and the record its own', () => {
    const rec = (t: string, n: string, replies = ''): string => `<div class="m"><p>${t}</p><p><cite>${n}</cite></p>${replies}</div>`;
    const html = `<div>${rec('Nice one.', 'Ann Li', rec('Me too!', 'Bo Ek'))}${rec('Thanks.', 'Cy Do')}</div>`;
    expect(namesOf(html)).toEqual([['Ann Li', 'Bo Ek', 'Cy Do']]);
    expect(entryNodesOf(html)).toEqual([['div.m'], ['div.m'], ['div.m']]);
  });
  it('the records of a run name their authors in one place: opening names win a tie with a closing link', () => {
    const rec = (n: string, t: string): string => `<div class="r"><b>${n}</b><p>${t}</p><a href="#reply">Reply</a></div>`;
    expect(namesOf(`<div>${rec('Ann Li', 'Nice.')}${rec('Bo Ek', 'Yes.')}</div>`)).toEqual([['Ann Li', 'Bo Ek']]);
  });
  it('a closing line ending a sentence or holding a date is no signature', () => {
    const rec = (t: string, end: string): string => `<div><p>${t}</p><p>${end}</p></div>`;
    expect(namesOf(`<div>${rec('Nice one.', 'Thanks again.')}${rec('Me too!', 'See you soon.')}</div>`)).toEqual([]);
    expect(namesOf(`<div>${rec('Nice one.', '3 March 2025')}${rec('Me too!', '4 March 2025')}</div>`)).toEqual([]);
  });
});

describe('a name sharing a short line', () => {
  it('the short block it opens is the name line ("<b>Ann Li</b> wrote:")', () => {
    const rec = (n: string, t: string): string => `<div class="r"><div class="who"><b>${n}</b> wrote:</div><p>${t}</p></div>`;
    const page = parsePage(
      `<html><body><div id="a"><p>The article.</p></div><div>${rec('Ann Li', 'Nice.')}${rec('Bo Ek', 'Yes.')}</div></body></html>`,
      'http://blog.test/p1/',
    );
    const body = pageBody(page);
    const article = body?.children.find((c) => 'attribs' in c && c.attribs.id === 'a') as Parameters<typeof findRecordGroups>[1];
    const groups = body === null ? [] : findRecordGroups(body, article).groups;
    expect(groups.map((g) => g.entries.map((e) => e.name?.attribs.class))).toEqual([['who', 'who']]);
  });
});
