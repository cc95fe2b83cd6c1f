/** The passes of `build` (index, extract pool, templates, segments, changes, report), just under cli/. */
export { type BuildOptions, type BuildProgress, type BuildReport, CRAWL_BY, type CrawlBy, type CrawlReport, buildOverlay } from './build-overlay.js';
export { type ChangesStageReport, runChangesStage } from './changes-stage.js';
export { METHOD_PREFERENCE } from '../store/index.js';
export { FUSED_METHOD, fuseCandidates, runFuseStage } from './fuse-stage.js';
