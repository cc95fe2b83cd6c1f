/** Viewer stage: `warc-overlay serve` (objects, versions, diffs beside the replayed original). */
export { startViewer, type Viewer, type ViewerOptions } from './viewer-server.js';
export { keyPathToSelector } from './key-path-selector.js';
