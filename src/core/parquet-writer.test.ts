import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { afterAll, describe, expect, it } from 'vitest';
import { writeParquet } from './parquet-writer.js';

const dir = mkdtempSync(join(tmpdir(), 'wo-parquet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = async (file: string) => {
  const buf = readFileSync(file);
  const arrayBuffer = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
  return { rows: await parquetReadObjects({ file: arrayBuffer }), meta: parquetMetadata(arrayBuffer) };
};

describe('writeParquet', () => {
  it('writes rows that read back with their types; later values are coerced', async () => {
    const file = join(dir, 'a.parquet');
    const rows = [
      { url: 'https://a.test/1', warc_offset: 123456789012, confidence: 1, is_post: true, categories: ['x', 'y'], note: null },
      { url: 'https://a.test/2', warc_offset: 7, confidence: 0.5, is_post: false, categories: [], note: 'n' },
    ];
    const n = await writeParquet(rows, file, { integerColumns: new Set(['warc_offset']) });
    expect(n).toBe(2);
    const { rows: back, meta } = await read(file);
    expect(Number(meta.num_rows)).toBe(2);
    expect(back.map((r) => r.url)).toEqual(['https://a.test/1', 'https://a.test/2']);
    expect(back.map((r) => Number(r.warc_offset))).toEqual([123456789012, 7]);
    expect(back.map((r) => r.confidence)).toEqual([1, 0.5]);
    expect(back.map((r) => r.is_post)).toEqual([true, false]);
    expect(back.map((r) => r.categories)).toEqual([['x', 'y'], []]);
    expect(back.map((r) => r.note)).toEqual([null, 'n']);
  });

  it('streams more rows than one schema sample', async () => {
    const file = join(dir, 'b.parquet');
    function* many() {
      for (let i = 0; i < 2500; i++) yield { i, s: `row ${i}` };
    }
    expect(await writeParquet(many(), file, { integerColumns: new Set(['i']) })).toBe(2500);
    const { rows } = await read(file);
    expect(rows).toHaveLength(2500);
    expect(rows[2499]).toEqual({ i: 2499n, s: 'row 2499' });
  });
});
