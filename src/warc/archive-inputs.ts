import { open, readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { constants, inflateRawSync } from 'node:zlib';
import type { Diagnostics } from '../core/diagnostics.js';
import { InputError } from '../core/errors.js';
import { SNIFF_FILE_BYTES, WARC_VERSION_PREFIX } from './constants.js';
import { gzipHeaderLength } from './gzip-members.js';

export type ArchiveFormat = 'warc' | 'warc.gz' | 'wacz';

/** One crawl to read: a WARC, a WARC.gz or a WACZ file. */
export interface ArchiveInput {
  /** Path as given (or joined under the directory given); used as RecordLocation.file. */
  path: string;
  /** File name, for reports. */
  name: string;
  /** File size in bytes. */
  bytes: number;
  format: ArchiveFormat;
}

const ARCHIVE_EXTENSION = /\.(warc|warc\.gz|wacz)$/i;
const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');

/** Format from the first bytes of a file, or null when it is not a WARC, WARC.gz or zip. */
export function sniffFormat(head: Buffer): ArchiveFormat | null {
  if (head.subarray(0, WARC_VERSION_PREFIX.length).equals(WARC_VERSION_PREFIX)) return 'warc';
  if (head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) return 'wacz';
  const headerLength = gzipHeaderLength(head);
  if (headerLength === null) return null;
  try {
    // The first member only, and a prefix of it is enough: later members may be damaged.
    const inflated = inflateRawSync(head.subarray(headerLength, headerLength + 4096), { finishFlush: constants.Z_SYNC_FLUSH });
    return inflated.subarray(0, WARC_VERSION_PREFIX.length).equals(WARC_VERSION_PREFIX) ? 'warc.gz' : null;
  } catch {
    return null;
  }
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_FILE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function inspectFile(path: string, diagnostics: Diagnostics): Promise<ArchiveInput | null> {
  try {
    const info = await stat(path);
    if (info.size === 0) {
      diagnostics.report(new InputError('input.empty', 'empty file (0 bytes)', { file: path }));
      return null;
    }
    const format = sniffFormat(await readHead(path));
    if (format === null) {
      diagnostics.report(
        new InputError('input.not-warc', 'not a WARC, WARC.gz or WACZ file (no WARC/ version line, gzip or zip header at byte 0)', {
          file: path,
          offset: 0,
        }),
      );
      return null;
    }
    return { path, name: basename(path), bytes: info.size, format };
  } catch (error) {
    diagnostics.report(new InputError('input.unreadable', `cannot read: ${(error as Error).message}`, { file: path }, { cause: error }));
    return null;
  }
}

/**
 * The archives behind the paths given: files as they are, directories expanded (non-recursively)
 * to their .warc, .warc.gz and .wacz files in name order. Files that are missing, empty or not an
 * archive are reported (input.unreadable / input.empty / input.not-warc) and left out; what that
 * means for the exit code is the CLI's decision.
 */
export async function listArchiveInputs(paths: string[], diagnostics: Diagnostics): Promise<ArchiveInput[]> {
  const inputs: ArchiveInput[] = [];
  for (const path of paths) {
    let files: string[];
    try {
      files = (await stat(path)).isDirectory()
        ? (await readdir(path, { withFileTypes: true }))
            .filter((d) => d.isFile() && ARCHIVE_EXTENSION.test(d.name))
            .map((d) => join(path, d.name))
            .sort()
        : [path];
    } catch (error) {
      diagnostics.report(new InputError('input.unreadable', `cannot read: ${(error as Error).message}`, { file: path }, { cause: error }));
      continue;
    }
    for (const file of files) {
      const input = await inspectFile(file, diagnostics);
      if (input !== null) inputs.push(input);
    }
  }
  return inputs;
}
