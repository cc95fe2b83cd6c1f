import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ArchiveInput } from '../warc/index.js';

/** Bytes of an archive hashed into its crawl identity. */
const IDENTITY_HEAD_BYTES = 65536;

/** A crawl is known by its file name, size and the hash of its first 64 KiB (cheap, path-independent). */
export async function crawlIdentity(input: ArchiveInput): Promise<string> {
  const handle = await open(input.path, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(IDENTITY_HEAD_BYTES, input.bytes));
    await handle.read(buffer, 0, buffer.length, 0);
    return `${basename(input.name)}:${input.bytes}:${createHash('sha1').update(buffer).digest('hex')}`;
  } finally {
    await handle.close();
  }
}
