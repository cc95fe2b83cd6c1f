/** Reconstruct stage: standalone pages of object versions, channel pages at time T, overlay WACZ [004 §6]. */
export { writeReconstructedPages } from './page-writer.js';
export { type ChannelEntry, reconstructChannelPage } from './channel-page.js';
export { overlayUrl, writeOverlayWacz } from './overlay-wacz.js';
export { renderComments, renderVersionBody, RECONSTRUCTED_PAGE_CSP, timestamp14 } from './page-render.js';
export { sanitizeHtml } from './sanitize-html.js';
export { escapeHtml, safeUrl } from './html-escape.js';
