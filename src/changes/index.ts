/** Changes stage: versions of a data object across crawls, semantic diff, reports, feed dynamics. */
export { diffVersions, scoreSignificance } from './version-diff.js';
export { commentWindowsOf } from './comment-diff.js';
export { categoryKey } from './metadata-diff.js';
export { renderChangeReport } from './change-report.js';
export { computeFeedDynamics } from './feed-dynamics.js';
export { normalizeNoise } from './noise-normalize.js';
export { commentTemplateLinesOf, type HostPage, NO_TEMPLATE_LINES, templateLinesOf } from './template-lines.js';
export { MAX_TEMPLATE_SAMPLE_PAGES } from './constants.js';
export { DEFAULT_CHANGES_CONFIG, DEFAULT_FEED_DYNAMICS_CONFIG } from './config.js';
export type {
  Change,
  ChangeKind,
  ChangesConfig,
  CommentChange,
  CommentSnapshot,
  DiffHunk,
  FeedDynamics,
  FeedDynamicsConfig,
  FeedDynamicsInput,
  FeedDynamicsItem,
  FeedSnapshotInput,
  IntervalStats,
  MetadataChange,
  RecrawlAdvice,
  RenderChangeReportOptions,
  SnapshotGap,
  SnapshotWindow,
  VersionSnapshot,
} from './types.js';
export { volatileParamsOf } from './volatile-params.js';
