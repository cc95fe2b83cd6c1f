/**
 * A page body's visible text (`renderText`) as lower-cased tokens (`tokensOf`), and the deepest
 * element holding a sequence of them, from one walk of the body: rendering each
 * element on the way down on its own would read the body again at every level.
 *
 * Each element's text is a span of the body's text. The tokens of a span are the body's tokens
 * inside it, those cut by its ends clipped to it: `renderText` only adds line breaks and folds
 * whitespace, which is never part of a token. Lower-casing a span gives the same span of the
 * lower-cased body except for a final sigma (`Σ` lower-cases by what follows it), a character that
 * lower-cases to two (`İ`, spans would shift) and a surrogate pair split by a tag: a body holding
 * one (or hidden whole) is read element by element, each rendered on its own.
 */
import { type AnyNode, type Element, isTag, isText } from 'domhandler';
import { breaksLine } from '../core/dom-text.js';
import { isSkipped, renderText } from './content-render.js';
import { TOKEN, tokensOf } from './post-evidence.js';

/** Where a token sequence, as ` t1 t2 … ` (framed by spaces: whole tokens only), lies in a body's text. */
export interface BodyTokens {
  /** The body's tokens: `tokensOf(renderText(body))`. */
  tokens(): readonly string[];
  /** The deepest element whose tokens, as ` t1 t2 … `, include `sequence`: the first child that does
   *  at each level down from the body (the body itself when no child does). */
  deepestHolder(sequence: string): Element;
}

const CAPITAL_SIGMA = 'Σ';

const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/** Token sequences in the text of `body` (from `pageBody`): read by spans, else element by element. */
export function bodyTokens(body: Element): BodyTokens {
  return SpanTokens.read(body) ?? new RenderedTokens(body);
}

/** ` t1 t2 … `: tokens joined by spaces and framed by them, as items are looked for. */
const framed = (tokens: readonly string[]): string => ` ${tokens.join(' ')} `;

/** Each element rendered on its own (a body the spans cannot read exactly). */
class RenderedTokens implements BodyTokens {
  readonly #texts = new Map<Element, string>();
  readonly #tokens: readonly string[];

  constructor(readonly body: Element) {
    this.#tokens = tokensOf(renderText(body));
  }

  tokens(): readonly string[] {
    return this.#tokens;
  }

  deepestHolder(sequence: string): Element {
    let node = this.body;
    for (;;) {
      const child = node.children.find((c): c is Element => isTag(c) && !isSkipped(c) && this.#tokenText(c).includes(sequence));
      if (child === undefined) return node;
      node = child;
    }
  }

  #tokenText(el: Element): string {
    let text = this.#texts.get(el);
    if (text === undefined) {
      text = framed(tokensOf(renderText(el)));
      this.#texts.set(el, text);
    }
    return text;
  }
}

/** Token texts cut from the body's text by the elements' spans. */
class SpanTokens implements BodyTokens {
  /** The body's tokens, and framed, read when first asked for. */
  #tokens: string[] = [];
  #text: string | null = null;
  /** Token texts by element index, made once per element however many items are looked for. */
  readonly #texts = new Map<number, string>();
  #at: TokenPositions | null = null;

  /**
   * `elements`: the body and the elements under it that `renderText` reads, in document order;
   * `starts`/`ends`: each one's span of `lower`; `next[i]`: the index after element i's subtree.
   */
  private constructor(
    readonly lower: string,
    readonly elements: readonly Element[],
    readonly starts: readonly number[],
    readonly ends: readonly number[],
    readonly next: readonly number[],
  ) {}

  tokens(): readonly string[] {
    this.#framed();
    return this.#tokens;
  }

  #framed(): string {
    if (this.#text === null) {
      this.#tokens = this.lower.match(TOKEN) ?? [];
      this.#text = framed(this.#tokens);
    }
    return this.#text;
  }

  /** The walk of `plainText`, skipping as `renderText`; null when the spans would not be exact. */
  static read(body: Element): SpanTokens | null {
    // A skipped body renders empty, its children do not: there is no span to cut them from.
    if (isSkipped(body)) return null;
    const parts: string[] = [];
    let length = 0;
    const elements: Element[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    const next: number[] = [];
    // A number on the stack closes the element of that index: its subtree is read.
    const stack: Array<AnyNode | number> = [body];
    while (stack.length > 0) {
      const node = stack.pop() as AnyNode | number;
      if (typeof node === 'number') {
        if (breaksLine((elements[node] as Element).name)) {
          parts.push('\n');
          length++;
        }
        ends[node] = length;
        next[node] = elements.length;
      } else if (isText(node)) {
        if (node.data.length > 0 && isLowSurrogate(node.data.charCodeAt(0))) return null;
        parts.push(node.data);
        length += node.data.length;
      } else if (isTag(node) && !isSkipped(node)) {
        const i = elements.push(node) - 1;
        starts.push(length);
        ends.push(length);
        next.push(i + 1);
        if (breaksLine(node.name)) {
          parts.push('\n');
          length++;
        }
        stack.push(i);
        for (let c = node.children.length - 1; c >= 0; c--) stack.push(node.children[c] as AnyNode);
      }
    }
    const text = parts.join('');
    const lower = text.toLowerCase();
    if (lower.length !== text.length || text.includes(CAPITAL_SIGMA)) return null;
    return new SpanTokens(lower, elements, starts, ends, next);
  }

  deepestHolder(sequence: string): Element {
    let i = 0;
    for (;;) {
      let holder = -1;
      for (let c = i + 1; c < (this.next[i] as number); c = this.next[c] as number) {
        if (this.#tokenText(c).includes(sequence)) {
          holder = c;
          break;
        }
      }
      if (holder < 0) return this.elements[i] as Element;
      i = holder;
    }
  }

  #tokenText(i: number): string {
    let text = this.#texts.get(i);
    if (text === undefined) {
      text = this.#cut(this.starts[i] as number, this.ends[i] as number);
      this.#texts.set(i, text);
    }
    return text;
  }

  /** The framed tokens of the span [start, end). */
  #cut(start: number, end: number): string {
    const text = this.#framed();
    this.#at ??= tokenPositions(this.lower, this.#tokens);
    const at = this.#at;
    // Tokens [first, last) overlap the span: those ending after its start and starting before its end.
    let first = firstAbove(at.ends, start);
    let last = firstAbove(at.starts, end - 1);
    const pieces: string[] = [];
    let tail = '';
    if (first < last && (at.starts[first] as number) < start) {
      pieces.push(this.lower.slice(start, Math.min(end, at.ends[first] as number)));
      first++;
    }
    if (first < last && (at.ends[last - 1] as number) > end) {
      last--;
      tail = this.lower.slice(at.starts[last] as number, end);
    }
    if (first < last) {
      pieces.push(
        text.slice(
          at.framedAt[first] as number,
          (at.framedAt[last - 1] as number) + (at.ends[last - 1] as number) - (at.starts[last - 1] as number),
        ),
      );
    }
    pieces.push(tail);
    return framed(pieces.filter((p) => p !== ''));
  }
}

/** Where each token starts and ends in the lower-cased text, and where it starts in the framed text. */
interface TokenPositions {
  starts: number[];
  ends: number[];
  framedAt: number[];
}

function tokenPositions(lower: string, tokens: readonly string[]): TokenPositions {
  const at: TokenPositions = { starts: [], ends: [], framedAt: [] };
  let from = 0;
  let framedAt = 1;
  for (const token of tokens) {
    // Only characters outside any token lie between two tokens: the next occurrence is the token.
    const start = lower.indexOf(token, from);
    from = start + token.length;
    at.starts.push(start);
    at.ends.push(from);
    at.framedAt.push(framedAt);
    framedAt += token.length + 1;
  }
  return at;
}

/** The first index whose value in `of` (ascending) is above `value`; `of.length` when none is. */
function firstAbove(of: readonly number[], value: number): number {
  let lo = 0;
  let hi = of.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((of[mid] as number) > value) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
