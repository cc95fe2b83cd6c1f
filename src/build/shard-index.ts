/**
 * `warc-overlay index`: the map step of a scaled-out build (DESIGN "Scale-out"). One whole archive
 * file per task (a gzip file is never split): every capture becomes one row, every item of a
 * feed it holds one more row (the driver routes a feed to the buckets of the sites its items link),
 * and a last row describes the file. Feed bodies are parsed exactly as `build`'s pass 1 does.
 */
import type { Diagnostics } from '../core/diagnostics.js';
import { UsageError } from '../core/errors.js';
import { canonicalUrl } from '../core/url.js';
import { type IndexEntry, listArchiveInputs, scanArchive, type ScanStats } from '../warc/index.js';
import { type CrawlBy, crawlLabeller } from './build-overlay.js';
import { crawlIdentity } from './crawl-identity.js';
import { feedOfCapture, mayHoldFeed } from './feed-capture.js';
import { siteOf } from '../core/url.js';
import { captureRow, type FileRow, type IndexRow } from './shard-rows.js';

/** One archive to index, with the crawl it belongs to and that crawl's place in the collection. */
export interface IndexTask {
  /** Crawl label; null: each file is its own crawl named by its file name, as `build` names it (or as --crawl-by says). */
  crawl: string | null;
  /**
   * Place of the crawl in the collection; null: the next free place in this invocation. An input
   * split --crawl-by gives its crawls this place and the next ones, in the order their first record comes.
   */
  crawlOrder: number | null;
  /** A WARC, WARC.gz or WACZ file, or a directory of them (name order). */
  path: string;
}

export interface IndexSummary {
  files: number;
  captures: number;
  feeds: number;
  items: number;
}

/**
 * Index the archives of `tasks` in order, handing each row to `emit`. Bad records are reported to
 * `diagnostics` and skipped; a path that is no readable archive is a UsageError (the task fails:
 * an engine must not take an empty partition for a finished one).
 */
export async function indexArchives(
  tasks: readonly IndexTask[],
  diagnostics: Diagnostics,
  emit: (row: IndexRow) => void | Promise<void>,
  options: { crawlBy?: CrawlBy } = {},
): Promise<IndexSummary> {
  const crawlBy = options.crawlBy ?? 'input';
  const summary: IndexSummary = { files: 0, captures: 0, feeds: 0, items: 0 };
  // Crawl places taken in this invocation. A crawl's place is the one given; else that of the same
  // label earlier in this invocation (the files of one labelled crawl); else the next free one
  // (each input named by its file name is its own crawl, as in `build`, whatever its name).
  const orders = new Map<string, number>();
  const nextOrder = () => (orders.size === 0 ? 0 : Math.max(...orders.values()) + 1);
  const orderOf = (label: string | null, given: number | null, key: string): number => {
    const known = label === null ? undefined : orders.get(`label:${label}`);
    const order = given ?? known ?? nextOrder();
    orders.set(label === null || given !== null ? key : `label:${label}`, order);
    return order;
  };
  for (const task of tasks) {
    const before = diagnostics.summary().flatMap((e) => e.examples);
    const inputs = await listArchiveInputs([task.path], diagnostics);
    if (inputs.length === 0) {
      const problems = diagnostics
        .summary()
        .flatMap((e) => e.examples)
        .filter((e) => !before.includes(e));
      throw new UsageError(`no readable WARC, WARC.gz or WACZ input in ${task.path}${problems.length ? `: ${problems.join('; ')}` : ''}`);
    }
    for (const input of inputs) {
      if (crawlBy !== 'input' && task.crawl !== null)
        throw new UsageError(`crawl label ${JSON.stringify(task.crawl)} given with --crawl-by ${crawlBy}: the records name their crawls`);
      // One crawl per input, or (--crawl-by) one per label the records give, as `build` splits it.
      const labelOf = crawlBy === 'input' ? null : crawlLabeller(input, crawlBy);
      const base = labelOf === null ? orderOf(task.crawl, task.crawlOrder, input.path) : (task.crawlOrder ?? nextOrder());
      const crawls = new Map<string, { order: number; records: number; byType: Record<string, number> }>();
      const crawlOf = async (entry: IndexEntry) => {
        const crawl = labelOf === null ? (task.crawl ?? input.name) : await labelOf(entry);
        let seen = crawls.get(crawl);
        if (seen === undefined) {
          seen = { order: base + crawls.size, records: 0, byType: {} };
          if (labelOf !== null) orders.set(`${input.path}#${crawl}`, seen.order);
          crawls.set(crawl, seen);
        }
        seen.records++;
        seen.byType[entry.recordType] = (seen.byType[entry.recordType] ?? 0) + 1;
        return { crawl, crawlOrder: seen.order };
      };
      let stats: ScanStats | undefined;
      for await (const record of scanArchive(input, { diagnostics, wantBody: mayHoldFeed, onProgress: (s) => (stats = s) })) {
        const { crawl, crawlOrder } = await crawlOf(record.entry);
        const feed = record.capture ? feedOfCapture(record.capture, diagnostics) : null;
        await emit(captureRow(crawl, crawlOrder, record.entry, feed !== null));
        summary.captures++;
        if (feed === null) continue;
        summary.feeds++;
        const feedUrl = canonicalUrl(feed.url);
        for (const item of feed.items) {
          const link = item.origLink ?? item.link ?? item.inReplyTo ?? null;
          await emit({
            type: 'item',
            crawl,
            crawl_order: crawlOrder,
            file: record.entry.file,
            offset: record.entry.offset,
            inflated_offset: record.entry.inflatedOffset ?? null,
            feed_url: feedUrl,
            feed_site: siteOf(record.entry.url),
            link,
            site: link === null ? null : siteOf(link) || null,
          });
          summary.items++;
        }
      }
      const identity = await crawlIdentity(input);
      if (labelOf === null) {
        const crawl = task.crawl ?? input.name;
        const file: FileRow = {
          type: 'file',
          crawl,
          crawl_order: base,
          file: input.path,
          bytes: input.bytes,
          identity,
          records: stats?.records ?? 0,
          records_by_type: { ...(stats?.recordsByType ?? {}) },
        };
        await emit(file);
      } else {
        // One file row per crawl of the input, with the identity and counts `build` gives that crawl.
        for (const [crawl, seen] of crawls)
          await emit({
            type: 'file',
            crawl,
            crawl_order: seen.order,
            file: input.path,
            bytes: input.bytes,
            identity: `${identity}#${crawlBy}:${crawl}`,
            records: seen.records,
            records_by_type: seen.byType,
          });
      }
      summary.files++;
    }
  }
  return summary;
}
