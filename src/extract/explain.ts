import type { ExplainStep, ExtractionResult } from './types.js';

/** The decision trail of an extraction as printable lines (for `build --explain URL`). */
export function explainExtraction(result: ExtractionResult): string[] {
  const lines = result.explain.map((s: ExplainStep) => {
    const data = s.data === undefined ? '' : `\n    ${JSON.stringify(s.data)}`;
    return `- ${s.step}: ${s.detail}${data}`;
  });
  lines.push(result.ok ? `=> extracted (confidence ${result.object.confidence})` : `=> no object: ${result.reason}`);
  return lines;
}
