import { describe, expect, it } from 'vitest';
import { type Candidate, fuseCandidates } from './fuse-stage.js';

const candidate = (over: Partial<Candidate>): Candidate => ({
  id: 1,
  method: 'feed-guided',
  confidence: 0.8,
  captureId: 10,
  captureTime: '2026-01-01T00:00:00Z',
  title: 'A post',
  author: null,
  published: null,
  updated: null,
  categories: [],
  text: 'The article as the page shows it.',
  html: '<p>The article as the page shows it.</p>',
  references: [],
  paths: { content: null, title: null, author: null, date: null, categories: null },
  pageDigest: 'sha1:PAGE',
  language: 'en',
  ...over,
});

describe('fuseCandidates', () => {
  it("takes the text from the page's article and fills metadata it lacks from the feed item", () => {
    const page = candidate({ id: 1 });
    const feed = candidate({
      id: 2,
      method: 'full-feed',
      confidence: 1,
      author: 'Ada',
      published: '2025-12-31T10:00:00Z',
      categories: ['news'],
      text: 'The feed copy.',
      pageDigest: null,
    });
    const fused = fuseCandidates([feed, page]);
    expect(fused?.version.text).toBe(page.text);
    expect(fused?.version.author).toBe('Ada');
    expect(fused?.version.published).toBe('2025-12-31T10:00:00Z');
    expect(fused?.version.categories).toEqual(['news']);
    expect(fused?.fusion).toEqual({
      textFrom: 'feed-guided',
      reason: "the page's article (feed-guided, confidence 0.80) preferred to the full feed content: the page is the archived truth",
      candidates: ['feed-guided', 'full-feed'],
      metadataFrom: { author: 'full-feed', published: 'full-feed', categories: 'full-feed' },
    });
  });

  it('keeps the full feed content when no page candidate exists, and the most confident of several page candidates', () => {
    const feed = candidate({ method: 'full-feed', confidence: 1, text: 'Only the feed.' });
    expect(fuseCandidates([feed])?.fusion.reason).toBe('the full feed content: no page candidate in this crawl');
    const weak = candidate({ id: 3, method: 'mcst', confidence: 0.3, text: 'whole page' });
    const template = candidate({ id: 4, method: 'template', confidence: 0.6, text: 'template article' });
    expect(fuseCandidates([weak, template])?.version.text).toBe('template article');
  });

  it('ignores empty candidates; none left gives no fused version', () => {
    expect(fuseCandidates([candidate({ text: ' ', html: '' })])).toBeNull();
  });
});
