import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePage } from '../extract/index.js';
import { chronoParsersFor } from '../core/chrono-locales.js';
import { parsePrintedDate } from './date-nodes.js';
import { segmentByModel } from './model-segmentation.js';

const fixture = (name: string): string => readFileSync(new URL(`../../test/fixtures/segment/${name}`, import.meta.url), 'utf8');
const WP_TIME = '2026-11-22T11:30:30Z';
const PELICAN_TIME = '2026-11-22T11:17:39Z';

describe('segmentByModel on real channel pages', () => {
  it('cuts a WordPress home page into its six posts, date in each post footer', () => {
    const r = segmentByModel(parsePage(fixture('wp-dev-home.html'), 'http://devblog.test:8081/'), { captureTime: WP_TIME });
    expect(r.ok).toBe(true);
    expect(r.segments).toHaveLength(6);
    const first = r.segments[0];
    expect(first?.title).toBe('Frontends: aptitude, synaptic: synaptic');
    expect(first?.permalink).toBe('http://devblog.test:8081/2026/10/frontends-aptitude-synaptic-synaptic/');
    expect(first?.published).toBe('2026-10-28T19:47:52.000Z');
    expect(first?.text).toContain('synaptic is a graphical package manager');
    expect(first?.keyPath).toMatch(/\|article\[@id=post-37/);
    expect(r.segments.map((s) => s.position)).toEqual([0, 1, 2, 3, 4, 5]);
    // The sidebar's "Recent Posts" list links the same posts: no segment comes from it.
    expect(new Set(r.segments.map((s) => s.permalink)).size).toBe(6);
  });

  it('reads title, date and author of a Pelican home page where the title comes before the date', () => {
    const r = segmentByModel(parsePage(fixture('pelican-dev-home.html'), 'http://pelican-dev.test:8090/'), { captureTime: PELICAN_TIME });
    expect(r.segments).toHaveLength(6);
    expect(r.segments[0]).toMatchObject({
      title: 'Configuring the Package Manager (apt)',
      permalink: 'http://pelican-dev.test:8090/posts/2026/11/configuring-the-package-manager-apt/',
      author: 'Anna Lindqvist',
      published: '2026-11-09T14:38:18.000Z',
    });
    expect(r.segments[5]?.title).toBe('Choosing a Window Manager');
  });

  it('cuts a flat archive list (dt date, dd title) into 30 posts with the date before each title', () => {
    const r = segmentByModel(parsePage(fixture('pelican-dev-archives.html'), 'http://pelican-dev.test:8090/archives.html'), {
      captureTime: PELICAN_TIME,
    });
    expect(r.segments).toHaveLength(30);
    expect(r.dateAfterContent).toBe(false);
    expect(r.segments[0]).toMatchObject({ title: 'Configuring the Package Manager (apt)', published: '2026-11-09' });
    expect(r.segments[29]?.permalink).toMatch(/^http:\/\/pelican-dev\.test:8090\/posts\/2025\/12\//);
    expect(r.reason).toContain('sibling runs, date first');
  });

  it('finds the single post of a month archive two years older than the capture', () => {
    const r = segmentByModel(parsePage(fixture('wp-dev-month-archive-one-post.html'), 'http://devblog.test:8081/2024/12/'), {
      captureTime: WP_TIME,
    });
    expect(r.segments).toHaveLength(1);
    expect(r.segments[0]).toMatchObject({ title: 'Hello world!', permalink: 'http://devblog.test:8081/2024/12/hello-world/' });
    // Heuristics 1 (recent years) and 2 (several dates) give way on archives and say so.
    expect(r.filters.find((f) => f.heuristic === 1)?.rule).toContain('skipped');
  });

  it('finds no post on a page that is not a list of posts', () => {
    const r = segmentByModel(parsePage(fixture('wp-dev-about.html'), 'http://devblog.test:8081/about/'), { captureTime: WP_TIME });
    expect(r.ok).toBe(false);
    expect(r.segments).toEqual([]);
  });
});

describe('segmentByModel on layouts of other engines', () => {
  it('takes no signed link for a title: a post page whose byline links its author page is no list of one post', () => {
    // A WordPress attachment page with generated class names: its title links nowhere, its date
    // links the page itself, and "By <a>keeper</a>" is the only other link around the date.
    const html = `<html lang="en"><body><main><article class="c1acvxz"><header class="c1hv4yn"><h1 class="c394l4c">img_7121</h1>
      <ul class="c12fvlk"><li class="c1e9pfq"><span class="c13a2u0">By <a href="/author/keeper/">keeper</a></span></li>
      <li class="c1h01wp"><span class="c13a2u0"><a href="/2025/03/10/island/img_7121/">March 10, 2025</a></span></li></ul></header>
      <div class="c18v09b"><p><img src="/wp-content/uploads/2025/03/IMG_7121.jpg" alt=""></p><p>The sluice gate at dawn, before the tide.</p></div>
      </article></main></body></html>`;
    const r = segmentByModel(parsePage(html, 'http://attachments.test/2025/03/10/island/img_7121/'), {
      captureTime: '2025-05-01T00:00:00Z',
    });
    expect(r.segments.map((s) => s.permalink)).toEqual([]);
  });

  it('pairs each date with the post before it when dates follow their posts (the parity case of 002)', () => {
    const html = `<html lang="de"><body><div id="inhalt">
      <h2><a href="/eintrag/drei">Dritter Eintrag</a></h2><p>Inhalt des dritten Eintrags.</p><p>Geschrieben von Max Muster am 3. Februar 2024</p>
      <h2><a href="/eintrag/zwei">Zweiter Eintrag</a></h2><p>Inhalt des zweiten Eintrags.</p><p>Geschrieben von Max Muster am 28. Januar 2024</p>
      <h2><a href="/eintrag/eins">Erster Eintrag</a></h2><p>Inhalt des ersten Eintrags.</p><p>Geschrieben von Erika Muster am 2. Januar 2024</p>
      </div><div id="seite"><h3>Archiv</h3><ul><li><a href="/archiv/2024">2024</a></li></ul></div></body></html>`;
    const r = segmentByModel(parsePage(html, 'http://tagebuch.example/'), { captureTime: '2024-02-05T00:00:00Z' });
    expect(r.dateAfterContent).toBe(true);
    expect(r.segments.map((s) => [s.title, s.published])).toEqual([
      ['Dritter Eintrag', '2024-02-03'],
      ['Zweiter Eintrag', '2024-01-28'],
      ['Erster Eintrag', '2024-01-02'],
    ]);
    expect(r.segments[2]?.text).toContain('Inhalt des ersten Eintrags');
  });

  it('splits one dated entry into its posts at titles sharing one relative XPath', () => {
    const html = `<html><body><div id="main">
      <h2>Tuesday, March 15, 2005</h2>
      <div><h3><a href="/2005/03/b.html">Second post</a></h3><p>Body b.</p><p>posted by Jane Doe at 10:15 PM</p></div>
      <div><h3><a href="/2005/03/a.html">First post</a></h3><p>Body a.</p><p>posted by Jane Doe at 9:00 AM</p></div>
      <h2>Monday, March 14, 2005</h2>
      <div><h3><a href="/2005/03/c.html">Monday post</a></h3><p>Body c.</p><p>posted by John Roe at 8:00 PM</p></div>
      </div></body></html>`;
    const r = segmentByModel(parsePage(html, 'http://old.example/'), { captureTime: '2005-03-16T00:00:00Z' });
    expect(r.segments.map((s) => [s.title, s.published, s.author])).toEqual([
      ['Second post', '2005-03-15', 'Jane Doe'],
      ['First post', '2005-03-15', 'Jane Doe'],
      ['Monday post', '2005-03-14', 'John Roe'],
    ]);
  });

  it('measures "future" from the capture date: a list of coming events loses to the posts', () => {
    const html = `<html><body>
      <div id="events"><h4>Events</h4><ul><li><span>June 1, 2024</span> Meetup</li><li><span>May 2, 2024</span> Talk</li><li><span>April 9, 2024</span> Fair</li></ul></div>
      <div id="posts">
        <div><h2><a href="/p/2">Post two</a></h2><span>March 3, 2024</span><p>Two.</p></div>
        <div><h2><a href="/p/1">Post one</a></h2><span>February 1, 2024</span><p>One.</p></div>
      </div></body></html>`;
    const atCapture = segmentByModel(parsePage(html, 'http://events.example/'), { captureTime: '2024-03-10T00:00:00Z' });
    expect(atCapture.segments.map((s) => s.title)).toEqual(['Post two', 'Post one']);
    // Captured after the events, the events list is the most recent one (heuristic 5): the capture date decides.
    const later = segmentByModel(parsePage(html, 'http://events.example/'), { captureTime: '2024-07-01T00:00:00Z' });
    expect(later.entryDates?.path).toContain('events');
  });

  it('dates a year-less printed date in the year before the capture when it would lie ahead of it', () => {
    const en = chronoParsersFor('en');
    expect(parsePrintedDate('March 15', en, new Date('2026-11-22T00:00:00Z'))).toBe('2026-03-15');
    expect(parsePrintedDate('December 30', en, new Date('2026-01-05T00:00:00Z'))).toBe('2025-12-30');
    expect(parsePrintedDate('lundi 9 novembre 2026', chronoParsersFor('fr'), new Date('2026-11-22T00:00:00Z'))).toBe('2026-11-09');
    expect(parsePrintedDate('12 comments', en, new Date('2026-11-22T00:00:00Z'))).toBeNull();
  });
});
