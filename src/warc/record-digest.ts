import { createHash, getHashes } from 'node:crypto';
import { InputError, type InputLocation } from '../core/errors.js';

/**
 * WARC-Block-Digest and WARC-Payload-Digest checks [WARC 1.1 §5.8, §5.9]: `algorithm:value`,
 * the value in base32 (RFC 4648, what most writers use for sha1), hex or base64.
 */

/** Algorithm labels as writers spell them -> Node's hash names. */
const ALGORITHMS: ReadonlyMap<string, string> = new Map([
  ['sha1', 'sha1'],
  ['sha-1', 'sha1'],
  ['sha256', 'sha256'],
  ['sha-256', 'sha256'],
  ['sha512', 'sha512'],
  ['sha-512', 'sha512'],
  ['md5', 'md5'],
]);
const AVAILABLE: ReadonlySet<string> = new Set(getHashes());
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (how WARC writers spell sha1 digests). */
export function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export type DigestCheck = { result: 'ok' } | { result: 'mismatch'; computed: string } | { result: 'unsupported' };

/** Compare `data` with a declared `algorithm:value` digest. Unknown algorithms or encodings are 'unsupported'. */
export function checkDigest(declared: string, data: Buffer): DigestCheck {
  const colon = declared.indexOf(':');
  if (colon <= 0) return { result: 'unsupported' };
  const algorithm = ALGORITHMS.get(declared.slice(0, colon).trim().toLowerCase());
  if (algorithm === undefined || !AVAILABLE.has(algorithm)) return { result: 'unsupported' };
  const value = declared
    .slice(colon + 1)
    .trim()
    .replace(/=+$/, '');
  const digest = createHash(algorithm).update(data).digest();
  const encodings = [
    { text: base32(digest), caseless: true },
    { text: digest.toString('hex'), caseless: true },
    { text: digest.toString('base64').replace(/=+$/, ''), caseless: false },
  ];
  const fits = encodings.filter((e) => e.text.length === value.length);
  if (fits.length === 0) return { result: 'unsupported' };
  for (const e of fits) {
    if (e.caseless ? e.text.toUpperCase() === value.toUpperCase() : e.text === value) return { result: 'ok' };
  }
  return { result: 'mismatch', computed: `${declared.slice(0, colon)}:${fits[0]?.text ?? ''}` };
}

/** What a record offers to digest checks: its declared digests and the bytes they cover. */
export interface DigestSubject {
  blockDigest: string | undefined;
  payloadDigest: string | undefined;
  block: Buffer;
  /** The payload (after the HTTP header block), or null when the record has none to check (revisits). */
  payload: Buffer | null;
}

/**
 * Check the record's digests; a mismatch is returned as an InputError (warc.digest-mismatch) saying
 * which digest, declared and computed. The block digest is checked first: when it holds, the
 * payload (a part of the block) is checked too; one error per record at most.
 */
export function verifyRecordDigests(subject: DigestSubject, where: InputLocation): InputError | null {
  const checks: Array<[string, string | undefined, Buffer | null]> = [
    ['WARC-Block-Digest', subject.blockDigest, subject.block],
    ['WARC-Payload-Digest', subject.payloadDigest, subject.payload],
  ];
  for (const [field, declared, data] of checks) {
    if (declared === undefined || data === null) continue;
    const check = checkDigest(declared, data);
    if (check.result === 'mismatch') {
      return new InputError(
        'warc.digest-mismatch',
        `${field} mismatch: declared ${declared}, computed ${check.computed} over ${data.length} bytes (record damaged)`,
        where,
      );
    }
  }
  return null;
}
