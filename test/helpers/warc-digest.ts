import { createHash } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `sha1:<base32>` as Wget and warcio write WARC-Block-Digest and WARC-Payload-Digest. */
export function sha1Base32(bytes: Buffer): string {
  const digest = createHash('sha1').update(bytes).digest();
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return `sha1:${out}`;
}
