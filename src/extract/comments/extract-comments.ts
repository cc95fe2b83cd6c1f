/**
 * Reader comments of an object's page as records of their own [004 §4.2, end: the article and its
 * comments are different information, a new comment must not make the article look changed];
 * comment feeds guide and complete them and never make articles [000 §IV-A].
 */
import { type AnyNode, type Element, isTag } from 'domhandler';
import { hintMatcher, SIGNATURE_BY_WORDS, SIGNATURE_VERBS } from '../../core/hint-vocabulary.js';
import { postLinkOf, postPageOf } from '../../core/url-shape.js';
import { nodePath } from '../node-path.js';
import { contains, elementChildrenUpTo, nodeText, textBlocks } from '../page-dom.js';
import { pageBody } from '../parse-page.js';
import { countWordsUpTo } from '../text-normalize.js';
import type { ParsedPage } from '../types.js';
import {
  MAX_BYLINE_WORDS,
  MAX_ENTRY_ARTICLE_SHARE,
  MAX_ENTRY_LINK_DENSITY,
  MAX_OTHER_POST_ENTRY_SHARE,
  MIN_SITE_RECORD_ENTRIES,
  MIN_UNHINTED_AUTHOR_SHARE,
  MIN_UNHINTED_ENTRIES,
} from './constants.js';
import {
  depthHintOf,
  elementsOf,
  type Entry,
  type EntryContent,
  entryDate,
  readEntry,
  type SkippedNodes,
  unwrapEntry,
} from './comment-entry.js';
import { type FeedComment, pairWithFeed, readFeedComment } from './comment-feed.js';
import { hasDateText, isBareDateText } from './comment-dates.js';
import { commentHash } from './comment-hash.js';
import { fragmentOf, hasCommentHint, isZoneHinted } from './comment-hints.js';
import {
  type EntryGroup,
  findEntryGroups,
  findRecordGroups,
  isRecordStructure,
  sortInDocumentOrder,
  structureKey,
} from './comment-zone.js';
import { controlLinksOf, counterLinesOf } from './counter-lines.js';
import { answeredEntriesOf, replyMarkersOf } from './reply-markers.js';
import type { Comment, CommentExtraction, ExtractCommentsOptions } from './types.js';

/** "Posted by", "by", "von": how a byline begins (hint lists). */
const BYLINE_START = hintMatcher([SIGNATURE_VERBS, SIGNATURE_BY_WORDS], (verbs, by) => `^\\s*(?:(?:${verbs})\\s+)?(?:${by})\\b`);

interface PageComment extends EntryContent {
  entry: Entry;
  /** The other entries' nodes, left out of this one. */
  skip: SkippedNodes;
  /** The entry's elements, the other entries' left out (`elementsOf`). */
  elements: readonly Element[];
  /** Words of `text` (`tokenize`). */
  words: number;
  published: string | null;
  /** Index of the earlier entry this one's in-reply-to marker answers (`answeredEntriesOf`), -1 for none. */
  answers: number;
}

interface ZoneChoice {
  group: EntryGroup;
  zone: Element;
  comments: PageComment[];
  hinted: boolean;
  /** The zone has a structure the site shows on its other post pages. */
  site: boolean;
  /** Too few entries to stand alone: comments only if the site shows the same records elsewhere. */
  needsSite: boolean;
  /** Undated records (`findRecordGroups`): comments only if the site shows the same zone on enough post pages. */
  undated: boolean;
  feedMatches: number;
  reason: string;
}

/** A zone's structure as compared across the pages of a site (`structureKey`). */
function structureOf(zone: Element, group: EntryGroup): string {
  return structureKey(zone, group.how);
}

/** The comments of `page`: its comment zone segmented into entries, paired with the comment feed. */
export function extractComments(page: ParsedPage, opts: ExtractCommentsOptions): CommentExtraction {
  const body = pageBody(page);
  const feed = (opts.commentItems ?? []).map(readFeedComment);
  const { choice, signatures } = body === null ? { choice: null, signatures: [] } : chooseZone(page, body, opts, feed);
  const onPage = choice?.comments ?? [];
  const pairs = pairWithFeed(onPage, feed);
  const comments: Comment[] = [];
  const levels = threadLevels(onPage, choice?.group ?? null);
  // A reply neither nested by the layout nor placed by the feed answers the entry its in-reply-to
  // marker names (a thread printed flat); its depth follows from that parent's below.
  const parents = onPage.map((c, i) => {
    const p = levels.parents[i] ?? -1;
    const j = pairs.get(i);
    const fromFeed = j === undefined ? null : (feed[j]?.parent ?? null);
    return p < 0 && fromFeed === null ? c.answers : p;
  });
  onPage.forEach((c, i) => {
    const j = pairs.get(i);
    const f = j === undefined ? undefined : feed[j];
    const author = c.author ?? f?.item.author ?? null;
    const published = c.published ?? f?.item.published ?? null;
    const id = c.id ?? f?.id ?? null;
    const parentIndex = parents[i];
    comments.push({
      position: i,
      id,
      parent: parentIndex === undefined || parentIndex < 0 ? (f?.parent ?? null) : (onPage[parentIndex]?.id ?? f?.parent ?? null),
      depth: levels.depths[i] ?? 0,
      author,
      authorUrl: c.authorUrl,
      published,
      text: c.text,
      byline: c.byline,
      html: c.html,
      permalink: c.permalink ?? f?.item.link ?? null,
      source: f === undefined ? 'page' : 'page+feed',
      hash: commentHash(author, published, c.text),
    });
  });
  if (choice?.undated === true || parents.some((p) => p >= 0 && onPage[p]?.id === null)) nameRecords(comments, parents);
  const paired = new Set(pairs.values());
  const feedOnly = feed.filter((_, k) => !paired.has(k)).sort((a, b) => (a.item.published ?? '').localeCompare(b.item.published ?? ''));
  for (const f of feedOnly) comments.push(feedComment(f, comments));
  // Parents named by the feed ("In reply to") or by an in-reply-to marker set the depth when the page layout did not.
  const byId = new Map(comments.filter((c) => c.id !== null).map((c) => [c.id, c]));
  for (const c of comments) {
    const parent = c.parent === null ? undefined : byId.get(c.parent);
    if (parent !== undefined && parent !== c) c.depth = Math.max(c.depth, parent.depth + 1);
  }
  const reason =
    choice === null
      ? feed.length > 0
        ? `no comment zone on the page; ${feed.length} comments from the comment feed`
        : 'no comment zone: no repeated dated entries with comment hints after the article'
      : `${choice.reason}${feedOnly.length > 0 ? `; ${feedOnly.length} comments only in the feed` : ''}`;
  return {
    comments,
    zone: choice?.zone ?? null,
    zonePath: choice === null ? null : nodePath(choice.zone),
    // Hints first: a hinted zone is found on the site's other pages without help.
    evidence: evidenceOf(choice),
    structure: choice === null ? null : structureOf(choice.zone, choice.group),
    entryNodes: onPage.flatMap((c) => c.entry.nodes),
    signatures,
    reason,
  };
}

/**
 * Undated records, and the entries of a thread printed without ids, carry no id on the site: each
 * gets one from its hash (author and text, stable across crawls), so that a reply names its `parent`.
 */
function nameRecords(comments: Comment[], parents: readonly number[]): void {
  for (const c of comments) c.id ??= `record-${c.hash.slice(0, 12)}`;
  comments.forEach((c, i) => {
    const p = parents[i] ?? -1;
    if (c.parent === null && p >= 0) c.parent = comments[p]?.id ?? null;
  });
}

function evidenceOf(choice: ZoneChoice | null): CommentExtraction['evidence'] {
  if (choice === null) return null;
  if (choice.hinted) return 'hint';
  if (choice.feedMatches > 0) return 'feed';
  if (choice.site) return 'site';
  if (choice.undated) return 'undated';
  return choice.needsSite ? 'records' : 'structure';
}

function feedComment(f: FeedComment, before: readonly Comment[]): Comment {
  const parent = f.parent === null ? undefined : before.find((c) => c.id === f.parent);
  return {
    position: before.length,
    id: f.id,
    parent: f.parent,
    depth: parent === undefined ? 0 : parent.depth + 1,
    author: f.item.author,
    authorUrl: null,
    published: f.item.published,
    text: f.text,
    byline: null,
    html: f.html,
    permalink: f.item.link,
    source: 'feed',
    hash: commentHash(f.item.author, f.item.published, f.text),
  };
}

/** Every entry group read, checked and ranked: feed matches, then hints, then entry count. */
function chooseZone(
  page: ParsedPage,
  body: Element,
  opts: ExtractCommentsOptions,
  feed: readonly FeedComment[],
): { choice: ZoneChoice | null; signatures: string[] } {
  const article = opts.article;
  const fragment = fragmentOf(opts.item?.commentsUrl);
  let best: ZoneChoice | null = null;
  const rank = (c: ZoneChoice): number[] => [
    c.feedMatches,
    c.hinted || c.site ? 1 : 0,
    c.comments.length,
    c.comments.reduce((n, x) => n + x.words, 0),
  ];
  const siteStructures = new Set(opts.siteStructures ?? []);
  const { groups, signatures } = findEntryGroups(body, article, siteStructures, article ?? opts.after ?? null);
  const readings = new EntryReadings(page.url);
  // Groups that could rank highest are read first, so that those which cannot beat the best one
  // read are skipped unread; the earlier group still wins a tie, as in page order.
  let bestIndex = -1;
  for (const { group, index, highest } of byHighestRank(groups, feed)) {
    if (best !== null && compareRank(highest, rank(best)) < 0) break;
    const choice = readZone(page, body, group, opts, feed, { readings, siteStructures, fragment, undated: false });
    if (choice === null) continue;
    const order = best === null ? 1 : compareRank(rank(choice), rank(best));
    if (order > 0 || (order === 0 && index < bestIndex)) {
      best = choice;
      bestIndex = index;
    }
  }
  // Undated records only where no date or comment id made a zone: they never outrank a dated one.
  // Without the article's wrapper or main block they would be read inside the article too: then
  // only a record structure the site has shown elsewhere is looked for.
  const anchor = article ?? opts.after ?? null;
  if (best === null && (anchor !== null || [...siteStructures].some(isRecordStructure))) {
    const records = findRecordGroups(body, anchor, siteStructures);
    signatures.push(...records.signatures);
    for (const group of records.groups) {
      const choice = readZone(page, body, group, opts, feed, { readings, siteStructures, fragment, undated: true });
      if (choice !== null && (best === null || compareRank(rank(choice), rank(best)) > 0)) best = choice;
    }
  }
  // Dates decide nothing above: they are read for the chosen zone's entries only (undated records have none).
  if (best?.undated !== true)
    for (const c of best?.comments ?? []) c.published = entryDate(c.elements, opts.postDate ?? null, page.language);
  if (best !== null) leaveOutMetaLines(best.comments, page.url);
  return { choice: best, signatures };
}

/** The chosen zone's entries read again with the metadata lines its entries show — in-reply-to
 *  links (`replyMarkersOf`), counter lines (`counterLinesOf`), control links (`controlLinksOf`) — as byline parts: out of their text and
 *  HTML; each marker's entry noted as the one the reply answers. */
function leaveOutMetaLines(comments: PageComment[], baseUrl: string): void {
  const markers = replyMarkersOf(comments);
  const counters = counterLinesOf(comments);
  const controls = controlLinksOf(comments);
  const answered = answeredEntriesOf(comments, markers, baseUrl);
  comments.forEach((c, i) => {
    c.answers = answered[i] ?? -1;
    const marker = markers[i] ?? null;
    const lines = [...(marker === null ? [] : [marker]), ...(counters[i] ?? []), ...(controls[i] ?? [])];
    if (lines.length === 0) return;
    const { text, byline, html, linkChars } = readEntry(c.entry, c.elements, c.skip, baseUrl, new Set(lines));
    Object.assign(c, { text, byline, html, linkChars, words: countWordsUpTo(text, Number.POSITIVE_INFINITY) });
  });
}

/** What `readZone` shares over a page's groups. */
interface ZoneReading {
  readings: EntryReadings;
  siteStructures: ReadonlySet<string>;
  /** The `#comments` target of the feed item's `comments` URL. */
  fragment: string | null;
  /** The group is one of undated records (`findRecordGroups`): hints decide nothing, the site does. */
  undated: boolean;
}

/** One entry group read and checked as a comment zone (null when it is none). */
function readZone(
  page: ParsedPage,
  body: Element,
  group: EntryGroup,
  opts: ExtractCommentsOptions,
  feed: readonly FeedComment[],
  { readings, siteStructures, fragment, undated }: ZoneReading,
): ZoneChoice | null {
  // Undated records are read after the post's main block when its wrapper is not known.
  const article = undated ? (opts.article ?? opts.after ?? null) : opts.article;
  // Entries are never around the article (their common ancestor may be: entries after it as siblings).
  if (article !== null && group.entries.some((e) => e.nodes.some((n) => contains(n, article)))) return null;
  const others = new Set(group.entries.flatMap((e) => e.nodes));
  const inside = othersInside(group.entries, others);
  const comments: PageComment[] = [];
  for (const entry of group.entries) {
    const skip = otherEntries(others, entry);
    const { content, elements, words } = readings.read(entry, inside.get(entry) as ReadonlySet<Element>, skip);
    if (words > 0 && !isOwnDateLine(content, words)) comments.push(pageComment(content, entry, skip, elements, words));
  }
  if (article !== null) dropArticleItself(comments, article);
  if (comments.length === 0) return null;
  const chars = comments.reduce((n, c) => n + c.text.length, 0);
  const linkChars = comments.reduce((n, c) => n + c.linkChars, 0);
  if (linkChars > MAX_ENTRY_LINK_DENSITY * chars) return null;
  if (pointAtPosts(comments, page.url)) return null;
  const zone = widenZone(group.lca, article, body);
  const hinted = !undated && isHinted(group, zone, comments, fragment);
  const site = siteStructures.has(structureOf(zone, group));
  const feedMatches = feed.length === 0 ? 0 : pairWithFeed(comments, feed).size;
  let needsSite = false;
  if (!hinted && !site && feedMatches === 0) {
    const first = comments[0]?.entry.nodes[0] ?? group.lca;
    // Unhinted entries inside the article are its own sections (bylined parts of one edition).
    const after = article === null || (!contains(article, group.lca) && isAfter(first, article));
    const named = comments.filter((c) => c.author !== null && !c.authorGuessed).length;
    const needed = MIN_UNHINTED_AUTHOR_SHARE * comments.length;
    if (!after || comments.length < MIN_SITE_RECORD_ENTRIES) return null;
    // Undated records are comments only when the site shows them on other post pages, each named,
    // after an article located on the page.
    if (undated && (article === null || named < comments.length)) return null;
    // Named entries enough to stand alone; else records whose names sit alike (or too few
    // entries) are comments only when the site shows the same records on other post pages.
    needsSite = undated || comments.length < MIN_UNHINTED_ENTRIES || named < needed;
    if (needsSite && !undated && named + recordNames(comments, page.url) < needed) return null;
  }
  const how = hinted
    ? ', comment hints'
    : site
      ? ", the site's comment structure"
      : undated && feedMatches === 0
        ? ', undated: the site must show them on other post pages'
        : needsSite
          ? ', too few to stand alone: the site must show them on other post pages'
          : ', structure only';
  const reason = `${comments.length} entries found by ${group.how}${how}${feedMatches > 0 ? `, ${feedMatches} paired with the comment feed` : ''}`;
  return { group, zone, comments, hinted, site, needsSite, undated, feedMatches, reason };
}

/** A comment read on the page, its date not yet read. Its fields listed (no spread of `content`):
 *  one per entry of every group read. */
function pageComment(content: EntryContent, entry: Entry, skip: SkippedNodes, elements: readonly Element[], words: number): PageComment {
  const { id, permalink, author, authorGuessed, authorPath, authorUrl, text, byline, html, linkChars, depthHint } = content;
  return {
    id,
    permalink,
    author,
    authorGuessed,
    authorPath,
    authorUrl,
    text,
    byline,
    html,
    linkChars,
    depthHint,
    entry,
    skip,
    elements,
    words,
    published: null,
    answers: -1,
  };
}

/**
 * Names read only as the words before each entry's date, counted when the entries are records of
 * one shape (data records: sibling subtrees of one pattern, MDR as 004 §2 recalls it): the name
 * sits at the same place in most of them, and none of them links a post of the site (a related-post
 * list's "names" are its titles, linking to the site's posts, `postLinkOf`; a commenter's name links
 * nowhere, to their own site or to their profile on this one).
 */
function recordNames(comments: readonly PageComment[], pageUrl: string): number {
  const guessed = comments.filter((c) => c.author !== null && c.authorGuessed);
  const places = new Map<string | null, number>();
  for (const c of guessed) places.set(c.authorPath, (places.get(c.authorPath) ?? 0) + 1);
  const [place] = [...places].sort((a, b) => b[1] - a[1])[0] ?? [null];
  const same = guessed.filter((c) => place !== null && c.authorPath === place);
  const page = postPageOf(pageUrl);
  const linksPost = (c: PageComment): boolean => c.authorUrl !== null && page !== undefined && postLinkOf(c.authorUrl, page) !== null;
  if (same.length < MIN_UNHINTED_AUTHOR_SHARE * comments.length || same.some(linksPost)) return 0;
  return same.length;
}

/**
 * Entries most of which (`MAX_OTHER_POST_ENTRY_SHARE`) link to a post of the site, other posts
 * among them, list posts: a "latest replies" box quoting the comments of other posts (and of this
 * one), a related-posts list. A comment belongs to the post it points at, as a site-wide comment
 * feed links each item to its post [004 §4.2]; a thread's own links go to anchors and comment
 * pages of this page, to profiles, or to the commenters' sites. A post is told by its URL: this
 * page's own (no anchor), or another with the pattern of this post's URL (`isPostUrlLike`).
 */
function pointAtPosts(comments: readonly PageComment[], pageUrl: string): boolean {
  const page = postPageOf(pageUrl);
  if (page === undefined) return false;
  let pointing = 0;
  let toOthers = 0;
  for (const c of comments) {
    let target: 'self' | 'other' | null = null;
    for (const el of c.elements) {
      if (el.name !== 'a') continue;
      const link = postLinkOf(el.attribs.href, page);
      if (link !== null) target = link;
      if (link === 'other') break;
    }
    if (target === 'other') toOthers++;
    if (target !== null) pointing++;
  }
  return toOthers > 0 && pointing > MAX_OTHER_POST_ENTRY_SHARE * comments.length;
}

/** One entry read (`readEntry`), and the other entries' nodes its reading left out. */
interface EntryReading {
  entry: Entry;
  /** The nodes of the group's other entries inside this entry's nodes (`othersInside`). */
  inside: ReadonlySet<Element>;
  /** The entry's elements, the other entries' left out (`elementsOf`): the same for every group
   *  whose other entries inside it are the same. */
  elements: readonly Element[];
  content: EntryContent;
  /** Words of the text (`tokenize`). */
  words: number;
}

/**
 * The entries of one page read once each. One entry (its nodes) is often found by several groups:
 * its date signature, the interleaved list holding it, its comment id (45% of the readings on
 * dragnet-train were such repeats). A reading depends on its group only through the other entries'
 * nodes inside the entry (`otherEntries` is asked about the entry's own subtrees only), and on its
 * date node only for the depth hint: an entry with the same nodes inside is not read again.
 */
class EntryReadings {
  readonly #byFirstNode = new Map<Element, EntryReading[]>();

  constructor(readonly baseUrl: string) {}

  /** `skip`: `otherEntries` of the group for `entry`; `inside`: what of it lies inside the entry. */
  read(entry: Entry, inside: ReadonlySet<Element>, skip: SkippedNodes): EntryReading {
    const first = entry.nodes[0] as Element;
    const known = this.#byFirstNode.get(first);
    const same = known?.find(
      (r) =>
        r.entry.nodes.length === entry.nodes.length &&
        r.entry.nodes.every((n, i) => n === entry.nodes[i]) &&
        r.inside.size === inside.size &&
        [...inside].every((n) => r.inside.has(n)),
    );
    if (same !== undefined) {
      if (same.entry.marker === entry.marker) return same;
      return { ...same, entry, content: { ...same.content, depthHint: depthHintOf(entry) } };
    }
    const elements = elementsOf(entry.nodes, skip);
    const content = readEntry(entry, elements, skip, this.baseUrl);
    const reading = { entry, inside, elements, content, words: countWordsUpTo(content.text, Number.POSITIVE_INFINITY) };
    if (known === undefined) this.#byFirstNode.set(first, [reading]);
    else known.push(reading);
    return reading;
  }
}

/** For each entry, the nodes of `all` (every entry node of its group) inside its own nodes, its own
 *  nodes aside: what `otherEntries` leaves out of its reading. One walk up from each node. */
function othersInside(entries: readonly Entry[], all: ReadonlySet<Element>): Map<Entry, Set<Element>> {
  const owners = new Map<AnyNode, Entry[]>();
  for (const e of entries) {
    for (const n of e.nodes) {
      const list = owners.get(n);
      if (list === undefined) owners.set(n, [e]);
      else list.push(e);
    }
  }
  const inside = new Map<Entry, Set<Element>>(entries.map((e) => [e, new Set()]));
  for (const el of all) {
    for (let a: AnyNode | null = el; a !== null; a = a.parent) {
      for (const e of owners.get(a) ?? []) if (!e.nodes.includes(el)) inside.get(e)?.add(el);
    }
  }
  return inside;
}

/** The nodes of a group's entries but `entry`'s own: one set for the whole group, not a copy per
 *  entry (quadratic on a long thread). */
function otherEntries(all: ReadonlySet<Element>, entry: Entry): SkippedNodes {
  return { has: (el) => all.has(el) && !entry.nodes.includes(el) };
}

/** An entry whose whole text is a date, or a dated "posted by" line (the article's byline printed
 *  like the comments' bylines, among them), is no comment. */
function isOwnDateLine(content: EntryContent, words: number): boolean {
  return words <= MAX_BYLINE_WORDS && (isBareDateText(content.text) || (BYLINE_START().test(content.text) && hasDateText(content.text)));
}

/** An entry inside the article wrapper holding most of the wrapper's text besides the other
 *  entries is the article (its byline dated like the comments below it), not a comment. */
function dropArticleItself(comments: PageComment[], article: Element): void {
  const inside = comments.filter((c) => c.entry.nodes.every((n) => contains(article, n)));
  if (inside.length === 0) return;
  const articleChars = textBlocks(article).reduce((n, b) => n + b.text.length, 0);
  const entryChars = inside.reduce((n, c) => n + c.text.length, 0);
  // The article comes before its comments: only the first entry can be it.
  const first = inside[0] as PageComment;
  const rest = articleChars - entryChars + first.text.length;
  if (first.text.length > MAX_ENTRY_ARTICLE_SHARE * rest) comments.splice(comments.indexOf(first), 1);
}

/**
 * The groups with the highest rank (`chooseZone`'s) each could reach once read, highest first (page
 * order among equals): every entry a comment, paired with the feed, hinted, words unbounded. Once the
 * best group read outranks a group's highest rank, neither that group nor any after it can win.
 */
function byHighestRank(
  groups: readonly EntryGroup[],
  feed: readonly FeedComment[],
): Array<{ group: EntryGroup; index: number; highest: number[] }> {
  const ranked = groups.map((group, index) => {
    const entries = group.entries.length;
    return { group, index, highest: [Math.min(entries, feed.length), 1, entries, Number.POSITIVE_INFINITY] };
  });
  return ranked.sort((a, b) => compareRank(b.highest, a.highest) || a.index - b.index);
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

/** Whether `el` comes after the article (and is not around it). */
function isAfter(el: Element, article: Element): boolean {
  if (contains(el, article)) return false;
  const [first] = sortInDocumentOrder([el, article], (x) => x);
  return first === article;
}

/** The zone reported and stripped: the outermost comment area around the entries' common ancestor. */
function widenZone(lca: Element, article: Element | null, body: Element): Element {
  let zone = lca;
  for (let e = lca.parent; e !== null && e.type === 'tag' && e !== body; e = e.parent) {
    const el = e as Element;
    if (article !== null && contains(el, article)) break;
    if (isZoneHinted(el)) zone = el;
  }
  return zone;
}

/** Attribute hints around the entries, permalink ids on most of them, or the feed's `#comments` target. */
function isHinted(group: EntryGroup, zone: Element, comments: readonly PageComment[], fragment: string | null): boolean {
  const withIds = comments.filter((c) => c.id !== null).length;
  if (withIds * 2 >= comments.length && comments.length > 0) return true;
  for (let e: Element | null = group.lca, steps = 0; e !== null && e.type === 'tag' && steps < 4; e = e.parent as Element | null, steps++) {
    if (hasCommentHint(e)) return true;
    if (fragment !== null && e.attribs.id === fragment) return true;
  }
  if (zone !== group.lca && hasCommentHint(zone)) return true;
  return group.entries.filter((e) => e.nodes.some(hasCommentHint)).length * 2 >= group.entries.length;
}

/** A left indent in an inline style ("margin-left: 40px", "padding-left:2em"). */
const LEFT_INDENT = /(?:^|;)\s*(?:margin|padding)-(?:left|inline-start)\s*:\s*(\d+(?:\.\d+)?)(px|r?em)?\s*(?:;|$)/i;
/** CSS px per em: the browsers' default font size. */
const PX_PER_EM = 16;

/** The left indent (px) an inline style sets on the entry's node or on the nodes between it and
 *  the zone (`lca`); 0 without one. */
function indentOf(entry: Entry, lca: Element): number {
  for (let e: AnyNode | null = entry.nodes[0] ?? null; e !== null && e !== lca && isTag(e); e = e.parent) {
    const m = LEFT_INDENT.exec(e.attribs.style ?? '');
    if (m !== null) return Number(m[1]) * (m[2] === undefined || m[2] === 'px' ? 1 : PX_PER_EM);
  }
  return 0;
}

/** A width set by an HTML `width` attribute ("40") or an inline style ("width: 2em"). */
const WIDTH_ATTR = /^\s*(\d+(?:\.\d+)?)(?:px)?\s*$/i;
const WIDTH_STYLE = /(?:^|;)\s*width\s*:\s*(\d+(?:\.\d+)?)(px|r?em)?\s*(?:;|$)/i;

/** The width (px) `el` or its only element child (and so on down) is given; null without one. */
function widthOf(el: Element): number | null {
  for (let e: Element | undefined = el; e !== undefined; e = elementChildrenUpTo(e, 1) === 1 ? e.children.find(isTag) : undefined) {
    const attr = WIDTH_ATTR.exec(e.attribs.width ?? '');
    if (attr !== null) return Number(attr[1]);
    const style = WIDTH_STYLE.exec(e.attribs.style ?? '');
    if (style !== null) return Number(style[1]) * (style[2] === undefined || style[2] === 'px' ? 1 : PX_PER_EM);
  }
  return null;
}

/** Nothing a reader sees in `el` but blank space: no text, no image's alt text. */
function isBlank(el: Element): boolean {
  if (nodeText(el, { skipIgnored: false }).trim() !== '') return false;
  const altless = (e: Element): boolean => (e.attribs.alt ?? '').trim() === '' && e.children.filter(isTag).every(altless);
  return altless(el);
}

/**
 * A spacer setting the entry in (old table layouts: a blank image as wide as the depth): the first
 * element with a width among the blank ones that open the entry, before any text (read down the
 * first child holding text). Where it sits (`at`: the child indexes down to it) must be the same in every entry.
 */
function spacerOf(entry: Entry): { at: string; width: number } | null {
  const at: number[] = [];
  for (let e: Element | undefined = entry.nodes[0]; e !== undefined; ) {
    let next: Element | undefined;
    for (const [i, c] of e.children.filter(isTag).entries()) {
      at.push(i);
      if (!isBlank(c)) {
        next = c;
        break;
      }
      const width = widthOf(c);
      if (width !== null) return { at: at.join(' '), width };
      at.pop();
    }
    e = next;
  }
  return null;
}

/**
 * The spacer widths of the entries when they read as depths: a spacer in the same place in every
 * entry, the first entry's the narrowest (a thread opens at the top level), the others wider by
 * multiples of one step; null otherwise (an avatar, as wide in every entry or narrower in replies).
 */
function spacerIndents(comments: readonly PageComment[]): number[] | null {
  const first = comments[0] === undefined ? null : spacerOf(comments[0].entry);
  if (first === null) return null;
  const spacers = comments.map((c, i) => (i === 0 ? first : spacerOf(c.entry)));
  if (!spacers.every((s) => s?.at === first.at)) return null;
  const widths = spacers.map((s) => (s as { width: number }).width);
  const least = first.width;
  const step = Math.min(...widths.map((w) => w - least).filter((d) => d !== 0));
  if (!Number.isFinite(step) || step < 0) return null;
  return widths.every((w) => Number.isInteger((w - least) / step)) ? widths : null;
}

/**
 * The levels a thread prints, when it prints them: a `depth-N` class on every entry; else the
 * entries' indentation (a left margin, or a spacer's width) when it differs; else, for sibling
 * entries (a thread printed flat), the wrappers around each one's record when their number differs
 * (one `<blockquote>` per level).
 */
function printedLevels(comments: readonly PageComment[], lca: Element): number[] | null {
  const varies = (xs: readonly number[]): boolean => new Set(xs).size > 1;
  if (comments.every((c) => c.depthHint !== null)) return comments.map((c) => c.depthHint as number);
  const indents = comments.map((c) => indentOf(c.entry, lca));
  if (varies(indents)) return indents;
  const spacers = spacerIndents(comments);
  if (spacers !== null) return spacers;
  if (!comments.every((c) => c.entry.nodes.length === 1 && c.entry.nodes[0]?.parent === lca)) return null;
  const wrappers = comments.map((c) => unwrapEntry(c.entry.nodes[0] as Element).wrappers);
  return varies(wrappers) ? wrappers : null;
}

/**
 * Threading: a reply's date node sits deeper than its parent's, inside the parent's entry or its frame; the
 * parent is the nearest earlier entry one level up (pre-order of the thread tree). A `depth-N`
 * class, when entries carry one, gives the level directly; so does the entries' indentation when
 * the thread is printed flat, sibling entries indented by their depth (CSS box model: a reply set
 * in by `margin-left` under the entry it answers), or each inside one wrapper per level.
 */
function threadLevels(comments: readonly PageComment[], group: EntryGroup | null): { parents: number[]; depths: number[] } {
  const parents = comments.map(() => -1);
  const depths = comments.map(() => 0);
  if (group === null || comments.length < 2) return { parents, depths };
  const domDepth = (el: Element): number => {
    let d = 0;
    for (let e: Element | null = el; e !== null && e !== group.lca; e = e.parent as Element | null) d++;
    return d;
  };
  const shown = printedLevels(comments, group.lca);
  const hinted = shown !== null;
  const raw = shown ?? comments.map((c) => domDepth(c.entry.marker));
  const distinct = [...new Set(raw)].sort((a, b) => a - b);
  const level = raw.map((r) => distinct.indexOf(r));
  const top = comments.filter((_, i) => level[i] === 0).map((c) => c.entry.nodes[0] as Element);
  const topList = top.length >= 2 ? top.map((t) => t.parent).reduce((a, b) => (a === b ? a : null)) : null;
  comments.forEach((c, i) => {
    const li = level[i] as number;
    if (li === 0) return;
    for (let j = i - 1; j >= 0; j--) {
      if ((level[j] as number) >= li) continue;
      const node = comments[j]?.entry.nodes[0] ?? null;
      const frame = node?.parent ?? null;
      // A reply nested in its parent's own node (an undated record holding its replies), or in its frame.
      const nested =
        hinted ||
        (node !== null && contains(node, c.entry.marker)) ||
        (frame !== null && frame !== topList && contains(frame as Element, c.entry.marker));
      if (nested) {
        parents[i] = j;
        depths[i] = (depths[j] as number) + 1;
      }
      break;
    }
  });
  return { parents, depths };
}
