import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MemberInflater } from './gzip-members.js';

const text = (n: number, seed: string): Buffer =>
  Buffer.from(Array.from({ length: n }, (_, i) => `${seed}-${(i * 7919) % 1000} `).join(''));

describe('MemberInflater: one reused native handle for every member', () => {
  it('runs on this Node (else every member would take the slow inflateRawSync path)', () => {
    expect(MemberInflater.isSupported).toBe(true);
  });

  it('inflates members one after the other, telling how much input each used', () => {
    const inflater = new MemberInflater();
    for (const [i, size] of [10, 5000, 300_000, 3].entries()) {
      const plain = text(size, `m${i}`);
      const deflated = deflateRawSync(plain);
      const trailerAndNext = Buffer.from('12345678next member bytes');
      const result = inflater.inflate(Buffer.concat([deflated, trailerAndNext]), 64 * 1024 * 1024);
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      expect(result.consumed).toBe(deflated.length);
      // 300,000 items inflate to more than the initial 1 MiB output buffer: it grew.
      expect(result.data.equals(plain)).toBe(true);
    }
  });

  it('says need-more for a cut stream, too-large above the cap, corrupt for bad data, and recovers', () => {
    const inflater = new MemberInflater();
    const plain = text(20_000, 'x');
    const deflated = deflateRawSync(plain);
    expect(inflater.inflate(deflated.subarray(0, deflated.length >> 1), 1 << 26)).toMatchObject({ ok: false, code: 'need-more' });
    expect(inflater.inflate(Buffer.concat([deflated, Buffer.alloc(8)]), 1000)).toMatchObject({ ok: false, code: 'too-large' });
    expect(inflater.inflate(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), 1 << 26)).toMatchObject({
      ok: false,
      code: 'corrupt',
    });
    const again = inflater.inflate(Buffer.concat([deflated, Buffer.alloc(8)]), 1 << 26);
    expect(again.ok && again.data.equals(plain)).toBe(true);
  });
});
