/**
 * Feed dynamics on the dev corpus: the feed of each crawl is the truth's `in_feed` posts
 * (../shared/corpus/*\/truth.json) with their gold publication dates. Expected figures were
 * computed separately (Python, type-7 quantiles) from the same truth files.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORPUS_ROOT, sharedAvailable } from '../../test/shared-data.js';
import { computeFeedDynamics } from './index.js';
import type { FeedDynamicsInput } from './index.js';
import { poissonMeanForTail, poissonTail } from './feed-dynamics.js';

interface TruthPost {
  url: string;
  published: string;
  in_feed: boolean;
}

function feedFromTruth(site: string): FeedDynamicsInput {
  const truth = JSON.parse(readFileSync(`${CORPUS_ROOT}/${site}/truth.json`, 'utf8')) as {
    crawls: { time: string; posts: TruthPost[] }[];
  };
  return {
    feedUrl: `${site}/feed`,
    snapshots: truth.crawls.map((c) => ({
      captureTime: c.time,
      items: c.posts.filter((p) => p.in_feed).map((p) => ({ link: p.url, published: p.published })),
    })),
  };
}

describe.skipIf(!sharedAvailable())('feed dynamics on the dev corpus (needs ../shared)', () => {
  it.each([
    [
      'wp-dev',
      { count: 12, minHours: 0.003, q1Hours: 482.873, medianHours: 523.48, q3Hours: 579.538, maxHours: 613.464, meanHours: 451.659 },
    ],
    [
      'pelican-dev',
      { count: 12, minHours: 0.006, q1Hours: 134.885, medianHours: 238.313, q3Hours: 333.622, maxHours: 834.928, meanHours: 281.998 },
    ],
  ])('%s: intervals, windows, no missed items, recrawl advice', (site, expected) => {
    const d = computeFeedDynamics(feedFromTruth(site));
    expect(d.intervals).toEqual(expected);
    expect(d.distinctItems).toBe(13);
    expect(d.feedCapacity).toBe(10);
    expect(d.itemsPerSnapshot).toEqual({ min: 10, median: 10, max: 10 });
    expect(d.windows.map((w) => w.items)).toEqual([10, 10]);
    // Three posts were published between the crawls; the windows overlap, nothing was missed.
    expect(d.gaps).toHaveLength(1);
    expect(d.gaps[0]?.newItems).toBe(3);
    expect(d.gaps[0]?.windowsDisjoint).toBe(false);
    expect(d.gaps[0]?.probablyMissed).toBe(false);
    // t* = μ*/λ with μ* = 4.7712 for C = 10, p = 0.01, λ = 1 / mean interval: over 30 days here,
    // so the default advice is clamped to 720 h.
    expect(d.recrawl).toEqual({ feedHours: 720, pageHours: 720 });
    expect(d.explanation).toContain('Poisson');
    expect(d.explanation).toContain('clamped to 720 h');
    const unclamped = computeFeedDynamics(feedFromTruth(site), { maxRecrawlHours: 1e6 });
    expect(unclamped.recrawl.feedHours).toBeCloseTo(4.771246 * expected.meanHours, 0);
    expect(unclamped.recrawl.pageHours).toBeCloseTo(0.5 * 10 * expected.meanHours, 0);
  });
});

describe('Poisson recrawl model', () => {
  it('μ* matches an independent computation', () => {
    expect(poissonMeanForTail(0, 0.01)).toBeCloseTo(0.01005, 4);
    expect(poissonMeanForTail(5, 0.01)).toBeCloseTo(1.785284, 4);
    expect(poissonMeanForTail(10, 0.01)).toBeCloseTo(4.771246, 4);
    expect(poissonTail(4.771246, 10)).toBeCloseTo(0.01, 5);
    // Large capacities do not underflow.
    expect(poissonMeanForTail(1000, 0.01)).toBeGreaterThan(900);
  });
});

describe('missed items and degenerate feeds', () => {
  const hourly = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => ({
      guid: `item-${from + i}`,
      published: new Date(Date.UTC(2026, 0, 1) + (from + i) * 3_600_000).toISOString(),
    }));
  const at = (hour: number) => new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000).toISOString();

  it('a 5-item feed of hourly posts captured daily misses items', () => {
    const d = computeFeedDynamics({
      feedUrl: 'f',
      snapshots: [
        { captureTime: at(48), items: hourly(44, 48) },
        { captureTime: at(24), items: hourly(20, 24) },
      ],
    });
    expect(d.windows.map((w) => w.captureTime)).toEqual([at(24), at(48)]);
    expect(d.gaps[0]?.windowsDisjoint).toBe(true);
    expect(d.gaps[0]?.probablyMissed).toBe(true);
    expect(d.gaps[0]?.expectedUnseen).toBeGreaterThan(3);
    expect(d.recrawl.feedHours).not.toBeNull();
    expect(d.recrawl.feedHours ?? Infinity).toBeLessThan(24);
  });

  it('empty, single, undated and duplicate items do not break it', () => {
    expect(computeFeedDynamics({ feedUrl: 'f', snapshots: [] }).recrawl).toEqual({ feedHours: null, pageHours: null });
    const one = computeFeedDynamics({ feedUrl: 'f', snapshots: [{ captureTime: at(1), items: hourly(0, 0) }] });
    expect(one.intervals).toBeNull();
    expect(one.explanation).toContain('Fewer than two dated items');
    const messy = computeFeedDynamics({
      feedUrl: 'f',
      snapshots: [
        {
          captureTime: at(10),
          items: [
            ...hourly(0, 3),
            ...hourly(2, 3),
            { link: 'http://x/a?utm_source=rss', published: null },
            { link: 'http://x/a', published: null },
            { published: null },
          ],
        },
        { captureTime: 'not a date', items: hourly(5, 6) },
      ],
    });
    expect(messy.duplicateItems).toBe(3);
    expect(messy.undatedItems).toBe(2);
    expect(messy.distinctItems).toBe(6);
    expect(messy.intervals?.medianHours).toBe(1);
    expect(messy.snapshots).toBe(1);
    expect(messy.explanation).toContain('without a valid capture time');
  });

  it('undated snapshots with no item in common are flagged', () => {
    const undated = (ids: string[]) => ids.map((guid) => ({ guid, published: null }));
    const d = computeFeedDynamics({
      feedUrl: 'f',
      snapshots: [
        { captureTime: at(0), items: undated(['a', 'b']) },
        { captureTime: at(5), items: undated(['c', 'd']) },
      ],
    });
    expect(d.gaps[0]?.probablyMissed).toBe(true);
    expect(d.ratePerHour).toBeNull();
  });
});
