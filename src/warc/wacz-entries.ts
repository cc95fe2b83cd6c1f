import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import yauzl from 'yauzl';
import { InputError } from '../core/errors.js';
import { MAX_INFLATED_WACZ_ENTRY_BYTES } from './constants.js';
import {
  decodeEntryName,
  LOCAL_HEADER_BYTES,
  LOCAL_HEADER_SIGNATURE,
  readLocalEntries,
  unsafeNameReason,
  type ZipEntry,
} from './zip-directory.js';

/** A WARC stored inside a WACZ: where its bytes can be read by offset. */
export interface WaczWarcEntry {
  /** Entry name, e.g. `archive/data.warc.gz`. */
  name: string;
  /**
   * File holding the WARC's bytes: the WACZ itself for a STORED entry (WACZ 1.1), a copy inflated
   * once into the temporary directory for a DEFLATE one (records are read by offset).
   */
  path: string;
  /** Absolute offset of the WARC's first byte in `path`. */
  dataStart: number;
  size: number;
}

/** `archive/<name>.warc` or `.warc.gz` directly under archive/ [WACZ 1.1.1 §"Directory Layout"]. */
const ARCHIVE_ENTRY = /^archive\/[^/]+\.warc(\.gz)?$/i;
const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;

/** Problems with single entries are returned so the caller reports them and goes on with the rest. */
export interface WaczListing {
  entries: WaczWarcEntry[];
  /** Entries skipped (reported as errors). */
  problems: InputError[];
  /** What was worked around (reported as warnings): a missing central directory. */
  warnings: InputError[];
}

/**
 * The zip's entries from its central directory, names as raw bytes: yauzl's own name check would
 * reject the whole file for one entry climbing out of the folder (issue #17), so names are
 * checked here, entry by entry.
 */
function readCentralEntries(path: string): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, decodeStrings: false }, (error, zip) => {
      if (error) {
        reject(error);
        return;
      }
      const entries: ZipEntry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        const raw = entry.fileName as unknown as Buffer;
        entries.push({
          name: decodeEntryName(raw, entry.generalPurposeBitFlag),
          headerOffset: entry.relativeOffsetOfLocalHeader,
          dataStart: -1,
          compressedSize: entry.compressedSize,
          uncompressedSize: entry.uncompressedSize,
          method: entry.compressionMethod,
          isCut: false,
        });
        zip.readEntry();
      });
      zip.on('end', () => {
        zip.close();
        resolve(entries);
      });
      zip.on('error', (e: Error) => {
        zip.close();
        reject(e);
      });
      zip.readEntry();
    });
  });
}

/**
 * The WARC entries of a WACZ, sorted by name. Read from the central directory, or, when it is
 * missing or unreadable (a WACZ cut short), from the local file headers (reported as a warning).
 * Entries whose names are unsafe (absolute, `..`, ...) are skipped and reported (wacz.unsafe-entry);
 * the others are read, STORED in place and DEFLATE through a once-inflated copy.
 */
export async function listWaczWarcs(path: string): Promise<WaczListing> {
  const listing: WaczListing = { entries: [], problems: [], warnings: [] };
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new InputError('input.unreadable', `cannot read: ${(error as Error).message}`, { file: path }, { cause: error });
  }
  try {
    const fileSize = (await handle.stat()).size;
    let entries: ZipEntry[];
    let fromCentral = true;
    try {
      entries = await readCentralEntries(path);
    } catch (error) {
      entries = await readLocalEntries(handle, fileSize);
      fromCentral = false;
      if (entries.length === 0)
        throw new InputError('wacz.bad-zip', `not a readable zip: ${(error as Error).message}`, { file: path }, { cause: error });
      listing.warnings.push(
        new InputError(
          'wacz.bad-zip',
          `zip central directory unreadable (${(error as Error).message}): ${entries.length} entries read from their local file headers`,
          { file: path },
        ),
      );
    }
    const found: ZipEntry[] = [];
    for (const entry of entries) {
      const unsafe = unsafeNameReason(entry.name);
      if (unsafe !== null) {
        listing.problems.push(
          new InputError('wacz.unsafe-entry', `zip entry ${JSON.stringify(entry.name)} skipped: ${unsafe}`, {
            file: path,
            offset: entry.headerOffset,
          }),
        );
        continue;
      }
      if (ARCHIVE_ENTRY.test(entry.name)) found.push(entry);
    }
    if (found.length === 0)
      listing.problems.push(
        new InputError('wacz.missing-entry', 'WACZ holds no archive/*.warc or archive/*.warc.gz entry', { file: path }),
      );
    for (const entry of found.sort((a, b) => a.name.localeCompare(b.name))) {
      const where = { file: `${path}#${entry.name}`, offset: entry.headerOffset };
      if (entry.method !== METHOD_STORED && entry.method !== METHOD_DEFLATE) {
        listing.problems.push(
          new InputError(
            'wacz.bad-zip',
            `entry compressed with method ${entry.method} (only STORED and DEFLATE are read); entry skipped`,
            where,
          ),
        );
        continue;
      }
      let dataStart = entry.dataStart;
      let size = entry.compressedSize;
      if (fromCentral) {
        // The local header's name and extra lengths may differ from the central directory's.
        const header = Buffer.alloc(LOCAL_HEADER_BYTES);
        await handle.read(header, 0, header.length, entry.headerOffset);
        if (header.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) {
          listing.problems.push(
            new InputError('wacz.bad-zip', 'no local file header at the offset the central directory gives; entry skipped', where),
          );
          continue;
        }
        dataStart = entry.headerOffset + LOCAL_HEADER_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28);
        size = Math.max(0, Math.min(size, fileSize - dataStart));
      }
      if (entry.method === METHOD_STORED) {
        listing.entries.push({ name: entry.name, path, dataStart, size });
        continue;
      }
      const inflated = await inflateEntry(path, entry.name, dataStart, size);
      if (inflated.problem !== null)
        listing.warnings.push(
          new InputError('wacz.bad-zip', `DEFLATE entry: ${inflated.problem}; ${inflated.size} bytes inflated are read`, where),
        );
      listing.entries.push({ name: entry.name, path: inflated.path, dataStart: 0, size: inflated.size });
    }
  } finally {
    await handle.close();
  }
  return listing;
}

/**
 * Inflate a DEFLATE entry once into the temporary directory (named by the WACZ's path, size,
 * mtime and the entry, so later reads by offset, in this process or another, reuse it), at most
 * MAX_INFLATED_WACZ_ENTRY_BYTES. Damaged or cut data keeps what inflated.
 */
async function inflateEntry(
  waczPath: string,
  name: string,
  dataStart: number,
  size: number,
): Promise<{ path: string; size: number; problem: string | null }> {
  const info = await stat(waczPath);
  const key = createHash('sha1').update(`${waczPath}\u0000${info.size}\u0000${info.mtimeMs}\u0000${name}\u0000${dataStart}`).digest('hex');
  const dir = join(tmpdir(), 'warc-overlay-wacz');
  const target = join(dir, `${key}-${name.split('/').pop() ?? 'entry.warc'}`);
  const done = await stat(target).catch(() => null);
  if (done !== null) return { path: target, size: done.size, problem: null };
  await mkdir(dir, { recursive: true });
  const partial = `${target}.${process.pid}.tmp`;
  let written = 0;
  let problem: string | null = null;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (written + chunk.length > MAX_INFLATED_WACZ_ENTRY_BYTES) {
        callback(new RangeError(`inflates to more than ${MAX_INFLATED_WACZ_ENTRY_BYTES} bytes`));
        return;
      }
      written += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    const source =
      size > 0
        ? createReadStream(waczPath, { start: dataStart, end: dataStart + size - 1 })
        : createReadStream(waczPath, { start: 0, end: -1 });
    await pipeline(source, createInflateRaw(), cap, createWriteStream(partial));
  } catch (error) {
    problem = (error as Error).message;
  }
  // Only a complete copy is kept under the shared name; a damaged entry's is this run's alone.
  if (problem !== null) return { path: partial, size: written, problem };
  await rename(partial, target);
  return { path: target, size: written, problem };
}

const cache = new Map<string, Map<string, WaczWarcEntry>>();

/** One entry of a WACZ by name (listing cached per process, for reads by offset). */
export async function findWaczWarc(path: string, name: string): Promise<WaczWarcEntry> {
  let entries = cache.get(path);
  if (entries === undefined) {
    const listing = await listWaczWarcs(path);
    entries = new Map(listing.entries.map((e) => [e.name, e]));
    cache.set(path, entries);
  }
  const entry = entries.get(name);
  if (entry === undefined) throw new InputError('wacz.missing-entry', `no readable entry "${name}" in the WACZ`, { file: path });
  return entry;
}

/** Split `x.wacz#archive/data.warc.gz` into zip path and entry name; null for a plain path. */
export function splitWaczLocation(file: string): { path: string; entry: string } | null {
  const hash = file.lastIndexOf('#');
  if (hash < 0) return null;
  const path = file.slice(0, hash);
  return /\.wacz$/i.test(path) ? { path, entry: file.slice(hash + 1) } : null;
}
