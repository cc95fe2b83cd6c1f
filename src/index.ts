/**
 * warc-overlay as a library: each pipeline stage's public surface (DESIGN "Pipeline"). The CLI
 * (`warc-overlay build|export|changes|stats|serve`) is a thin layer over `buildOverlay` and the
 * overlay readers.
 */
export type * from './core/domain.js';
export * from './core/errors.js';
export { type Diagnostic, Diagnostics } from './core/diagnostics.js';
export { canonicalUrl, hostOf, schemelessKey } from './core/url.js';
export * as warc from './warc/index.js';
export * as feeds from './feeds/index.js';
export * as pairing from './pairing/index.js';
export * as extract from './extract/index.js';
export * as templates from './templates/index.js';
export * as changes from './changes/index.js';
export * as store from './store/index.js';
export * as build from './build/index.js';
export * as reconstruct from './reconstruct/index.js';
export { buildOverlay, type BuildOptions, type BuildReport } from './build/index.js';
export { openStore } from './store/index.js';
export { main as runCli } from './cli/index.js';
