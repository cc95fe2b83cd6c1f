/**
 * Feeds are parsed without any DTD: a DOCTYPE is cut out before parsing, so internal entity
 * declarations (the "billion laughs" expansion attack, external entities) are never expanded.
 * References to the removed entities stay as literal text.
 */

/** A DOCTYPE declaration with an optional internal subset `[...]`, quotes respected. */
const DOCTYPE = /<!DOCTYPE\b(?:[^[>"']|"[^"]*"|'[^']*')*(?:\[(?:[^\]"']|"[^"]*"|'[^']*')*\]\s*)?>/i;
const ENTITY_DECLARATION = /<!ENTITY\b/gi;
/** The DOCTYPE must come before the root element; only the prolog is searched. */
const PROLOG_SEARCH_CHARS = 64 * 1024;

export interface NeutralisedXml {
  text: string;
  /** Number of `<!ENTITY` declarations removed with the DOCTYPE (> 0 means an expansion risk). */
  entityDeclarations: number;
  /** Offset of the removed DOCTYPE in the text, or -1. */
  doctypeAt: number;
}

/** Remove the DOCTYPE declaration (and its internal subset) from an XML document. */
export function neutraliseDoctype(xml: string): NeutralisedXml {
  const start = xml.search(/<!DOCTYPE\b/i);
  if (start < 0 || start > PROLOG_SEARCH_CHARS) return { text: xml, entityDeclarations: 0, doctypeAt: -1 };
  const match = DOCTYPE.exec(xml.slice(start));
  // An unclosed DOCTYPE: drop everything up to the first root-looking element.
  const end = match !== null && match.index === 0 ? start + match[0].length : firstElementAfter(xml, start);
  const doctype = xml.slice(start, end);
  const entityDeclarations = doctype.match(ENTITY_DECLARATION)?.length ?? 0;
  return { text: xml.slice(0, start) + xml.slice(end), entityDeclarations, doctypeAt: start };
}

/** Where the root element starts after a malformed DOCTYPE (the document's end when none). */
function firstElementAfter(xml: string, from: number): number {
  const root = /<([\w-]+:)?(rss|feed|RDF)[\s>]/g;
  root.lastIndex = from;
  const m = root.exec(xml);
  return m === null ? xml.length : m.index;
}

/** Closing tags of the last complete item or entry. */
const LAST_ITEM_END = /<\/(?:[\w-]+:)?(item|entry)\s*>/g;
/** Feed containers that may be left open when a capture is cut: root and RSS channel. */
const OPEN_CONTAINER = /<((?:[\w-]+:)?(?:rss|feed|RDF|channel))[\s>]/g;

/**
 * A feed cut mid-document (truncated capture) ends at its last complete item, with the root and
 * channel closed again, so the items before the cut are kept. Null when no complete item exists.
 */
export function closeTruncatedFeed(xml: string): { text: string; keptChars: number } | null {
  let end = -1;
  for (const m of xml.matchAll(LAST_ITEM_END)) end = m.index + m[0].length;
  if (end < 0) return null;
  const head = xml.slice(0, end);
  const open = [...head.matchAll(OPEN_CONTAINER)].map((m) => m[1] ?? '').filter((name) => !head.includes(`</${name}>`));
  return {
    text:
      head +
      open
        .reverse()
        .map((name) => `</${name}>`)
        .join(''),
    keptChars: end,
  };
}
