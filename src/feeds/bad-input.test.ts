import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../core/diagnostics.js';
import { InputError } from '../core/errors.js';
import { htmlToText } from './feed-text.js';
import { parseFeed } from './index.js';
import { readFixture } from '../../test/helpers/feed-fixtures.js';

const OFFSET = 123_456;

function parseWithReport(name: string) {
  const diagnostics = new Diagnostics();
  const url = `http://pelican-dev.test:8090/feeds/${name}`;
  const feed = parseFeed(readFixture(name), { url, diagnostics, file: 'crawl-1.warc.gz', offset: OFFSET });
  return { feed, diagnostics, url };
}

describe('feed text of hostile HTML', () => {
  it('strips tags, comments, scripts and styles the same way, in linear time on 50,000 unclosed ones', () => {
    expect(htmlToText('<p>a</p><script type="x">if (a<b) {}</script><!-- c --><style>p{}</style><br>b &amp; <em>c</em><a')).toBe(
      'a b & c<a',
    );
    for (const unit of ['a<script x', '<!--x', '<a', 'x<style ']) {
      const started = Date.now();
      const text = htmlToText(unit.repeat(50_000));
      expect(Date.now() - started).toBeLessThan(2000);
      expect(text.length).toBeGreaterThan(0);
    }
  });
});

describe('bad feeds: located report, counted, the rest kept', () => {
  it.each([
    ['inside an item', (xml: string, deep: string) => xml.replace('</item>', `<extra>${deep}</extra></item>`)],
    ['under the channel', (xml: string, deep: string) => xml.replace('<channel>', `<channel>${deep}`)],
    ['malformed too', (xml: string, deep: string) => xml.replace('</item>', `<extra>${deep}</extra></itme>`)],
  ])('elements nested 5,000 deep %s: feed.too-deep error, feed skipped, no throw', (_where, inject) => {
    const diagnostics = new Diagnostics();
    const url = 'http://pelican-dev.test:8090/feeds/all.rss.xml';
    const deep = `${'<x>'.repeat(5000)}deep${'</x>'.repeat(5000)}`;
    const started = Date.now();
    const feed = parseFeed(inject(readFixture('pelican-rss-summary.xml'), deep), {
      url,
      diagnostics,
      file: 'crawl-1.warc.gz',
      offset: OFFSET,
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(feed).toBeNull();
    expect(diagnostics.count('feed.too-deep')).toBe(1);
    expect(diagnostics.errorCount()).toBe(1);
    expect(diagnostics.summary()[0]?.examples[0]).toBe(
      `feed XML nests elements more than maxDepth 100 deep; feed skipped (crawl-1.warc.gz @ ${OFFSET}, ${url})`,
    );
  });

  it('keeps the first maxItems items of a longer feed and says so', () => {
    const diagnostics = new Diagnostics();
    const url = 'http://pelican-dev.test:8090/feeds/all.rss.xml';
    const feed = parseFeed(readFixture('pelican-rss-summary.xml'), {
      url,
      diagnostics,
      file: 'crawl-1.warc.gz',
      offset: OFFSET,
      config: { maxItems: 4 },
    });
    const all = parseFeed(readFixture('pelican-rss-summary.xml'), { url });
    expect(feed?.items.map((i) => i.link)).toEqual(all?.items.slice(0, 4).map((i) => i.link));
    expect(diagnostics.errorCount()).toBe(0);
    expect(diagnostics.summary()[0]?.examples[0]).toBe(
      `feed of ${all?.items.length} items: kept the first maxItems 4 (crawl-1.warc.gz @ ${OFFSET}, ${url})`,
    );
  });

  it('billion laughs: DOCTYPE removed unexpanded, reported, feed read', () => {
    const started = Date.now();
    const { feed, diagnostics, url } = parseWithReport('billion-laughs.xml');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(diagnostics.count('feed.entity-expansion')).toBe(1);
    const [report] = diagnostics.summary();
    expect(report?.examples[0]).toBe(
      `DOCTYPE with 10 entity declarations removed unexpanded (entity-expansion risk) (crawl-1.warc.gz @ ${OFFSET}, ${url})`,
    );
    expect(feed?.items).toHaveLength(10);
    // The reference stays literal: 10^9 "lol"s never exist in memory.
    expect(feed?.title).toBe('Backports & Bytes &lol9;');
  });

  it('mismatched closing tag: feed.malformed warning with line and column, items read leniently', () => {
    const { feed, diagnostics } = parseWithReport('malformed-mismatched-tag.xml');
    expect(diagnostics.count('feed.malformed')).toBe(1);
    expect(diagnostics.errorCount()).toBe(0);
    expect(diagnostics.summary()[0]?.examples[0]).toMatch(
      new RegExp(
        `^feed XML is malformed, read leniently \\(10 items kept\\): Expected closing tag 'item' .* instead of closing tag 'itme'\\. \\(line 4, column \\d+\\) \\(crawl-1\\.warc\\.gz @ ${OFFSET}, http`,
      ),
    );
    expect(feed?.items).toHaveLength(10);
  });

  it('feed cut mid-item: items before the cut kept, reported', () => {
    const { feed, diagnostics } = parseWithReport('malformed-truncated.xml');
    expect(diagnostics.count('feed.malformed')).toBe(1);
    expect(diagnostics.summary()[0]?.examples[0]).toMatch(/cut after the last complete item at character \d+ of \d+ \(5 items kept\)/);
    expect(feed?.items.map((i) => i.title)).toHaveLength(5);
    expect(feed?.items.every((i) => i.isValid)).toBe(true);
  });

  it('unreadable XML: null and a feed.malformed error with its place', () => {
    const { feed, diagnostics } = parseWithReport('malformed-not-xml.xml');
    expect(feed).toBeNull();
    expect(diagnostics.errorCount()).toBe(1);
    expect(diagnostics.summary()[0]).toMatchObject({ kind: 'feed.malformed', severity: 'error' });
    expect(diagnostics.summary()[0]?.examples[0]).toMatch(
      /\(line 1, column \d+\) \(crawl-1\.warc\.gz @ 123456, http:\/\/pelican-dev\.test:8090\/feeds\/malformed-not-xml\.xml\)$/,
    );
  });

  it('without a diagnostics sink, an unreadable feed throws a located InputError', () => {
    const text = readFixture('malformed-not-xml.xml');
    expect(() => parseFeed(text, { url: 'http://x.test/feed', file: 'a.warc.gz', offset: 9 })).toThrow(InputError);
    try {
      parseFeed(text, { url: 'http://x.test/feed', file: 'a.warc.gz', offset: 9 });
    } catch (error) {
      expect(error).toMatchObject({ kind: 'feed.malformed', location: { url: 'http://x.test/feed', file: 'a.warc.gz', offset: 9 } });
    }
  });

  it('a JSON Feed that does not parse is reported as feed.malformed', () => {
    const diagnostics = new Diagnostics();
    const broken = readFixture('json-feed-1.1.json').slice(0, 500);
    expect(parseFeed(broken, { url: 'http://x.test/feed.json', diagnostics })).toBeNull();
    expect(diagnostics.count('feed.malformed')).toBe(1);
  });

  it('a feed served as text/html is still parsed (the body decides)', () => {
    const diagnostics = new Diagnostics();
    const feed = parseFeed(readFixture('wordpress-rss2-full.xml'), { url: 'http://devblog.test:8081/?feed=rss2', diagnostics });
    expect(feed?.items).toHaveLength(10);
    expect(diagnostics.count()).toBe(0);
  });
});

describe('JSON Feed items that are no objects', () => {
  const parseJson = (doc: unknown) => {
    const diagnostics = new Diagnostics();
    const feed = parseFeed(JSON.stringify(doc), {
      url: 'http://devblog.test/feed.json',
      diagnostics,
      file: 'crawl-1.warc.gz',
      offset: OFFSET,
    });
    return { feed, diagnostics };
  };
  const version = 'https://jsonfeed.org/version/1.1';
  const item = { id: 'a', url: 'http://devblog.test/a', title: 'A post' };

  it('keeps the objects and says once, located, how many others were skipped', () => {
    const { feed, diagnostics } = parseJson({ version, title: 'T', items: [null, 5, 'x', item, []] });
    expect(feed?.items.map((i) => i.link)).toEqual(['http://devblog.test/a']);
    expect(diagnostics.count('feed.item-invalid')).toBe(1);
    expect(diagnostics.summary()[0]?.examples).toEqual([
      `4 of 5 JSON Feed items are no objects: skipped (crawl-1.warc.gz @ ${OFFSET}, http://devblog.test/feed.json)`,
    ]);
  });

  it('says a feed without an items array has none', () => {
    const { feed, diagnostics } = parseJson({ version, title: 'T', items: { a: item } });
    expect(feed?.items).toEqual([]);
    expect(diagnostics.count('feed.item-invalid')).toBe(1);
    expect(parseJson({ version, title: 'T', items: [item] }).diagnostics.count()).toBe(0);
  });
});
