/** The passes of `build` (index, extract pool, templates, segments, changes, report), just under cli/. */
export {
  type BuildOptions,
  type BuildProgress,
  type BuildReport,
  CRAWL_BY,
  type CrawlBy,
  type CrawlReport,
  type CrawlSource,
  buildCrawlSources,
  buildOverlay,
} from './build-overlay.js';
export { type ChangesStageReport, runChangesStage } from './changes-stage.js';
export { MIN_WORKER_HEAP_MB, WORKER_HEAP_MB } from './extract-pool.js';
export { METHOD_PREFERENCE } from '../store/index.js';
export { buildShard, type ShardBuildOptions, type ShardSummary } from './shard-build.js';
export { type IndexSummary, type IndexTask, indexArchives } from './shard-index.js';
export { type MergeOptions, type MergeSummary, mergeShards } from './shard-merge.js';
export type { CaptureRow, FileRow, IndexRow, ItemRow, ShardRow, SiteRow } from './shard-rows.js';
export { FUSED_METHOD, fuseCandidates, runFuseStage } from './fuse-stage.js';
