/** Reader comments as records of their own, kept out of the article [004 §4.2, end]. */
export { extractComments } from './extract-comments.js';
export { decideStructureOnlyZone, type ZoneDecision } from './comment-site.js';
export { MIN_STRUCTURE_PAGES } from './constants.js';
export { isRecordStructure, isStructureOfSignature } from './comment-zone.js';
export { commentNodesInside } from './comment-strip.js';
export { commentHash } from './comment-hash.js';
export { type NumericDateOrder, numericDateOrderOf, readPrintedDate } from './comment-dates.js';
export type { Comment, CommentExtraction, CommentSource, ExtractCommentsOptions } from './types.js';
