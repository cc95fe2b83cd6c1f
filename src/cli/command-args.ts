import type { ArgumentsCamelCase, Argv } from 'yargs';
import { UsageError } from '../core/errors.js';

/** The parsed arguments of a command, derived from its yargs builder (options and positionals as declared there). */
export type CommandArgs<Builder extends (yargs: Argv) => Argv<unknown>> =
  ReturnType<Builder> extends Argv<infer Parsed> ? ArgumentsCamelCase<Parsed> : never;

/** `--pages` of the commands that write an overlay (`build`, `merge`). */
export const PAGES_OPTION = {
  describe: 'write reconstructed pages of every object version under <out>/pages/ (--no-pages to skip)',
  type: 'boolean',
  default: true,
} as const;

/** `--workers` at most: more threads than a machine has cores only wait for each other. ours. */
export const MAX_WORKERS = 256;
/** `--worker-heap-mb` at most (64 GiB). ours. */
export const MAX_WORKER_HEAP_MB = 65_536;

/**
 * A yargs `coerce` for a numeric option: a number from `min` to `max` (`whole`: an integer), else a
 * usage error naming the option (yargs reads "abc" as NaN, which would otherwise run on silently).
 */
export function numberIn(option: string, min: number, max: number, whole = true): (value: number) => number {
  return (value) => {
    const wrong = Number.isNaN(value)
      ? 'is not a number'
      : whole && !Number.isInteger(value)
        ? `${value} is not a whole number`
        : value < min || value > max
          ? `${value} is out of range`
          : null;
    if (wrong !== null) throw new UsageError(`--${option} ${wrong}: give ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}`);
    return value;
  };
}
