/**
 * The URL shapes of a site's posts [000 §III: what recurs on the pages of a site], learnt from its
 * own post URLs (the feed-linked ones), never from an engine's URL scheme: the templates stage tells
 * posts from other pages by them, the comments extractor tells links to other posts by them.
 */
import { canonicalUrl, parseUrl, siteOf } from './url.js';

/** One path segment of a URL shape: a literal shared by all posts, digits of a fixed length, or any. */
type ShapeSegment = { literal: string } | { digits: number } | { any: true };

/** The URL shape of a group of post URLs with the same number of path segments. */
export interface UrlShape {
  segments: ShapeSegment[];
  /** Query parameter names every post URL of the group carries (sorted). */
  queryKeys: string[];
  /** Feed-linked posts the shape was learnt from. */
  support: number;
}

/** ours (issue #12): a URL shape is learnt from at least this many posts with the same number of
 *  path segments; fewer say nothing about the site's URLs. */
export const MIN_URL_SHAPE_POSTS = 3;

const DIGITS = /^\d+$/;

export function pathSegments(url: URL): string[] {
  return url.pathname.split('/').filter((s) => s !== '');
}

/**
 * The URL shapes of the host's feed-linked posts: the posts grouped by number of path segments,
 * each group of at least `MIN_URL_SHAPE_POSTS` generalised per segment (a literal all share, digits
 * of one length, else any). Too few posts give no shape (no evidence).
 */
export function learnUrlShapes(postUrls: readonly string[]): UrlShape[] {
  const groups = new Map<number, URL[]>();
  for (const raw of new Set(postUrls.map((u) => canonicalUrl(u)))) {
    const url = parseUrl(raw);
    if (url === undefined) continue;
    const n = pathSegments(url).length;
    groups.set(n, [...(groups.get(n) ?? []), url]);
  }
  const shapes: UrlShape[] = [];
  for (const [n, urls] of groups) {
    if (urls.length < MIN_URL_SHAPE_POSTS) continue;
    const paths = urls.map(pathSegments);
    const segments: ShapeSegment[] = [];
    for (let i = 0; i < n; i++) {
      const values = paths.map((p) => p[i] as string);
      const first = values[0] as string;
      // Digits are dates and ids: a feed shows only the latest posts, so even one shared value
      // ("2026") stands for any of the same length.
      if (values.every((v) => DIGITS.test(v) && v.length === first.length)) segments.push({ digits: first.length });
      else if (values.every((v) => v === first)) segments.push({ literal: first });
      else segments.push({ any: true });
    }
    const keySets = urls.map((u) => [...new Set(u.searchParams.keys())].sort().join('&'));
    const queryKeys = keySets.every((k) => k === keySets[0]) && keySets[0] !== '' ? (keySets[0] as string).split('&') : [];
    shapes.push({ segments, queryKeys, support: urls.length });
  }
  return shapes;
}

/** The shapes a URL fits, and whether that places it outside them all (never without shapes or for an unreadable URL: no evidence). */
export function urlShapesOf(rawUrl: string, shapes: readonly UrlShape[]): { fitting: UrlShape[]; outside: boolean } {
  const url = parseUrl(canonicalUrl(rawUrl));
  const fitting = url === undefined ? [] : shapesFitting(url, shapes);
  return { fitting, outside: shapes.length > 0 && url !== undefined && fitting.length === 0 };
}

/** Whether a URL fits one of the shapes (true when there are none: no evidence). */
export function fitsUrlShapes(rawUrl: string, shapes: readonly UrlShape[]): boolean {
  return !urlShapesOf(rawUrl, shapes).outside;
}

/**
 * Whether a shape says more than the number of path segments: a literal segment, a date or id of
 * fixed length, or query keys. `/*` (the posts' slugs at the site root) is fitted by every
 * one-segment URL of the site, an about or contact page as much as a post.
 */
export function isSpecificShape(shape: UrlShape): boolean {
  return shape.queryKeys.length > 0 || shape.segments.some((s) => !('any' in s));
}

export function shapesFitting(url: URL, shapes: readonly UrlShape[]): UrlShape[] {
  const segments = pathSegments(url);
  return shapes.filter(
    (shape) =>
      shape.segments.length === segments.length &&
      shape.queryKeys.every((k) => url.searchParams.has(k)) &&
      shape.segments.every((s, i) => {
        const v = segments[i] as string;
        if ('literal' in s) return v === s.literal;
        if ('digits' in s) return DIGITS.test(v) && v.length === s.digits;
        return true;
      }),
  );
}

export function describeUrlShape(shape: UrlShape): string {
  const path = shape.segments.map((s) => ('literal' in s ? s.literal : 'digits' in s ? `<${s.digits} digits>` : '*')).join('/');
  return `/${path}${shape.queryKeys.length > 0 ? `?${shape.queryKeys.join('&')}` : ''}`;
}

const DIGIT_RUNS = /\d+/g;
const HAS_DIGIT = /\d/;
const SLUG_SEGMENT = /[-_.]/;

/**
 * Another post's path by this post's URL pattern, when one post page is the only example (a
 * site's feed links give several: `learnUrlShapes`): as many segments, each the same, or alike with their
 * numbers generalised (`/2012/11/`, `/p12/`), or both slugs (`/some-title/`); a differing plain
 * word is another section (`/article/12` and `/contributor/12`). The same path is this page.
 */
export function isPostUrlLike(other: readonly string[], post: readonly string[]): boolean {
  if (other.length !== post.length || other.length === 0) return false;
  let differs = false;
  for (let i = 0; i < post.length; i++) {
    const a = other[i] as string;
    const b = post[i] as string;
    if (a === b) continue;
    differs = true;
    const alike =
      (HAS_DIGIT.test(a) && a.replace(DIGIT_RUNS, '#') === b.replace(DIGIT_RUNS, '#')) || (SLUG_SEGMENT.test(a) && SLUG_SEGMENT.test(b));
    if (!alike) return false;
  }
  return differs;
}

/** A page's URL as `postLinkOf` compares links with it: parsed, its site and path read once. */
export interface PostPage {
  url: URL;
  site: string;
  segments: readonly string[];
}

export function postPageOf(pageUrl: string): PostPage | undefined {
  const url = parseUrl(pageUrl);
  return url === undefined ? undefined : { url, site: siteOf(url.href), segments: pathSegments(url) };
}

/** Whether `href` leads to `page` itself (no anchor, no query: 'self'), to another page of its site
 *  whose path has the pattern of `page`'s path ('other'), or neither (null). */
export function postLinkOf(href: string | undefined, { url: page, site, segments }: PostPage): 'self' | 'other' | null {
  if (href === undefined || href === '' || href.startsWith('#') || href.startsWith('?')) return null;
  const url = parseUrl(href, page.href);
  if (url === undefined || siteOf(url.href) !== site) return null;
  if (url.pathname === page.pathname) return url.search === page.search && url.hash === '' ? 'self' : null;
  return isPostUrlLike(pathSegments(url), segments) ? 'other' : null;
}
