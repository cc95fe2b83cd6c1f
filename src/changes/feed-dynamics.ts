/**
 * Feed dynamics [004 §3.2 "Update intervals"]: publication intervals of a feed's items (min,
 * quartiles, max, mean), what each captured snapshot covered, whether captures were far enough
 * apart that items fell out of the feed unseen, and how often to recrawl the feed and its pages.
 *
 * Recrawl model (ours, building on 004 §3.2: a feed of k items crawled every t hours "could
 * capture a maximum of" k new items per t): publications are a Poisson process of rate λ
 * (items/hour), estimated as 1 / mean publication interval. A feed listing C items (its capacity,
 * the median items per snapshot) loses items when more than C are published between two crawls.
 * With N(t) ~ Poisson(λt):
 *     P(N(t) > C) = 1 - Σ_{k=0..C} e^{-λt} (λt)^k / k!   <= p   (p = missProbability, 0.01)
 * The left side grows with t, so the recommended feed interval is t* = μ* / λ where μ* solves
 * P(Poisson(μ*) > C) = p (found by bisection). An item stays listed for about C/λ hours (its
 * residence time); article pages are recaptured every pageRecrawlShare · C/λ hours so each gets
 * about 1/share captures while the feed still lists it. Both are clamped to [min, max] hours.
 */
import { canonicalUrl } from '../core/url.js';
import { resolveFeedDynamicsConfig } from './config.js';
import { GAP_TEST_ALPHA, MS_PER_HOUR } from './constants.js';
import type {
  FeedDynamics,
  FeedDynamicsConfig,
  FeedDynamicsInput,
  FeedDynamicsItem,
  IntervalStats,
  SnapshotGap,
  SnapshotWindow,
} from './types.js';

interface PreparedSnapshot {
  captureTime: string;
  captureMs: number;
  /** Item key -> publication time (ms) or null. */
  items: Map<string, number | null>;
  /** Items with neither guid, link nor date: counted, not tracked. */
  anonymous: number;
}

function itemKey(item: FeedDynamicsItem): string | null {
  const guid = item.guid?.trim();
  if (guid !== undefined && guid !== '') return `guid:${guid}`;
  const link = item.link?.trim();
  if (link !== undefined && link !== '') return `link:${canonicalUrl(link)}`;
  return null;
}

function parseTime(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Quantile with linear interpolation between order statistics (Hyndman-Fan type 7). */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? a;
  return a + (b - a) * (pos - lo);
}

function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

function intervalStats(publishedMs: number[]): IntervalStats | null {
  if (publishedMs.length < 2) return null;
  const times = [...publishedMs].sort((a, b) => a - b);
  const hours = times
    .slice(1)
    .map((t, i) => (t - (times[i] ?? t)) / MS_PER_HOUR)
    .sort((a, b) => a - b);
  const mean = hours.reduce((s, h) => s + h, 0) / hours.length;
  return {
    count: hours.length,
    minHours: round(hours[0] ?? 0),
    q1Hours: round(quantile(hours, 0.25)),
    medianHours: round(quantile(hours, 0.5)),
    q3Hours: round(quantile(hours, 0.75)),
    maxHours: round(hours[hours.length - 1] ?? 0),
    meanHours: round(mean),
  };
}

/** P(N > c) for N ~ Poisson(mu), summed in log space so large c and mu do not underflow. */
export function poissonTail(mu: number, c: number): number {
  if (mu <= 0) return 0;
  const logTerms: number[] = [];
  let logFact = 0;
  for (let k = 0; k <= c; k += 1) {
    if (k > 0) logFact += Math.log(k);
    logTerms.push(-mu + k * Math.log(mu) - logFact);
  }
  const max = Math.max(...logTerms);
  const cdf = Math.exp(max) * logTerms.reduce((s, t) => s + Math.exp(t - max), 0);
  return Math.min(1, Math.max(0, 1 - cdf));
}

/** The μ* with P(Poisson(μ*) > c) = p, by bisection (the tail grows with μ). */
export function poissonMeanForTail(c: number, p: number): number {
  let lo = 0;
  let hi = c + 10 + 10 * Math.sqrt(c + 1);
  while (poissonTail(hi, c) < p) hi *= 2;
  for (let i = 0; i < 100 && hi - lo > 1e-9 * hi; i += 1) {
    const mid = (lo + hi) / 2;
    if (poissonTail(mid, c) <= p) lo = mid;
    else hi = mid;
  }
  return lo;
}

function prepare(input: FeedDynamicsInput): { snapshots: PreparedSnapshot[]; duplicates: number; badCaptures: number } {
  let duplicates = 0;
  let badCaptures = 0;
  const snapshots: PreparedSnapshot[] = [];
  for (const snap of input.snapshots) {
    const captureMs = parseTime(snap.captureTime);
    if (captureMs === null) {
      badCaptures += 1;
      continue;
    }
    const items = new Map<string, number | null>();
    let anonymous = 0;
    for (const item of snap.items) {
      const published = parseTime(item.published);
      const key = itemKey(item) ?? (published !== null ? `date:${published}` : null);
      if (key === null) {
        anonymous += 1;
      } else if (items.has(key)) {
        duplicates += 1;
      } else {
        items.set(key, published);
      }
    }
    snapshots.push({ captureTime: snap.captureTime, captureMs, items, anonymous });
  }
  snapshots.sort((a, b) => a.captureMs - b.captureMs);
  return { snapshots, duplicates, badCaptures };
}

function windowOf(snap: PreparedSnapshot): SnapshotWindow & { oldestMs: number | null; newestMs: number | null } {
  const dated = [...snap.items.values()].filter((t): t is number => t !== null);
  const oldestMs = dated.length > 0 ? Math.min(...dated) : null;
  const newestMs = dated.length > 0 ? Math.max(...dated) : null;
  return {
    captureTime: snap.captureTime,
    items: snap.items.size + snap.anonymous,
    datedItems: dated.length,
    oldest: oldestMs === null ? null : new Date(oldestMs).toISOString(),
    newest: newestMs === null ? null : new Date(newestMs).toISOString(),
    windowHours: oldestMs === null || newestMs === null ? null : round((newestMs - oldestMs) / MS_PER_HOUR),
    oldestMs,
    newestMs,
  };
}

type Window = ReturnType<typeof windowOf>;

/**
 * Could items have been missed between snapshots A and B? If B's oldest item is not newer than
 * A's newest, the two windows overlap and nothing published in between can have fallen out. If
 * they are disjoint, the uncovered span g = B.oldest - A.newest would be a single inter-arrival
 * time if nothing was missed; a Poisson process leaves a span of g empty with probability
 * e^{-λg}. Below GAP_TEST_ALPHA we call items probably missed, and λg - 1 estimates how many.
 */
function gapBetween(a: PreparedSnapshot, b: PreparedSnapshot, wa: Window, wb: Window, rate: number | null): SnapshotGap {
  const newItems = [...b.items.keys()].filter((k) => !a.items.has(k)).length;
  const shared = b.items.size - newItems;
  const base = {
    fromCapture: a.captureTime,
    toCapture: b.captureTime,
    gapHours: round((b.captureMs - a.captureMs) / MS_PER_HOUR),
    newItems,
  };
  if (wa.newestMs !== null && wb.oldestMs !== null) {
    if (wb.oldestMs <= wa.newestMs) {
      return {
        ...base,
        windowsDisjoint: false,
        expectedUnseen: 0,
        probablyMissed: false,
        reason: `windows overlap (${shared} items in both): the later snapshot's oldest item ${wb.oldest} is not newer than the earlier one's newest ${wa.newest}`,
      };
    }
    const uncoveredHours = (wb.oldestMs - wa.newestMs) / MS_PER_HOUR;
    if (rate === null) {
      return {
        ...base,
        windowsDisjoint: true,
        expectedUnseen: 0,
        probablyMissed: true,
        reason: `windows disjoint (${round(uncoveredHours)} h uncovered) and no publication rate to judge the gap: items may have been missed`,
      };
    }
    const pEmpty = Math.exp(-rate * uncoveredHours);
    const probablyMissed = pEmpty < GAP_TEST_ALPHA;
    return {
      ...base,
      windowsDisjoint: true,
      expectedUnseen: round(Math.max(0, rate * uncoveredHours - 1)),
      probablyMissed,
      reason:
        `windows disjoint: ${round(uncoveredHours)} h between the earlier newest and the later oldest item; ` +
        `at ${round(rate, 4)} items/h such a gap is empty with probability ${round(pEmpty, 4)} ` +
        `(${probablyMissed ? '<' : '>='} ${GAP_TEST_ALPHA})`,
    };
  }
  const disjoint = a.items.size > 0 && b.items.size > 0 && shared === 0;
  return {
    ...base,
    windowsDisjoint: disjoint,
    expectedUnseen: 0,
    probablyMissed: disjoint,
    reason: disjoint
      ? 'undated items and no item in common: items were probably missed, how many cannot be told'
      : `undated items; ${shared} items in common, so the snapshots overlap`,
  };
}

function median(values: number[]): number {
  return values.length === 0
    ? 0
    : quantile(
        [...values].sort((x, y) => x - y),
        0.5,
      );
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** Publication statistics, snapshot coverage and recrawl advice for one feed. */
export function computeFeedDynamics(input: FeedDynamicsInput, partialConfig?: Partial<FeedDynamicsConfig>): FeedDynamics {
  const config = resolveFeedDynamicsConfig(partialConfig);
  const { snapshots, duplicates, badCaptures } = prepare(input);

  const published = new Map<string, number | null>();
  let anonymousUndated = 0;
  for (const snap of snapshots) {
    anonymousUndated += snap.anonymous;
    for (const [key, time] of snap.items) {
      if (!published.has(key) || (published.get(key) === null && time !== null)) published.set(key, time);
    }
  }
  const dated = [...published.values()].filter((t): t is number => t !== null);
  const intervals = intervalStats(dated);
  const rate = intervals !== null && intervals.meanHours > 0 ? 1 / intervals.meanHours : null;

  const windows = snapshots.map(windowOf);
  const gaps: SnapshotGap[] = [];
  for (let i = 1; i < snapshots.length; i += 1) {
    const a = snapshots[i - 1];
    const b = snapshots[i];
    const wa = windows[i - 1];
    const wb = windows[i];
    if (a !== undefined && b !== undefined && wa !== undefined && wb !== undefined) gaps.push(gapBetween(a, b, wa, wb, rate));
  }

  const counts = windows.map((w) => w.items);
  const capacity = Math.floor(median(counts));
  const notes: string[] = [];
  let feedHours: number | null = null;
  let pageHours: number | null = null;
  if (rate === null) {
    notes.push(
      dated.length < 2
        ? `Fewer than two dated items (${dated.length}): no publication rate, no recrawl advice.`
        : 'All dated items share one publication time: the rate cannot be estimated.',
    );
  } else if (capacity === 0) {
    notes.push('The snapshots hold no items: no feed capacity, no recrawl advice.');
  } else {
    const muStar = poissonMeanForTail(capacity, config.missProbability);
    feedHours = round(clamp(muStar / rate, config.minRecrawlHours, config.maxRecrawlHours));
    const residence = capacity / rate;
    pageHours = round(clamp(config.pageRecrawlShare * residence, config.minRecrawlHours, config.maxRecrawlHours));
    notes.push(
      `Publication rate λ = 1 / mean interval = 1 / ${intervals?.meanHours} h = ${round(rate, 4)} items/h ` +
        `(${dated.length} dated items). The feed holds C = ${capacity} items (median per snapshot). ` +
        `New items between crawls t hours apart: N ~ Poisson(λt); items are lost when N > C. ` +
        `P(Poisson(μ) > ${capacity}) = ${config.missProbability} at μ* = ${round(muStar, 3)}, ` +
        `so crawl the feed every t = μ*/λ = ${round(muStar / rate)} h` +
        (feedHours !== round(muStar / rate) ? ` (clamped to ${feedHours} h)` : '') +
        `. An item stays listed about C/λ = ${round(residence)} h; recapture article pages every ` +
        `${config.pageRecrawlShare} × that = ${round(config.pageRecrawlShare * residence)} h` +
        (pageHours !== round(config.pageRecrawlShare * residence) ? ` (clamped to ${pageHours} h).` : '.'),
    );
  }
  const missed = gaps.filter((g) => g.probablyMissed).length;
  if (gaps.length > 0) notes.push(`${missed} of ${gaps.length} gaps between snapshots probably missed items.`);
  if (missed > 0) notes.push('Missed items lengthen the observed intervals, so λ is underestimated and the advice is an upper bound.');
  if (duplicates > 0) notes.push(`${duplicates} duplicate items inside snapshots were counted once.`);
  if (badCaptures > 0) notes.push(`${badCaptures} snapshots without a valid capture time were left out.`);

  return {
    feedUrl: input.feedUrl,
    snapshots: snapshots.length,
    distinctItems: published.size + anonymousUndated,
    undatedItems: published.size - dated.length + anonymousUndated,
    duplicateItems: duplicates,
    intervals,
    ratePerHour: rate === null ? null : round(rate, 6),
    itemsPerSnapshot: {
      min: counts.length > 0 ? Math.min(...counts) : 0,
      median: median(counts),
      max: counts.length > 0 ? Math.max(...counts) : 0,
    },
    feedCapacity: capacity,
    windows: windows.map(({ oldestMs: _o, newestMs: _n, ...w }) => w),
    gaps,
    recrawl: { feedHours, pageHours },
    missProbability: config.missProbability,
    explanation: notes.join(' '),
  };
}
