/**
 * The archived HTML of the gold pages (and of any other truth page), read from the same WARCs the
 * CLI gets (one scan per crawl, decoded by the warc stage), so the baselines and the segmentation
 * gold see exactly the bytes our build sees.
 */
import { basename } from 'node:path';
import { Diagnostics } from '../../src/core/diagnostics.js';
import { schemelessKey } from '../../src/core/url.js';
import { listArchiveInputs, scanArchive } from '../../src/warc/index.js';
import { crawlKey } from './export-rows.js';
import type { Dataset } from './gold.js';

const HTML_MIME = /html/i;
const isOk = (status: number | null) => status === null || (status >= 200 && status < 300);

/** HTML per (crawl, page key) for every gold page found in the crawls. */
export function readGoldHtml(dataset: Dataset): Promise<Map<string, string>> {
  return readArchivedHtml(dataset.warcs, dataset.pages);
}

/** HTML per (crawl, page key) of the given pages (crawl = basename of the WARC) found in the crawls. */
export async function readArchivedHtml(
  warcs: readonly string[],
  pages: ReadonlyArray<{ crawl: string; key: string }>,
): Promise<Map<string, string>> {
  const wanted = new Set(pages.map((p) => crawlKey(p.crawl, p.key)));
  const wantedKeys = new Set(pages.map((p) => p.key));
  const html = new Map<string, string>();
  /** Earlier payloads by digest and by URL: a revisit record carries no body. */
  const byDigest = new Map<string, string>();
  const lastByKey = new Map<string, string>();
  const diagnostics = new Diagnostics();
  for (const input of await listArchiveInputs([...warcs], diagnostics)) {
    const crawl = basename(input.path);
    const scan = scanArchive(input, {
      diagnostics,
      wantBody: (e) =>
        e.recordType !== 'revisit' && isOk(e.status) && HTML_MIME.test(e.mime ?? 'html') && wantedKeys.has(schemelessKey(e.url)),
    });
    for await (const { entry, capture } of scan) {
      const key = schemelessKey(entry.url);
      if (!wantedKeys.has(key) || !isOk(entry.status)) continue;
      let text: string | undefined;
      if (capture !== undefined) {
        text = capture.text();
        if (entry.payloadDigest !== null) byDigest.set(entry.payloadDigest, text);
      } else if (entry.recordType === 'revisit') {
        text =
          (entry.payloadDigest === null ? undefined : byDigest.get(entry.payloadDigest)) ??
          lastByKey.get(schemelessKey(entry.refersToUrl ?? entry.url));
      }
      if (text === undefined) continue;
      lastByKey.set(key, text);
      const id = crawlKey(crawl, key);
      if (wanted.has(id)) html.set(id, text);
    }
  }
  return html;
}
