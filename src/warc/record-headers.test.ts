import { AsyncIterReader, HeadersMultiMap, StatusAndHeadersParser } from 'warcio';
import { describe, expect, it } from 'vitest';
import { type HeaderBlock, parseHeaderBlock, parseStatusCode } from './record-headers.js';

/** The reading parseHeaderBlock replaces: warcio's StatusAndHeadersParser, fields joined the same way. */
async function warcioReading(block: Buffer): Promise<HeaderBlock | null> {
  const parsed = await new StatusAndHeadersParser().parse(new AsyncIterReader([block], null), { headersClass: HeadersMultiMap });
  if (parsed === null) return null;
  const fields: Record<string, string> = {};
  for (const [name, value] of parsed.headers) {
    const key = name.toLowerCase();
    fields[key] = fields[key] === undefined ? value : `${fields[key]}, ${value}`;
  }
  return { statusLine: parsed.statusline, fields: new Map(Object.entries(fields)) };
}

const BLOCKS = [
  'HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\nX-Folded: one\r\n  two\r\nX-Empty:\r\nno colon here\r\n  Title:  Ünïcode  \r\n\r\n',
  'WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: <http://a.test/x?y=1>\r\nContent-Length: 12\r\n\r\n',
  'HTTP/1.0 301 Moved\nLocation: /next\n\n',
  'WARC/1.0\r\nWARC-Date: 2026-01-01T00:00:00Z\r\nWeird-Name : v\r\n:nameless\r\n\tfolded-after-nothing\r\n\r\n',
];

describe('parseHeaderBlock reads header bytes as warcio does', () => {
  it.each(BLOCKS)('same fields as warcio for %j', async (text) => {
    const block = Buffer.from(text);
    expect(parseHeaderBlock(block)).toEqual(await warcioReading(block));
  });

  it('first line, lower-cased names, repeats joined, folded lines kept as written, empty values and junk lines ignored', () => {
    const parsed = parseHeaderBlock(Buffer.from(BLOCKS[0] ?? ''));
    expect(parsed?.statusLine).toBe('HTTP/1.1 200 OK');
    expect(Object.fromEntries(parsed?.fields ?? [])).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'set-cookie': 'a=1, b=2',
      'x-folded': 'one  two',
      title: 'Ünïcode',
    });
    expect(parseStatusCode('HTTP/1.1 404 Not Found')).toBe(404);
  });

  it('a block without a first line is null; one without fields has none', () => {
    expect(parseHeaderBlock(Buffer.from('\r\nWARC-Type: response\r\n\r\n'))).toBeNull();
    expect(parseHeaderBlock(Buffer.from('WARC/1.1'))).toEqual({ statusLine: 'WARC/1.1', fields: new Map() });
  });
});
