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
import { type Document, DomHandler, type DomHandlerOptions, Element, Text } from 'domhandler';
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
  /** Elements kept: what holding the document costs. */
  elements: number;
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
  }

  /** Elements kept so far. */
  get elements(): number {
    return this.#elements;
  }

  static {
    // Every element the parser opens goes through emitOpenTag (opening tags, and the implied <p>
    // of a stray </p>); it is private in the typings, so it is overridden on the prototype. (Not
    // wrapped on each instance: a closure there made every parse 2x slower, dragnet-train 1.6 s
    // against 0.8 s of CPU.)
    const proto = Parser.prototype as unknown as { emitOpenTag(name: string): void };
    const emitOpenTag = proto.emitOpenTag;
    (CappedParser.prototype as unknown as { emitOpenTag(this: CappedParser, name: string): void }).emitOpenTag = function (name) {
      emitOpenTag.call(this, name);
      this.#capOpenedTag(this as unknown as ParserInternals);
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

/**
 * domhandler's `Element` and `Text` made by plain stores: the same prototype (`instanceof` and the
 * getters hold), the same own properties in the same order and with the same values as its
 * constructors give. Its classes initialise their fields as class fields, one shared initialiser
 * per class for every kind of node, which V8 (Node 20) runs megamorphic: building a page's DOM cost
 * more than tokenising it (dragnet-train: 0.72 s of CPU to parse its 966 pages this way, 1.65 s with
 * htmlparser2's `parseDocument`).
 */
const ElementNode = function (this: Record<string, unknown>, name: string, attribs: Record<string, string>, type: string): void {
  this.parent = null;
  this.prev = null;
  this.next = null;
  this.startIndex = null;
  this.endIndex = null;
  this.children = [];
  this.name = name;
  this.attribs = attribs;
  this.type = type;
  this.namespace = undefined;
  this['x-attribsNamespace'] = undefined;
  this['x-attribsPrefix'] = undefined;
} as unknown as { new (name: string, attribs: Record<string, string>, type: string): Element; prototype: Element };
ElementNode.prototype = Element.prototype;

const TextNode = function (this: Record<string, unknown>, data: string): void {
  this.parent = null;
  this.prev = null;
  this.next = null;
  this.startIndex = null;
  this.endIndex = null;
  this.data = data;
  this.type = TEXT_TYPE;
} as unknown as { new (data: string): Text; prototype: Text };
TextNode.prototype = Text.prototype;

/** The `type` domhandler gives a text node and an element (`ElementType`). */
const TEXT_TYPE = new Text('').type;
const TAG_TYPE = new Element('div', {}).type;
const SCRIPT_TYPE = new Element('script', {}).type;
const STYLE_TYPE = new Element('style', {}).type;

/** The handler's state read here (private in its typings, v6). */
interface HandlerInternals {
  lastNode: { type: string; data: string } | null;
}

/**
 * DomHandler building its elements and text nodes with `ElementNode` and `TextNode`, for HTML
 * without source indices (what `parseHtml` is given; other options get domhandler's own handler).
 */
class HtmlDomHandler extends DomHandler {
  override onopentag(name: string, attribs: Record<string, string>): void {
    const element = new ElementNode(name, attribs, name === 'script' ? SCRIPT_TYPE : name === 'style' ? STYLE_TYPE : TAG_TYPE);
    this.addNode(element);
    this.tagStack.push(element);
  }

  override ontext(data: string): void {
    const self = this as unknown as HandlerInternals;
    const last = self.lastNode;
    if (last !== null && last.type === TEXT_TYPE) last.data += data;
    else {
      const node = new TextNode(data);
      this.addNode(node);
      self.lastNode = node;
    }
  }
}

/** Parse an HTML document or fragment with the depth and element caps (see the file header). */
export function parseHtml(html: string, options: ParserOptions = {}, limits: HtmlParseLimits = DEFAULT_HTML_LIMITS): ParsedHtml {
  const { xmlMode, withStartIndices, withEndIndices } = options as ParserOptions & DomHandlerOptions;
  const plain = xmlMode !== true && withStartIndices !== true && withEndIndices !== true;
  const handler = plain ? new HtmlDomHandler(undefined, options) : new DomHandler(undefined, options);
  const parser = new CappedParser(handler, options, limits);
  parser.end(html);
  return {
    document: handler.root,
    droppedDeep: parser.droppedDeep,
    droppedOverCount: parser.droppedOverCount,
    maxDepthSeen: parser.maxDepthSeen,
    elements: parser.elements,
  };
}
