/**
 * Article blocks decided per site (issue #12): the versions the extraction pass makes of a host's
 * pages are held until the host's last page is extracted, the blocks of their articles counted
 * across the host's distinct pages, then each version is written without the blocks that recur on
 * the host's other pages [001 §2: "many pages in the same domain have redundant blocks, except the
 * main block"]. Counted within the crawl being built, so an added crawl costs only its own pages;
 * only the texts of the hosts being extracted are held (a pool runs a host or two ahead).
 */
import {
  findRecurringBlocks,
  type HtmlSpan,
  leaveOutBlocks,
  RecurringBlocks,
  type RecurringBlocksDecision,
  type VersionContent,
} from '../extract/index.js';

/** Who hears the recurring-block decisions (`build --explain URL`). */
export interface Explainer {
  wants(url: string): boolean;
  write(url: string, lines: string[]): void;
}

/** What the decision on one article reads besides the host's counts. */
export interface ArticleEvidence {
  /** Where each line of the article's text is in its HTML; null: not rendered here (counted, never cut). */
  lineSpans: ReadonlyArray<HtmlSpan | null> | null;
  /** The feed item's content or description (`findRecurringBlocks` never leaves out what it carries). */
  feedText: string | null;
}

interface HeldVersion<V> {
  version: V;
  evidence: ArticleEvidence;
  write: (version: V) => void;
}

/** `V`: a version as written (its article a `VersionContent`). */
export class ArticleSites<V extends { canonicalUrl: string; url: string; object: VersionContent }> {
  readonly #held = new Map<string, Array<HeldVersion<V>>>();
  readonly #blocks = new Map<string, RecurringBlocks>();

  /** Counts the blocks of `version`'s article on its host and holds it until `settle(host)` writes it (`write`). */
  hold(host: string, version: V, evidence: ArticleEvidence, write: (version: V) => void): void {
    this.#blocksOf(host).add(version.canonicalUrl, version.object.text);
    const held = this.#held.get(host) ?? [];
    held.push({ version, evidence, write });
    this.#held.set(host, held);
  }

  /**
   * Writes the held versions of `host`, each without the blocks recurring across the host's pages
   * (`findRecurringBlocks`); `explain` hears the decision on each version whose URL it wants.
   * Returns the blocks left out.
   */
  settle(host: string, explain: Explainer | null = null): number {
    const held = this.#held.get(host) ?? [];
    this.#held.delete(host);
    let leftOut = 0;
    for (const { version, evidence, write } of held) {
      const { object, decision } = this.#leaveOut(host, version.object, evidence);
      leftOut += decision?.leaveOut.size ?? 0;
      if (decision !== null && explain?.wants(version.url) === true)
        explain.write(version.url, explainLines(version.object.text, decision));
      write(object === version.object ? version : { ...version, object });
    }
    // Until `forget`, only second readings of the host's pages ask again: what recurs is all they need.
    this.#blocks.get(host)?.keepRecurringOnly();
    return leftOut;
  }

  /** A later reading of a page of `host` (its comments read again), without the host's recurring blocks. */
  leaveOutOf<O extends VersionContent>(host: string, object: O, evidence: ArticleEvidence): O {
    return this.#leaveOut(host, object, evidence).object;
  }

  /** Drops what is counted of `host` once no reading of its pages is left. */
  forget(host: string): void {
    this.#blocks.delete(host);
    this.#held.delete(host);
  }

  #leaveOut<O extends VersionContent>(
    host: string,
    object: O,
    { lineSpans, feedText }: ArticleEvidence,
  ): { object: O; decision: RecurringBlocksDecision | null } {
    if (lineSpans === null) return { object, decision: null };
    const decision = findRecurringBlocks({ text: object.text, lineSpans }, this.#blocksOf(host), host, feedText);
    if (decision.leaveOut.size === 0) return { object, decision };
    return { object: { ...object, ...leaveOutBlocks(object, lineSpans, decision.leaveOut) }, decision };
  }

  #blocksOf(host: string): RecurringBlocks {
    let blocks = this.#blocks.get(host);
    if (blocks === undefined) {
      blocks = new RecurringBlocks();
      this.#blocks.set(host, blocks);
    }
    return blocks;
  }
}

/** The decision on one article as `--explain` lines: the rule's verdict, then each block left out and why. */
function explainLines(text: string, decision: RecurringBlocksDecision): string[] {
  const blocks = text.split('\n');
  return [
    `recurring blocks across the host's pages [001 §2]: ${decision.reason}`,
    ...[...decision.leaveOut].map(([i, why]) => `- left out "${blocks[i] ?? ''}": ${why}`),
  ];
}
