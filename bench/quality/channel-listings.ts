/**
 * Gold of the segmentation section: which truth posts each channel page (home, pagination, date /
 * category / tag / author archives) lists. A page lists a post when it links the post's URL outside
 * the site-wide boilerplate; a channel page is a truth non-post page that lists at least one post
 * (an about page or a tag index lists none).
 *
 * Boilerplate: a link (target URL and the tag names from the root to the `<a>`) found on more than
 * half of the crawl's truth pages, i.e. a sidebar or footer widget ("Latest posts", "Recent
 * comments") that every page repeats. The same post linked from the page's own list has another
 * tag path, so the home page still lists the newest posts that the widget repeats.
 */
import { type Element, isTag } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { schemelessKey } from '../../src/core/url.js';
import { crawlKey } from './export-rows.js';
import type { Dataset, GoldPage } from './gold.js';

/** Share of a crawl's pages a link must be on to count as boilerplate. ours: a widget is on every page, a post on a handful of archives. */
export const BOILERPLATE_PAGE_SHARE = 0.5;

export interface ChannelPage {
  crawl: string;
  url: string;
  key: string;
  /** Truth posts of the crawl the page links outside the boilerplate. */
  listed: GoldPage[];
}

/** The channel pages of every crawl with the posts they list; `html` per (crawl, key) of the truth pages. */
export function listChannelPages(dataset: Dataset, html: ReadonlyMap<string, string>): ChannelPage[] {
  const channels: ChannelPage[] = [];
  for (const crawl of new Set(dataset.pages.map((p) => p.crawl))) {
    const posts = dataset.pages.filter((p) => p.crawl === crawl);
    const nonPosts = uniqueByKey((dataset.nonPosts ?? []).filter((p) => p.crawl === crawl));
    const linksOf = new Map<string, Set<string>>();
    for (const page of [...posts, ...nonPosts]) {
      const source = html.get(crawlKey(crawl, page.key));
      if (source !== undefined) linksOf.set(page.key, pageLinks(source, page.url));
    }
    const boilerplate = boilerplateLinks([...linksOf.values()]);
    for (const page of nonPosts) {
      const targets = new Set([...(linksOf.get(page.key) ?? [])].filter((l) => !boilerplate.has(l)).map(linkTarget));
      const listed = posts.filter((p) => p.key !== page.key && targets.has(p.key));
      if (listed.length > 0) channels.push({ crawl, url: page.url, key: page.key, listed });
    }
  }
  return channels;
}

/** `/` and `/index.html` are one page (same key); the truth may name both. */
function uniqueByKey<T extends { key: string }>(pages: readonly T[]): T[] {
  return [...new Map(pages.map((p) => [p.key, p])).values()];
}

const LINK_SEPARATOR = '\u0000';
const linkTarget = (link: string): string => link.slice(0, link.indexOf(LINK_SEPARATOR));

/** Distinct links of a page as `target key \0 tag path`. */
function pageLinks(html: string, pageUrl: string): Set<string> {
  const links = new Set<string>();
  const walk = (element: Element, path: string): void => {
    const here = `${path}/${element.name}`;
    const href = element.attribs.href;
    if (element.name === 'a' && href !== undefined && !href.startsWith('#'))
      links.add(`${schemelessKey(href, pageUrl)}${LINK_SEPARATOR}${here}`);
    for (const child of element.children) if (isTag(child)) walk(child, here);
  };
  for (const node of parseDocument(html).children) if (isTag(node)) walk(node, '');
  return links;
}

function boilerplateLinks(pages: ReadonlyArray<ReadonlySet<string>>): Set<string> {
  const pagesWith = new Map<string, number>();
  for (const links of pages) for (const link of links) pagesWith.set(link, (pagesWith.get(link) ?? 0) + 1);
  return new Set([...pagesWith].filter(([, n]) => n > pages.length * BOILERPLATE_PAGE_SHARE).map(([link]) => link));
}
