import { describe, expect, it } from 'vitest';
import { CommentSites, parseCommentEvidence } from './comment-sites.js';

type Version = { url: string; comments: Array<{ source: string; text: string }> };

const HOW = 'dates on p.when|div.reply';
const STRUCTURE = `|html|body|div[@class=replies] ${HOW}`;

/** Holds version `v` of the post page at its URL. */
const deferPage = (
  sites: CommentSites<Version, string>,
  host: string,
  zone: { evidence: string | null; structure: string | null },
  v: Version,
): void => sites.defer(host, zone, v, v.url, v.url);

/** Settles `host` without second readings; returns the page comments dropped. */
const settle = (sites: CommentSites<Version, string>, host: string, write: (v: Version) => void = () => undefined): number =>
  sites.settle(host, [], write, () => undefined).dropped;

/** The jobs `readAgain` reads again, with the structures it passes. */
async function readAgainJobs(sites: CommentSites<Version, string>, host: string): Promise<Array<{ job: string; structures: string[] }>> {
  const read: Array<{ job: string; structures: string[] }> = [];
  await sites.readAgain(host, async (job, structures) => {
    read.push({ job, structures });
    return null;
  });
  return read;
}

/** Two post pages of `host` whose zone has the structure only the page structure found. */
function siteWithLearntStructure(host: string): CommentSites<Version, string> {
  const sites = new CommentSites<Version, string>();
  for (const url of ['a', 'b']) {
    const zone = { evidence: 'structure', structure: STRUCTURE };
    if (sites.observe(host, zone, 3)) deferPage(sites, host, zone, { url, comments: [{ source: 'page', text: `A reply on ${url}` }] });
  }
  return sites;
}

describe('CommentSites', () => {
  it('learns a structure-only zone recurring on two post pages of the host, and keeps their comments', () => {
    const sites = siteWithLearntStructure('blog.test');
    expect(sites.learnt('blog.test')).toEqual([STRUCTURE]);
    expect(sites.learnt('other.test')).toEqual([]);
    const written: Version[] = [];
    expect(settle(sites, 'blog.test', (v) => written.push(v))).toBe(0);
    expect(written.map((v) => v.comments.length)).toEqual([1, 1]);
  });

  it('reads a post without comments again only when one of its entry candidates is found like the learnt structure', async () => {
    const sites = siteWithLearntStructure('blog.test');
    // No entry candidate at all, candidates of another signature, another host: never read again.
    sites.remember('blog.test', 'no-candidates', [], 'no-candidates');
    sites.remember('blog.test', 'byline-only', ['dates on span.posted|div.entry-meta'], 'byline-only');
    sites.remember('other.test', 'other-host', [HOW], 'other-host');
    // A lone reply printed like the others: read again, once, with the host's structures.
    sites.remember('blog.test', 'one-reply', ['dates on span.posted|div.entry-meta', HOW], 'one-reply');
    expect(await readAgainJobs(sites, 'blog.test')).toEqual([{ job: 'one-reply', structures: [STRUCTURE] }]);
    // The list is consumed: a second call reads nothing again.
    expect(await readAgainJobs(sites, 'blog.test')).toEqual([]);
  });

  it('reads a post again when the site does not confirm its held zone, and takes only a zone of the learnt structures', async () => {
    const RECORDS = '|html|body|div[@class=post] records on div.post|div';
    const lone = (job: string) => {
      const sites = siteWithLearntStructure('blog.test');
      // The post's one reply was not found (no sibling to show its shape); two records of its
      // widget's header were, as undated records no other post page shows.
      const zone = { evidence: 'undated', structure: RECORDS, signatures: [HOW, 'records on div.post|div'] };
      expect(sites.observe('blog.test', zone, 2)).toBe(true);
      const header = { url: job, comments: ['Sort by', 'Newest'].map((text) => ({ source: 'page', text })) };
      sites.defer('blog.test', zone, header, job, job);
      return sites;
    };
    const sites = lone('one-reply');
    const readings = await sites.readAgain('blog.test', async (job, structures) => {
      expect({ job, structures }).toEqual({ job: 'one-reply', structures: [STRUCTURE] });
      return { comments: [{ source: 'page', text: 'The one reply' }], structure: STRUCTURE };
    });
    const held: Version[] = [];
    const again: string[] = [];
    const settled = sites.settle(
      'blog.test',
      readings,
      (v) => held.push(v),
      (job) => again.push(job),
    );
    // The held version is written without the unconfirmed zone's records, then the reading's comments.
    expect(held.find((v) => v.url === 'one-reply')?.comments).toEqual([]);
    expect({ ...settled, again }).toEqual({ dropped: 2, added: 1, again: ['one-reply'] });
    // A reading that finds the same unconfirmed zone again adds nothing.
    const same = lone('header-again');
    const none = await same.readAgain('blog.test', async () => ({ comments: [{ source: 'page', text: 'Sort by' }], structure: RECORDS }));
    expect(none).toEqual([]);
  });

  it('drops structure-only comments of a zone no other post page of the host shows', () => {
    const sites = new CommentSites<Version, string>();
    const zone = { evidence: 'structure', structure: STRUCTURE };
    expect(sites.observe('blog.test', zone, 2)).toBe(true);
    deferPage(sites, 'blog.test', zone, {
      url: 'a',
      comments: [
        { source: 'page', text: 'A reply' },
        { source: 'feed', text: 'From the feed' },
      ],
    });
    sites.observe('blog.test', { evidence: null, structure: null }, 0);
    const written: Version[] = [];
    expect(settle(sites, 'blog.test', (v) => written.push(v))).toBe(1);
    expect(written[0]?.comments).toEqual([{ source: 'feed', text: 'From the feed' }]);
  });

  it("counts a host's other post pages showing the same entry candidates as support, never two-entry records on a one-page host", () => {
    const zone = { evidence: 'records', structure: STRUCTURE, signatures: [HOW] };
    const twoReplies = (sites: CommentSites<Version, string>, host: string): number => {
      expect(sites.observe(host, zone, 2)).toBe(true);
      deferPage(sites, host, zone, { url: 'a', comments: ['One', 'Two'].map((text) => ({ source: 'page', text })) });
      return settle(sites, host);
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
      deferPage(sites, 'news.test', zone, {
        url,
        comments: ['Latest: new games', 'Latest: videos', `Only on ${url}`].map((text) => ({ source: 'page', text })),
      });
    }
    const written: Version[] = [];
    expect(settle(sites, 'news.test', (v) => written.push(v))).toBe(9);
    expect(written.every((v) => v.comments.length === 0)).toBe(true);
  });

  it("writes a second reading only when its comments do not recur on the host's other pages", async () => {
    const sites = siteWithLearntStructure('blog.test');
    sites.remember('blog.test', 'box-only', [HOW], 'box-only');
    sites.remember('blog.test', 'own-reply', [HOW], 'own-reply');
    const readings = await sites.readAgain('blog.test', async (job) => ({
      // The first post's only entry is the reply printed on page "a" too.
      comments: [{ source: 'page', text: job === 'box-only' ? 'A reply on a' : 'A reply only here' }],
      structure: STRUCTURE,
    }));
    const again: string[] = [];
    const { dropped, added } = sites.settle(
      'blog.test',
      readings,
      () => undefined,
      (job) => again.push(job),
    );
    // The text on two pages is the template's: dropped from the held page "a" as well.
    expect({ dropped, added, again }).toEqual({ dropped: 1, added: 1, again: ['own-reply'] });
  });

  it('keeps undated records recurring on three post pages, never a box of names and counters shown with other counts', () => {
    const RECORDS = '|html|body|div[@class=talk] records on div.talk|div.entry';
    const zone = { evidence: 'undated', structure: RECORDS };
    const sites = new CommentSites<Version, string>();
    ['a', 'b', 'c'].forEach((url, i) => {
      expect(sites.observe('blog.test', zone, 2)).toBe(true);
      const box = [`${1557 + i} Recommendations`, `${1291 + i * 7} Recommendations`];
      deferPage(sites, 'blog.test', zone, {
        url,
        comments: (url === 'c' ? [`Own reply on ${url}`, 'Another'] : box).map((text) => ({ source: 'page', text })),
      });
    });
    expect(sites.learnt('blog.test')).toEqual([RECORDS]);
    const written: Version[] = [];
    expect(settle(sites, 'blog.test', (v) => written.push(v))).toBe(4);
    expect(written.map((v) => v.comments.length)).toEqual([0, 0, 2]);
  });

  it('decides a host over the pages both passes counted in one tally (feed-paired and template-found posts)', () => {
    const RECORDS = '|html|body|div[@class=talk] records on div.talk|div.entry';
    const zone = { evidence: 'undated', structure: RECORDS };
    const extraction = new CommentSites<Version, string>();
    const templates = new CommentSites<Version, string>(extraction.tally);
    const alone = new CommentSites<Version, string>();
    for (const [sites, url] of [
      [extraction, 'a'],
      [extraction, 'b'],
      [templates, 'c'],
      [alone, 'c'],
    ] as const) {
      expect(sites.observe('blog.test', zone, 2)).toBe(true);
      deferPage(sites, 'blog.test', zone, {
        url,
        comments: [`First on ${url}`, `Second on ${url}`].map((text) => ({ source: 'page', text })),
      });
    }
    expect(settle(templates, 'blog.test')).toBe(0);
    expect(settle(extraction, 'blog.test')).toBe(0);
    // One page of its own: fewer than MIN_RECORD_PAGES.
    expect(settle(alone, 'blog.test')).toBe(2);
  });
  it("decides a later crawl's changed page with the host's other crawls counted, and a page's own comments seen again are no recurrence", () => {
    const zone = { evidence: 'structure', structure: STRUCTURE };
    const box = ['Our client Ana: great service', 'Our client Bo: quick and kind'];
    // Crawl 1: three post pages show the same box (the site's template, not comments).
    const first = new CommentSites<Version, string>();
    for (const url of ['a', 'b', 'c']) {
      first.observe('shop.test', zone, 2);
      deferPage(first, 'shop.test', zone, { url, comments: box.map((text) => ({ source: 'page', text })) });
    }
    expect(settle(first, 'shop.test')).toBe(6);
    const stored = JSON.parse(JSON.stringify(first.tally.evidenceOf('shop.test')));
    // Crawl 2 re-reads page "a" alone (the others unchanged): alone it would stand; with crawl 1 counted it is the box.
    const alone = new CommentSites<Version, string>();
    const again = new CommentSites<Version, string>();
    again.tally.addPrior('shop.test', stored);
    for (const sites of [alone, again]) {
      expect(sites.observe('shop.test', zone, 2)).toBe(true);
      deferPage(sites, 'shop.test', zone, { url: 'a', comments: box.map((text) => ({ source: 'page', text })) });
    }
    expect(settle(alone, 'shop.test')).toBe(0);
    expect(settle(again, 'shop.test')).toBe(2);
    // A thread on one page, seen again on that page in the next crawl: still that page's comments.
    const thread = ['First reply on the post', 'Second reply on the post'];
    const earlier = new CommentSites<Version, string>();
    earlier.observe('blog.test', zone, 2);
    deferPage(earlier, 'blog.test', zone, { url: 'p', comments: thread.map((text) => ({ source: 'page', text })) });
    const later = new CommentSites<Version, string>();
    later.tally.addPrior('blog.test', JSON.parse(JSON.stringify(earlier.tally.evidenceOf('blog.test'))));
    later.observe('blog.test', zone, 2);
    deferPage(later, 'blog.test', zone, { url: 'p', comments: thread.map((text) => ({ source: 'page', text })) });
    expect(settle(later, 'blog.test')).toBe(0);
  });
  it('reads stored evidence back, and nothing from a row that is not JSON of evidence', () => {
    const sites = siteWithLearntStructure('blog.test');
    const json = JSON.stringify(sites.tally.evidenceOf('blog.test'));
    expect(parseCommentEvidence(json)).toEqual(sites.tally.evidenceOf('blog.test'));
    for (const bad of [
      '{"pages": 2',
      'null',
      '[]',
      '{"pages": "2", "structures": {}, "signatures": {}, "feedConfirmed": [], "texts": {}}',
      '{"pages": 2}',
    ])
      expect(parseCommentEvidence(bad), bad).toBeNull();
  });
});
