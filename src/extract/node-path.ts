/**
 * Key-paths in the notation of 000 §III-B (`|html|body|div[@id=post-*]|h1`): element names from
 * the root, with the id and class attributes that let the templates stage tell nodes apart.
 * Values escape `\`, `,`, `]`, `|` and `*` with a backslash (`*` is the template wildcard).
 */
import { type AnyNode, type Element, isTag, type ParentNode } from 'domhandler';

/** Attributes written into a key-path [000 §III-D-3: "class and id often have unique values"]. */
const PATH_ATTRIBUTES = ['id', 'class'] as const;

export function escapePathValue(value: string): string {
  return value.replace(/[\\,\]|*]/g, (c) => `\\${c}`);
}

/** One step: `div[@id=post-1,@class=post hentry]`. */
export function pathStep(el: Element): string {
  const attrs: string[] = [];
  for (const name of PATH_ATTRIBUTES) {
    const v = el.attribs[name]?.trim().replace(/\s+/g, ' ');
    if (v !== undefined && v !== '') attrs.push(`@${name}=${escapePathValue(v)}`);
  }
  return attrs.length > 0 ? `${el.name}[${attrs.join(',')}]` : el.name;
}

/** The absolute key-path of an element, from `html` down to it. */
export function nodePath(el: Element): string {
  const steps: string[] = [];
  for (let e: Element | null = el; e !== null && e.type === 'tag'; e = e.parent as Element | null) steps.push(pathStep(e));
  return `|${steps.reverse().join('|')}`;
}

/** Each child element's place among its parent's child elements of its name (1-based:
 *  `nth-of-type`), counted once per parent (a list of thousands of entries is walked once). */
const positionsCache = new WeakMap<AnyNode, Map<Element, number>>();

export function positionsOfType(parent: ParentNode): Map<Element, number> {
  let positions = positionsCache.get(parent);
  if (positions === undefined) {
    positions = new Map();
    const seen = new Map<string, number>();
    for (const c of parent.children) {
      if (!isTag(c)) continue;
      const n = (seen.get(c.name) ?? 0) + 1;
      seen.set(c.name, n);
      positions.set(c, n);
    }
    positionsCache.set(parent, positions);
  }
  return positions;
}

/** The element's place among its siblings of its name when a sibling prints the same step (name,
 *  id and class: `step`, its `pathStep`), else null: the step alone would not single it out. */
export function ambiguousPosition(el: Element, step: string = pathStep(el)): number | null {
  const parent = el.parent;
  if (parent === null) return null;
  const twin = parent.children.some((c) => c !== el && isTag(c) && c.name === el.name && pathStep(c) === step);
  return twin ? (positionsOfType(parent).get(el) ?? null) : null;
}

/**
 * `nodePath` with the position of each step a sibling of the same step leaves ambiguous
 * (`div[@class=x][3]`, KeyPathStep `position`): the paths the templates stage learns a site's
 * post template from [000 §III-B].
 */
export function templatePath(el: Element): string {
  const steps: string[] = [];
  for (let e: Element | null = el; e !== null && e.type === 'tag'; e = e.parent as Element | null) {
    const step = pathStep(e);
    const at = ambiguousPosition(e, step);
    steps.push(at === null ? step : `${step}[${at}]`);
  }
  return `|${steps.reverse().join('|')}`;
}

/** Number of leading steps two elements share (the "shared path prefix" of 000 §III-D-1). */
export function sharedPrefixLength(a: Element, b: Element): number {
  const chain = (el: Element): Element[] => {
    const out: Element[] = [];
    for (let e: Element | null = el; e !== null && e.type === 'tag'; e = e.parent as Element | null) out.push(e);
    return out.reverse();
  };
  const ca = chain(a);
  const cb = chain(b);
  let i = 0;
  while (i < ca.length && i < cb.length && ca[i] === cb[i]) i++;
  return i;
}
