import { open } from 'node:fs/promises';
import yauzl from 'yauzl';
import { InputError } from '../core/errors.js';
import { ZIP_LOCAL_HEADER_BYTES, ZIP_LOCAL_HEADER_SIGNATURE } from './constants.js';

/** A WARC stored inside a WACZ: where its bytes are in the zip (WACZ 1.1: archive/ entries are STORED). */
export interface WaczWarcEntry {
  /** Entry name, e.g. `archive/data.warc.gz`. */
  name: string;
  /** Absolute offset of the entry's data in the zip file. */
  dataStart: number;
  size: number;
}

/** `archive/<name>.warc` or `.warc.gz` directly under archive/ [WACZ 1.1.1 §"Directory Layout"]. */
const ARCHIVE_ENTRY = /^archive\/[^/]+\.warc(\.gz)?$/i;

/** Problems with single entries are returned so the caller reports them and goes on with the rest. */
export interface WaczListing {
  entries: WaczWarcEntry[];
  problems: InputError[];
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) => (error ? reject(error) : resolve(zip)));
  });
}

/**
 * The WARC entries of a WACZ, sorted by name, with the offset of their data in the zip (read
 * from each local file header, whose name/extra lengths may differ from the central directory).
 * Compressed entries cannot be read by offset: they are reported (wacz.bad-zip) and left out.
 */
export async function listWaczWarcs(path: string): Promise<WaczListing> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(path);
  } catch (error) {
    throw new InputError('wacz.bad-zip', `not a readable zip: ${(error as Error).message}`, { file: path }, { cause: error });
  }
  const found: yauzl.Entry[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        if (ARCHIVE_ENTRY.test(entry.fileName)) found.push(entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
  } catch (error) {
    throw new InputError('wacz.bad-zip', `zip central directory unreadable: ${(error as Error).message}`, { file: path }, { cause: error });
  } finally {
    zip.close();
  }
  const listing: WaczListing = { entries: [], problems: [] };
  if (found.length === 0) listing.problems.push(new InputError('wacz.missing-entry', 'WACZ holds no archive/*.warc or archive/*.warc.gz entry', { file: path }));
  const handle = await open(path, 'r');
  try {
    for (const entry of found.sort((a, b) => a.fileName.localeCompare(b.fileName))) {
      const where = { file: `${path}#${entry.fileName}`, offset: entry.relativeOffsetOfLocalHeader };
      if (entry.compressionMethod !== 0) {
        listing.problems.push(new InputError('wacz.bad-zip', `entry is compressed (method ${entry.compressionMethod}); WACZ requires STORED WARCs, entry skipped`, where));
        continue;
      }
      const header = Buffer.alloc(ZIP_LOCAL_HEADER_BYTES);
      await handle.read(header, 0, header.length, entry.relativeOffsetOfLocalHeader);
      if (header.readUInt32LE(0) !== ZIP_LOCAL_HEADER_SIGNATURE) {
        listing.problems.push(new InputError('wacz.bad-zip', 'no local file header at the offset the central directory gives; entry skipped', where));
        continue;
      }
      const dataStart = entry.relativeOffsetOfLocalHeader + ZIP_LOCAL_HEADER_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28);
      listing.entries.push({ name: entry.fileName, dataStart, size: entry.compressedSize });
    }
  } finally {
    await handle.close();
  }
  return listing;
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
  if (entry === undefined) throw new InputError('wacz.missing-entry', `no STORED entry "${name}" in the WACZ`, { file: path });
  return entry;
}

/** Split `x.wacz#archive/data.warc.gz` into zip path and entry name; null for a plain path. */
export function splitWaczLocation(file: string): { path: string; entry: string } | null {
  const hash = file.lastIndexOf('#');
  if (hash < 0) return null;
  const path = file.slice(0, hash);
  return /\.wacz$/i.test(path) ? { path, entry: file.slice(hash + 1) } : null;
}
