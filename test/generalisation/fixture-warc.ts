/**
 * Small crawls written in the test with warcio's serializer (CONVENTIONS "Tests": fixture WARCs
 * written with warcio), for engines and sites the dev data does not hold.
 */
import { writeFileSync } from 'node:fs';
import { WARCRecord, WARCSerializer } from 'warcio';
import { fixtureClassNameMode, rewriteClassNames } from './class-names.js';

export interface FixtureCapture {
  url: string;
  body: string;
  /** HTTP Content-Type (default text/html; charset=utf-8). */
  type?: string;
  /** HTTP status (default 200). */
  status?: number;
  /** The Location header of a redirect. */
  location?: string;
}

const STATUS_TEXT: Readonly<Record<number, string>> = { 200: 'OK', 301: 'Moved Permanently', 404: 'Not Found', 410: 'Gone' };

/** Writes one gzipped WARC of responses (200 unless a capture says otherwise, a redirect with its
 *  Location), all dated `date` (ISO 8601); HTML pages with their class names rewritten when
 *  `WO_FIXTURE_CLASSES` says so (`bench:classes`). */
export async function writeWarc(file: string, date: string, captures: readonly FixtureCapture[]): Promise<void> {
  const parts: Uint8Array[] = [];
  const mode = fixtureClassNameMode();
  for (const c of captures) {
    const html = mode !== null && (c.type ?? 'text/html').startsWith('text/html');
    const body = new TextEncoder().encode(html ? rewriteClassNames(c.body, mode) : c.body);
    const record = WARCRecord.create(
      {
        url: c.url,
        date,
        type: 'response',
        warcVersion: 'WARC/1.1',
        statusline: `HTTP/1.1 ${c.status ?? 200} ${STATUS_TEXT[c.status ?? 200] ?? ''}`.trimEnd(),
        httpHeaders: {
          'Content-Type': c.type ?? 'text/html; charset=utf-8',
          'Content-Length': String(body.length),
          ...(c.location === undefined ? {} : { Location: c.location }),
        },
      },
      [body],
    );
    parts.push(await WARCSerializer.serialize(record, { gzip: true }));
  }
  writeFileSync(file, Buffer.concat(parts));
}

export const escapeXml = (s: string): string => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A post of `rssSite`: its page's URL, and its feed item's title and description. */
export interface FixturePost {
  url: string;
  title: string;
  text: string;
}

/** A site's RSS feed (`<site>/feed.xml`) listing `posts`, and each post's page: its title, its text, then `after(post)`. */
export function rssSite(site: string, posts: readonly FixturePost[], after: (post: FixturePost) => string = () => ''): FixtureCapture[] {
  const items = posts
    .map((p) => `<item><title>${p.title}</title><link>${p.url}</link><description>${escapeXml(p.text)}</description></item>`)
    .join('');
  return [
    {
      url: `${site}/feed.xml`,
      type: 'application/rss+xml',
      body: `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>${site}/</link><description>x</description>${items}</channel></rss>`,
    },
    ...posts.map((p) => ({
      url: p.url,
      body: `<html><body><article><h1>${p.title}</h1><p>${p.text}</p>${after(p)}</article></body></html>`,
    })),
  ];
}
