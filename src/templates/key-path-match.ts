/**
 * Operation (iii) of 000 §III-B and the page traversal of 000 §III-E: find the nodes a key-path
 * designates. Paths are compiled once into a small automaton over steps (`*` steps are gaps of any
 * length); many paths are matched in one walk of the page, so a host's templates cost one pass.
 */
import { type AnyNode, type Document, type Element, isTag } from 'domhandler';
import { parseKeyPath } from './key-path.js';
import type { AttributeTest, KeyPath, KeyPathStep } from './types.js';

export interface CompiledKeyPath {
  absolute: boolean;
  steps: KeyPathStep[];
  /** `gap[i]`: step i is a bare `*` (any number of elements, including none). */
  gap: boolean[];
}

export function compileKeyPath(kp: KeyPath): CompiledKeyPath {
  return { absolute: kp.absolute, steps: kp.steps, gap: kp.steps.map((s) => s.name === '*' && s.attributes.length === 0) };
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
  if (step.name !== '*' && step.name !== el.name) return false;
  for (const test of step.attributes) if (!attributeMatches(test, el)) return false;
  return true;
}

/** Add the states reachable through gaps (a gap may match no element). */
function closure(states: number[], path: CompiledKeyPath): number[] {
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

/** States after consuming `el` from the parent's states. */
function advance(parent: number[], path: CompiledKeyPath, el: Element): number[] {
  if (parent.length === 0 && path.absolute) return NO_STATES;
  const from = path.absolute ? parent : parent.includes(0) ? parent : closure([...parent, 0], path);
  const next: number[] = [];
  for (const s of from) {
    if (s >= path.steps.length) continue;
    if (path.gap[s] === true) {
      if (!next.includes(s)) next.push(s);
    } else if (stepMatches(path.steps[s] as KeyPathStep, el) && !next.includes(s + 1)) next.push(s + 1);
  }
  return next.length > 0 ? closure(next, path) : NO_STATES;
}

/**
 * All nodes designated by each compiled path, in document order: one depth-first walk for all
 * paths. A relative path matches a node whose ancestry ends with the path's steps. The walk does
 * not enter a subtree where every path is absolute and has failed (nothing below can match).
 */
export function findAllNodes(root: Document | Element, paths: readonly CompiledKeyPath[]): Element[][] {
  const results: Element[][] = paths.map(() => []);
  const start: number[][] = paths.map((p) => closure([0], p));
  const stack: Array<[AnyNode, number[][]]> = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push([root.children[i] as AnyNode, start]);
  while (stack.length > 0) {
    const [node, parentStates] = stack.pop() as [AnyNode, number[][]];
    if (!isTag(node)) continue;
    const states = paths.map((p, i) => advance(parentStates[i] as number[], p, node));
    let alive = false;
    for (const [i, p] of paths.entries()) {
      const s = states[i] as number[];
      if (s.includes(p.steps.length)) (results[i] as Element[]).push(node);
      if (s.length > 0 || !p.absolute) alive = true;
    }
    if (!alive) continue;
    for (let c = node.children.length - 1; c >= 0; c--) stack.push([node.children[c] as AnyNode, states]);
  }
  return results;
}

/** Nodes of `root` designated by `kp` (a KeyPath or its notation; an unparsable string finds nothing). */
export function findNodes(root: Document | Element, kp: KeyPath | string): Element[] {
  const parsed = typeof kp === 'string' ? parseKeyPath(kp) : kp;
  if (parsed === null || parsed.steps.length === 0) return [];
  return findAllNodes(root, [compileKeyPath(parsed)])[0] ?? [];
}
