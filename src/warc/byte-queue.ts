const EMPTY = Buffer.alloc(0);

/**
 * A pull-based view over a stream of byte chunks (an inflated gzip member, a plain WARC file):
 * the record framer asks for "n more bytes" or "the next CRLFCRLF within m bytes" and the queue
 * reads just enough chunks. Positions are absolute offsets in the stream.
 */
export class ByteQueue {
  readonly #source: AsyncIterator<Buffer> | null;
  #buf: Buffer;
  #pos = 0;
  #base = 0;
  #done: boolean;

  private constructor(source: AsyncIterator<Buffer> | null, initial: Buffer) {
    this.#source = source;
    this.#buf = initial;
    this.#done = source === null;
  }

  static fromBuffer(buffer: Buffer): ByteQueue {
    return new ByteQueue(null, buffer);
  }

  static fromChunks(chunks: AsyncIterable<Buffer>): ByteQueue {
    return new ByteQueue(chunks[Symbol.asyncIterator](), EMPTY);
  }

  /** Absolute offset of the next unread byte. */
  get position(): number {
    return this.#base + this.#pos;
  }

  get available(): number {
    return this.#buf.length - this.#pos;
  }

  /** True when every byte was consumed and the source is exhausted. */
  get isEmpty(): boolean {
    return this.#done && this.available === 0;
  }

  /** Make at least `n` bytes available unless the stream ends first; returns what is available. */
  async ensure(n: number): Promise<number> {
    let avail = this.available;
    if (avail >= n || this.#done || this.#source === null) return avail;
    const parts: Buffer[] = [this.#buf.subarray(this.#pos)];
    while (avail < n) {
      const next = await this.#source.next();
      if (next.done === true) {
        this.#done = true;
        break;
      }
      parts.push(next.value);
      avail += next.value.length;
    }
    this.#base += this.#pos;
    this.#buf = parts.length === 1 ? (parts[0] ?? EMPTY) : Buffer.concat(parts, avail);
    this.#pos = 0;
    return avail;
  }

  /** The available bytes from the current position (no copy; valid until the next call). */
  peek(n = this.available): Buffer {
    return this.#buf.subarray(this.#pos, this.#pos + Math.min(n, this.available));
  }

  /** Index of `pattern` relative to the position, looking at most `limit` bytes ahead; -1 if absent. */
  async indexOf(pattern: Buffer, limit: number): Promise<number> {
    let searched = 0;
    for (;;) {
      const avail = this.available;
      const window = Math.min(avail, limit);
      const found = this.#buf.subarray(this.#pos, this.#pos + window).indexOf(pattern, Math.max(0, searched - pattern.length));
      if (found >= 0) return found;
      searched = window;
      if (window >= limit || this.#done) return -1;
      const got = await this.ensure(Math.min(limit, Math.max(avail * 2, avail + 65536)));
      if (got === avail) return -1;
    }
  }

  /**
   * Consume up to `n` bytes. From a chunk stream the bytes are copied (so callers never pin a large
   * read chunk); over one buffer (an inflated member, owned by this queue) they are not.
   */
  async take(n: number): Promise<Buffer> {
    await this.ensure(n);
    const len = Math.min(n, this.available);
    const view = this.#buf.subarray(this.#pos, this.#pos + len);
    const out = this.#source === null ? view : Buffer.from(view);
    this.#pos += len;
    return out;
  }

  /** Consume up to `n` bytes without keeping them; returns how many were skipped. */
  async skip(n: number): Promise<number> {
    let left = n;
    while (left > 0) {
      if (this.available === 0) {
        if ((await this.ensure(1)) === 0) break;
      }
      const step = Math.min(left, this.available);
      this.#pos += step;
      left -= step;
    }
    return n - left;
  }

  /** Consume everything that is left (so a streaming source is fully read). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      total += this.available;
      this.#pos = this.#buf.length;
      if ((await this.ensure(1)) === 0) return total;
    }
  }
}
