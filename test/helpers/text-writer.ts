import { seededRandom } from './seeded-random.js';

/** Seeded sentences and choices over a word list, for generated test sites (the same text for the same seed). */
export class TextWriter {
  readonly #next: () => number;
  constructor(
    seed: number,
    readonly words: readonly string[],
  ) {
    this.#next = seededRandom(seed);
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.#next() * list.length)] as T;
  }
  sentence(words = 9 + Math.floor(this.#next() * 12)): string {
    const s = Array.from({ length: words }, () => this.pick(this.words)).join(' ');
    return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
  }
  text(sentences: number): string {
    return Array.from({ length: sentences }, () => this.sentence()).join(' ');
  }
  chance(p: number): boolean {
    return this.#next() < p;
  }
}
