/**
 * Steps 1 and 2 of model-based segmentation once the entry dates are known [002 "Model-based
 * weblog segmentation"]: the page is cut into entries at the dates, and entries into posts at
 * titles that share one relative XPath.
 *
 * Two page layouts are told apart. When each post has its own element (an `article`, `li`, or
 * `div` per post), the entry of a date is its highest ancestor holding no other entry date, and
 * the date's place inside it does not matter. When posts are runs of siblings (`dt`/`dd`, a date
 * heading followed by paragraphs), the runs between dates are the entries, and they are paired
 * with the date before them (002's model `date ([title] content)+`) or, when that leaves the first
 * post without its title, with the date after them: the "parity error" of 002 ("if we have a
 * sequence of N posts, the date for post 1 will be associated with the content of post 2") is
 * detected instead of made.
 */
import type { AnyNode, Element } from 'domhandler';
import { END_OF_ENTRIES_ELEMENTS, END_OF_ENTRIES_TEXT } from './constants.js';
import { relativePath } from './date-lists.js';
import { contains, elementText, lowestCommonAncestor, parentElement } from './dom-text.js';
import { elementsOf, titleRank } from './post-markers.js';
import type { DateList, DateNode } from './types.js';

/** A post cut out of the page, before its fields are read. */
export interface PostCut {
  nodes: AnyNode[];
  date: DateNode;
  title: Element | null;
}

/** One way of cutting the page: entries (with their dates) and the root their titles are relative to. */
interface Layout {
  name: string;
  dateAfterContent: boolean;
  entries: Array<{ nodes: AnyNode[]; root: Element; date: DateNode }>;
}

interface TitleChoice {
  rank: number;
  path: string;
  coverage: number;
}

/** No title marker found: ranks after every real one. */
const NO_TITLE: TitleChoice = { rank: Number.POSITIVE_INFINITY, path: '', coverage: 0 };

export interface CutResult {
  posts: PostCut[];
  dateAfterContent: boolean;
  reason: string;
}

/** Cut the page into posts at the entry dates, then at titles. */
export function cutPosts(list: DateList, body: Element, pageUrl: string): CutResult {
  const dates = list.dates.map((d) => d.element);
  if (list.dates.length === 1) return cutSinglePost(list.dates[0] as DateNode, body, pageUrl);
  const entryRoots = list.dates.map((d) => highestExclusiveAncestor(d.element, dates, body));
  const layouts: Layout[] = [
    {
      name: 'one element per entry',
      dateAfterContent: false,
      entries: entryRoots.map((root, i) => ({ nodes: [root], root, date: list.dates[i] as DateNode })),
    },
  ];
  const parent = parentElement(entryRoots[0] as Element);
  if (parent !== null && entryRoots.every((r) => parentElement(r) === parent)) {
    layouts.push(siblingRuns(parent, entryRoots, list.dates, false), siblingRuns(parent, entryRoots, list.dates, true));
  }
  let best: { layout: Layout; title: TitleChoice } | null = null;
  for (const layout of layouts) {
    const title = chooseTitlePath(layout, dates, pageUrl);
    if (best === null || title.rank < best.title.rank || (title.rank === best.title.rank && title.coverage > best.title.coverage)) {
      best = { layout, title };
    }
  }
  const chosen = best as { layout: Layout; title: TitleChoice };
  const posts = chosen.layout.entries.flatMap((e) => splitAtTitles(e, chosen.title, dates, pageUrl));
  const titleNote = chosen.title.rank === NO_TITLE.rank ? 'no title marker' : `titles at ${chosen.title.path} (rank ${chosen.title.rank})`;
  return {
    posts,
    dateAfterContent: chosen.layout.dateAfterContent,
    reason: `${list.dates.length} entry dates, ${chosen.layout.name}, ${titleNote}`,
  };
}

/** Climb from a date while the parent holds no other entry date. */
function highestExclusiveAncestor(date: Element, dates: readonly Element[], body: Element): Element {
  let e = date;
  for (let p = parentElement(e); p !== null && p !== body; p = parentElement(p)) {
    if (dates.some((d) => d !== date && contains(p as Element, d))) break;
    e = p;
  }
  return e;
}

/**
 * A page with one entry date: the post is the lowest ancestor of the date that holds exactly one
 * linked title of the strongest rank found around it (a category link next to the date is a
 * weaker marker than the heading further up).
 */
function cutSinglePost(date: DateNode, body: Element, pageUrl: string): CutResult {
  const ancestors: Element[] = [];
  for (let e = parentElement(date.element); e !== null; e = e === body ? null : parentElement(e)) ancestors.push(e);
  const candidates = titleCandidates([ancestors[ancestors.length - 1] ?? date.element], [date.element], pageUrl).filter((t) =>
    linksElsewhere(t.el, pageUrl),
  );
  for (const rank of [...new Set(candidates.map((c) => c.rank))].sort((a, b) => a - b)) {
    const ofRank = candidates.filter((c) => c.rank === rank);
    const container = ancestors.find((a) => ofRank.some((c) => contains(a, c.el)));
    if (container === undefined) continue;
    const inside = ofRank.filter((c) => contains(container, c.el));
    if (inside.length !== 1) continue;
    const title = (inside[0] as TitleCandidate).el;
    return {
      posts: [{ nodes: [container], date, title }],
      dateAfterContent: false,
      reason: `one entry date, post with a linked title (rank ${rank})`,
    };
  }
  return { posts: [], dateAfterContent: false, reason: 'one entry date and no single linked title around it' };
}

/** Whether a title links to another page (entries of a channel page do). */
function linksElsewhere(el: Element, pageUrl: string): boolean {
  const anchors = [...elementsOf([el]).filter((e) => e.name === 'a')];
  for (let p: Element | null = el; p !== null; p = parentElement(p)) if (p.name === 'a') anchors.push(p);
  return anchors.some((a) => titleRank(a, pageUrl) !== null || /^https?:|^\//.test(a.attribs.href ?? ''));
}

/**
 * Entries as runs of the parent's children between entry dates: after each date (002's model) or,
 * `dateAfterContent`, before it. The open end is cut at the page's end template [002: "the start
 * of a sidebar or a copyright notice"] and at the length of the longest other run.
 */
function siblingRuns(parent: Element, roots: readonly Element[], dates: readonly DateNode[], dateAfterContent: boolean): Layout {
  const children = parent.children.filter((c) => c.type === 'tag' || (c.type === 'text' && c.data.trim() !== ''));
  const at = roots.map((r) => children.indexOf(r));
  const n = at.length;
  const runs: AnyNode[][] = [];
  for (let i = 0; i < n; i++) {
    const start = dateAfterContent ? (i === 0 ? 0 : (at[i - 1] as number) + 1) : (at[i] as number);
    const end = dateAfterContent ? (at[i] as number) + 1 : i === n - 1 ? children.length : (at[i + 1] as number);
    runs.push(children.slice(start, end));
  }
  const longest = Math.max(1, ...runs.filter((_, i) => i !== (dateAfterContent ? 0 : n - 1)).map((r) => r.length));
  if (dateAfterContent) {
    const first = runs[0] as AnyNode[];
    const kept: AnyNode[] = [];
    for (let i = first.length - 1; i >= 0 && kept.length < longest; i--) {
      const node = first[i] as AnyNode;
      if (i < first.length - 1 && endsEntries(node)) break;
      kept.unshift(node);
    }
    runs[0] = kept;
  } else {
    const last = runs[n - 1] as AnyNode[];
    const kept: AnyNode[] = [];
    for (const [i, node] of last.entries()) {
      if (kept.length >= longest || (i > 0 && endsEntries(node))) break;
      kept.push(node);
    }
    runs[n - 1] = kept;
  }
  return {
    name: dateAfterContent ? 'sibling runs, date after content' : 'sibling runs, date first',
    dateAfterContent,
    entries: runs.map((nodes, i) => ({ nodes, root: parent, date: dates[i] as DateNode })),
  };
}

function endsEntries(node: AnyNode): boolean {
  if (node.type !== 'tag') return false;
  const el = node as Element;
  return END_OF_ENTRIES_ELEMENTS.has(el.name) || END_OF_ENTRIES_TEXT().test(elementText(el));
}

interface TitleCandidate {
  el: Element;
  rank: number;
}

/** Title markers among `nodes`, leaving out those holding or inside an entry date. */
function titleCandidates(nodes: readonly AnyNode[], dates: readonly Element[], pageUrl: string): TitleCandidate[] {
  const out: TitleCandidate[] = [];
  for (const el of elementsOf(nodes)) {
    if (dates.some((d) => contains(el, d) || contains(d, el))) continue;
    const rank = titleRank(el, pageUrl);
    if (rank !== null) out.push({ el, rank });
  }
  return out;
}

/**
 * The title XPath of a layout [002: "Once we have found the first matching title, we then assume
 * that all subsequent post titles will have the same relative XPath"]: the strongest rank whose
 * most common path is found in at least half of the entries.
 */
function chooseTitlePath(layout: Layout, dates: readonly Element[], pageUrl: string): TitleChoice {
  const byRank = new Map<number, Map<string, number>>();
  for (const entry of layout.entries) {
    const seen = new Set<string>();
    for (const c of titleCandidates(entry.nodes, dates, pageUrl)) {
      const key = `${c.rank}\u0000${relativePath(c.el, entry.root)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const paths = byRank.get(c.rank) ?? new Map<string, number>();
      const path = relativePath(c.el, entry.root);
      paths.set(path, (paths.get(path) ?? 0) + 1);
      byRank.set(c.rank, paths);
    }
  }
  for (const rank of [...byRank.keys()].sort((a, b) => a - b)) {
    let best: TitleChoice | null = null;
    for (const [path, coverage] of byRank.get(rank) ?? []) {
      if (best === null || coverage > best.coverage) best = { rank, path, coverage };
    }
    if (best !== null && best.coverage * 2 >= layout.entries.length) return best;
  }
  return NO_TITLE;
}

/** One post per title with the chosen path [002: "all DOM nodes between subsequent title nodes are associated with the earlier title"]. */
function splitAtTitles(entry: Layout['entries'][number], choice: TitleChoice, dates: readonly Element[], pageUrl: string): PostCut[] {
  const titles = titleCandidates(entry.nodes, dates, pageUrl)
    .filter((c) => c.rank === choice.rank && relativePath(c.el, entry.root) === choice.path)
    .map((c) => c.el);
  if (titles.length <= 1) return [{ nodes: entry.nodes, date: entry.date, title: titles[0] ?? null }];
  // Several posts in one dated entry: cut the children of the titles' lowest common ancestor.
  const lca = lowestCommonAncestor(titles);
  const siblings = entry.nodes.length === 1 && lca !== null && contains(entry.nodes[0] as AnyNode, lca) ? lca.children : entry.nodes;
  const starts = titles.map((t) => siblings.findIndex((s) => contains(s, t)));
  if (starts.some((s) => s < 0) || new Set(starts).size !== starts.length) {
    return [{ nodes: entry.nodes, date: entry.date, title: titles[0] ?? null }];
  }
  return titles.map((title, j) => ({
    nodes: siblings.slice(j === 0 ? 0 : (starts[j] as number), starts[j + 1] ?? siblings.length),
    date: entry.date,
    title,
  }));
}
