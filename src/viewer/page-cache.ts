/**
 * A small in-memory cache of computed values (rendered list pages, feed and site lists) with a
 * time to live and a bounded number of entries (oldest dropped first). The viewer answers on one
 * thread; 50 clients asking for the same costly page then cost one computation per TTL.
 */
export class PageCache {
  readonly #entries = new Map<string, { value: unknown; at: number }>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;

  constructor(maxEntries: number, ttlMs: number) {
    this.#maxEntries = maxEntries;
    this.#ttlMs = ttlMs;
  }

  get<T>(key: string, compute: () => T): T {
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit !== undefined && now - hit.at < this.#ttlMs) return hit.value as T;
    const value = compute();
    this.#entries.delete(key);
    this.#entries.set(key, { value, at: now });
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return value;
  }
}
