import { AsyncIterReader, HeadersMultiMap, StatusAndHeadersParser } from 'warcio';

/** A parsed header block: the first line and the fields (lower-cased names, repeats joined ", "). */
export interface HeaderBlock {
  statusLine: string;
  fields: Record<string, string>;
}

/**
 * Parse a WARC or HTTP header block (first line + fields + CRLFCRLF) with warcio's
 * StatusAndHeadersParser, fed from memory. Returns null when the block has no first line.
 */
export async function parseHeaderBlock(block: Uint8Array): Promise<HeaderBlock | null> {
  const reader = new AsyncIterReader([block], null);
  const parsed = await new StatusAndHeadersParser().parse(reader, { headersClass: HeadersMultiMap });
  if (parsed === null) return null;
  const fields: Record<string, string> = {};
  for (const [name, value] of parsed.headers) {
    const key = name.toLowerCase();
    const previous = fields[key];
    fields[key] = previous === undefined ? value : `${previous}, ${value}`;
  }
  return { statusLine: parsed.statusline, fields };
}

/** HTTP status code from a status line (`HTTP/1.1 200 OK`), null when there is none. */
export function parseStatusCode(statusLine: string): number | null {
  const match = /^HTTP\/\d(?:\.\d)?\s+(\d{3})/i.exec(statusLine);
  return match?.[1] !== undefined ? Number(match[1]) : null;
}
