/** Extract stage: feed-guided data objects [004 §4] with their properties [000 §III-D]. */
export { pageBody, pageHead, parsePage, type ParsePageOptions } from './parse-page.js';
export { findAuthorOnPage, findModified, findPublished, findTitleOnPage } from './properties.js';
export { type CommentNodes, type RenderedArticle, renderContentNode } from './article-render.js';
export { extractObject, extractObjects, type ExtractOptions } from './extract-object.js';
export { explainExtraction } from './explain.js';
export { feedContentObject } from './feed-content.js';
export { ambiguousPosition, nodePath, positionsOfType } from './node-path.js';
export { isIgnoredElement, isNeverRendered } from './page-dom.js';
export { languageFromAttribute, languageFromText } from './language.js';
export { DEFAULT_EXTRACT_CONFIG, type ExtractConfig } from './config.js';
export { countWordsUpTo, matchKey } from './text-normalize.js';
export { renderDateKeys } from './date-formats.js';
export type * from './types.js';
export * from './comments/index.js';
