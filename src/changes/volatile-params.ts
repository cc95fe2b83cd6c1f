/**
 * Query and path parameters whose values a host changes on every capture of an unchanged link:
 * session ids (`?PHPSESSID=…`, `;jsessionid=…`, phpBB's `sid`), signatures and nonces. A crawler
 * keeps no cookies, so such a site writes a new session id into every internal link of every page
 * it serves. Learnt per host from its own pairs of versions, as template lines are (text repeated
 * across a site's pages is template, not content [001 §2]): a parameter that is the only difference
 * between a link of one version and a link of the next, on several of the host's objects. No
 * parameter name is written down. `referenceKey` leaves them out when references are compared.
 */
import { canonicalUrl, parseUrl } from '../core/url.js';
import { MIN_VOLATILE_PARAM_OBJECTS, MIN_VOLATILE_PARAM_SHARE } from './constants.js';

/** A reference split for comparison: everything but its parameters, and its parameters. */
interface SplitReference {
  /** Origin and path without `;name=value` path parameters. */
  base: string;
  params: Map<string, string>;
}

const PATH_PARAM = /;([^;=/]+)=([^;/]*)/g;

/** A canonical URL (`canonicalUrl`) split into its base and its query and path parameters. */
function split(canonical: string): SplitReference | null {
  const parsed = parseUrl(canonical);
  if (parsed === undefined) return null;
  const params = new Map<string, string>();
  for (const [k, v] of parsed.searchParams) params.set(k.toLowerCase(), v);
  const path = parsed.pathname.replace(PATH_PARAM, (_, k: string, v: string) => {
    params.set(k.toLowerCase(), v);
    return '';
  });
  return { base: `${parsed.origin}${path}`, params };
}

/** The parameter names that alone tell `a` from `b` (same base and parameter names), else null. */
function differingParams(a: SplitReference, b: SplitReference): string[] | null {
  if (a.base !== b.base || a.params.size !== b.params.size) return null;
  const names: string[] = [];
  for (const [k, v] of a.params) {
    const w = b.params.get(k);
    if (w === undefined) return null;
    if (w !== v) names.push(k);
  }
  return names.length > 0 ? names : null;
}

/**
 * The host's volatile parameters from its objects' pairs of versions: the parameter names that are
 * the only difference between a removed and an added reference of one pair, on at least
 * MIN_VOLATILE_PARAM_OBJECTS objects and MIN_VOLATILE_PARAM_SHARE of those whose references changed.
 */
export function volatileParamsOf(pairs: Iterable<{ prev: readonly string[]; next: readonly string[] }>): ReadonlySet<string> {
  const objectsWith = new Map<string, number>();
  let changed = 0;
  for (const { prev, next } of pairs) {
    const before = new Set(prev.map((u) => canonicalUrl(u)));
    const after = new Set(next.map((u) => canonicalUrl(u)));
    const removed = [...before].filter((u) => !after.has(u)).map(split);
    const added = [...after].filter((u) => !before.has(u)).map(split);
    if (removed.length === 0 && added.length === 0) continue;
    changed++;
    const names = new Set<string>();
    for (const r of removed) {
      for (const a of added) {
        const differ = r === null || a === null ? null : differingParams(r, a);
        for (const n of differ ?? []) names.add(n);
      }
    }
    for (const n of names) objectsWith.set(n, (objectsWith.get(n) ?? 0) + 1);
  }
  const needed = Math.max(MIN_VOLATILE_PARAM_OBJECTS, Math.ceil(MIN_VOLATILE_PARAM_SHARE * changed));
  return new Set([...objectsWith].filter(([, n]) => n >= needed).map(([name]) => name));
}

/** A reference as versions are compared: its canonical URL without the host's volatile parameters. */
export function referenceKey(url: string, volatile: ReadonlySet<string>): string {
  const canonical = canonicalUrl(url);
  const parts = volatile.size === 0 ? null : split(canonical);
  if (parts === null) return canonical;
  const kept = [...parts.params].filter(([name]) => !volatile.has(name)).map(([name, value]) => `${name}=${value}`);
  return kept.length === 0 ? parts.base : `${parts.base}?${kept.sort().join('&')}`;
}
