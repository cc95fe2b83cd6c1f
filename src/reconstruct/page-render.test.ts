import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Comment, ObjectVersion } from '../core/domain.js';
import { PAGE_FORMAT } from './constants.js';
import { renderObjectPage } from './page-render.js';

const version: ObjectVersion = {
  id: 7,
  objectId: 3,
  url: 'https://blog.example/2024/05/policy-modules/',
  canonicalUrl: 'https://blog.example/2024/05/policy-modules',
  feedId: 1,
  feedUrl: 'https://blog.example/feed/',
  feedTitle: 'Example blog',
  guid: 'https://blog.example/?p=3',
  crawlId: 2,
  crawl: 'crawl-2',
  captureId: 11,
  captureTime: '2024-06-01T10:00:00Z',
  pageDigest: 'sha1:ABC',
  language: 'en',
  fusion: null,
  method: 'feed-guided',
  confidence: 0.9,
  paths: { content: null, title: null, author: null, date: null, categories: null },
  title: 'Policy <modules>',
  author: 'Ann Author',
  published: '2024-05-30T08:00:00Z',
  updated: '2024-05-31T08:00:00Z',
  categories: ['policy', 'modules'],
  text: 'First paragraph.\nSecond paragraph.',
  html: '<p onclick="x()">First <a href="javascript:alert(1)">paragraph</a>.</p><script>alert(2)</script><p>Second <img src="https://blog.example/a.png" alt="a"> paragraph.</p>',
  references: [{ kind: 'link', url: 'https://other.example/', text: 'other' }],
};

const comment: Comment = {
  position: 0,
  id: 'comment-1',
  parent: null,
  depth: 1,
  author: 'Bo <Reader>',
  authorUrl: null,
  published: '2024-05-31T09:00:00Z',
  text: 'Thanks.',
  byline: 'Bo wrote:',
  html: '<p>Thanks<iframe src="https://evil.example/"></iframe>.</p>',
  permalink: null,
  source: 'page',
  hash: 'h1',
};

describe('renderObjectPage', () => {
  it('renders a fixed version to the HTML of PAGE_FORMAT', () => {
    const html = renderObjectPage(version, [comment], { indexHref: '../feed.html' });
    expect(html).not.toMatch(/<script|<iframe|javascript:|onclick/i);
    expect(html).toContain('<h1>Policy &lt;modules&gt;</h1>');
    const digest = createHash('sha1').update(html).digest('hex');
    // Later builds keep the pages whose sources are unchanged (page-writer.ts): when this fails
    // because the page HTML changed on purpose, bump PAGE_FORMAT and record the new digest here.
    expect({ format: PAGE_FORMAT, digest }).toEqual({ format: 1, digest: '17f6c87c0a8003bcbe180f2f9efee238fa461331' });
  });
});
