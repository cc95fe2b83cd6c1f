import { isAscii } from 'node:buffer';

/** A parsed header block: the first line and the fields (lower-cased names, repeats joined ", "). */
export interface HeaderBlock {
  statusLine: string;
  /** A Map: header names hold `-`, which puts plain objects in V8's slow dictionary mode. */
  fields: Map<string, string>;
}

const SPACE = 0x20;
const TAB = 0x09;

/**
 * Parse a WARC or HTTP header block (first line, then `name: value` lines; WARC 1.1 §4,
 * RFC 9112 §5) synchronously, decoding the bytes once (as latin1 when they are ASCII, which is
 * the same string and faster, else UTF-8). Same reading as warcio's StatusAndHeadersParser, which
 * it replaces on the index pass's hot path (issue #15: warcio's async line reader was ~8% of the
 * pass): lines split on LF, a line starting with space or tab continues the previous value, lines
 * without `:` and empty values are ignored, names trimmed at the start and values at both ends.
 * Returns null when the first line is empty.
 */
export function parseHeaderBlock(block: Buffer): HeaderBlock | null {
  const text = isAscii(block) ? block.toString('latin1') : block.toString('utf8');
  const firstEnd = text.indexOf('\n');
  const statusLine = (firstEnd < 0 ? text : text.slice(0, firstEnd)).trimEnd();
  if (statusLine === '') return null;
  const fields = new Map<string, string>();
  if (firstEnd < 0) return { statusLine, fields };
  let name = '';
  let value: string | null = null;
  let start = firstEnd + 1;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const first = text.charCodeAt(start);
    if (value && (first === SPACE || first === TAB)) {
      value += text.slice(start, end).trimEnd();
    } else {
      if (value) addField(fields, name, value);
      value = null;
      const colon = text.indexOf(':', start);
      if (colon >= 0 && colon < end) {
        name = text.slice(start, colon).trimStart();
        value = text.slice(colon + 1, end).trim();
      }
    }
    start = end + 1;
  }
  if (value) addField(fields, name, value);
  return { statusLine, fields };
}

function addField(fields: Map<string, string>, name: string, value: string): void {
  const key = name.toLowerCase();
  const previous = fields.get(key);
  fields.set(key, previous === undefined ? value : `${previous}, ${value}`);
}

/** HTTP status code from a status line (`HTTP/1.1 200 OK`), null when there is none. */
export function parseStatusCode(statusLine: string): number | null {
  const match = /^HTTP\/\d(?:\.\d)?\s+(\d{3})/i.exec(statusLine);
  return match?.[1] !== undefined ? Number(match[1]) : null;
}
