import type { Diagnostics } from '../core/diagnostics.js';
import { InputError } from '../core/errors.js';
import { type Document, type Element, type ChildNode, isTag, isText } from 'domhandler';
import { parseHtml } from '../core/html-parse.js';
import { type ExtractConfig, resolveExtractConfig } from './config.js';
import { languageFromAttribute, languageFromText } from './language.js';
import { isIgnoredElement } from './page-dom.js';
import type { ParsedPage } from './types.js';

export interface ParsePageOptions {
  config?: Partial<ExtractConfig>;
  diagnostics?: Diagnostics;
}

/**
 * Parse an archived page once (htmlparser2, forgiving, never throws on bad markup), with the size
 * and depth caps of the config; the problems found are reported to `diagnostics` and parsing goes on.
 */
export function parsePage(html: string, url: string, opts: ParsePageOptions = {}): ParsedPage {
  const config = resolveExtractConfig(opts.config);
  let source = html;
  if (source.length > config.maxPageBytes) {
    report(
      opts.diagnostics,
      new InputError('page.too-large', `page of ${source.length} characters truncated to ${config.maxPageBytes}`, { url }),
    );
    source = source.slice(0, config.maxPageBytes);
  }
  // Depth and element caps hold while parsing, so parsing stays linear on DOM bombs (core/html-parse.ts).
  const parsed = parseHtml(
    source,
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
    { maxDepth: config.maxDepth, maxElements: config.maxElements },
  );
  const document = parsed.document;
  if (parsed.droppedDeep > 0) {
    report(
      opts.diagnostics,
      new InputError(
        'page.too-deep',
        `DOM deeper than maxDepth ${config.maxDepth}: ${parsed.droppedDeep} opening tags below that level dropped, their text kept`,
        { url },
      ),
    );
  }
  if (parsed.droppedOverCount > 0) {
    report(
      opts.diagnostics,
      new InputError(
        'page.too-many-elements',
        `more than maxElements ${config.maxElements} elements: ${parsed.droppedOverCount} later opening tags dropped, their text kept`,
        { url },
      ),
    );
  }
  return { url, document, language: detectLanguage(document, config.languageSampleChars), elements: parsed.elements };
}

function report(diagnostics: Diagnostics | undefined, error: InputError): void {
  diagnostics?.report(error, 'warning');
}

function findElement(nodes: ChildNode[], name: string): Element | null {
  for (const n of nodes) if (isTag(n) && n.name === name) return n;
  for (const n of nodes) {
    if (isTag(n) && (n.name === 'html' || n.name === 'head')) {
      const inner = findElement(n.children, name);
      if (inner !== null) return inner;
    }
  }
  return null;
}

/** `<html lang>` first [BCP 47], else franc on a sample of the visible body text. */
function detectLanguage(document: Document, sampleChars: number): string | null {
  const html = findElement(document.children, 'html');
  const fromAttr = languageFromAttribute(html?.attribs.lang ?? html?.attribs['xml:lang']);
  if (fromAttr !== null) return fromAttr;
  const body = findElement(html?.children ?? document.children, 'body');
  if (body === null) return null;
  const parts: string[] = [];
  let length = 0;
  const stack: ChildNode[] = [...body.children].reverse();
  while (stack.length > 0 && length < sampleChars) {
    const node = stack.pop() as ChildNode;
    if (isText(node)) {
      const t = node.data.trim();
      if (t.length > 0) {
        parts.push(t);
        length += t.length + 1;
      }
    } else if (isTag(node) && !isIgnoredElement(node) && node.name !== 'a') {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as ChildNode);
    }
  }
  return languageFromText(parts.join(' ').slice(0, sampleChars));
}

/** The `<body>` of a page (or the document's first element when there is none). */
export function pageBody(page: ParsedPage): Element | null {
  const html = findElement(page.document.children, 'html');
  return findElement(html?.children ?? page.document.children, 'body') ?? html;
}

/** The page's `<head>` (null when the page has none). */
export function pageHead(page: ParsedPage): Element | null {
  return findElement(findElement(page.document.children, 'html')?.children ?? page.document.children, 'head');
}

/** `<base href>` resolved against the capture URL, else the capture URL: what the page's relative URLs mean. */
export function pageBaseUrl(page: ParsedPage): string {
  const base = pageHead(page)?.children.find((c): c is Element => isTag(c) && c.name === 'base' && c.attribs.href !== undefined);
  if (base?.attribs.href === undefined) return page.url;
  try {
    return new URL(base.attribs.href, page.url).href;
  } catch {
    return page.url;
  }
}
