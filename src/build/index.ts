/** The passes of `build` (index, extract pool, templates, segments, changes, report), just under cli/. */
export { type BuildOptions, type BuildProgress, type BuildReport, type CrawlReport, type CrawlSource, buildCrawls, buildOverlay } from './build-overlay.js';
export { type ChangesStageReport, METHOD_PREFERENCE, runChangesStage } from './changes-stage.js';
export { type IndexSummary, type IndexTask, indexArchives } from './shard-index.js';
export { buildShard, type ShardBuildOptions, type ShardSummary } from './shard-build.js';
export { type MergeOptions, type MergeSummary, mergeShards } from './shard-merge.js';
