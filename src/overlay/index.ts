export { type BuildOptions, type BuildProgress, type BuildReport, type CrawlReport, buildOverlay } from './build-overlay.js';
export { type Db, openStore, STORE_FILE, storePath } from './overlay-db.js';
export {
  type ObjectVersionRow,
  readComments,
  readFeedStats,
  readObjectVersions,
  readPages,
} from './overlay-reader.js';
export type { StoredComment } from './types.js';
