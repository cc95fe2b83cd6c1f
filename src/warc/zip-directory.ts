import type { FileHandle } from 'node:fs/promises';
import { ZIP_LOCAL_HEADER_BYTES as LOCAL_HEADER_BYTES, ZIP_LOCAL_HEADER_SIGNATURE as LOCAL_HEADER_SIGNATURE } from './constants.js';

export { LOCAL_HEADER_BYTES, LOCAL_HEADER_SIGNATURE };

/**
 * Zip entries of a WACZ read without trusting the whole file: from the central directory when
 * there is one, else (a WACZ cut short) by walking the local file headers [APPNOTE 6.3.10 §4.3].
 */

/** One zip entry: where its data is and how it is stored. */
export interface ZipEntry {
  name: string;
  /** Offset of its local file header. */
  headerOffset: number;
  /** Offset of its data (after the local header, name and extra field). */
  dataStart: number;
  /** Bytes of data in the zip (what the headers say; capped at the file end when cut short). */
  compressedSize: number;
  uncompressedSize: number;
  /** 0 STORED, 8 DEFLATE [APPNOTE §4.4.5]. */
  method: number;
  /** The data runs past the end of the file (the zip was cut short). */
  isCut: boolean;
}

/** Central directory header and data descriptor signatures [APPNOTE §4.3.12, §4.3.9]. */
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const DATA_DESCRIPTOR_SIGNATURE = 0x08074b50;
/** General purpose flag bits: sizes in a data descriptor after the data; names in UTF-8 [APPNOTE §4.4.4]. */
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
/** Zip64 extended information extra field [APPNOTE §4.5.3]. */
const ZIP64_EXTRA_ID = 0x0001;
const ZIP64_MARKER = 0xffffffff;
const SIGNATURE_PROBE_BYTES = 1024 * 1024;

/**
 * Why an entry name may not be used as a path inside the archive folder: absolute, a drive
 * letter, a backslash, or a `..` segment (zip-slip). Null when it is safe.
 */
export function unsafeNameReason(name: string): string | null {
  if (name.startsWith('/')) return 'absolute path';
  if (/^[a-zA-Z]:/.test(name)) return 'drive letter';
  if (name.includes('\\')) return 'backslash in the name';
  if (name.split('/').some((segment) => segment === '..')) return '".." segment climbs out of the folder';
  if (name.includes('\u0000')) return 'NUL byte in the name';
  return null;
}

/** An entry name as stored: UTF-8 when flagged (or valid), else read byte for byte. */
export function decodeEntryName(bytes: Buffer, flags: number): string {
  if ((flags & FLAG_UTF8) !== 0) return bytes.toString('utf8');
  const utf8 = bytes.toString('utf8');
  return utf8.includes('\ufffd') ? bytes.toString('latin1') : utf8;
}

async function readAt(handle: FileHandle, offset: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, offset);
  return buffer.subarray(0, bytesRead);
}

/** Zip64 sizes from an extra field, for the fields whose 32-bit value is the 0xffffffff marker. */
function zip64Sizes(extra: Buffer, compressed: number, uncompressed: number): { compressed: number; uncompressed: number } {
  let p = 0;
  while (p + 4 <= extra.length) {
    const id = extra.readUInt16LE(p);
    const size = extra.readUInt16LE(p + 2);
    if (id === ZIP64_EXTRA_ID) {
      let q = p + 4;
      let u = uncompressed;
      let c = compressed;
      if (u === ZIP64_MARKER && q + 8 <= p + 4 + size) {
        u = Number(extra.readBigUInt64LE(q));
        q += 8;
      }
      if (c === ZIP64_MARKER && q + 8 <= p + 4 + size) c = Number(extra.readBigUInt64LE(q));
      return { compressed: c, uncompressed: u };
    }
    p += 4 + size;
  }
  return { compressed, uncompressed };
}

/** Offset of the next local or central header signature at or after `from`, or -1. */
async function findNextHeader(handle: FileHandle, from: number, fileSize: number): Promise<number> {
  const local = Buffer.alloc(4);
  local.writeUInt32LE(LOCAL_HEADER_SIGNATURE);
  const central = Buffer.alloc(4);
  central.writeUInt32LE(CENTRAL_HEADER_SIGNATURE);
  for (let pos = from; pos < fileSize; pos += SIGNATURE_PROBE_BYTES - 3) {
    const chunk = await readAt(handle, pos, SIGNATURE_PROBE_BYTES);
    const hits = [chunk.indexOf(local), chunk.indexOf(central)].filter((i) => i >= 0);
    if (hits.length > 0) return pos + Math.min(...hits);
    if (chunk.length < SIGNATURE_PROBE_BYTES) return -1;
  }
  return -1;
}

/**
 * The entries found by walking local file headers from the start of the file. Stops at the
 * central directory, at bytes that are not a local header, or at the end of the file. An entry
 * whose sizes are in a data descriptor (flag bit 3) ends where the next header starts.
 */
export async function readLocalEntries(handle: FileHandle, fileSize: number): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  let pos = 0;
  while (pos + LOCAL_HEADER_BYTES <= fileSize) {
    const header = await readAt(handle, pos, LOCAL_HEADER_BYTES);
    if (header.length < LOCAL_HEADER_BYTES || header.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) break;
    const flags = header.readUInt16LE(6);
    const method = header.readUInt16LE(8);
    const nameLength = header.readUInt16LE(26);
    const extraLength = header.readUInt16LE(28);
    const variable = await readAt(handle, pos + LOCAL_HEADER_BYTES, nameLength + extraLength);
    const name = decodeEntryName(variable.subarray(0, nameLength), flags);
    const sizes = zip64Sizes(variable.subarray(nameLength), header.readUInt32LE(18), header.readUInt32LE(22));
    const dataStart = pos + LOCAL_HEADER_BYTES + nameLength + extraLength;
    let compressedSize = sizes.compressed;
    let next: number;
    if ((flags & FLAG_DATA_DESCRIPTOR) !== 0 && compressedSize === 0) {
      const found = await findNextHeader(handle, dataStart, fileSize);
      const end = found < 0 ? fileSize : found;
      // The descriptor (optionally signed) sits just before the next header: 12 or 16 bytes, 20/24 in zip64.
      const tail = await readAt(handle, Math.max(dataStart, end - 16), Math.min(16, end - dataStart));
      const signed = tail.length === 16 && tail.readUInt32LE(0) === DATA_DESCRIPTOR_SIGNATURE;
      compressedSize = Math.max(0, end - dataStart - (signed ? 16 : found < 0 ? 0 : 12));
      next = found < 0 ? fileSize : found;
    } else if ((flags & FLAG_DATA_DESCRIPTOR) !== 0) {
      const descriptor = await readAt(handle, dataStart + compressedSize, 4);
      const signed = descriptor.length === 4 && descriptor.readUInt32LE(0) === DATA_DESCRIPTOR_SIGNATURE;
      next = dataStart + compressedSize + (signed ? 16 : 12);
    } else {
      next = dataStart + compressedSize;
    }
    const isCut = dataStart + compressedSize > fileSize;
    entries.push({
      name,
      headerOffset: pos,
      dataStart,
      compressedSize: Math.max(0, Math.min(compressedSize, fileSize - dataStart)),
      uncompressedSize: sizes.uncompressed,
      method,
      isCut,
    });
    if (isCut || next <= pos) break;
    pos = next;
  }
  return entries;
}
