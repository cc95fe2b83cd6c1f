/**
 * Steps 2 and 3 of model-based segmentation [002 "Model-based weblog segmentation"]: date nodes
 * sorted into lists by relative XPath, then the lists filtered by heuristics 1-8 until the list of
 * entry dates is left.
 */
import { type Element, isTag, isText } from 'domhandler';
import { COLLAPSED_PATH_ELEMENTS, FUTURE_SLACK_DAYS, IGNORED_PATH_ELEMENTS, MAX_LABEL_GAP_CHARS, STABLE_ID } from './constants.js';
import { addDays } from './date-nodes.js';
import { elementText, parentElement } from './dom-text.js';
import type { DateList, DateNode, FilterStep } from './types.js';

/**
 * Relative XPath of `el` below `root`: element names, with ids that name a region (no digit),
 * without `font` / `center`, runs of one inline element folded [002: "if we ignore certain
 * elements in the XPath: /align/ and repeating /font/s"].
 */
export function relativePath(el: Element, root: Element | null): string {
  const steps: string[] = [];
  for (let e: Element | null = el; e !== null && e !== root; e = parentElement(e)) {
    if (IGNORED_PATH_ELEMENTS.has(e.name)) continue;
    const id = e.attribs.id?.trim();
    const step = id !== undefined && id !== '' && STABLE_ID.test(id) ? `${e.name}#${id}` : e.name;
    if (COLLAPSED_PATH_ELEMENTS.has(e.name) && steps[steps.length - 1] === step) continue;
    steps.push(step);
  }
  return steps.reverse().join('/');
}

/**
 * One list per relative XPath, dates in document order [002: "The dates are sorted into ordered
 * lists, one list for each unique relative XPath"]. Two dates in one short label (a post's
 * "published" and "updated") count once: the first.
 */
export function groupDateLists(dates: readonly DateNode[], root: Element): DateList[] {
  const lists = new Map<string, DateNode[]>();
  for (const d of dates) {
    const path = relativePath(d.element, root);
    const list = lists.get(path) ?? [];
    const last = list[list.length - 1];
    if (last !== undefined && inOneLabel(last.element, d.element)) continue;
    list.push(d);
    lists.set(path, list);
  }
  return [...lists.entries()].map(([path, list]) => ({ path, dates: list }));
}

/** Two sibling dates with (nearly) nothing between them: one label such as "published / updated". */
function inOneLabel(a: Element, b: Element): boolean {
  const parent = parentElement(a);
  if (parent === null || parent !== parentElement(b)) return false;
  const siblings = parent.children;
  const between = siblings.slice(siblings.indexOf(a) + 1, siblings.indexOf(b));
  const text = between.map((n) => (isTag(n) ? elementText(n) : isText(n) ? n.data : '')).join('');
  return text.replace(/\s+/g, '').length <= MAX_LABEL_GAP_CHARS;
}

interface Filter {
  heuristic: number;
  rule: string;
  /** A hard filter may leave no list (segmentation fails); a soft one is skipped when it would. */
  hard: boolean;
  keep: (list: DateList, all: readonly DateList[]) => boolean;
}

const isNonIncreasing = (dates: readonly DateNode[]): boolean => dates.every((d, i) => i === 0 || (dates[i - 1] as DateNode).iso >= d.iso);
const newest = (l: DateList): string => l.dates.reduce((m, d) => (d.day > m ? d.day : m), '');
const meanLength = (l: DateList): number => Math.round(l.dates.reduce((s, d) => s + d.text.length, 0) / l.dates.length);

/**
 * The filter heuristics of 002, in its order, with "current", "recent" and "future" measured from
 * the capture date, not from today.
 * Deviations from 002, each needed on archives rather than home pages:
 * - 1 is soft: an archive of older years has no date in the capture's or the past year.
 * - 2 is soft: a tag or month archive often shows a single post. The segmenter then requires that
 *   post to carry a linked title (see entry-segments.ts).
 * - 4 lets the first date break the order: a "sticky" post pinned above newer ones.
 */
function filters(captureDay: string): Filter[] {
  const year = Number(captureDay.slice(0, 4));
  const latest = addDays(captureDay, FUTURE_SLACK_DAYS);
  return [
    {
      heuristic: 1,
      rule: `dates in ${year} or ${year - 1}`,
      hard: false,
      keep: (l) => l.dates.every((d) => Number(d.day.slice(0, 4)) >= year - 1),
    },
    { heuristic: 2, rule: 'more than one date', hard: false, keep: (l) => l.dates.length > 1 },
    { heuristic: 3, rule: 'one date format', hard: false, keep: (l) => new Set(l.dates.map((d) => d.format)).size === 1 },
    {
      heuristic: 4,
      rule: 'dates decrease (first may be pinned)',
      hard: true,
      keep: (l) => isNonIncreasing(l.dates) || isNonIncreasing(l.dates.slice(1)),
    },
    { heuristic: 5, rule: `no date after ${latest}`, hard: false, keep: (l) => l.dates.every((d) => d.day <= latest) },
    {
      heuristic: 5,
      rule: 'most recent dates',
      hard: true,
      keep: (l, all) => newest(l) === all.reduce((m, x) => (newest(x) > m ? newest(x) : m), ''),
    },
    {
      heuristic: 6,
      rule: 'longest date text',
      hard: true,
      keep: (l, all) => meanLength(l) === Math.max(...all.map(meanLength)),
    },
    {
      heuristic: 7,
      rule: 'most dates',
      hard: true,
      keep: (l, all) => l.dates.length === Math.max(...all.map((x) => x.dates.length)),
    },
    { heuristic: 8, rule: 'first list', hard: true, keep: (l, all) => l === all[0] },
  ];
}

/** Apply heuristics 1-8 [002]; returns the entry-date list (or null) and each step's effect. */
export function selectEntryDates(lists: readonly DateList[], captureTime: string): { list: DateList | null; steps: FilterStep[] } {
  let current = [...lists].sort((a, b) => documentOrder(a, b));
  const steps: FilterStep[] = [];
  for (const f of filters(captureTime.slice(0, 10))) {
    if (current.length === 0) break;
    const snapshot = current;
    const kept = snapshot.filter((l) => f.keep(l, snapshot));
    if (kept.length === 0 && !f.hard) {
      steps.push({ heuristic: f.heuristic, rule: `${f.rule} (no list passes: skipped)`, kept: snapshot.length, dropped: 0 });
      continue;
    }
    steps.push({ heuristic: f.heuristic, rule: f.rule, kept: kept.length, dropped: snapshot.length - kept.length });
    current = kept;
  }
  return { list: current[0] ?? null, steps };
}

/** Lists ordered by the position of their first date in the page. */
function documentOrder(a: DateList, b: DateList): number {
  const ea = a.dates[0]?.element;
  const eb = b.dates[0]?.element;
  if (ea === undefined || eb === undefined) return 0;
  return comparePosition(ea, eb);
}

/** Negative when `a` comes before `b` in the document. */
export function comparePosition(a: Element, b: Element): number {
  if (a === b) return 0;
  const chain = (e: Element): Element[] => {
    const out: Element[] = [];
    for (let x: Element | null = e; x !== null; x = parentElement(x)) out.push(x);
    return out.reverse();
  };
  const ca = chain(a);
  const cb = chain(b);
  let i = 0;
  while (i < ca.length && i < cb.length && ca[i] === cb[i]) i++;
  if (i === ca.length) return -1; // a is an ancestor of b
  if (i === cb.length) return 1;
  const siblings = (ca[i] as Element).parent?.children ?? [];
  return siblings.indexOf(ca[i] as Element) - siblings.indexOf(cb[i] as Element);
}
