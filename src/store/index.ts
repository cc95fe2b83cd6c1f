/** The SQLite store of an overlay: schema and migrations, the one writer, typed readers and queries (all SQL). */
export { closeWriter, type Db, openStore, STORE_FILE, storePath } from './overlay-db.js';
export { acquireWriterLock, LOCK_FILE, type WriterLock } from './writer-lock.js';
export {
  type ChangeFilter,
  COMMENT_COLUMNS,
  OBJECT_COLUMNS,
  siteOf,
  type CrawlRow,
  readCrawls,
  type ObjectVersionRow,
  readChanges,
  readComments,
  readDiscoveredFeeds,
  readPairedItems,
  readTemplates,
  readFeedStats,
  readObjectVersions,
  readPages,
  readUnfinishedCrawls,
} from './overlay-reader.js';
export { OverlayWriter } from './overlay-writer.js';
export { crawlCaptureLookup, type PayloadSource, resolvePayloadSource } from './capture-lookup.js';
export type { StoredComment } from './types.js';
export * from './viewer-queries.js';
export { crawlTotals, discoveredFeedsReport } from './crawl-totals.js';
export { copyShard, readCrawlReports, type ShardCopyCounts, updateCrawlReport } from './store-merge.js';
