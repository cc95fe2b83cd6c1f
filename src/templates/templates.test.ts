import { describe, expect, it } from 'vitest';
import type { Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type { ParsedPage, PropertyPaths } from '../extract/index.js';
import { fixturePage, fixtureText } from '../../test/helpers/fixture-pages.js';
import {
  entryLinkTargets,
  findNodes,
  keyPathOf,
  learnTemplates,
  matchPage,
  serialiseKeyPath,
  templateStillFits,
  validateTemplate,
} from './index.js';
import { dateOf } from './page-matcher.js';
import type { LearningSample, PostTemplate } from './index.js';
import { shingleF1 } from '../../bench/quality/text-metrics.js';

const CHANNELS = ['home', 'tag', 'page-2'] as const;
const load = (engine: string, name: string): ParsedPage => fixturePage(`templates-${engine}-${name}.html`);

/** Training paths as the extract stage would write them: id/class key-paths of the property nodes. */
function pathsOf(page: ParsedPage, title: string): PropertyPaths {
  const path = (rel: string): string | null => {
    const n = findNodes(page.document, rel)[0];
    return n === undefined ? null : serialiseKeyPath(keyPathOf(n as Element, { attributes: ['id', 'class'] }));
  };
  return { content: path('div[@class=entry-content]'), title: path(title), date: path('time'), author: null, categories: null };
}

function samples(engine: string, title: string): LearningSample[] {
  return [1, 2, 3].map((i) => {
    const page = load(engine, `post-feed-${i}`);
    return { url: page.url, feedUrl: `${new URL(page.url).origin}/feed/`, paths: pathsOf(page, title) };
  });
}

describe.each([
  ['wp', 'h1[@class=entry-title]'],
  ['pelican', 'h2[@class=entry-title]'],
])('templates learnt from %s feed-linked posts', (engine, title) => {
  const templates = learnTemplates(samples(engine, title));
  const template = templates[0] as PostTemplate;

  it('learns one template per feed, general over post ids, serialisable', () => {
    expect(templates).toHaveLength(1);
    expect(template.support).toBe(3);
    expect(template.learntFrom).toHaveLength(3);
    expect(template.requiredProperties).toEqual(['title', 'date']);
    if (engine === 'wp') {
      expect(template.contentPath).toMatch(/article\[@id=post-\*,@class=[^\]]*\btype-post\b/);
      expect(template.contentPath).toContain('postid-*');
      expect(template.contentPath).not.toContain('tag-');
    }
    expect(JSON.parse(JSON.stringify(template))).toEqual(template);
    expect(learnTemplates(samples(engine, title))[0]?.id).toBe(template.id);
  });

  it('recognises a post no feed links, with its properties', () => {
    const m = matchPage(load(engine, 'post-unlinked'), templates);
    expect(m.isPost).toBe(true);
    expect(m.templateId).toBe(template.id);
    expect(m.properties?.title).toBeTruthy();
    expect(m.properties?.published).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(m.properties?.text.length).toBeGreaterThan(200);
    expect(m.properties?.html).not.toMatch(/<(script|style|form)\b/);
    expect(m.confidence).toBeGreaterThan(0.5);
  });

  it.each([...CHANNELS, 'about'])('does not take the %s page for a post', (name) => {
    const m = matchPage(load(engine, name), templates);
    expect(m.isPost).toBe(false);
    expect(m.properties).toBeNull();
    expect(m.reason).not.toBe('');
  });

  it('validates on its own site: all feed-linked pages, no channel page', () => {
    const pages = [
      ...[1, 2, 3].map((i) => load(engine, `post-feed-${i}`)),
      load(engine, 'post-unlinked'),
      load(engine, 'about'),
      ...CHANNELS.map((c) => load(engine, c)),
    ];
    const v = validateTemplate(template, pages, new Set(template.learntFrom));
    expect(v.template).toBe(template);
    expect(v.channelPages).toBeGreaterThanOrEqual(2);
    expect(v.channelAccepted).toBe(0);
    expect(v.matchShare).toBeCloseTo(1 / 5);
  });
});

describe('content extraction', () => {
  it('extracts the gold text of a WordPress post (word 4-shingle F1 >= 0.95)', () => {
    const templates = learnTemplates(samples('wp', 'h1[@class=entry-title]'));
    const m = matchPage(load('wp', 'post-feed-1'), templates);
    expect(shingleF1(m.properties?.text ?? '', fixtureText('templates-wp-post-feed-1.truth.txt'))).toBeGreaterThanOrEqual(0.95);
    for (const r of m.properties?.references ?? []) expect(r.url).toMatch(/^https?:\/\//);
  });

  it('cuts comment zones, scripts and forms out of the content', () => {
    const page: ParsedPage = {
      url: 'http://x.test/a/',
      language: null,
      document: parseDocument(`<html><body><div id="post"><p>First paragraph of the post, long enough.</p><script>x()</script>
        <p>Second paragraph with a <a href="/b">link</a>.</p><form><input name="q"></form>
        <div id="comments"><p>A reader comment that must not be in the post.</p></div>
        <div class="comment-respond"><p>Leave a reply</p></div></div></body></html>`),
      elements: 12,
    };
    const t: PostTemplate = {
      id: 't',
      host: 'x.test',
      feedUrl: 'f',
      keyPath: 'div[@id=post]',
      contentPath: 'div[@id=post]',
      propertyPaths: { title: null, author: null, date: null, categories: null },
      requiredProperties: [],
      support: 1,
      learntFrom: [],
    };
    const m = matchPage(page, [t]);
    expect(m.isPost).toBe(true);
    expect(m.properties?.text).toBe('First paragraph of the post, long enough.\nSecond paragraph with a link.');
    expect(m.properties?.html).toContain('href="http://x.test/b"');
    expect(m.properties?.references).toEqual([{ kind: 'link', url: 'http://x.test/b', text: 'link' }]);
  });
});

describe('channel guards (000 Listing 4 path 3)', () => {
  const general: PostTemplate = {
    id: 'general',
    host: 'pelican-dev.test',
    feedUrl: 'f',
    keyPath: 'div[@class=entry-content]',
    contentPath: 'div[@class=entry-content]',
    propertyPaths: { title: 'h2[@class=entry-title]', author: null, date: null, categories: null },
    requiredProperties: [],
    support: 3,
    learntFrom: [],
  };

  it('a too-general path still refuses pages listing several posts, and accepts the post', () => {
    const home = matchPage(load('pelican', 'home'), [general]);
    expect(home.isPost).toBe(false);
    expect(home.reason).toMatch(/^channel page/);
    expect(matchPage(load('pelican', 'post-unlinked'), [general]).isPost).toBe(true);
  });

  it("entry links name other pages: a heading's or rel=bookmark link, not one into a place in a page (a comment's permalink)", () => {
    const html = `<h1><a href="/articles/this">This</a></h1><h2><a href="/articles/other">Other</a></h2>
      <a href="/comment/31#comment-31" rel="bookmark">Permalink</a><a href="/comment/32#comment-32" rel="bookmark">Permalink</a>
      <h3><a href="/articles/third#comments">2 comments</a></h3><a href="/archive" rel="bookmark">Archive</a>`;
    const page = { url: 'http://d.test/articles/this', document: parseDocument(html), language: null, elements: 0 };
    expect([...entryLinkTargets(page)].sort()).toEqual(['http://d.test/archive', 'http://d.test/articles/other']);
  });

  it("a content path finding several blocks no class tells apart: the post is the one holding the title key node, unless another is a list's entry", () => {
    // Every <div> the same (no classes; a framework's utility classes do the same): the article's
    // block and the comments' block after it are one step of the path.
    const bare: PostTemplate = {
      ...general,
      id: 'bare',
      keyPath: '|html|body|main|div|h1',
      contentPath: '|html|body|main|div',
      propertyPaths: { title: '|html|body|main|div|h1', author: null, date: null, categories: null },
    };
    const prose = 'A paragraph of the post, long enough to be read as its content by any measure used here.';
    const reply = 'A reader answers at length, and this answer is no part of the article it follows.';
    const pageOf = (second: string): ParsedPage => ({
      url: 'http://bare.test/p1/',
      language: null,
      elements: 0,
      document: parseDocument(`<html><body><main><div><h1>The post</h1><p>${prose}</p></div>${second}</main></body></html>`),
    });
    const post = matchPage(pageOf(`<div><h3>Replies</h3><div><strong>Ana</strong><div><p>${reply}</p></div></div></div>`), [bare]);
    expect(post.isPost).toBe(true);
    expect(post.properties?.text).toContain(prose);
    expect(post.properties?.text).not.toContain(reply);
    const list = matchPage(pageOf(`<div><h2><a href="/p2/">Another post</a></h2><p>${reply}</p></div>`), [bare]);
    expect(list.isPost).toBe(false);
    expect(list.reason).toMatch(/^channel page/);
    // A key-path promoted from another property (the byline's date) says nothing of where the content is.
    const dated: PostTemplate = { ...bare, id: 'dated', keyPath: '|html|body|main|div|div|span', contentPath: '|html|body|main|div|div' };
    const byline = '<div><span>Posted on March 1, 2025</span> by weir</div>';
    const html = `<html><body><main><div><h1>The post</h1>${byline}<div><p>${prose}</p></div><div>Filed under walks, weirs and old mills.</div></div></main></body></html>`;
    const m = matchPage({ url: 'http://bare.test/p1/', language: null, elements: 0, document: parseDocument(html) }, [dated]);
    expect(m.properties?.text ?? '').not.toContain('Posted on');
  });

  it('validateTemplate specialises a template that accepts a channel page', () => {
    const loose: PostTemplate = {
      ...general,
      id: 'loose',
      keyPath: 'section[@id=content]',
      contentPath: 'section[@id=content]',
      propertyPaths: { ...general.propertyPaths, title: null },
    };
    const feed = [1, 2, 3].map((i) => load('pelican', `post-feed-${i}`));
    const channels = CHANNELS.map((c) => load('pelican', c));
    expect(channels.some((p) => matchPage(p, [loose]).isPost)).toBe(true);
    const v = validateTemplate({ ...loose, learntFrom: feed.map((p) => p.url) }, [...feed, ...channels], new Set(feed.map((p) => p.url)));
    expect(v.template).not.toBeNull();
    expect(v.template?.specialisedBy).toMatch(/channel pages/);
    expect(v.channelAccepted).toBe(0);
    for (const p of channels) expect(matchPage(p, [v.template as PostTemplate]).isPost).toBe(false);
    for (const p of feed) expect(matchPage(p, [v.template as PostTemplate]).isPost).toBe(true);
  });

  it('validateTemplate promotes a working property path when the key-path fits no feed-linked page', () => {
    const feed = [1, 2, 3].map((i) => load('pelican', `post-feed-${i}`));
    const v = validateTemplate(
      { ...general, keyPath: '|html|body|div[@id=nowhere]', learntFrom: [] },
      feed,
      new Set(feed.map((p) => p.url)),
    );
    expect(v.template?.specialisedBy).toMatch(/^promoted the/);
    for (const p of feed) expect(matchPage(p, [v.template as PostTemplate]).isPost).toBe(true);
  });

  it('validateTemplate rejects a template that accepts none of its feed-linked pages', () => {
    const nowhere = '|html|body|div[@id=nowhere]';
    const wrong: PostTemplate = {
      ...general,
      keyPath: nowhere,
      contentPath: nowhere,
      propertyPaths: { ...general.propertyPaths, title: null },
      learntFrom: [],
    };
    const feed = [1, 2, 3].map((i) => load('pelican', `post-feed-${i}`));
    const v = validateTemplate(wrong, feed, new Set(feed.map((p) => p.url)));
    expect(v.template).toBeNull();
    expect(v.reason).toMatch(/^rejected/);
  });
});

describe('templateStillFits (across crawls)', () => {
  it('fits the same theme, not a changed one', () => {
    const wp = learnTemplates(samples('wp', 'h1[@class=entry-title]'))[0] as PostTemplate;
    expect(templateStillFits(wp, [load('wp', 'post-unlinked'), load('wp', 'post-feed-2')])).toEqual({ fits: true, matchShare: 1 });
    expect(
      templateStillFits(
        wp,
        [1, 2, 3].map((i) => load('pelican', `post-feed-${i}`)),
      ),
    ).toEqual({ fits: false, matchShare: 0 });
  });
});

describe('dates under a template date path', () => {
  const dateOfHtml = (html: string): string | null => dateOf(parseDocument(html).children[0] as Element);

  it('reads dates printed in other languages, a printed day as a day, and never a bare time as today', () => {
    expect(dateOfHtml('<p>19. März 2025 um 09:15</p>')).toBe('2025-03-19T09:15:00.000Z');
    expect(dateOfHtml('<p>3 de marzo de 2025</p>')).toBe('2025-03-03');
    expect(dateOfHtml('<p>Posted March 19, 2025</p>')).toBe('2025-03-19');
    expect(dateOfHtml('<time datetime="2025-03-19T09:15:00Z">19 Mar</time>')).toBe('2025-03-19T09:15:00.000Z');
    expect(dateOfHtml('<p>at 09:15</p>')).toBeNull();
  });
});
