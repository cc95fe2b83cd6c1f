/**
 * mCST, the modified Content Structure Tree of 001 §3: every element other than a link or an image
 * is an HTML item node; content nodes are text, links and images, and only text counts (001 §3 (2)).
 * The importance of an item node N [001 §3 eq. 1, Li & Yang 2009]:
 *   H_N = γ_N · (Σ H_c over child item nodes + Σ Θ_c over child content nodes)
 * with the attenuation quotient of 001 §3 eq. 3, depth and child count:
 *   γ_N = 1 / (log10(D_N + 10) · log10(10 · C_N))
 * The main block is the item node of highest importance.
 */
import { type AnyNode, type Document, type Element, isTag, isText } from 'domhandler';
import { isSkipped } from './content-render.js';
import { MCST_CHILD_FACTOR, MCST_DEPTH_OFFSET } from './constants.js';

/** Content nodes other than text: they count as children but weigh nothing (text only, 001 §3 (2)). */
const LINK_OR_IMAGE = new Set(['a', 'img', 'image', 'picture', 'video', 'audio']);

/** γ_N [001 §3 eq. 3]. A node without children has no importance to attenuate; 1 is returned. */
export function attenuation(depth: number, childCount: number): number {
  if (childCount <= 0) return 1;
  return 1 / (Math.log10(depth + MCST_DEPTH_OFFSET) * Math.log10(MCST_CHILD_FACTOR * childCount));
}

/**
 * H_N of every item node under `root` (post-order, iterative). Scripts, styles, forms and comment
 * zones are left out first, as HTMLCleaner does in 001 Figure 3 (comment zones: ours, so a long
 * discussion does not outweigh the post). Depth counts from `root`'s children (the `html` element = 0).
 */
export function blockImportance(root: Document | Element, skip: (el: Element) => boolean = isSkipped): Map<Element, number> {
  const importance = new Map<Element, number>();
  // Frame: element, depth, children visited?
  const stack: Array<[Element, number, boolean]> = [];
  for (const c of root.children) if (isTag(c) && !skip(c) && !LINK_OR_IMAGE.has(c.name)) stack.push([c, 0, false]);
  while (stack.length > 0) {
    const frame = stack.pop() as [Element, number, boolean];
    const [el, depth, visited] = frame;
    if (!visited) {
      stack.push([el, depth, true]);
      for (const c of el.children) if (isTag(c) && !skip(c) && !LINK_OR_IMAGE.has(c.name)) stack.push([c, depth + 1, false]);
      continue;
    }
    let sum = 0;
    let children = 0;
    for (const c of el.children as AnyNode[]) {
      if (isText(c)) {
        const len = c.data.replace(/\s+/g, ' ').trim().length;
        if (len > 0) {
          children++;
          sum += len; // Θ_c: text size
        }
      } else if (isTag(c) && !skip(c)) {
        children++;
        if (!LINK_OR_IMAGE.has(c.name)) sum += importance.get(c) ?? 0;
      }
    }
    importance.set(el, children === 0 ? 0 : attenuation(depth, children) * sum);
  }
  return importance;
}

/** The mCST main block: the item node of highest importance below `html` (null on an empty page). */
export function mcstMainBlock(root: Document | Element, skip: (el: Element) => boolean = isSkipped): Element | null {
  let best: Element | null = null;
  let bestValue = 0;
  for (const [el, h] of blockImportance(root, skip)) {
    if (el.name === 'html' || el.name === 'head') continue;
    if (h > bestValue) {
      best = el;
      bestValue = h;
    }
  }
  return best;
}
