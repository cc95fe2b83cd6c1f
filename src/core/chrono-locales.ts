/**
 * chrono-node's parsers by page language, shared by the stages that read printed dates (comment
 * dates in extract/, entry dates in segment/).
 */
import { createRequire } from 'node:module';
import * as en from 'chrono-node/en';

/** What the stages need of a chrono-node locale. */
export interface ChronoParser {
  parse: typeof en.parse;
}

/** chrono-node's other locales (ISO 639-1), each loaded when a page first needs it: loading all of
 *  them took a tenth of a second at every start of the CLI and of each worker. */
const OTHER_LOCALES = new Set(['de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'fi', 'ru', 'uk', 'ja', 'zh', 'vi', 'id']);
const loadLocale = createRequire(import.meta.url);
const loaded = new Map<string, ChronoParser>();

/** The parser of a language other than English, or undefined when chrono-node has none. */
export function chronoLocale(language: string): ChronoParser | undefined {
  if (!OTHER_LOCALES.has(language)) return undefined;
  let parser = loaded.get(language);
  if (parser === undefined) {
    // The package's `chrono-node/<locale>` export, as its CommonJS build (a synchronous load).
    parser = loadLocale(`chrono-node/${language}`) as ChronoParser;
    loaded.set(language, parser);
  }
  return parser;
}

/** Parsers to try on a page: its language's, then English. */
export function chronoParsersFor(language: string | null): ChronoParser[] {
  const own = language !== null ? chronoLocale(language) : undefined;
  return own !== undefined ? [own, en] : [en];
}
