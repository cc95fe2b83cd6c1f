import { describe, expect, it } from 'vitest';
import { templateLinesOf, withoutTemplateLines } from './template-lines.js';
import { diffVersions } from './version-diff.js';
import type { VersionSnapshot } from './types.js';

const BOX = 'Get our garden letter every Sunday — sign up below.';

const page = (own: string, extra = BOX): string => `${own} went in late this year.\nWe watered the ${own} every evening.\n${extra}`;
/** The host's articles: one page each, titled after its topic. */
const host = (...texts: string[]) => texts.map((text) => ({ title: `Notes on ${text.split(' ')[0]}`, text }));

/** One version of the beans post: crawl 1 (digest 'a') or 2, with its host's template lines. */
const version = (text: string, digest: string, templateLines?: ReadonlySet<string>): VersionSnapshot => ({
  url: 'https://garden.test/posts/beans.html',
  captureTime: digest === 'a' ? '2024-05-21T12:00:00Z' : '2024-06-21T12:00:00Z',
  title: 'Notes on beans',
  author: null,
  published: null,
  updated: null,
  categories: [],
  text,
  pageDigest: digest,
  references: [],
  comments: [],
  ...(templateLines === undefined ? {} : { templateLines }),
});

describe("a host's template lines", () => {
  it('are the lines several pages of the host show, noise-normalised', () => {
    const lines = templateLinesOf(
      host(page('beans'), page('leeks'), page('onions', 'Get our garden letter every Sunday -- sign up below.')),
    );
    expect([...lines]).toEqual([BOX]);
  });

  it("mask the numbers of a line with words: a counter line the host prints with each page's counts is one line", () => {
    const counted = (t: string, views: number, likes: number) => page(t, `${views.toLocaleString('en-US')} views · Share (${likes})`);
    const lines = templateLinesOf(host(counted('beans', 1234, 3), counted('leeks', 98, 12), counted('onions', 45210, 0)));
    expect([...lines]).toEqual(['# views · Share (#)']);
    expect(withoutTemplateLines(counted('beans', 1302, 5), lines)).not.toMatch(/views/);
    // A line of numbers alone (a table's cell) keeps them: a changed figure is an edit.
    const figures = templateLinesOf(host(page('beans', '1,234'), page('leeks', '98'), page('onions', '45,210')));
    expect(figures.size).toBe(0);
  });

  it('need MIN_TEMPLATE_HOST_PAGES pages: two pages sharing a line may be one article quoting another', () => {
    expect(templateLinesOf(host(page('beans'), page('leeks'))).size).toBe(0);
  });

  it('count the pages of one title as one article: a post and its print copy share every line', () => {
    const copies = [...host(page('beans'), page('leeks')), { title: 'Notes on beans', text: page('beans') }];
    expect(templateLinesOf(copies).size).toBe(0);
    expect([...templateLinesOf([...copies, ...host(page('onions'))])]).toEqual([BOX]);
  });

  it("are on most of the articles: a post's lines printed again on a home page are not", () => {
    const home = { title: 'Garden notes', text: page('beans', 'Read more') };
    const lines = templateLinesOf([...host(page('beans'), page('leeks'), page('onions'), page('garlic'), page('chard')), home]);
    expect([...lines]).toEqual([BOX]);
  });

  it('are also the lines MIN_TEMPLATE_LINE_ARTICLES articles show: ads rotated from a pool reach a few pages each', () => {
    const ads = ['Ferry tickets half price this week.', 'The bakery opens at six.', 'Lanterns for sale at the quay.'];
    const topics = ['beans', 'leeks', 'onions', 'garlic', 'chard', 'kale', 'peas', 'corn', 'sage'];
    const lines = templateLinesOf(host(...topics.map((t, i) => page(t, ads[i % ads.length]))));
    expect([...lines].sort()).toEqual([...ads].sort());
    // Two articles sharing a line (one quoting the other) do not make it the host's.
    expect(templateLinesOf(host(...topics.map((t, i) => page(t, i < 2 ? ads[0] : `Sown after the ${t}.`)))).size).toBe(0);
  });

  it('are left out of a text line by line, the other lines kept as written', () => {
    const lines = templateLinesOf(host(page('beans'), page('leeks'), page('onions')));
    expect(withoutTemplateLines(page('beans'), lines)).toBe('beans went in late this year.\nWe watered the beans every evening.');
    expect(withoutTemplateLines(page('beans'), undefined)).toBe(page('beans'));
  });
});

describe('a change of template lines only', () => {
  const NEW_BOX = 'Our garden letter now comes out on Fridays, with seed offers from the allotment shop.';
  const before = templateLinesOf(host(page('beans'), page('leeks'), page('onions')));
  const after = templateLinesOf(host(page('beans', NEW_BOX), page('leeks', NEW_BOX), page('onions', NEW_BOX)));

  it('is boilerplate-only, and says why', () => {
    const change = diffVersions(version(page('beans'), 'a', before), version(page('beans', NEW_BOX), 'b', after));
    expect(change.kinds).toEqual(['boilerplate-only']);
    expect(change.reasons.join(' ')).toContain('lines its host repeats on other pages');
  });

  it('is a content edit without the site evidence', () => {
    expect(diffVersions(version(page('beans'), 'a'), version(page('beans', NEW_BOX), 'b')).kinds).toEqual(['content-edit']);
  });

  it('does not hide an edit of the article beside it', () => {
    const edited = page('beans', NEW_BOX).replace('every evening', 'every second evening, and mulched the rows with straw');
    const change = diffVersions(version(page('beans'), 'a', before), version(edited, 'b', after));
    expect(change.kinds).toEqual(['content-edit']);
    expect(change.wordsAdded).toBeLessThan(12);
  });
});

describe('template lines of two crawls', () => {
  it('leave a line out of both versions when either crawl has it in its template: a line kept as it was is no edit', () => {
    const text = 'The beans went in late.\nFollow the allotment on the radio every Sunday.';
    const change = diffVersions(
      version(text, 'a', new Set(['Follow the allotment on the radio every Sunday.'])),
      version(text, 'b', new Set()),
    );
    expect(change.kinds).toEqual(['boilerplate-only']);
  });
});
