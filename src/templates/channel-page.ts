/**
 * Structural signals of channel pages (home, pagination, category/tag/author/date archives): they
 * list posts, each entry a heading (or `rel=bookmark` anchor) linking to the post. URL words are not
 * used: `/page/2/` and `/tag/x/` vary by engine and language.
 */
import { type AnyNode, type Element, isTag } from 'domhandler';
import { canonicalUrl, hostOf, schemelessKey } from '../core/url.js';
import { type ParsedPage, pageHead } from '../extract/index.js';

/** `h1` to `h6` (tag names come lower-cased from the parser). */
const isHeading = (name: string): boolean =>
  name.length === 2 && name[0] === 'h' && name[1] !== undefined && name[1] >= '1' && name[1] <= '6';

/** Is the anchor an entry link: inside a heading, or marked `rel=bookmark`? */
function isEntryAnchor(a: Element, insideHeading: boolean): boolean {
  return insideHeading || /(^|\s)bookmark(\s|$)/i.test(a.attribs['rel'] ?? '');
}

/** Entry links per parsed page: the templates pass asks for them once per candidate template. */
const targetsOf = new WeakMap<ParsedPage, ReadonlySet<string>>();

/**
 * Canonical URLs of other pages of the same host linked as entries (from headings or
 * `rel=bookmark`), the page itself left out (a post often links its own title). An entry of a
 * channel page links its post, a page [002 §3 weblog model: each entry a post with its permalink];
 * a link with a fragment names a place in a page (a comment's permalink, `/comment/31#comment-31`,
 * a section), so it is no entry (ours, issue #12: else a post with more comments than the
 * feed-linked posts counts as a channel page).
 */
export function entryLinkTargets(page: ParsedPage): ReadonlySet<string> {
  let targets = targetsOf.get(page);
  if (targets === undefined) {
    targets = readEntryLinkTargets(page);
    targetsOf.set(page, targets);
  }
  return targets;
}

function readEntryLinkTargets(page: ParsedPage): Set<string> {
  return entryLinksUnder(page.document.children.filter(isTag), page.url);
}

/** `entryLinkTargets` of the subtrees of `roots` only (a heading around them is not looked at). */
export function entryLinksUnder(roots: readonly Element[], pageUrl: string): Set<string> {
  const self = canonicalUrl(pageUrl);
  const host = hostOf(pageUrl);
  const out = new Set<string>();
  // Two parallel stacks (element, inside a heading): no pair allocated per element of the page.
  const stack: Element[] = [...roots];
  const inHeadings: boolean[] = stack.map(() => false);
  while (stack.length > 0) {
    const node = stack.pop() as Element;
    const inHeading = inHeadings.pop() as boolean;
    const heading = inHeading || isHeading(node.name);
    if (node.name === 'a' && isEntryAnchor(node, heading)) {
      const href = node.attribs['href']?.trim();
      if (href !== undefined && href !== '' && !href.includes('#')) {
        const url = canonicalUrl(href, pageUrl);
        if (url !== self && hostOf(url) === host) out.add(url);
      }
    }
    for (const c of node.children) {
      if (!isTag(c)) continue;
      stack.push(c);
      inHeadings.push(heading);
    }
  }
  return out;
}

/** Does an element (title node) link to another page than `pageUrl`? Then it is an entry of a list. */
export function linksElsewhere(el: Element, pageUrl: string): boolean {
  const self = canonicalUrl(pageUrl);
  const anchors: Element[] = [];
  for (let e: Element | null = el; e !== null && isTag(e); e = e.parent as Element | null) {
    if (e.name === 'a') anchors.push(e);
  }
  const stack: AnyNode[] = [...el.children];
  while (stack.length > 0) {
    const n = stack.pop() as AnyNode;
    if (!isTag(n)) continue;
    if (n.name === 'a') anchors.push(n);
    stack.push(...n.children);
  }
  return anchors.some((a) => {
    const href = a.attribs['href']?.trim();
    return href !== undefined && href !== '' && !href.startsWith('#') && canonicalUrl(href, pageUrl) !== self;
  });
}

/** Schemeless keys of the other pages of the same host the page links to (any anchor). */
export function hostLinkKeys(page: ParsedPage): Set<string> {
  const self = canonicalUrl(page.url);
  const host = hostOf(page.url);
  const out = new Set<string>();
  const stack: AnyNode[] = [...page.document.children];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (!isTag(node)) continue;
    const href = node.name === 'a' ? node.attribs['href']?.trim() : undefined;
    if (href !== undefined && href !== '' && !href.startsWith('#')) {
      const url = canonicalUrl(href, page.url);
      if (url !== self && hostOf(url) === host) out.add(schemelessKey(url));
    }
    for (const c of node.children) stack.push(c);
  }
  return out;
}

/**
 * Schemeless key of the URL a page names as its canonical one (`<link rel="canonical">` in its
 * head, RFC 6596: the preferred URL of content shown at several), when that is another page of the
 * same host; null otherwise (none, itself, another host).
 */
export function canonicalElsewhere(page: ParsedPage): string | null {
  const head = pageHead(page);
  const link = head?.children.find(
    (c): c is Element =>
      isTag(c) && c.name === 'link' && /(^|\s)canonical(\s|$)/i.test(c.attribs['rel'] ?? '') && (c.attribs['href'] ?? '').trim() !== '',
  );
  if (link === undefined) return null;
  const url = canonicalUrl(link.attribs['href'] as string, page.url);
  return url === canonicalUrl(page.url) || hostOf(url) !== hostOf(page.url) ? null : schemelessKey(url);
}
