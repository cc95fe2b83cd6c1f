import { data as FRANC_MODELS } from 'franc-min/data.js';
import { expressions as FRANC_SCRIPTS } from 'franc-min/expressions.js';
import * as snowball from 'snowball-stemmers';
import { BoundedMemo } from '../core/bounded-memo.js';
import * as stopwordLists from 'stopword';

/** What we know about a language: its ISO 639-3 code (stopword lists) and Snowball algorithm. */
interface LanguageInfo {
  iso3: string;
  snowball: string | null;
}

/** ISO 639-1 -> stop-word list code and Snowball stemmer name (null: no stemmer for it). */
const LANGUAGES: Readonly<Record<string, LanguageInfo>> = {
  en: { iso3: 'eng', snowball: 'english' },
  fr: { iso3: 'fra', snowball: 'french' },
  de: { iso3: 'deu', snowball: 'german' },
  es: { iso3: 'spa', snowball: 'spanish' },
  it: { iso3: 'ita', snowball: 'italian' },
  pt: { iso3: 'por', snowball: 'portuguese' },
  nl: { iso3: 'nld', snowball: 'dutch' },
  sv: { iso3: 'swe', snowball: 'swedish' },
  da: { iso3: 'dan', snowball: 'danish' },
  nb: { iso3: 'nob', snowball: 'norwegian' },
  no: { iso3: 'nob', snowball: 'norwegian' },
  fi: { iso3: 'fin', snowball: 'finnish' },
  ru: { iso3: 'rus', snowball: 'russian' },
  hu: { iso3: 'hun', snowball: 'hungarian' },
  ro: { iso3: 'ron', snowball: 'romanian' },
  tr: { iso3: 'tur', snowball: 'turkish' },
  ca: { iso3: 'cat', snowball: 'catalan' },
  cs: { iso3: 'ces', snowball: 'czech' },
  eu: { iso3: 'eus', snowball: 'basque' },
  ga: { iso3: 'gle', snowball: 'irish' },
  ar: { iso3: 'ara', snowball: 'arabic' },
  hy: { iso3: 'hye', snowball: 'armenian' },
  sl: { iso3: 'slv', snowball: 'slovene' },
  pl: { iso3: 'pol', snowball: null },
  uk: { iso3: 'ukr', snowball: null },
  el: { iso3: 'ell', snowball: null },
  he: { iso3: 'heb', snowball: null },
  ja: { iso3: 'jpn', snowball: null },
  zh: { iso3: 'zho', snowball: null },
  ko: { iso3: 'kor', snowball: null },
  sk: { iso3: 'slk', snowball: null },
  hr: { iso3: 'hrv', snowball: null },
  bg: { iso3: 'bul', snowball: null },
  fa: { iso3: 'fas', snowball: null },
  hi: { iso3: 'hin', snowball: null },
  id: { iso3: 'ind', snowball: null },
  vi: { iso3: 'vie', snowball: null },
};

/** franc's ISO 639-3 answers -> ISO 639-1. */
const ISO3_TO_ISO1: ReadonlyMap<string, string> = new Map([
  ...Object.entries(LANGUAGES).map(([iso1, info]) => [info.iso3, iso1] as const),
  ['nno', 'no'],
  ['cmn', 'zh'],
  ['pes', 'fa'],
  ['arb', 'ar'],
  ['ron', 'ro'],
  ['swh', 'sw'],
]);

const LANG_ATTR = /^([a-z]{2,3})(?:[-_]|$)/i;

/** ISO 639-1 code from an `<html lang>` value ("en-US" -> "en"), or null. */
export function languageFromAttribute(value: string | undefined): string | null {
  const m = value === undefined ? null : LANG_ATTR.exec(value.trim());
  if (m?.[1] === undefined) return null;
  const code = m[1].toLowerCase();
  return code.length === 2 ? code : (ISO3_TO_ISO1.get(code) ?? null);
}

/** ISO 639-1 code guessed from a text sample with franc, or null when undetermined. */
export function languageFromText(sample: string): string | null {
  const iso3 = francLanguageCode(sample, 20);
  return iso3 === 'und' ? null : (ISO3_TO_ISO1.get(iso3) ?? null);
}

/** franc 6.2's limits: the sample is cut to 2048 code units; a trigram a model lacks costs 300. */
const FRANC_MAX_LENGTH = 2048;
const FRANC_MAX_DIFFERENCE = 300;

/** The trigram models of the languages of one script, inverted: trigram -> [language, rank, language, rank, ...]. */
interface ScriptModels {
  languages: string[];
  ranks: Map<number, number[]>;
}

const scriptModels = new Map<string, ScriptModels>();

/** A trigram (three UTF-16 code units) as one number: three 10-bit code units as a small integer
 *  (V8 keeps it unboxed: no heap number per trigram counted), others past 2^30 on 48 bits, exact in a double. */
function trigramKey(text: string, at: number): number {
  const a = text.charCodeAt(at);
  const b = text.charCodeAt(at + 1);
  const c = text.charCodeAt(at + 2);
  if (a < 0x400 && b < 0x400 && c < 0x400) return (a << 20) | (b << 10) | c;
  return 0x40000000 + (a * 0x10000 + b) * 0x10000 + c;
}

function modelsOf(script: string, models: Record<string, string>): ScriptModels {
  let found = scriptModels.get(script);
  if (found !== undefined) return found;
  const languages = Object.keys(models);
  const ranks = new Map<number, number[]>();
  languages.forEach((language, index) => {
    // A trigram listed twice in a model keeps its first (best) rank, as franc's dictionaries do.
    (models[language] as string).split('|').forEach((trigram, rank) => {
      const key = trigramKey(trigram, 0);
      const list = ranks.get(key);
      if (list === undefined) ranks.set(key, [index, rank]);
      else if (list[list.length - 2] !== index) list.push(index, rank);
    });
  });
  found = { languages, ranks };
  scriptModels.set(script, found);
  return found;
}

/** franc's script expressions in its order, each with a non-global copy to skip the scripts a
 *  sample has no character of. */
const SCRIPTS = Object.entries(FRANC_SCRIPTS).map(([script, re]) => ({ script, re, present: new RegExp(re.source) }));

/**
 * `franc(sample, { minLength })` of franc-min 6.2 (ISO 639-3, 'und' when undetermined), computed the
 * same way without its per-call dictionaries: the script with the most characters, then the
 * language whose trigram ranks are nearest to the sample's trigram counts (franc's distance, the
 * first language in franc's order on a tie). Trigrams are numbers, and only the models holding a
 * trigram are visited (an inverted index), not every model for every trigram.
 */
export function francLanguageCode(sample: string, minLength: number): string {
  if (sample.length < minLength) return 'und';
  const value = sample.slice(0, FRANC_MAX_LENGTH);
  let topScript = '';
  let topCount = -1;
  for (const { script, re, present } of SCRIPTS) {
    const count = present.test(value) ? (value.match(re)?.length ?? 0) : 0;
    if (count > topCount) {
      topCount = count;
      topScript = script;
    }
  }
  const models = FRANC_MODELS[topScript];
  if (models === undefined) return topCount === 0 ? 'und' : topScript;
  const { languages, ranks } = modelsOf(topScript, models);
  // trigram-utils' cleaning: ASCII punctuation and digits are spaces, spaces collapsed, lower case, padded.
  const cleaned = ` ${value
    .replace(/[\u0021-\u0040]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()} `;
  const counts = new Map<number, number>();
  for (let i = 0; i + 3 <= cleaned.length; i++) {
    const key = trigramKey(cleaned, i);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const distances = new Array<number>(languages.length).fill(counts.size * FRANC_MAX_DIFFERENCE);
  for (const [key, count] of counts) {
    const list = ranks.get(key);
    if (list === undefined) continue;
    for (let j = 0; j < list.length; j += 2) {
      const language = list[j] as number;
      distances[language] = (distances[language] as number) + Math.abs(count - (list[j + 1] as number) - 1) - FRANC_MAX_DIFFERENCE;
    }
  }
  let best = 0;
  for (let l = 1; l < distances.length; l++) if ((distances[l] as number) < (distances[best] as number)) best = l;
  return languages[best] as string;
}

/** Stemmer + stop words for a language; English when unknown (most feeds we see are English). */
export interface LanguageTools {
  language: string;
  stem: (token: string) => string;
  isStopWord: (token: string) => boolean;
}

const toolsCache = new Map<string, LanguageTools>();
/** ours: a language's common words many times over (a crawl's vocabulary grows without end: names,
 *  numbers, typos); about 10 MB. */
const MAX_STEMS_PER_LANGUAGE = 100_000;
const stopwordTable = stopwordLists as unknown as Record<string, string[] | undefined>;

export function languageTools(language: string | null): LanguageTools {
  const key = language !== null && LANGUAGES[language] !== undefined ? language : 'en';
  const cached = toolsCache.get(key);
  if (cached !== undefined) return cached;
  const info = LANGUAGES[key] ?? { iso3: 'eng', snowball: 'english' };
  const stops = new Set((stopwordTable[info.iso3] ?? stopwordTable.eng ?? []).map((w) => w.toLowerCase()));
  const stemmer = info.snowball === null ? null : snowball.newStemmer(info.snowball);
  const stems = new BoundedMemo<string, string>(MAX_STEMS_PER_LANGUAGE);
  const stemOf = (token: string): string => stemmer?.stem(token) ?? token;
  const stem = stemmer === null ? (token: string): string => token : (token: string): string => stems.get(token, stemOf);
  const tools: LanguageTools = { language: key, stem, isStopWord: (t) => stops.has(t) };
  toolsCache.set(key, tools);
  return tools;
}
