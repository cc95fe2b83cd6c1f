/** Where each reconstructed page lives under `<out>/pages/` (stable across reruns). */
import { createHash } from 'node:crypto';
import type { ObjectVersion } from '../core/domain.js';
import { MAX_SLUG_CHARS } from './constants.js';
import { timestamp14 } from './page-render.js';

const NON_SLUG = /[^a-z0-9]+/g;

export function slug(s: string): string {
  const out = s
    .toLowerCase()
    .replace(NON_SLUG, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_CHARS);
  return out === '' ? 'x' : out;
}

const shortHash = (s: string): string => createHash('sha1').update(s).digest('hex').slice(0, 8);

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'unknown-host';
  }
}

/** Folder of an object: `<host>/<path-slug>-<hash>` (hash of the canonical URL keeps it unique). */
export function objectFolder(canonicalUrl: string): string {
  let path = canonicalUrl;
  try {
    const u = new URL(canonicalUrl);
    path = u.pathname + u.search;
  } catch {
    // keep the raw string
  }
  return `${slug(hostOf(canonicalUrl))}/${slug(path)}-${shortHash(canonicalUrl)}`;
}

/** Page of one version, relative to `pages/`: `<object folder>/<ts14>-<method>.html`. */
export function versionPagePath(v: Pick<ObjectVersion, 'canonicalUrl' | 'captureTime' | 'method'>): string {
  return `${objectFolder(v.canonicalUrl)}/${timestamp14(v.captureTime)}-${slug(v.method)}.html`;
}

/** Index page of a feed, relative to `pages/` (objects without a feed go to `feeds/no-feed.html`). */
export function feedIndexPath(feedUrl: string | null): string {
  return feedUrl === null ? 'feeds/no-feed.html' : `feeds/${slug(feedUrl.replace(/^https?:\/\//, ''))}-${shortHash(feedUrl)}.html`;
}
