import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeRows } from './output.js';

async function render(rows: Array<Record<string, unknown>>, format: 'jsonl' | 'csv'): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const n = await writeRows(rows, format, out);
  out.end();
  expect(n).toBe(rows.length);
  return Buffer.concat(chunks).toString('utf8');
}

describe('writeRows', () => {
  it('quotes CSV cells as RFC 4180 says, arrays as JSON, null as empty', async () => {
    const csv = await render(
      [
        { url: 'https://a.test/x', title: 'He said "hi", then left', text: 'line 1\nline 2', kinds: ['new'], n: null },
        { url: 'https://a.test/y', title: 'plain', text: '', kinds: [], n: 3 },
      ],
      'csv',
    );
    expect(csv).toBe(
      'url,title,text,kinds,n\n' +
        'https://a.test/x,"He said ""hi"", then left","line 1\nline 2","[""new""]",\n' +
        'https://a.test/y,plain,,[],3\n',
    );
  });

  it('writes one JSON object a line', async () => {
    expect(await render([{ a: 1 }, { a: 'x,y' }], 'jsonl')).toBe('{"a":1}\n{"a":"x,y"}\n');
  });
});
