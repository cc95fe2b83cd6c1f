/**
 * Key-paths in the notation of 000 §III-B (`|html|body|div[@id=post-*]|h1`): element names from
 * the root, with the id and class attributes that let the templates stage tell nodes apart.
 * Values escape `\`, `,`, `]`, `|` and `*` with a backslash (`*` is the template wildcard).
 */
import type { Element } from 'domhandler';

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
