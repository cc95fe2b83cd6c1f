/**
 * The one writer of cleaned HTML (the HTML of articles and comments): the start tag of a kept
 * element with a chosen set of attributes, URL attributes written as the caller resolves them, and
 * its end tag unless it is a void element.
 */
import type { Element } from 'domhandler';
import { escapeAttribute } from 'entities';

/** Void elements [HTML Living Standard §13.1.2 "Void elements"]: a start tag, no content, no end tag. */
export const VOID_TAGS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** Attributes that hold a URL, among those cleaned HTML keeps. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);

/** Which attributes a start tag keeps and how it writes URLs. */
export interface StartTagOptions {
  /** Attributes written; every other one is dropped. */
  keep: ReadonlySet<string>;
  /** The value written for a URL attribute (`href`, `src`, `cite`), e.g. made absolute; null drops the attribute. */
  resolveUrl: (url: string) => string | null;
}

/** The start tag of `el` with the kept attributes, values escaped. */
export function startTag(el: Element, opts: StartTagOptions): string {
  let attrs = '';
  for (const [name, raw] of Object.entries(el.attribs)) {
    if (!opts.keep.has(name)) continue;
    const value = URL_ATTRIBUTES.has(name) ? opts.resolveUrl(raw) : raw;
    if (value !== null) attrs += ` ${name}="${escapeAttribute(value)}"`;
  }
  return `<${el.name}${attrs}>`;
}

/** The end tag of `el`; '' for a void element. */
export function endTag(el: Element): string {
  return VOID_TAGS.has(el.name) ? '' : `</${el.name}>`;
}
