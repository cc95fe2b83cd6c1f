/**
 * Learning post templates from feed-linked pages [000 §III-C, §III-D]: the property paths the
 * extract stage found are generalised (attribute values clustered by common prefix), merged per
 * feed into clusters of compatible paths, and one key-path per cluster is promoted for deciding
 * whether a page is a post.
 */
import { createHash } from 'node:crypto';
import { hostOf } from '../core/url.js';
import { CLUSTER_MAX_DROPPED_STEPS, MIN_CLUSTER_SHARE, MIN_PROPERTY_SHARE, MIN_VALUE_PREFIX_CHARS } from './constants.js';
import { mergeKeyPaths, parseKeyPath, serialiseKeyPath, specificityOf } from './key-path.js';
import type { KeyPath, LearningSample, PostTemplate, TemplatePropertyPaths, ValuePattern } from './types.js';

const PROPERTIES = ['title', 'author', 'date', 'categories'] as const;
type Property = (typeof PROPERTIES)[number];

/** A cluster of compatible paths: their merge and the samples merged into it. */
export interface PathCluster {
  path: KeyPath;
  members: number[];
}

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/** Stem of a generated value: the value without its trailing sequence number (`post-37` -> `post-`). */
function numberedStem(value: string): string | null {
  // Most values end in no digit: nothing to strip.
  if (!isDigit(value.charCodeAt(value.length - 1))) return null;
  const stem = value.replace(/\d+$/, '');
  return stem !== value && stem.length >= MIN_VALUE_PREFIX_CHARS ? stem : null;
}

/**
 * 000 §III-D-3: "we cluster the attribute ids by common prefixes to automatically identify indicators
 * like id-*". Values of the host's paths that differ only in a trailing number, seen with two or more
 * numbers, become `stem*` in every path, so even a feed with one item yields a general template.
 */
export function clusterAttributeValues(paths: KeyPath[]): KeyPath[] {
  const byStem = new Map<string, Set<string>>();
  const visit = (fn: (v: ValuePattern) => void): void => {
    for (const p of paths) for (const s of p.steps) for (const a of s.attributes) for (const v of a.values) fn(v);
  };
  visit((v) => {
    if (v.prefix) return;
    const stem = numberedStem(v.text);
    if (stem !== null) byStem.set(stem, (byStem.get(stem) ?? new Set()).add(v.text));
  });
  const general = (v: ValuePattern): ValuePattern => {
    if (v.prefix) return v;
    const stem = numberedStem(v.text);
    return stem !== null && (byStem.get(stem)?.size ?? 0) >= 2 ? { text: stem, prefix: true } : v;
  };
  return paths.map((p) => ({
    absolute: p.absolute,
    steps: p.steps.map((s) => ({
      ...s,
      attributes: s.attributes.map((a) => {
        const values: ValuePattern[] = [];
        for (const v of a.values.map(general)) if (!values.some((w) => w.text === v.text && w.prefix === v.prefix)) values.push(v);
        return { name: a.name, values };
      }),
    })),
  }));
}

/** How `clusterPaths` decides that a path is compatible with a cluster. */
export interface ClusterOptions {
  /** Steps the merge may drop of either side (default `CLUSTER_MAX_DROPPED_STEPS`). */
  maxDroppedSteps?: number;
  /** A further test of a merged path that says less than the cluster's (default: any). */
  accepts?: (merged: KeyPath) => boolean;
}

/**
 * Cluster paths [000 §III-C]: each path is merged into the first cluster it is compatible with
 * (merge not null, dropping at most `maxDroppedSteps` steps of either side, and accepted), else it
 * starts a new cluster. Largest cluster first.
 */
export function clusterPaths(paths: ReadonlyArray<KeyPath | null>, opts: ClusterOptions = {}): PathCluster[] {
  const dropped = opts.maxDroppedSteps ?? CLUSTER_MAX_DROPPED_STEPS;
  const clusters: PathCluster[] = [];
  for (const [i, p] of paths.entries()) {
    if (p === null) continue;
    let joined = false;
    for (const c of clusters) {
      const m = mergeKeyPaths(c.path, p);
      if (m === null) continue;
      if (m.steps.length < c.path.steps.length - dropped || m.steps.length < p.steps.length - dropped) continue;
      if (opts.accepts !== undefined && specificityOf(m) < specificityOf(c.path) && !opts.accepts(m)) continue;
      c.path = m;
      c.members.push(i);
      joined = true;
      break;
    }
    if (!joined) clusters.push({ path: p, members: [i] });
  }
  return clusters.sort((a, b) => b.members.length - a.members.length);
}

/** Stable id: hash of what the template is (host, feed, paths). */
export function templateId(host: string, feedUrl: string, keyPath: string, contentPath: string, props: TemplatePropertyPaths): string {
  const h = createHash('sha1');
  h.update(JSON.stringify([host, feedUrl, keyPath, contentPath, props.title, props.author, props.date, props.categories]));
  return h.digest('hex').slice(0, 16);
}

const parse = (s: string | null): KeyPath | null => (s === null ? null : parseKeyPath(s));

/**
 * Learn the post templates of the given feed-linked pages: one per feed and cluster of compatible
 * content paths holding at least `MIN_CLUSTER_SHARE` of the feed's samples. Samples without a
 * (parsable) content path are skipped. Templates come out sorted by host, feed, support.
 */
export function learnTemplates(samples: readonly LearningSample[]): PostTemplate[] {
  const ordered = [...samples].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  // Value clustering runs per host over every path of every property.
  const byHost = new Map<string, LearningSample[]>();
  for (const s of ordered) {
    const host = hostOf(s.url);
    byHost.set(host, [...(byHost.get(host) ?? []), s]);
  }
  const templates: PostTemplate[] = [];
  for (const [host, hostSamples] of byHost) {
    const raw: Array<KeyPath | null> = [];
    for (const s of hostSamples) for (const prop of ['content', ...PROPERTIES] as const) raw.push(parse(s.paths[prop]));
    const present = raw.filter((p): p is KeyPath => p !== null);
    const generalised = clusterAttributeValues(present);
    let k = 0;
    const paths = raw.map((p) => (p === null ? null : (generalised[k++] as KeyPath)));
    const slot = (sample: number, prop: 'content' | Property): KeyPath | null =>
      paths[sample * 5 + ['content', ...PROPERTIES].indexOf(prop)] ?? null;

    const byFeed = new Map<string, number[]>();
    for (const [i, s] of hostSamples.entries()) byFeed.set(s.feedUrl, [...(byFeed.get(s.feedUrl) ?? []), i]);
    for (const [feedUrl, members] of byFeed) {
      const withContent = members.filter((i) => slot(i, 'content') !== null);
      if (withContent.length === 0) continue;
      const minSupport = Math.max(1, Math.ceil(MIN_CLUSTER_SHARE * withContent.length));
      for (const cluster of clusterPaths(withContent.map((i) => slot(i, 'content')))) {
        if (cluster.members.length < minSupport) continue;
        const sampleIds = cluster.members.map((j) => withContent[j] as number);
        const propertyPaths: TemplatePropertyPaths = { title: null, author: null, date: null, categories: null };
        const supportOf: Record<string, number> = {};
        for (const prop of PROPERTIES) {
          const best = clusterPaths(sampleIds.map((i) => slot(i, prop)))[0];
          if (best !== undefined && best.members.length >= MIN_PROPERTY_SHARE * sampleIds.length) {
            propertyPaths[prop] = serialiseKeyPath(best.path);
            supportOf[prop] = best.members.length;
          }
        }
        const contentPath = serialiseKeyPath(cluster.path);
        // Title and date identify a post [002 §2: post = {date, title, content, permalink, author}].
        const requiredProperties = (['title', 'date', 'author'] as const).filter((p) => supportOf[p] === sampleIds.length);
        const keyPath = promoteKeyPath(
          cluster.path,
          propertyPaths.title !== null && supportOf['title'] === sampleIds.length ? parse(propertyPaths.title) : null,
        );
        templates.push({
          id: templateId(host, feedUrl, keyPath, contentPath, propertyPaths),
          host,
          feedUrl,
          keyPath,
          contentPath,
          propertyPaths,
          requiredProperties,
          support: sampleIds.length,
          learntFrom: sampleIds.map((i) => (hostSamples[i] as LearningSample).url),
        });
      }
    }
  }
  return templates;
}

/**
 * Promote the key-path of a cluster [000 §III-A: "promote one path to be the key-path"]: the paper
 * does not say which; we take the content path, or the title path when it was found on every page
 * of the cluster and says more (000 §III-E: "a path contains as much information as possible").
 */
function promoteKeyPath(content: KeyPath, title: KeyPath | null): string {
  return serialiseKeyPath(title !== null && specificityOf(title) > specificityOf(content) ? title : content);
}
