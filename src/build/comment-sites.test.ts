import { describe, expect, it } from 'vitest';
import { CommentSites } from './comment-sites.js';

type Version = { url: string; comments: Array<{ source: string; text: string }> };

const HOW = 'dates on p.when|div.reply';
const STRUCTURE = `|html|body|div[@class=replies] ${HOW}`;

/** Two post pages of `host` whose zone has the structure only the page structure found. */
function siteWithLearntStructure(host: string): CommentSites<Version, string> {
  const sites = new CommentSites<Version, string>();
  for (const url of ['a', 'b']) {
    const zone = { evidence: 'structure', structure: STRUCTURE };
    if (sites.observe(host, zone, 3)) sites.defer(host, zone, { url, comments: [{ source: 'page', text: `A reply on ${url}` }] });
  }
  return sites;
}

describe('CommentSites', () => {
  it('learns a structure-only zone recurring on two post pages of the host, and keeps their comments', () => {
    const sites = siteWithLearntStructure('blog.test');
    expect(sites.learnt('blog.test')).toEqual([STRUCTURE]);
    expect(sites.learnt('other.test')).toEqual([]);
    const written: Version[] = [];
    expect(sites.flush((v) => written.push(v))).toBe(0);
    expect(written.map((v) => v.comments.length)).toEqual([1, 1]);
  });

  it('reads a post without comments again only when one of its entry candidates is found like the learnt structure', () => {
    const sites = siteWithLearntStructure('blog.test');
    // No entry candidate at all, candidates of another signature, another host: never read again.
    sites.remember('blog.test', 'no-candidates', []);
    sites.remember('blog.test', 'byline-only', ['dates on span.posted|div.entry-meta']);
    sites.remember('other.test', 'other-host', [HOW]);
    // A lone reply printed like the others: read again, once, with the host's structures.
    sites.remember('blog.test', 'one-reply', ['dates on span.posted|div.entry-meta', HOW]);
    expect([...sites.retries()]).toEqual([{ job: 'one-reply', structures: [STRUCTURE] }]);
    // The list is consumed: a second call reads nothing again.
    expect([...sites.retries()]).toEqual([]);
  });

  it('drops structure-only comments of a zone no other post page of the host shows', () => {
    const sites = new CommentSites<Version, string>();
    const zone = { evidence: 'structure', structure: STRUCTURE };
    expect(sites.observe('blog.test', zone, 2)).toBe(true);
    sites.defer('blog.test', zone, {
      url: 'a',
      comments: [
        { source: 'page', text: 'A reply' },
        { source: 'feed', text: 'From the feed' },
      ],
    });
    sites.observe('blog.test', { evidence: null, structure: null }, 0);
    const written: Version[] = [];
    expect(sites.flush((v) => written.push(v))).toBe(1);
    expect(written[0]?.comments).toEqual([{ source: 'feed', text: 'From the feed' }]);
  });

  it("counts a host's other post pages showing the same entry candidates as support, never two-entry records on a one-page host", () => {
    const zone = { evidence: 'records', structure: STRUCTURE, signatures: [HOW] };
    const twoReplies = (sites: CommentSites<Version, string>, host: string): number => {
      expect(sites.observe(host, zone, 2)).toBe(true);
      sites.defer(host, zone, { url: 'a', comments: ['One', 'Two'].map((text) => ({ source: 'page', text })) });
      return sites.flush(() => undefined);
    };
    const site = new CommentSites<Version, string>();
    // The host's other post page shows an entry candidate found the same way (one reply).
    site.observe('blog.test', { evidence: null, structure: null, signatures: [HOW] }, 0);
    expect(twoReplies(site, 'blog.test')).toBe(0);
    expect(twoReplies(new CommentSites<Version, string>(), 'solo.test')).toBe(2);
  });

  it("drops entries whose texts recur on the host's other pages: a template box, not comments", () => {
    const sites = new CommentSites<Version, string>();
    const zone = { evidence: 'structure', structure: STRUCTURE };
    for (const url of ['a', 'b', 'c']) {
      sites.observe('news.test', zone, 3);
      sites.defer('news.test', zone, {
        url,
        comments: ['Latest: new games', 'Latest: videos', `Only on ${url}`].map((text) => ({ source: 'page', text })),
      });
    }
    const written: Version[] = [];
    expect(sites.flush((v) => written.push(v))).toBe(9);
    expect(written.every((v) => v.comments.length === 0)).toBe(true);
  });
});
