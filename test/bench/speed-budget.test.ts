import { describe, expect, it } from 'vitest';
import { budgetOf, type CpuProfile, REST, secondsByPart } from '../../bench/speed-budget.js';

const node = (id: number, functionName: string, url: string, children: number[] = []): CpuProfile['nodes'][number] => ({
  id,
  callFrame: { functionName, url },
  children,
});

/** A build's main thread in miniature: a page job searching comments and the article, a page written. */
const profile: CpuProfile = {
  nodes: [
    node(1, '(root)', '', [2, 8, 9, 10]),
    node(2, 'runPageJob', 'file:///r/dist/build/page-job.js', [3, 4, 6]),
    node(3, 'extractComments', 'file:///r/dist/extract/comments/extract-comments.js', [5]),
    node(4, 'parseHtml', 'file:///r/dist/core/html-parse.js', [7]),
    node(5, 'textBlocks', 'file:///r/dist/extract/page-dom.js'),
    node(6, 'findWrapperNode', 'file:///r/src/extract/wrapper-node.ts'),
    node(7, 'parse', 'file:///r/node_modules/htmlparser2/dist/Tokenizer.js'),
    node(8, '(garbage collector)', ''),
    node(9, '(program)', ''),
    node(10, 'write', 'file:///r/dist/reconstruct/page-writer.js', [11]),
    node(11, 'parseHtml', 'file:///r/dist/core/html-parse.js'),
  ],
  samples: [5, 7, 6, 8, 9, 2, 11],
  // One to seven seconds (deltas are in microseconds).
  timeDeltas: [1, 2, 3, 4, 5, 6, 7].map((s) => s * 1e6),
};

describe('bench:speed --budget: a CPU profile split by part', () => {
  it('gives each sample to the first part, in order, with a frame of its folder on the stack', () => {
    const parts = secondsByPart(profile);
    // A helper of extract/ called by the comment search is the comment search's.
    expect(parts.get('comment search')).toBeCloseTo(1);
    // htmlparser2 under the page parse is the parse; under the page writer, the pages'.
    expect(parts.get('parse')).toBeCloseTo(2);
    expect(parts.get('reconstructed pages')).toBeCloseTo(7);
    // src/ frames (tsx) are read as dist/ ones.
    expect(parts.get('article search')).toBeCloseTo(3);
    expect(parts.get('garbage collection')).toBeCloseTo(4);
    // The build driver's own frames and V8's are nobody's part.
    expect(parts.get(REST)).toBeCloseTo(11);
    expect([...parts.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(28);
  });

  it('sets the parts that decide nothing, garbage collection aside, against what the bar allows', () => {
    const budget = budgetOf(profile, 2, 1 / 3);
    expect(budget.allowedSeconds).toBeCloseTo(6);
    expect(budget.profiledSeconds).toBeCloseTo(28);
    // parse 2 + pages 7 + the rest 11
    expect(budget.floorSeconds).toBeCloseTo(20);
  });
});
