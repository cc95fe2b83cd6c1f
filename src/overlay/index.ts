export { type BuildOptions, type BuildProgress, type BuildReport, type CrawlReport, buildOverlay } from './build-overlay.js';
export { type Db, openStore, STORE_FILE, storePath } from './overlay-db.js';
export {
  type ChangeFilter,
  COMMENT_COLUMNS,
  type ObjectVersionRow,
  readChanges,
  readComments,
  readDiscoveredFeeds,
  readPairedItems,
  readTemplates,
  readFeedStats,
  readObjectVersions,
  readPages,
} from './overlay-reader.js';
export type { StoredComment } from './types.js';
export { type ChangesStageReport, METHOD_PREFERENCE, runChangesStage } from './changes-stage.js';
export * from './viewer-queries.js';
