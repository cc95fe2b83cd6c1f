/**
 * Operation (iii) of 000 §III-B and the page traversal of 000 §III-E: find the nodes a key-path
 * designates. Paths are compiled once into a small automaton over steps (`*` steps are gaps of any
 * length); many paths are matched in one walk of the page, so a host's templates cost one pass.
 */
import { type AnyNode, type Document, type Element, isTag } from 'domhandler';
import { positionsOfType } from '../extract/index.js';
import { parseKeyPath } from './key-path.js';
import type { AttributeTest, KeyPath, KeyPathStep } from './types.js';

export interface CompiledKeyPath {
  absolute: boolean;
  steps: readonly KeyPathStep[];
  /** `gap[i]`: step i is a bare `*` (any number of elements, including none). */
  gap: boolean[];
  /** The states before any element (`closure([0])`): where a relative path starts again at every element. */
  start: number[];
}

export function compileKeyPath(kp: KeyPath): CompiledKeyPath {
  const path: CompiledKeyPath = {
    absolute: kp.absolute,
    steps: kp.steps,
    gap: kp.steps.map((s) => s.name === '*' && s.attributes.length === 0),
    start: [],
  };
  path.start = closure([0], path);
  return path;
}

const WHITESPACE = /\s+/;

function attributeMatches(test: AttributeTest, el: Element): boolean {
  const raw = el.attribs[test.name];
  if (raw === undefined) return false;
  if (test.name === 'class') {
    const tokens = raw.split(WHITESPACE).filter((t) => t !== '');
    // `@class=*` asks for presence only; a class attribute of no tokens is present as well.
    return test.values.every((v) =>
      v.prefix ? (v.text === '' ? true : tokens.some((t) => t.startsWith(v.text))) : tokens.includes(v.text),
    );
  }
  const value = raw.trim().replace(WHITESPACE, ' ');
  const v = test.values[0];
  if (v === undefined) return true;
  return v.prefix ? value.startsWith(v.text) : value === v.text;
}

/** Does one element satisfy one (non-gap) step? Extra attributes on the node are allowed [000 §III-E]. */
export function stepMatches(step: KeyPathStep, el: Element): boolean {
  if (!nameAndAttributesMatch(step, el)) return false;
  return step.position === undefined || step.position === 0 || positionHolds(step, el);
}

function nameAndAttributesMatch(step: KeyPathStep, el: Element): boolean {
  if (step.name !== '*' && step.name !== el.name) return false;
  for (const test of step.attributes) if (!attributeMatches(test, el)) return false;
  return true;
}

/** Children each step finds under a parent: a positioned step asks once per parent, not per child. */
const matchingChildren = new WeakMap<Element, Map<KeyPathStep, number>>();

/** A step's position tells apart the siblings the step finds: alone, an element matches wherever it is. */
function positionHolds(step: KeyPathStep, el: Element): boolean {
  const parent = el.parent;
  if (parent === null || !isTag(parent)) return true;
  let counts = matchingChildren.get(parent);
  if (counts === undefined) {
    counts = new Map();
    matchingChildren.set(parent, counts);
  }
  let found = counts.get(step);
  if (found === undefined) {
    found = 0;
    for (const c of parent.children) if (isTag(c) && nameAndAttributesMatch(step, c)) found++;
    counts.set(step, found);
  }
  return found < 2 || positionsOfType(parent).get(el) === step.position;
}

/** Add the states reachable through gaps (a gap may match no element). */
function closure(states: number[], path: Pick<CompiledKeyPath, 'steps' | 'gap'>): number[] {
  const out: number[] = [];
  for (const s of states) {
    let i = s;
    while (true) {
      if (!out.includes(i)) out.push(i);
      if (i < path.steps.length && path.gap[i] === true) i++;
      else break;
    }
  }
  return out;
}

/** No state: an absolute path that has failed stays failed below (shared, never written). */
const NO_STATES: number[] = [];

/** States after consuming `el` from the parent's states (NO_STATES, not a new array, when none). */
function advance(parent: number[], path: CompiledKeyPath, el: Element): number[] {
  if (parent.length === 0 && path.absolute) return NO_STATES;
  // A relative path starts again at every element; most elements continue no state of it.
  const from = path.absolute || parent.includes(0) ? parent : parent.length === 0 ? path.start : closure([...parent, 0], path);
  let next: number[] | null = null;
  for (const s of from) {
    if (s >= path.steps.length) continue;
    const reached = path.gap[s] === true ? s : stepMatches(path.steps[s] as KeyPathStep, el) ? s + 1 : -1;
    if (reached < 0) continue;
    if (next === null) next = [reached];
    else if (!next.includes(reached)) next.push(reached);
  }
  return next === null ? NO_STATES : closure(next, path);
}

/**
 * All nodes designated by each compiled path, in document order: one depth-first walk for all
 * paths. A relative path matches a node whose ancestry ends with the path's steps. The walk does
 * not enter a subtree where every path is absolute and has failed (nothing below can match).
 */
export function findAllNodes(root: Document | Element, paths: readonly CompiledKeyPath[]): Element[][] {
  const results: Element[][] = paths.map(() => []);
  const start: number[][] = paths.map((p) => p.start);
  // Two stacks in step (node, its parent's states per path): no pair allocated per node.
  const nodes: AnyNode[] = [];
  const parents: number[][][] = [];
  for (let i = root.children.length - 1; i >= 0; i--) {
    nodes.push(root.children[i] as AnyNode);
    parents.push(start);
  }
  while (nodes.length > 0) {
    const node = nodes.pop() as AnyNode;
    const parentStates = parents.pop() as number[][];
    if (!isTag(node)) continue;
    const states: number[][] = new Array(paths.length);
    let alive = false;
    for (let i = 0; i < paths.length; i++) {
      const p = paths[i] as CompiledKeyPath;
      const s = advance(parentStates[i] as number[], p, node);
      states[i] = s;
      if (s.includes(p.steps.length)) (results[i] as Element[]).push(node);
      if (s.length > 0 || !p.absolute) alive = true;
    }
    if (!alive) continue;
    for (let c = node.children.length - 1; c >= 0; c--) {
      nodes.push(node.children[c] as AnyNode);
      parents.push(states);
    }
  }
  return results;
}

/** Nodes of `root` designated by `kp` (a KeyPath or its notation; an unparsable string finds nothing). */
export function findNodes(root: Document | Element, kp: KeyPath | string): Element[] {
  const parsed = typeof kp === 'string' ? parseKeyPath(kp) : kp;
  if (parsed === null || parsed.steps.length === 0) return [];
  return findAllNodes(root, [compileKeyPath(parsed)])[0] ?? [];
}
