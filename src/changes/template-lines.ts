/**
 * Lines of article text that a host repeats on several of its pages in one crawl: a "follow us"
 * line, a newsletter box or a list of latest posts that the extractor read inside the article
 * container. They are the host's template, not the article (text repeated across a site's pages is
 * boilerplate [001 §2]; 004 §6 compares data objects, not pages), so a change of them alone is
 * `boilerplate-only`, never a `content-edit`. Site evidence: a host needs MIN_TEMPLATE_HOST_PAGES
 * articles in the crawl, and only the lines most of them (MIN_TEMPLATE_LINE_SHARE) or several of
 * them (MIN_TEMPLATE_LINE_ARTICLES: an ad rotated from a pool) show count.
 */
import { MIN_TEMPLATE_HOST_PAGES, MIN_TEMPLATE_LINE_ARTICLES, MIN_TEMPLATE_LINE_SHARE } from './constants.js';
import { NUMBER_MASK, templateKey } from '../core/template-key.js';
import { normalizeNoise } from './noise-normalize.js';

/** A host without template lines. */
export const NO_TEMPLATE_LINES: ReadonlySet<string> = new Set();

/** One page of a host in one crawl: its object's title (or URL) and article text. */
export interface HostPage {
  title: string;
  text: string;
}

/**
 * The template lines of one host's pages in one crawl: the lines that most (or several) of its articles show, as
 * the article texts hold them (a line of plain text, its spaces collapsed by the extractor). Pages
 * with one title are one article (a post and its print or AMP copy, a second comment page), so a
 * post printed twice does not make its own lines template.
 */
export function templateLinesOf(pages: Iterable<HostPage>): ReadonlySet<string> {
  const articles = new Map<string, Set<string>>();
  for (const { title, text } of pages) {
    const key = normalizeNoise(title).toLowerCase();
    const lines = articles.get(key) ?? new Set<string>();
    for (const line of text.split('\n')) lines.add(templateKey(line));
    articles.set(key, lines);
  }
  return repeatedLines([...articles.values()]);
}

/**
 * The counter lines of one host's comments in one crawl: lines with numbers ("3 points", "♥ 12")
 * that most (or several) of its comments show, their numbers masked (`templateKey`). They are the
 * comment records' template (fields constant across the records of one structure [004 §2, MDR]),
 * counted on each page with its own numbers: a comment whose count changed is not edited.
 */
export function commentTemplateLinesOf(comments: Iterable<string>): ReadonlySet<string> {
  const records = [...comments].map((text) => new Set(text.split('\n').map(templateKey)));
  return new Set([...repeatedLines(records)].filter((line) => line.includes(NUMBER_MASK)));
}

/** Lines that most of the groups (articles, comments), or MIN_TEMPLATE_LINE_ARTICLES of them, hold;
 *  none when there are fewer than MIN_TEMPLATE_HOST_PAGES groups. */
function repeatedLines(groups: ReadonlyArray<ReadonlySet<string>>): ReadonlySet<string> {
  if (groups.length < MIN_TEMPLATE_HOST_PAGES) return NO_TEMPLATE_LINES;
  const counts = new Map<string, number>();
  for (const lines of groups) for (const line of lines) if (line !== '') counts.set(line, (counts.get(line) ?? 0) + 1);
  const needed = Math.max(2, Math.min(Math.ceil(MIN_TEMPLATE_LINE_SHARE * groups.length), MIN_TEMPLATE_LINE_ARTICLES));
  const template = new Set<string>();
  for (const [line, n] of counts) if (n >= needed) template.add(line);
  return template;
}

/** The template lines of two crawls of a host, together. */
export function templateOfEither(a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): ReadonlySet<string> {
  if (a === undefined || a.size === 0) return b ?? NO_TEMPLATE_LINES;
  if (b === undefined || b.size === 0) return a;
  return new Set([...a, ...b]);
}

/** `text` without the lines `template` holds. */
export function withoutTemplateLines(text: string, template: ReadonlySet<string> | undefined): string {
  if (template === undefined || template.size === 0) return text;
  return text
    .split('\n')
    .filter((line) => !template.has(templateKey(line)))
    .join('\n');
}
