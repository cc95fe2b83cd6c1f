import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeContentEncoding, dechunk } from './http-payload.js';

const HTML = Buffer.from('<html><body><p>Hello, archive.</p></body></html>'.repeat(20));

describe('dechunk', () => {
  it('joins chunks, with extensions, and leaves already de-chunked bodies alone', () => {
    expect(dechunk(Buffer.from('5;ext=1\r\nHello\r\n7\r\n, world\r\n0\r\n\r\n'))).toEqual({
      body: Buffer.from('Hello, world'),
      problem: null,
    });
    expect(dechunk(HTML)).toEqual({ body: HTML, problem: null });
  });

  it('keeps what was readable of broken chunking', () => {
    const result = dechunk(Buffer.from('5\r\nHello\r\nzz\r\nrest'));
    expect(result.body.toString()).toBe('Hello');
    expect(result.problem).toMatch(/bad chunk-size line at byte 10/);
  });
});

describe('decodeContentEncoding', () => {
  it('undoes gzip, zlib deflate, raw deflate and br', () => {
    expect(decodeContentEncoding(zlib.gzipSync(HTML), 'gzip', 1e6).body.equals(HTML)).toBe(true);
    expect(decodeContentEncoding(zlib.deflateSync(HTML), 'deflate', 1e6).body.equals(HTML)).toBe(true);
    expect(decodeContentEncoding(zlib.deflateRawSync(HTML), 'deflate', 1e6).body.equals(HTML)).toBe(true);
    expect(decodeContentEncoding(zlib.brotliCompressSync(HTML), 'br', 1e6).body.equals(HTML)).toBe(true);
    expect(decodeContentEncoding(zlib.brotliCompressSync(zlib.gzipSync(HTML)), 'gzip, br', 1e6).body.equals(HTML)).toBe(true);
  });

  it('caps a bomb and keeps a damaged stream prefix', () => {
    const bomb = decodeContentEncoding(zlib.gzipSync(Buffer.alloc(2e6)), 'gzip', 1e6);
    expect(bomb.body.length).toBe(0);
    expect(bomb.problems.map((p) => p.kind)).toEqual(['http.decompression-bomb']);
    const damaged = zlib.gzipSync(HTML);
    const cut = decodeContentEncoding(damaged.subarray(0, damaged.length - 12), 'gzip', 1e6);
    expect(cut.problems.map((p) => p.kind)).toEqual(['http.bad-encoding']);
    expect(HTML.subarray(0, cut.body.length).equals(cut.body)).toBe(true);
  });

  it('leaves a body alone when the crawler already inflated it', () => {
    expect(decodeContentEncoding(HTML, 'gzip', 1e6)).toEqual({ body: HTML, problems: [] });
  });
});
