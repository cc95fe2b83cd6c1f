/**
 * Page-only baselines (issue #3 item 7): Mozilla Readability and Defuddle, each on its own linkedom
 * document of the archived page, with no feed. Their article HTML becomes text through the same
 * block-aware conversion.
 */
import { Readability } from '@mozilla/readability';
import { Defuddle } from 'defuddle/node';
import { parseHTML } from 'linkedom';
import type { ArticleOutput } from './article-metrics.js';
import type { BaselineName } from './gold.js';
import { htmlToText } from './html-text.js';

type Extractor = (html: string, url: string) => Promise<ArticleOutput | null>;

/** The DOM document both libraries declare; linkedom's implements what they use. */
type DomDocument = ConstructorParameters<typeof Readability>[0] & Parameters<typeof Defuddle>[0];

const parseDocument = (html: string): DomDocument => parseHTML(html).document as unknown as DomDocument;

const extractors: Record<BaselineName, Extractor> = {
  readability: async (html) => {
    const article = new Readability(parseDocument(html)).parse();
    if (article === null) return null;
    return {
      text: htmlToText(article.content ?? ''),
      title: article.title ?? null,
      author: article.byline ?? null,
      published: article.publishedTime ?? null,
    };
  },
  defuddle: async (html, url) => {
    // useAsync false: never fetch third-party APIs; the archive is all there is.
    const result = await Defuddle(parseDocument(html), url, { useAsync: false });
    return {
      text: htmlToText(result.content),
      title: result.title || null,
      author: result.author || null,
      published: result.published || null,
    };
  },
};

export interface BaselineRun {
  outputs: Map<string, ArticleOutput>;
  /** Pages the library threw on (scored as no output). */
  errors: number;
  /** Messages the library logged to console.error/warn (Defuddle reports bad JSON-LD there); kept off the report. */
  logged: number;
  seconds: number;
}

/** Runs one baseline over pages given as id -> {html, url}. */
export async function runBaseline(name: BaselineName, pages: ReadonlyMap<string, { html: string; url: string }>): Promise<BaselineRun> {
  const extract = extractors[name];
  const outputs = new Map<string, ArticleOutput>();
  let errors = 0;
  let logged = 0;
  const { error, warn } = console;
  console.error = console.warn = () => {
    logged++;
  };
  const started = performance.now();
  try {
    for (const [id, page] of pages) {
      try {
        const output = await extract(page.html, page.url);
        if (output !== null) outputs.set(id, output);
      } catch {
        errors++;
      }
    }
  } finally {
    Object.assign(console, { error, warn });
  }
  return { outputs, errors, logged, seconds: (performance.now() - started) / 1000 };
}
