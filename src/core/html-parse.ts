/**
 * The one way archived HTML is parsed into a DOM (htmlparser2 + domhandler), with a cap on nesting
 * depth and on element count enforced *while* parsing.
 *
 * Why during parsing: htmlparser2 keeps its open-element stack with `unshift`/`shift` and looks
 * closing tags up with `indexOf`, so each tag costs time proportional to the current depth. A page
 * of 300,000 unclosed inline tags (`<b>x <b>x ...`) took 224 s to parse. Here an opening tag that
 * would nest deeper than `maxDepth`, or any opening tag after `maxElements` elements, is dropped
 * (its text and children stay, attached to the deepest element kept), so the parser's stack never
 * exceeds `maxDepth` and the whole parse is linear in the page size.
 */
import { type Document, DomHandler } from 'domhandler';
import { Parser, type ParserOptions } from 'htmlparser2';

export interface HtmlParseLimits {
  /** Deepest element nesting kept (levels below the document); deeper opening tags are dropped. */
  maxDepth: number;
  /** Elements kept per document; later opening tags are dropped, their text kept. */
  maxElements: number;
}

export interface ParsedHtml {
  document: Document;
  /** Opening tags dropped because they nested deeper than `maxDepth`. */
  droppedDeep: number;
  /** Opening tags dropped because the document already held `maxElements` elements. */
  droppedOverCount: number;
  /** Deepest nesting seen among the elements kept. */
  maxDepthSeen: number;
}

export const DEFAULT_HTML_LIMITS: Readonly<HtmlParseLimits> = Object.freeze({
  // ours: real pages stay under 60 levels (the dev sets: 41 at most); 512 keeps recursion safe.
  maxDepth: 512,
  // ours: the largest page of the dev sets has about 24,000 elements; 200,000 is far above any real page.
  maxElements: 200_000,
});

/** The parts of htmlparser2's Parser this subclass reads and resets (private in its typings, v12). */
interface ParserInternals {
  stack: string[];
  foreignContext: unknown[];
  tagname: string;
  attribs: Record<string, string> | null;
}

/** Elements that push a foreign-content context in htmlparser2 (svg, math, integration points). */
const CONTEXT_ELEMENTS = new Set(['svg', 'math', 'mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignObject', 'desc', 'title']);

class CappedParser extends Parser {
  droppedDeep = 0;
  droppedOverCount = 0;
  maxDepthSeen = 0;
  #elements = 0;
  readonly #limits: HtmlParseLimits;

  constructor(handler: DomHandler, options: ParserOptions, limits: HtmlParseLimits) {
    super(handler, options);
    this.#limits = limits;
    // Every element the parser opens goes through emitOpenTag (opening tags, and the implied <p>
    // of a stray </p>); it is private in the typings, so it is wrapped on the instance.
    const internals = this as unknown as ParserInternals & { emitOpenTag(name: string): void };
    const emitOpenTag = internals.emitOpenTag.bind(this);
    internals.emitOpenTag = (name: string): void => {
      emitOpenTag(name);
      this.#capOpenedTag(internals);
    };
  }

  #capOpenedTag(self: ParserInternals): void {
    const name = self.tagname;
    if (name === '') return;
    const isVoid = this.isVoidElement(name);
    const tooMany = this.#elements >= this.#limits.maxElements;
    const tooDeep = !isVoid && self.stack.length > this.#limits.maxDepth;
    if (!tooMany && !tooDeep) {
      this.#elements++;
      if (!isVoid && self.stack.length > this.maxDepthSeen) this.maxDepthSeen = self.stack.length;
      return;
    }
    // Drop this opening tag: undo its push (and the foreign context it opened), and make
    // endOpenTag a no-op, as htmlparser2 itself does for a second <form>.
    if (!isVoid) {
      self.stack.shift();
      if (CONTEXT_ELEMENTS.has(name)) self.foreignContext.shift();
    }
    self.tagname = '';
    self.attribs = null;
    if (tooDeep) this.droppedDeep++;
    else this.droppedOverCount++;
  }
}

/** Parse an HTML document or fragment with the depth and element caps (see the file header). */
export function parseHtml(html: string, options: ParserOptions = {}, limits: HtmlParseLimits = DEFAULT_HTML_LIMITS): ParsedHtml {
  const handler = new DomHandler(undefined, options);
  const parser = new CappedParser(handler, options, limits);
  parser.end(html);
  return {
    document: handler.root,
    droppedDeep: parser.droppedDeep,
    droppedOverCount: parser.droppedOverCount,
    maxDepthSeen: parser.maxDepthSeen,
  };
}
