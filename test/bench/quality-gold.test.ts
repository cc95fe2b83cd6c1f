import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBaseline } from '../../bench/quality/baselines.js';
import { leaksComment, matchComments, scoreComments } from '../../bench/quality/comment-metrics.js';
import { scoreChangeKinds, scorePostDetection } from '../../bench/quality/corpus-metrics.js';
import { crawlKey, type ExportedObject, type ExportedPage } from '../../bench/quality/export-rows.js';
import { checkFloors, readMetric } from '../../bench/quality/floors.js';
import { loadCorpus, loadPageSet } from '../../bench/quality/gold.js';
import { htmlToText } from '../../bench/quality/html-text.js';
import { matchTexts } from '../../bench/quality/text-metrics.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const corpus = loadCorpus(join(FIXTURES, 'wp-dev-trimmed'));
const objectFor = (p: (typeof corpus.pages)[number], extra: Partial<ExportedObject> = {}): ExportedObject => ({
  url: p.url,
  crawl: p.crawl,
  key: p.key,
  title: p.title,
  author: p.author,
  published: p.published,
  text: p.text,
  comments: (p.comments ?? []).map((c) => ({ ...c })),
  method: 'feed-guided',
  confidence: 0.9,
  ...extra,
});

describe('corpus gold (truth.json)', () => {
  it('reads posts per crawl with groups, comments and schemeless keys', () => {
    expect(corpus.warcs.map((w) => w.split('/').pop())).toEqual(['crawl-1.warc.gz', 'crawl-2.warc.gz']);
    expect(corpus.pages).toHaveLength(6);
    expect(corpus.pages.map((p) => p.group).sort()).toEqual([
      'in-feed',
      'in-feed',
      'not-in-feed',
      'not-in-feed',
      'not-in-feed',
      'not-in-feed',
    ]);
    expect(corpus.pages[0]?.key).toBe('devblog.test:8081/2026/10/frontends-aptitude-synaptic-synaptic');
    expect(corpus.nonPosts).toHaveLength(4);
    expect(corpus.changes?.map((c) => c.kind).sort()).toEqual(['boilerplate-only', 'content-edit', 'title-edit']);
  });
});

describe('page-set gold (pages.jsonl)', () => {
  it('recovers a gold text written as UTF-16 and read as Latin-1; its empty comment gold is unknown', () => {
    const set = loadPageSet(join(FIXTURES, 'page-set-utf16'));
    const [plain, misread, none] = set.pages;
    expect(misread?.text).toBe('Forgiving your enemies\nThe abbot asked his pupil.');
    expect(misread?.commentText).toBeNull();
    expect(plain?.commentText).toBe('Nice post!');
    expect(none?.commentText).toBe('');
    expect(set.goldNotes).toEqual([expect.stringMatching(/1 page\(s\) was UTF-16 read as Latin-1 \(2\)/)]);
  });
});

describe('comment scores', () => {
  it('scores a perfect extraction as perfect and a dropped comment as missing', () => {
    const perfect = scoreComments(corpus.pages, (p) => ({ articleText: p.text, comments: objectFor(p).comments }));
    expect(perfect).toMatchObject({
      pagesWithComments: 2,
      countExact: 1,
      matchedRecall: 1,
      authorExact: 1,
      dateRight: 1,
      leakPosts: 0,
      invented: 0,
    });
    expect(perfect?.text.f1).toBe(1);

    const dropped = scoreComments(corpus.pages, (p) => ({ articleText: p.text, comments: objectFor(p).comments.slice(1) }));
    expect(dropped?.countExact).toBeCloseTo(4 / 6);
    expect(dropped?.matchedRecall).toBeCloseTo(0.5);
    expect(dropped?.text.recall).toBeLessThan(1);
  });

  it('finds comments leaking into the article and comments invented on pages without any', () => {
    const withComments = corpus.pages.find((p) => (p.comments?.length ?? 0) > 0);
    const without = corpus.pages.find((p) => p.comments?.length === 0);
    if (withComments === undefined || without === undefined) throw new Error('fixture lost its cases');
    const longest = [...(withComments.comments ?? [])].sort((a, b) => b.text.length - a.text.length)[0]?.text ?? '';
    expect(leaksComment(withComments, withComments.text)).toBe(false);
    expect(leaksComment(withComments, `${withComments.text}\n${longest}`)).toBe(true);

    const scores = scoreComments([without], () => ({
      articleText: without.text,
      comments: [{ author: 'x', published: null, text: 'Great post!' }],
    }));
    expect(scores).toMatchObject({ invented: 1, inventedInGoldArticle: 0, inventedOutsideGold: 1 });
    // A "comment" whose text the gold has as the article's: labelled as content, not made up.
    const quoted = without.text.split(/\s+/).slice(0, 30).join(' ');
    const asArticle = scoreComments([without], () => ({ articleText: '', comments: [{ author: 'x', published: null, text: quoted }] }));
    expect(asArticle).toMatchObject({ invented: 1, inventedInGoldArticle: 1, inventedOutsideGold: 0 });

    // Comments given on the page without any cost P and F1 on all pages, not on those with gold comments.
    const both = scoreComments([withComments, without], (p) => ({
      articleText: p.text,
      comments: p === without ? [{ author: 'x', published: null, text: 'Great post!' }] : objectFor(p).comments,
    }));
    expect(both?.text.precision).toBeCloseTo(0.5);
    expect(both?.textWhereGoldHasComments).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(scoreComments([without], () => ({ articleText: without.text, comments: [] }))?.textWhereGoldHasComments).toBeNull();
  });

  it('matches comments one to one by text', () => {
    const gold = [
      { author: 'A', published: null, text: 'the first comment about apt pinning' },
      { author: 'B', published: null, text: 'a reply about dpkg triggers' },
    ];
    const pairs = matchComments(gold, [
      { author: 'B', published: null, text: 'a reply about dpkg triggers' },
      { author: 'Z', published: null, text: 'spam spam' },
    ]);
    expect(pairs.map((p) => p.gold.author)).toEqual(['B']);
  });
});

describe('post detection and change kinds', () => {
  it('scores is_post on pages no feed links and objects made of non-post pages', () => {
    const pages = new Map<string, ExportedPage>();
    for (const p of corpus.pages) pages.set(crawlKey(p.crawl, p.key), { crawl: p.crawl, key: p.key, isPost: true, method: 'template' });
    const [falsePost] = corpus.nonPosts ?? [];
    if (falsePost === undefined) throw new Error('fixture has no non-post page');
    pages.set(crawlKey(falsePost.crawl, falsePost.key), { crawl: falsePost.crawl, key: falsePost.key, isPost: true, method: 'template' });
    const objects = new Map([[crawlKey(falsePost.crawl, falsePost.key), objectFor(corpus.pages[0] as never)]]);
    const scores = scorePostDetection(corpus.pages, corpus.nonPosts ?? [], pages, objects);
    expect(scores.recall).toBe(1);
    expect(scores.precision).toBeCloseTo(4 / 5); // 4 unlinked posts found, 1 non-post called a post
    expect(scores.nonPostObjects).toHaveLength(1);
  });

  it('scores change kinds per kind, a page may carry several', () => {
    const gold = corpus.changes ?? [];
    const byKind = Object.fromEntries(gold.map((c) => [c.kind, c.key]));
    const scores = scoreChangeKinds(gold, [
      { key: byKind['content-edit'] ?? '', kinds: ['content-edit'] },
      { key: byKind['title-edit'] ?? '', kinds: ['title-edit', 'content-edit'] },
      { key: byKind['boilerplate-only'] ?? '', kinds: ['unchanged'] },
    ]);
    expect(scores['content-edit']).toMatchObject({ gold: 1, reported: 2, precision: 0.5, recall: 1 });
    expect(scores['title-edit']).toMatchObject({ precision: 1, recall: 1 });
    expect(scores['boilerplate-only']).toMatchObject({ reported: 0, precision: null, recall: 0 });
    expect(scores.unchanged).toMatchObject({ gold: 0, precision: 0, recall: null });
  });
});

describe('baselines on a real page', () => {
  const gold = JSON.parse(readFileSync(join(FIXTURES, 'readability-001.gold.json'), 'utf8')) as {
    url: string;
    gold_text: string;
    title: string;
  };
  const html = readFileSync(join(FIXTURES, 'readability-001.html'), 'utf8');

  it('Readability reproduces its own gold (through the block-aware text conversion)', async () => {
    const run = await runBaseline('readability', new Map([['p', { html, url: gold.url }]]));
    const output = run.outputs.get('p');
    const counts = matchTexts(gold.gold_text, output?.text ?? '');
    expect(counts.tp / (counts.tp + counts.fn)).toBeGreaterThan(0.97);
    expect(counts.tp / (counts.tp + counts.fp)).toBeGreaterThan(0.97);
    expect(output?.title).toBe(gold.title);
  });

  it('Defuddle runs offline on a linkedom document', async () => {
    const run = await runBaseline('defuddle', new Map([['p', { html, url: gold.url }]]));
    expect(run.errors).toBe(0);
    expect(matchTexts(gold.gold_text, run.outputs.get('p')?.text ?? '').tp).toBeGreaterThan(100);
  });

  it('keeps paragraph boundaries as line breaks', () => {
    expect(htmlToText('<p>end.</p><p>Start <b>bold</b></p><script>x()</script><ul><li>a</li><li>b</li></ul>')).toBe(
      'end.\nStart bold\na\nb',
    );
  });
});

describe('floors', () => {
  const result = {
    name: 'd',
    articles: { 'in-feed': { ours: { f1: 0.97 }, baselines: { margin: -0.01 } } },
    postDetection: { nonPostObjects: ['x'] },
  };

  it('reads dotted metric paths, array lengths, and missing as null', () => {
    expect(readMetric(result, 'articles.in-feed.ours.f1')).toBe(0.97);
    expect(readMetric(result, 'postDetection.nonPostObjects.length')).toBe(1);
    expect(readMetric(result, 'changes.content-edit.precision')).toBeNull();
  });

  it('fails below a floor, above a ceiling and on a missing metric; skips baseline metrics when asked', () => {
    const floors = {
      note: '',
      min: { d: { 'articles.in-feed.ours.f1': 0.98, 'articles.in-feed.baselines.margin': 0, 'changes.new.recall': 0.9 } },
      max: { d: { 'postDetection.nonPostObjects.length': 0 } },
    };
    expect(checkFloors([result], floors, { withBaselines: true }).violations.map((v) => v.metric)).toEqual([
      'articles.in-feed.ours.f1',
      'articles.in-feed.baselines.margin',
      'changes.new.recall',
      'postDetection.nonPostObjects.length',
    ]);
    expect(checkFloors([result], floors, { withBaselines: false }).checked).toBe(3);
  });
});
