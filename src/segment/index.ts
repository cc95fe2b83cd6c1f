/** Segment stage: channel pages cut into posts, guided by feeds or by the weblog model [002]. */
export { segmentByFeed, type FeedSegmentationOptions } from './feed-segmentation.js';
export { segmentByModel, type ModelSegmentationOptions } from './model-segmentation.js';
export type * from './types.js';
