/**
 * Comment zones decided per site over the extraction pass (issue #12): the comment-zone structures
 * each host shows on its post pages, the versions whose zone only the site can confirm (structure
 * only) held until every post page of the host was seen, and the posts without comments that a
 * learnt structure may still find comments on [000 §III: what holds for a site is learnt from its
 * pages and applied to all of them].
 */
import { decideStructureOnlyZone, isStructureOfSignature, MIN_STRUCTURE_PAGES } from '../extract/index.js';

/** A post page without comments, to read again with its host's learnt structures. */
interface EmptyPost<J, R> {
  host: string;
  job: J;
  /** How the page's entry candidates were found (`CommentExtraction.signatures`). */
  signatures: readonly string[];
  write: (again: R) => void;
}

/** `V`: a version as written; `J`: the page job to run again; `R`: what the second reading gives. */
export class CommentSites<V extends { comments: Array<{ source: string }> }, J, R> {
  readonly #pages = new Map<string, number>();
  readonly #structures = new Map<string, Map<string, number>>();
  /** Structures confirmed by a comment feed on some post page of the host (no hint needed). */
  readonly #feedConfirmed = new Map<string, Set<string>>();
  readonly #held: Array<{ host: string; structure: string; version: V }> = [];
  readonly #empty: Array<EmptyPost<J, R>> = [];

  /** Counts the page; true when its zone is structure-only and must wait for the site decision. */
  observe(host: string, zone: { evidence: string | null; structure: string | null }, comments: number): boolean {
    this.#pages.set(host, (this.#pages.get(host) ?? 0) + 1);
    if (zone.structure === null) return false;
    const counts = this.#structures.get(host) ?? new Map<string, number>();
    counts.set(zone.structure, (counts.get(zone.structure) ?? 0) + 1);
    this.#structures.set(host, counts);
    if (zone.evidence === 'feed') this.#feedConfirmed.set(host, new Set([...(this.#feedConfirmed.get(host) ?? []), zone.structure]));
    return zone.evidence === 'structure' && comments > 0;
  }

  /** A post page without comments; kept only when it has entry candidates a learnt structure may accept. */
  remember(host: string, job: J, signatures: readonly string[], write: (again: R) => void): void {
    if (signatures.length > 0) this.#empty.push({ host, job, signatures, write });
  }

  /**
   * The comment structures of each host that a page may use without hints: those a comment feed
   * confirmed, and structure-only ones recurring on enough post pages (`decideStructureOnlyZone`).
   * Hinted structures are found without help and are not listed.
   */
  learnt(host: string): string[] {
    const out = new Set(this.#feedConfirmed.get(host) ?? []);
    const pages = this.#pages.get(host) ?? 0;
    for (const [structure, n] of this.#structures.get(host) ?? []) {
      if (pages >= MIN_STRUCTURE_PAGES && decideStructureOnlyZone(n, pages).keep) out.add(structure);
    }
    return [...out];
  }

  /**
   * The pages without comments to read again, each with its host's learnt structures: only those
   * with an entry candidate found the way a learnt structure's entries are (a page without one would
   * be extracted a second time for nothing).
   */
  *retries(): Generator<{ job: J; structures: string[]; write: (again: R) => void }> {
    const learnt = new Map<string, string[]>();
    for (const { host, job, signatures, write } of this.#empty.splice(0)) {
      if (!learnt.has(host)) learnt.set(host, this.learnt(host));
      const structures = learnt.get(host) ?? [];
      if (structures.some((s) => signatures.some((sig) => isStructureOfSignature(s, sig)))) yield { job, structures, write };
    }
  }

  defer(host: string, zone: { structure: string | null }, version: V): void {
    this.#held.push({ host, structure: zone.structure ?? '', version });
  }

  /** Writes the held versions, without the page comments the site does not confirm; returns how many were dropped. */
  flush(write: (version: V) => void): number {
    let dropped = 0;
    for (const { host, structure, version } of this.#held.splice(0)) {
      const decision = decideStructureOnlyZone(this.#structures.get(host)?.get(structure) ?? 0, this.#pages.get(host) ?? 0);
      // Comments the comment feed gives stay whatever the page zone was.
      const kept = decision.keep ? version.comments : version.comments.filter((c) => c.source === 'feed');
      dropped += version.comments.length - kept.length;
      write({ ...version, comments: kept });
    }
    return dropped;
  }
}
