/** The SQLite store of an overlay: schema and migrations, the one writer, typed readers and queries (all SQL). */
export { closeWriter, type Db, openStore, STORE_FILE, storePath } from './overlay-db.js';
export { acquireWriterLock, LOCK_FILE, type WriterLock } from './writer-lock.js';
export {
  type ChangeFilter,
  COMMENT_COLUMNS,
  OBJECT_COLUMNS,
  type CrawlRow,
  readCrawls,
  type ObjectVersionRow,
  readChanges,
  readComments,
  readDiscoveredFeeds,
  readPairedItems,
  readTemplates,
  readFeedStats,
  readArticleFeedSnapshots,
  readObjectVersions,
  readPages,
  readUnfinishedCrawls,
} from './overlay-reader.js';
export { OverlayWriter } from './overlay-writer.js';
export { WRITE_BATCH_MS, WriteBatch } from './write-batch.js';
export { type PageFileRecord, PageFileStore, type WrittenPageFile } from './page-file-store.js';
export { crawlCaptureLookup, type PayloadSource, resolvePayloadSource } from './capture-lookup.js';
export { FUSED_VERSION, SHOWN_METHOD } from './version-rows.js';
export * from './viewer-queries.js';
export {
  type DerivedKind,
  type ObjectFilters,
  type ObjectListRow,
  openSearchIndex,
  listKinds,
  listSites,
  searchObjects,
} from './search-index.js';
export { htmlCaptureWhere, HTML_MIME_TYPES } from './html-capture.js';
export { type HtmlCaptureRow, type PageMatchRow, TemplateStore, type TemplateRow } from './template-store.js';
export { type ChannelCaptureRow, SegmentStore, type SegmentRow } from './segment-store.js';
export { FUSED_METHOD, FuseStore, type FusedVersion } from './fuse-store.js';
export { readCommentEvidence, writeCommentEvidence } from './comment-site-store.js';
export { ChangeStore, type ChangeRow, type ComparedVersionRow, METHOD_PREFERENCE } from './change-store.js';
export { type CaptureSummaryRow, CrawlStore, type PageDecisionRow } from './crawl-store.js';
export { crawlTotals, storeTotals } from './crawl-totals.js';
export { ShardStaging, type StagedCapture, type StagedCrawl } from './shard-staging.js';
export { copyShard, readCrawlReports, type ShardCopyCounts, updateCrawlReport } from './store-merge.js';
