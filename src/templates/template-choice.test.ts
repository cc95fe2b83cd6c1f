import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { extractComments, type ParsedPage, parsePage, type PropertyPaths } from '../extract/index.js';
import { fixturePage } from '../../test/helpers/fixture-pages.js';
import {
  buildSiteEvidence,
  classifyByMainBlock,
  classifyByTemplate,
  decideTemplateReuse,
  distinctTemplates,
  findNodes,
  keepValidatedTemplates,
  keyPathOf,
  learnTemplates,
  leaveOutComments,
  type PostTemplate,
  serialiseKeyPath,
  settleHeldPost,
  validateTemplate,
  weighNegativeEvidence,
} from './index.js';

const load = (engine: string, name: string): ParsedPage => fixturePage(`templates-${engine}-${name}.html`);
const TITLE = { wp: 'h1[@class=entry-title]', pelican: 'h2[@class=entry-title]' } as const;

function pathsOf(page: ParsedPage, title: string): PropertyPaths {
  const path = (rel: string): string | null => {
    const n = findNodes(page.document, rel)[0];
    return n === undefined ? null : serialiseKeyPath(keyPathOf(n as Element, { attributes: ['id', 'class'] }));
  };
  return { content: path('div[@class=entry-content]'), title: path(title), date: path('time'), author: null, categories: null };
}

/** Templates learnt from the feed-linked posts of a fixture site, `feeds` naming the feed of each post. */
function learn(engine: 'wp' | 'pelican', feeds = ['/feed/', '/feed/', '/feed/']): PostTemplate[] {
  return learnTemplates(
    feeds.map((feed, i) => {
      const page = load(engine, `post-feed-${i + 1}`);
      return { url: page.url, feedUrl: `${new URL(page.url).origin}${feed}`, paths: pathsOf(page, TITLE[engine]) };
    }),
  );
}

const feedPages = (engine: string): ParsedPage[] => [1, 2, 3].map((i) => load(engine, `post-feed-${i}`));

describe('decideTemplateReuse', () => {
  it("reuses an earlier crawl's templates that accept this crawl's feed-linked pages, and says so", () => {
    const d = decideTemplateReuse(learn('wp'), 4, feedPages('wp'));
    expect(d).toEqual({ reuse: true, reason: 'templates of crawl 4 still fit: they accept 100% of 3 feed-linked pages' });
  });

  it('learns again when the markup changed (the templates accept none of the pages)', () => {
    const d = decideTemplateReuse(learn('pelican'), 4, feedPages('wp'));
    expect(d.reuse).toBe(false);
    expect(d.reason).toBe('templates of crawl 4 no longer fit (they accept 0% of 3 feed-linked pages): markup changed, learnt again');
  });
});

describe('distinctTemplates and keepValidatedTemplates', () => {
  const [main, tag] = learn('wp', ['/feed/', '/feed/', '/tag/apt/feed/']).sort((a, b) => b.support - a.support) as [
    PostTemplate,
    PostTemplate,
  ];

  it('keeps one template per set of paths, the best supported', () => {
    const copy: PostTemplate = { ...main, id: `${main.id}-copy`, feedUrl: 'http://devblog.test:8081/author/x/feed/', support: 1 };
    expect(distinctTemplates([copy, main]).map((t) => t.id)).toEqual([main.id]);
  });

  it('drops a refused template and one whose pages a better supported template already accepts, with reasons', () => {
    expect(main.support).toBeGreaterThan(tag.support);
    const pages = [...feedPages('wp'), load('wp', 'about'), load('wp', 'home'), load('wp', 'tag')];
    const refused = { ...validateTemplate(main, pages, new Set(main.learntFrom)), template: null, reason: 'refused for the test' };
    const validated = [tag, main].map((t) => validateTemplate(t, pages, new Set(t.learntFrom)));
    const { kept, notes } = keepValidatedTemplates([...validated, refused], feedPages('wp'));
    expect(kept.map((k) => k.template.id)).toEqual([main.id]);
    expect(kept[0]?.validation).toBe(validated[1]?.reason);
    expect(notes).toContain('refused for the test');
    expect(notes).toContain(
      `template ${tag.id} (feed ${tag.feedUrl}) dropped: the pages it was learnt from match template(s) of larger support`,
    );
  });
});

describe('classifyByTemplate and classifyByMainBlock', () => {
  const templates = learn('wp');

  it('takes a page the template matches for a post, with the object and the paths it came from', () => {
    const d = classifyByTemplate(load('wp', 'post-unlinked'), templates, 0);
    expect(d).toMatchObject({ isPost: true, method: 'template', templateKey: templates[0]?.id });
    expect(d.object?.method).toBe('template');
    expect(d.object?.paths.content).toBe(templates[0]?.contentPath);
    expect(d.object?.text.length).toBeGreaterThan(200);
  });

  it('refuses a channel page, with the reason and no object', () => {
    const d = classifyByTemplate(load('wp', 'home'), templates, 0);
    expect(d.isPost).toBe(false);
    expect(d.object).toBeNull();
    expect(d.reason).not.toBe('');
  });

  it('E-mCST decides without a template and says it was E-mCST', () => {
    const post = classifyByMainBlock(load('wp', 'post-unlinked'), null);
    expect(post.method).toBe('mcst');
    expect(post.reason).toMatch(/^E-mCST: /);
    expect(post.isPost).toBe(post.object !== null);
    if (post.object !== null) expect(post.object.method).toBe('mcst');
  });
});

describe('weighNegativeEvidence and settleHeldPost', () => {
  const page = load('wp', 'post-unlinked');
  const post = classifyByTemplate(page, learn('wp'), 0);
  const items: Array<{ link: string | null; description: string | null; content: string | null }> = [];

  it("refuses a post that is the channel link of one of the site's feeds", () => {
    const w = weighNegativeEvidence(post, page, buildSiteEvidence([], [page.url], items));
    expect(w.heldFor).toBeNull();
    expect(w.decision.isPost).toBe(false);
    expect(w.decision.object).toBeNull();
    expect(w.decision.reason).toMatch(/; but the channel link of a feed of the site/);
  });

  it('holds a post outside the URL shape of the feed-linked posts until entry links are known', () => {
    const otherShape = ['a/b/c/d/', 'e/f/g/h/', 'i/j/k/l/'].map((p) => `http://devblog.test:8081/${p}`);
    const w = weighNegativeEvidence(post, page, buildSiteEvidence(otherShape, [], items));
    expect(w.decision).toBe(post);
    expect(w.heldFor).toMatch(/^outside the URL shape/);
    const held = w.heldFor as string;
    expect(settleHeldPost(post, held, 'other pages of the host link it as an entry')).toMatchObject({
      isPost: true,
      reason: `${post.reason}; ${held}, but other pages of the host link it as an entry`,
    });
    expect(settleHeldPost(post, held, null)).toMatchObject({ isPost: false, object: null });
  });

  it('leaves a post the evidence does not speak against alone', () => {
    const urls = [1, 2, 3].map((i) => load('wp', `post-feed-${i}`).url);
    expect(weighNegativeEvidence(post, page, buildSiteEvidence(urls, [], items))).toEqual({ decision: post, heldFor: null, listed: [] });
  });
});

describe('leaveOutComments', () => {
  // An E-mCST main block that grew over a comment zone no class or id names (the zone is longer
  // than the article): six replies, each a name with a date and its text, which the comment
  // extractor finds by their structure alone.
  const names = ['Chiara Neri', 'Hana Sato', 'Farah Haddad', 'Jude Okafor', 'Ada Lind', 'Nia Evans'];
  const replies = names.map(
    (name, i) =>
      `<li id="a${i}"><div class="kopf"><b>${name}</b> <small>${i + 2}. März 2025 um 10:2${i}</small></div><div class="inhalt"><p>Reply ${i} says the timber bridge by the harbour was mended in winter, and the old map of the valley shows the road that led there before the river moved east of the mill.</p></div></li>`,
  );
  const html = `<html><head><title>Always river map</title></head><body><main><article><h1>Always river map</h1>
<p class="datum"><time datetime="2025-03-31T09:06:00Z">31. März 2025 um 09:06</time></p>
<p>${'Snow mended paint across boat found above winter road old. Kitchen timber book carried painted map wall. '.repeat(3)}</p>
<p>${'Station gathered cloth bridge quiet almost stone field orchard nearby evening late winter often found. '.repeat(3)}</p>
<p>${'Long never painted the noticed slowly above stone wall market old iron measured river. '.repeat(3)}</p></article>
<section id="antworten"><h3>6 Antworten</h3><ol class="liste">${replies.join('')}</ol></section></main>
<aside><p>Archiv</p></aside></body></html>`;
  const page = parsePage(html, 'http://threaded.test/p11-always-river-map/');

  it("leaves the comments found on the page out of a post's article that holds them", () => {
    const post = classifyByMainBlock(page, null);
    expect(post.isPost).toBe(true);
    expect(post.object?.text).toContain('Reply 3 says');
    const found = extractComments(page, { article: null });
    expect(found.comments).toHaveLength(6);
    const without = leaveOutComments(post, page, found);
    expect(without.object?.text).not.toContain('Reply 3 says');
    expect(without.object?.html).not.toContain('Reply 3 says');
    expect(without.object?.text).toContain('Station gathered cloth');
    expect(without).toMatchObject({ isPost: true, method: 'mcst', reason: post.reason });
  });

  it('leaves a post whose comments lie outside its content node, and a non-post, as they are', () => {
    const post = classifyByMainBlock(page, null);
    const elsewhere = parsePage('<html><body><aside><p>elsewhere</p></aside></body></html>', page.url);
    const zone = elsewhere.document.children.find((n) => 'name' in n) as Element;
    expect(leaveOutComments(post, page, { zone, entryNodes: [] })).toBe(post);
    const home = classifyByTemplate(load('wp', 'home'), learn('wp'), 0);
    expect(leaveOutComments(home, page, extractComments(page, { article: null }))).toBe(home);
  });
});
