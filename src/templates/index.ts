/**
 * Templates stage: key-paths [000 §III-B], post templates learnt from feed-linked pages
 * [000 §III-C/D], page matching [000 §III-E], and the E-mCST fallback [001 §3].
 */
export { parseKeyPath, serialiseKeyPath, keyPathOf, mergeKeyPaths } from './key-path.js';
export { type CompiledKeyPath, findNodes } from './key-path-match.js';
export { learnTemplates } from './template-learner.js';
export { learnDateOrder, matchPage } from './page-matcher.js';
export { canonicalElsewhere, entryLinkTargets, hostLinkKeys } from './channel-page.js';
export { renderText } from './content-render.js';
export { type FeedPostPage, learnTeaserPaths } from './teaser-blocks.js';
export {
  buildSiteEvidence,
  canonicalCopies,
  queryCopies,
  queryPages,
  servedUnderManyPaths,
  listedItems,
  negativePostEvidence,
  type NegativeEvidence,
  type SiteEvidence,
  contentKey,
  type LinkingPage,
  oneEntryListings,
} from './post-evidence.js';
export { validateTemplate, TemplateValidator, channelLinkThreshold, templateStillFits } from './template-validation.js';
export { blockImportance, mcstMainBlock } from './mcst.js';
export {
  classifyByMainBlock,
  classifyByTemplate,
  decideTemplateReuse,
  distinctTemplates,
  type KeptTemplates,
  keepValidatedTemplates,
  leaveOutComments,
  type PostDecision,
  renderWithoutComments,
  type ReuseDecision,
  settleHeldPost,
  type WeighedDecision,
  weighNegativeEvidence,
} from './template-choice.js';
export { learnMarkers, MarkerVotes, extractMainBlock, mainBlockOfLinkedPost } from './content-markers.js';
export type * from './types.js';
