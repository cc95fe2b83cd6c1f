import { franc } from 'franc-min';
import * as snowball from 'snowball-stemmers';
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
  const iso3 = franc(sample, { minLength: 20 });
  return iso3 === 'und' ? null : (ISO3_TO_ISO1.get(iso3) ?? null);
}

/** Stemmer + stop words for a language; English when unknown (most feeds we see are English). */
export interface LanguageTools {
  language: string;
  stem: (token: string) => string;
  isStopWord: (token: string) => boolean;
}

const toolsCache = new Map<string, LanguageTools>();
const stopwordTable = stopwordLists as unknown as Record<string, string[] | undefined>;

export function languageTools(language: string | null): LanguageTools {
  const key = language !== null && LANGUAGES[language] !== undefined ? language : 'en';
  const cached = toolsCache.get(key);
  if (cached !== undefined) return cached;
  const info = LANGUAGES[key] ?? { iso3: 'eng', snowball: 'english' };
  const stops = new Set((stopwordTable[info.iso3] ?? stopwordTable.eng ?? []).map((w) => w.toLowerCase()));
  const stemmer = info.snowball === null ? null : snowball.newStemmer(info.snowball);
  const memo = new Map<string, string>();
  const stem = (token: string): string => {
    if (stemmer === null) return token;
    let s = memo.get(token);
    if (s === undefined) {
      s = stemmer.stem(token);
      memo.set(token, s);
    }
    return s;
  };
  const tools: LanguageTools = { language: key, stem, isStopWord: (t) => stops.has(t) };
  toolsCache.set(key, tools);
  return tools;
}
