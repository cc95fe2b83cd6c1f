import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../src/feeds/index.js';
import { extractObject, parsePage } from '../src/extract/index.js';
import { shingleF1 } from '../bench/quality/text-metrics.js';

const GOLDEN = join(import.meta.dirname, 'golden');

const cases = readdirSync(GOLDEN, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe('golden extraction cases', () => {
  it('has the cases', () => expect(cases.length).toBeGreaterThanOrEqual(6));
  for (const slug of cases) {
    it(slug, () => {
      const dir = join(GOLDEN, slug);
      const html = readFileSync(join(dir, 'input.html'), 'utf8');
      const { url, item } = JSON.parse(readFileSync(join(dir, 'item.json'), 'utf8')) as { url: string; item: FeedItem };
      const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as {
        title: string;
        text: string;
        minShingleF1: number;
      };
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
