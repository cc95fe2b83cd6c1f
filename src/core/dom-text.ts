/**
 * The DOM/text toolkit every stage shares (and the quality benchmark's text conversion): the one
 * block-tag table, the text of a subtree (raw, or one line per block), containment and the lowest
 * common ancestor. Pure reads over a domhandler tree; the DOM is never mutated.
 */
import { type AnyNode, type Element, hasChildren, isTag, isText } from 'domhandler';

/**
 * Block-level elements (HTML "flow" blocks, obsolete `center`/`dir` included): text inside one
 * belongs to one text block and starts a new line of plain text. `br` is not here: it is a void
 * element, never a container, but it does break a line (`breaksLine`).
 * ours: one table for extract, templates, segment and bench:quality (issue #13); the union of the
 * four tables it replaces, measured with bench:quality before and after.
 */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'center',
  'dd',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'li',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'td',
  'th',
  'ul',
  'caption',
  'legend',
  'html',
]);

/** Whether an element starts and ends a line of plain text: a block element or `<br>`. */
export function breaksLine(name: string): boolean {
  return BLOCK_TAGS.has(name) || name === 'br';
}

/** Whether an `href` leads nowhere: absent, empty, `#`, or a `javascript:` URL (a script, not a
 *  destination). */
export function leadsNowhere(href: string | undefined): boolean {
  const h = href?.trim();
  return h === undefined || h === '' || h === '#' || /^javascript:/i.test(h);
}

/** Whether `ancestor` contains `node` (or is it). */
export function contains(ancestor: AnyNode, node: AnyNode): boolean {
  for (let n: AnyNode | null = node; n !== null; n = n.parent) if (n === ancestor) return true;
  return false;
}

/** Whether one of `ancestors` contains `node` (or is it): one walk up from `node`, however many
 *  there are (a thread of hundreds of entries makes hundreds of comment zones). */
export function withinAny(node: AnyNode, ancestors: ReadonlySet<AnyNode>): boolean {
  for (let n: AnyNode | null = node; n !== null; n = n.parent) if (ancestors.has(n)) return true;
  return false;
}

/** Lowest element containing all of `els` (null when they share no element ancestor). */
export function lowestCommonAncestor(els: readonly Element[]): Element | null {
  const [first, ...rest] = els;
  if (first === undefined) return null;
  for (let a: Element | null = first; a !== null; a = a.parent !== null && isTag(a.parent) ? a.parent : null) {
    const ancestor = a;
    if (rest.every((e) => contains(ancestor, e))) return ancestor;
  }
  return null;
}

/** Which elements a text reading leaves out, with their subtrees. */
export interface TextOptions {
  /** An element for which this is true is left out with everything under it (default: none). */
  skip?: (el: Element) => boolean;
}

/** How `nodeText` reads a subtree. */
export interface NodeTextOptions extends TextOptions {
  /** Put between the texts of sibling nodes (default ''). */
  separator?: string;
}

/** The text of a node and its descendants as the markup holds it (entities decoded, whitespace kept). */
export function nodeText(n: AnyNode, opts: NodeTextOptions = {}): string {
  const separator = opts.separator ?? '';
  const skip = opts.skip;
  const walk = (x: AnyNode): string => {
    if (isText(x)) return x.data;
    if (isTag(x) && !(skip?.(x) ?? false)) return x.children.map(walk).join(separator);
    return '';
  };
  return walk(n);
}

/** A run of whitespace holding a line break (`[^\S\n]*` starts it where the run starts). */
const SPACES_WITH_BREAK = /[^\S\n]*\n\s*/g;
/** A run of whitespace without a line break that is not a single space already. */
const SPACES_TO_SPACE = /[^\S\n]{2,}|[^\S \n]/g;

/**
 * Plain text of nodes as a reader sees it: a line per block element and `<br>` (`breaksLine`),
 * whitespace collapsed inside each line, empty lines dropped. Walked with an explicit stack, so a
 * deep DOM costs no recursion.
 */
export function plainText(nodes: AnyNode | readonly AnyNode[], opts: TextOptions = {}): string {
  const skip = opts.skip;
  const parts: string[] = [];
  const stack: Array<AnyNode | '\n'> = Array.isArray(nodes) ? [...(nodes as readonly AnyNode[])].reverse() : [nodes as AnyNode];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode | '\n';
    if (node === '\n') {
      parts.push('\n');
      continue;
    }
    if (isText(node)) parts.push(node.data);
    else if (isTag(node) && !(skip?.(node) ?? false)) {
      if (breaksLine(node.name)) {
        parts.push('\n');
        stack.push('\n');
      }
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
    }
  }
  // Per line: whitespace runs to one space, trimmed, empty lines dropped; done on the whole text at
  // once: a run holding a line break becomes one, any other run a space.
  return parts.join('').replace(SPACES_WITH_BREAK, '\n').replace(SPACES_TO_SPACE, ' ').trim();
}

/**
 * Tag names whose elements are listed per document on the first lookup (`elementsNamed`): stages
 * look these few up in pages of thousands of elements (feed links, `<time>`, the reply form's `<textarea>`), and one walk of a
 * page's DOM for all of them costs less than a walk per lookup. The DOM of a page is never changed
 * once parsed. (Listed by the parser's handler instead, they made parsing twice as slow: the 966
 * pages of dragnet-train in 4.4 s against 2.2 s.)
 */
const LISTED_TAGS = ['a', 'base', 'link', 'textarea', 'time'] as const;
export type ListedTag = (typeof LISTED_TAGS)[number];
const LISTED: ReadonlySet<string> = new Set(LISTED_TAGS);
const listedElements = new WeakMap<AnyNode, Map<string, Element[]>>();

/** The elements named `name` under `root` (`root` included), in document order. */
export function elementsNamed(root: AnyNode, name: ListedTag): readonly Element[] {
  let top: AnyNode = root;
  while (top.parent !== null) top = top.parent;
  let listed = listedElements.get(top);
  if (listed === undefined) {
    listed = listElements(top);
    listedElements.set(top, listed);
  }
  const all = listed.get(name) ?? [];
  return root === top ? all : all.filter((el) => contains(root, el));
}

/** The elements of `LISTED_TAGS` under `top`, by name, in document order (one walk, names only). */
function listElements(top: AnyNode): Map<string, Element[]> {
  const found = new Map<string, Element[]>();
  const stack: AnyNode[] = [top];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (isTag(node) && LISTED.has(node.name)) {
      const list = found.get(node.name);
      if (list === undefined) found.set(node.name, [node]);
      else list.push(node);
    }
    if (hasChildren(node)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  return found;
}
