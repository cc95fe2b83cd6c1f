export { candidateUrls, pairItem } from './pair-item.js';
export type { CaptureLookup, CaptureRef, Pairing } from './types.js';
