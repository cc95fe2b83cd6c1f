import type { ArgumentsCamelCase, Argv } from 'yargs';

/** The parsed arguments of a command, derived from its yargs builder (options and positionals as declared there). */
export type CommandArgs<Builder extends (yargs: Argv) => Argv<unknown>> =
  ReturnType<Builder> extends Argv<infer Parsed> ? ArgumentsCamelCase<Parsed> : never;

/** `--pages` of the commands that write an overlay (`build`, `merge`). */
export const PAGES_OPTION = {
  describe: 'write reconstructed pages of every object version under <out>/pages/ (--no-pages to skip)',
  type: 'boolean',
  default: true,
} as const;
