import type { FileHandle } from 'node:fs/promises';

/**
 * A movable window over a byte range of a file (a whole .warc.gz, or one STORED entry of a WACZ):
 * gzip members are inflated in one native call from a contiguous buffer, so the window keeps at
 * least the bytes asked for. Offsets are relative to the start of the range.
 */
export class FileWindow {
  readonly #handle: FileHandle;
  readonly #rangeStart: number;
  readonly size: number;
  readonly #chunkBytes: number;
  #buf: Buffer = Buffer.alloc(0);
  /** The whole buffer `#buf` is a view of, and the other one of the pair. */
  #store: Buffer | null = null;
  #spare: Buffer | null = null;
  #bufStart = 0;
  /** Bytes read from disk so far (for progress). */
  bytesRead = 0;

  constructor(handle: FileHandle, rangeStart: number, size: number, chunkBytes: number) {
    this.#handle = handle;
    this.#rangeStart = rangeStart;
    this.size = size;
    this.#chunkBytes = chunkBytes;
  }

  /** Bytes from `pos` on, at least `minBytes` of them unless the range ends first. */
  async view(pos: number, minBytes: number): Promise<Buffer> {
    const want = Math.min(minBytes, this.size - pos);
    const bufEnd = this.#bufStart + this.#buf.length;
    if (pos >= this.#bufStart && pos + want <= bufEnd) return this.#buf.subarray(pos - this.#bufStart);
    const length = Math.min(Math.max(want, this.#chunkBytes), this.size - pos);
    // Two read buffers in turn: the bytes kept from the old one are copied into the other, so the
    // scan does not leave a trail of 4 MiB buffers for the garbage collector (peak RSS).
    const spare = this.#spare;
    const next = spare !== null && spare.length >= length ? spare.subarray(0, length) : Buffer.allocUnsafe(length);
    let filled = 0;
    if (pos >= this.#bufStart && pos < bufEnd) {
      filled = this.#buf.copy(next, 0, pos - this.#bufStart);
    }
    while (filled < length) {
      const { bytesRead } = await this.#handle.read(next, filled, length - filled, this.#rangeStart + pos + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
      this.bytesRead += bytesRead;
    }
    this.#spare = this.#store;
    this.#store = spare !== null && spare.length >= length ? spare : next;
    this.#buf = next.subarray(0, filled);
    this.#bufStart = pos;
    return this.#buf;
  }

  /** Offset of `pattern` at or after `from` (searching window by window), or -1. */
  async find(pattern: Buffer, from: number): Promise<number> {
    let pos = from;
    while (pos < this.size) {
      const view = await this.view(pos, this.#chunkBytes);
      const found = view.indexOf(pattern);
      if (found >= 0) return pos + found;
      if (view.length <= pattern.length) return -1;
      pos += view.length - pattern.length + 1;
    }
    return -1;
  }
}
