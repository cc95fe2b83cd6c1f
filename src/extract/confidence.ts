/**
 * A confidence in [0, 1] for an extracted object, from the evidence of the wrapper search:
 * the matching mode, the concept share (004 Def. 5), the density margin over the next zone and
 * the article's length against the feed text. Weights are ours, calibrated on the dev harness.
 */
import type { MatchMode } from './wrapper-node.js';

export interface ConfidenceEvidence {
  mode: MatchMode;
  conceptShare: number;
  margin: number;
  /** Words of the extracted text. */
  textWords: number;
  /** Words of the feed description/content (the semantic input body). */
  feedWords: number;
  hasContent: boolean;
}

/** Prior reliability of each mode. ours: share of exact wrappers per mode on the dev harness. */
const MODE_PRIOR: Record<MatchMode, number> = { ngrams: 0.95, concepts: 0.75, 'concept-sample': 0.55 };

/**
 * Isotonic calibration of the raw score to the mean shingle F1 observed at that score
 * (ours: reliability table of the dev harness over 1136 pages, 2026-11; raw -> mean F1).
 */
const CALIBRATION: ReadonlyArray<readonly [number, number]> = [
  [0, 0],
  [0.15, 0.11],
  [0.4, 0.56],
  [0.6, 0.8],
  [0.75, 0.87],
  [0.85, 0.9],
  [0.93, 0.93],
  [1, 0.95],
];

function calibrate(raw: number): number {
  for (let i = 1; i < CALIBRATION.length; i++) {
    const [x1, y1] = CALIBRATION[i] as readonly [number, number];
    const [x0, y0] = CALIBRATION[i - 1] as readonly [number, number];
    if (raw <= x1) return y0 + ((raw - x0) / (x1 - x0)) * (y1 - y0);
  }
  return CALIBRATION[CALIBRATION.length - 1]?.[1] ?? raw;
}

export function computeConfidence(e: ConfidenceEvidence): number {
  let c = MODE_PRIOR[e.mode];
  c *= 0.6 + 0.4 * Math.min(1, e.conceptShare);
  c *= 0.75 + 0.25 * Math.max(0, Math.min(1, e.margin));
  if (e.feedWords > 0) {
    const ratio = e.textWords / e.feedWords;
    // Text shorter than the feed excerpt: part of the article is missing.
    if (ratio < 0.8) c *= Math.max(0.3, ratio);
    // Full-content feed but much longer text: boilerplate came with it.
    if (e.hasContent && ratio > 1.5) c *= Math.max(0.4, 1.5 / ratio);
  }
  if (e.textWords < 20) c *= 0.6;
  return Math.round(calibrate(Math.max(0, Math.min(1, c))) * 1000) / 1000;
}
