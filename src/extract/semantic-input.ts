/**
 * The semantic context of a feed item [004 §4.1]: title + description (+ content) with markup
 * removed, tokens, concepts (stemmed, stop-worded, frequent terms) and n-grams.
 */
import { type AnyNode, isTag, isText } from 'domhandler';
import { continueReadingLabel, stripContinueReading } from '../core/continue-reading.js';
import { FEED_JUNK_CLASS_WORDS, hintMatcher } from '../core/hint-vocabulary.js';
import { parseHtml } from '../core/html-parse.js';
import type { FeedItem } from '../feeds/index.js';
import { CONCEPT_SAMPLE_SHARE, MAX_CONCEPTS, MIN_CONCEPT_CHARS } from './constants.js';
import type { LanguageTools } from './language.js';
import { tokenize } from './text-normalize.js';
import { nodeText } from './page-dom.js';

export interface SemanticInput {
  titleTokens: string[];
  /** Tokens of the description (and content), markup, ads and "read more" tails removed. */
  bodyTokens: string[];
  /** Title then body tokens: the sequence n-grams are taken from. */
  tokens: string[];
  /** Stems, most outstanding first. */
  concepts: string[];
  /** The deterministic sample of concepts used after concepts fail (Algorithm 1, last step). */
  conceptSample: string[];
  /** Whether the feed carried the full article (content:encoded and the like). */
  hasContent: boolean;
}

/** Feed-side boilerplate: FeedBurner flare/ads, share links, tracking pixels [000 §IV-A] (hint list). */
const FEED_JUNK_CLASS = hintMatcher(FEED_JUNK_CLASS_WORDS, (a) => a);

/** Plain text of a feed HTML field, without ads, tracking images and "read more" links. */
export function feedFieldText(html: string | null): string {
  if (html === null || html.trim() === '') return '';
  if (!html.includes('<') && !html.includes('&')) return stripContinueReading(html);
  const doc = parseHtml(html, { decodeEntities: true }).document;
  const out: string[] = [];
  const visit = (n: AnyNode): void => {
    if (isText(n)) {
      out.push(n.data);
      return;
    }
    if (!isTag(n)) return;
    if (n.name === 'script' || n.name === 'style') return;
    const cls = `${n.attribs.class ?? ''} ${n.attribs.id ?? ''}`;
    if (FEED_JUNK_CLASS().test(cls)) return;
    // "Read more" links [004 §4.1: descriptions end "with a link ... like 'Read more...'"].
    if (n.name === 'a' && continueReadingLabel('link-start').test(nodeText(n, { skipIgnored: false }))) return;
    if (n.name === 'br' || n.name === 'p' || n.name === 'div' || n.name === 'li') out.push(' ');
    for (const c of n.children) visit(c);
    if (n.name === 'p' || n.name === 'div' || n.name === 'li') out.push(' ');
  };
  for (const c of doc.children) visit(c);
  return stripContinueReading(out.join(''));
}

export function buildSemanticInput(item: FeedItem, tools: LanguageTools): SemanticInput {
  const titleTokens = tokenize(item.title ?? '');
  const description = feedFieldText(item.description);
  const content = feedFieldText(item.content);
  const descTokens = tokenize(description);
  const contentTokens = tokenize(content);
  // The description is usually a prefix of the content: keep both only when they differ.
  const bodyTokens = descTokens.length > 0 && startsWith(contentTokens, descTokens) ? contentTokens : [...descTokens, ...contentTokens];
  const counts = new Map<string, { n: number; first: number }>();
  const add = (tokens: string[], weight: number, offset: number): void => {
    tokens.forEach((t, i) => {
      if (t.length < MIN_CONCEPT_CHARS || tools.isStopWord(t) || /^\d+$/.test(t)) return;
      const stem = tools.stem(t);
      const c = counts.get(stem);
      if (c === undefined) counts.set(stem, { n: weight, first: offset + i });
      else c.n += weight;
    });
  };
  // Title terms weigh double: the title names what the article is about [004 §4.1].
  add(titleTokens, 2, 0);
  add(bodyTokens, 1, titleTokens.length);
  const concepts = [...counts.entries()]
    .sort((a, b) => b[1].n - a[1].n || a[1].first - b[1].first)
    .slice(0, MAX_CONCEPTS)
    .map(([stem]) => stem);
  return {
    titleTokens,
    bodyTokens,
    tokens: [...titleTokens, ...bodyTokens],
    concepts,
    conceptSample: concepts.slice(0, Math.max(2, Math.ceil(concepts.length * CONCEPT_SAMPLE_SHARE))),
    hasContent: contentTokens.length > 0,
  };
}

/** Whether `tokens` begin with all of `prefix`. */
function startsWith(tokens: readonly string[], prefix: readonly string[]): boolean {
  if (tokens.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (tokens[i] !== prefix[i]) return false;
  return true;
}

/** The set of n-grams of consecutive tokens [004 §4.1], keyed as space-joined tokens. */
export function ngramSet(tokens: string[], n: number): Set<string> {
  const set = new Set<string>();
  for (let i = 0; i + n <= tokens.length; i++) set.add(tokens.slice(i, i + n).join(' '));
  return set;
}
