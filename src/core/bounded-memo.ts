/**
 * Values computed once per key and kept while there are fewer than `max` of them; past that the
 * memo starts again. A build of any size holds at most `max` entries (streaming and bounded memory),
 * while the keys that recur on every page (a host's key paths, a language's common words) are
 * computed again only once per start.
 */
export class BoundedMemo<K, V extends NonNullable<unknown> | null> {
  readonly #values = new Map<K, V>();

  constructor(readonly max: number) {}

  get(key: K, compute: (key: K) => V): V {
    let value = this.#values.get(key);
    if (value === undefined) {
      value = compute(key);
      if (this.#values.size >= this.max) this.#values.clear();
      this.#values.set(key, value);
    }
    return value;
  }

  get size(): number {
    return this.#values.size;
  }
}
