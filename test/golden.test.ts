import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../src/feeds/types.js';
import { extractObject, parsePage } from '../src/extract/index.js';

const GOLDEN = join(import.meta.dirname, 'golden');

/** Word 4-shingle multisets (the article-extraction benchmark measure of issue #3). */
function shingles(text: string): Map<string, number> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const m = new Map<string, number>();
  for (let i = 0; i + 4 <= words.length; i++) {
    const k = words.slice(i, i + 4).join(' ');
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

function shingleF1(predicted: string, gold: string): number {
  const p = shingles(predicted);
  const g = shingles(gold);
  let tp = 0;
  let np = 0;
  let ng = 0;
  for (const [k, v] of p) {
    np += v;
    tp += Math.min(v, g.get(k) ?? 0);
  }
  for (const v of g.values()) ng += v;
  if (tp === 0) return 0;
  const precision = tp / np;
  const recall = tp / ng;
  return (2 * precision * recall) / (precision + recall);
}

const cases = readdirSync(GOLDEN, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

describe('golden extraction cases', () => {
  it('has the cases', () => expect(cases.length).toBeGreaterThanOrEqual(6));
  for (const slug of cases) {
    it(slug, () => {
      const dir = join(GOLDEN, slug);
      const html = readFileSync(join(dir, 'input.html'), 'utf8');
      const { url, item } = JSON.parse(readFileSync(join(dir, 'item.json'), 'utf8')) as { url: string; item: FeedItem };
      const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { title: string; text: string; minShingleF1: number };
      const result = extractObject(parsePage(html, url), item);
      expect(result.ok, result.ok ? '' : result.reason).toBe(true);
      if (!result.ok) return;
      expect(shingleF1(result.object.text, expected.text)).toBeGreaterThanOrEqual(expected.minShingleF1);
      expect(result.object.title).toBe(expected.title);
      expect(result.object.method).toBe('feed-guided');
      expect(result.object.paths.content).toMatch(/^\|html/);
    });
  }
});
