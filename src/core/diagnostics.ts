import { type InputError, type InputErrorKind, type InputLocation, formatLocation } from './errors.js';

/** One reported problem, as kept in the build report and the store. */
export interface Diagnostic {
  kind: InputErrorKind;
  message: string;
  location: InputLocation;
  severity: 'error' | 'warning';
}

/** How many examples of each kind the report keeps (the count is always exact). */
export const EXAMPLES_PER_KIND = 5;

/**
 * The one diagnostics sink of a run. Stages report here and go on; the CLI prints the summary.
 * Counts are exact; only the first few examples of each kind are kept, so memory stays bounded
 * on archives with millions of bad records.
 */
export class Diagnostics {
  readonly #counts = new Map<InputErrorKind, number>();
  readonly #examples = new Map<InputErrorKind, Diagnostic[]>();
  readonly #listeners: Array<(d: Diagnostic) => void> = [];
  /** Record-level problems already counted (kind, file, offset, message). */
  readonly #seen = new Set<string>();

  /** Called for every diagnostic (the CLI uses it for --verbose, the store to persist them). */
  onReport(listener: (d: Diagnostic) => void): void {
    this.#listeners.push(listener);
  }

  report(error: InputError, severity: Diagnostic['severity'] = 'error'): void {
    this.add({ kind: error.kind, message: error.message, location: error.location, severity });
  }

  warn(kind: InputErrorKind, message: string, location: InputLocation = {}): void {
    this.add({ kind, message: `${message}${formatLocation(location)}`, location, severity: 'warning' });
  }

  add(d: Diagnostic): void {
    // A record is read more than once in a build (pass 1, then extraction, templates and
    // segmentation in pass 2, possibly in a worker with its own sink): the same problem at the
    // same record is counted once (issue #17: one bad record was counted 3-4 times).
    if (d.location.file !== undefined && d.location.offset !== undefined) {
      const key = `${d.kind}\u0000${d.location.file}\u0000${d.location.offset}\u0000${d.message}`;
      if (this.#seen.has(key)) return;
      this.#seen.add(key);
    }
    this.#counts.set(d.kind, (this.#counts.get(d.kind) ?? 0) + 1);
    const list = this.#examples.get(d.kind) ?? [];
    if (list.length < EXAMPLES_PER_KIND) list.push(d);
    this.#examples.set(d.kind, list);
    for (const listener of this.#listeners) listener(d);
  }

  count(kind?: InputErrorKind): number {
    if (kind !== undefined) return this.#counts.get(kind) ?? 0;
    let total = 0;
    for (const n of this.#counts.values()) total += n;
    return total;
  }

  /** Errors only (warnings do not make a build exit 1). */
  errorCount(): number {
    let total = 0;
    for (const list of this.#examples.values()) {
      const first = list[0];
      if (first?.severity === 'error') total += this.#counts.get(first.kind) ?? 0;
    }
    return total;
  }

  summary(): Array<{ kind: InputErrorKind; count: number; severity: Diagnostic['severity']; examples: string[] }> {
    return [...this.#counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, count]) => {
        const examples = this.#examples.get(kind) ?? [];
        return { kind, count, severity: examples[0]?.severity ?? 'error', examples: examples.map((d) => d.message) };
      });
  }
}
