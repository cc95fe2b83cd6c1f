/**
 * Comment zones decided per site, over the extraction pass and over the templates stage (issue #12): the comment-zone structures
 * each host shows on its post pages, the versions whose zone only the site can confirm (structure
 * only) held until every post page of the host was seen, and the posts without comments that a
 * learnt structure may still find comments on [000 §III: what holds for a site is learnt from its
 * pages and applied to all of them].
 */
import { createHash } from 'node:crypto';
import { detachedCopy } from '../core/detached-string.js';
import type { Comment } from '../core/domain.js';
import { decideStructureOnlyZone, isRecordStructure, isStructureOfSignature, MIN_STRUCTURE_PAGES, matchKey } from '../extract/index.js';

/** A post page without a comment zone (no comments, or only its comment feed's), to read again with its host's learnt structures. */
interface EmptyPost<J> {
  host: string;
  job: J;
  /** The post page's URL (`CommentTally.texts` counts pages). */
  page: string;
  /** How the page's entry candidates were found (`CommentExtraction.signatures`). */
  signatures: readonly string[];
}

/** A version held for the site decision, with its page comments' keys (`pageTexts`, read once) and
 *  the post (its host, page and job) to read again should the site not confirm its zone. */
interface HeldVersion<V, J> {
  structure: string;
  needsSite: boolean;
  version: V;
  texts: string[];
  post: EmptyPost<J>;
}

/**
 * The comments of a version written at once whose page comments wait for its site's decision
 * (`CommentSites.defer`): what the decision reads of them (their source and text), how many were
 * written, and those of the comment feed, which stay whatever the decision. Held in place of the
 * version: a host's held articles would stay in memory until all its post pages were read.
 */
export interface HeldComments {
  comments: Array<{ source: string; text: string }>;
  written: number;
  feed: Comment[];
}

export function heldCommentsOf(comments: readonly Comment[]): HeldComments {
  return {
    // Copied: a comment's text may keep its page's whole text alive while the host's pages are read.
    comments: comments.map(({ source, text }) => ({ source, text: detachedCopy(text) })),
    written: comments.length,
    feed: comments.filter((c) => c.source === 'feed'),
  };
}

/** Adds one to `key`'s count in `host`'s counts. */
function count(counts: Map<string, Map<string, number>>, host: string, key: string): void {
  let of = counts.get(host);
  if (of === undefined) {
    of = new Map();
    counts.set(host, of);
  }
  of.set(key, (of.get(key) ?? 0) + 1);
}

/** Zones that stand only with the site's support (`CommentExtraction.evidence`): two records, or undated records. */
const needsSite = (evidence: string | null): boolean => evidence === 'records' || evidence === 'undated';

/** The pages of a host each zone text was on: two are enough to call it recurring. */
const MAX_TEXT_PAGES = 2;

/**
 * What one crawl's post pages of a host showed (stored per crawl, `comment_sites`): a later crawl
 * re-reads only its changed pages, and decides with the other crawls' evidence counted.
 */
export interface CommentEvidence {
  pages: number;
  structures: Record<string, number>;
  signatures: Record<string, number>;
  feedConfirmed: string[];
  /** Each zone text (`pageTexts` key) with the pages (keys of their URLs) it was on, at most MAX_TEXT_PAGES. */
  texts: Record<string, string[]>;
}

/** Stored evidence read back (`comment_sites`): null when it is not JSON of a `CommentEvidence`. */
export function parseCommentEvidence(json: string): CommentEvidence | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const isRecordOf = (v: unknown, ok: (x: unknown) => boolean): boolean =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every(ok);
  const isStrings = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');
  const isCount = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v >= 0;
  if (typeof value !== 'object' || value === null) return null;
  const e = value as Record<string, unknown>;
  const ok =
    isCount(e.pages) &&
    isRecordOf(e.structures, isCount) &&
    isRecordOf(e.signatures, isCount) &&
    isStrings(e.feedConfirmed) &&
    isRecordOf(e.texts, isStrings);
  return ok ? (value as CommentEvidence) : null;
}

const noEvidence = (): CommentEvidence => ({ pages: 0, structures: {}, signatures: {}, feedConfirmed: [], texts: {} });

/** Adds `page` to a text's pages (distinct, at most MAX_TEXT_PAGES). */
function addPage(pages: string[], page: string): void {
  if (pages.length < MAX_TEXT_PAGES && !pages.includes(page)) pages.push(page);
}

/**
 * What the post pages of the hosts show, counted: one tally may be shared by the comment sites of
 * both passes, so that a host's decision weighs its feed-paired and its template-found posts
 * together (ours: a site's comment structure is the site's, whichever pass found its posts). The
 * counts of this crawl are kept apart from the other crawls' (`addPrior`), and both are read.
 */
export class CommentTally {
  /** Per host: post pages counted. */
  readonly pages = new Map<string, number>();
  /** Per host: post pages whose zone has each structure. */
  readonly structures = new Map<string, Map<string, number>>();
  /** Per host: post pages with entry candidates found each way (`CommentExtraction.signatures`). */
  readonly signatures = new Map<string, Map<string, number>>();
  /** Structures confirmed by a comment feed on some post page of the host (no hint needed). */
  readonly feedConfirmed = new Map<string, Set<string>>();
  /** Per host: the counted pages (held versions, second readings) each page comment's text was on. */
  readonly texts = new Map<string, Map<string, string[]>>();
  /** Per host: what the overlay's other crawls showed. */
  readonly #prior = new Map<string, CommentEvidence>();

  /** Counts another crawl's evidence of `host` too. */
  addPrior(host: string, evidence: CommentEvidence): void {
    const prior = this.#prior.get(host) ?? noEvidence();
    prior.pages += evidence.pages;
    for (const [k, n] of Object.entries(evidence.structures)) prior.structures[k] = (prior.structures[k] ?? 0) + n;
    for (const [k, n] of Object.entries(evidence.signatures)) prior.signatures[k] = (prior.signatures[k] ?? 0) + n;
    prior.feedConfirmed = [...new Set([...prior.feedConfirmed, ...evidence.feedConfirmed])];
    for (const [text, pages] of Object.entries(evidence.texts)) {
      const known = prior.texts[text] ?? [];
      for (const page of pages) addPage(known, page);
      prior.texts[text] = known;
    }
    this.#prior.set(host, prior);
  }

  /** This crawl's evidence of `host` (what `addPrior` takes in a later crawl). */
  evidenceOf(host: string): CommentEvidence {
    return {
      pages: this.pages.get(host) ?? 0,
      structures: Object.fromEntries(this.structures.get(host) ?? []),
      signatures: Object.fromEntries(this.signatures.get(host) ?? []),
      feedConfirmed: [...(this.feedConfirmed.get(host) ?? [])],
      texts: Object.fromEntries(this.texts.get(host) ?? []),
    };
  }

  /** Post pages of `host` counted, in this crawl and the others. */
  pageCount(host: string): number {
    return (this.pages.get(host) ?? 0) + (this.#prior.get(host)?.pages ?? 0);
  }

  /** Post pages of `host` whose zone has `structure`, in this crawl and the others. */
  structureCount(host: string, structure: string): number {
    return (this.structures.get(host)?.get(structure) ?? 0) + (this.#prior.get(host)?.structures[structure] ?? 0);
  }

  /** The structures of `host`'s zones, in this crawl and the others. */
  structureNames(host: string): Set<string> {
    return new Set([...(this.structures.get(host)?.keys() ?? []), ...Object.keys(this.#prior.get(host)?.structures ?? {})]);
  }

  /** The entry-candidate signatures of `host`'s pages with their page counts, in this crawl and the others. */
  *signatureCounts(host: string): Generator<[string, number]> {
    const own = this.signatures.get(host);
    const prior = this.#prior.get(host)?.signatures ?? {};
    for (const [signature, n] of own ?? []) yield [signature, n + (prior[signature] ?? 0)];
    for (const [signature, n] of Object.entries(prior)) if (own?.has(signature) !== true) yield [signature, n];
  }

  /** Structures a comment feed confirmed on some post page of `host`, in any crawl. */
  confirmedOf(host: string): Set<string> {
    return new Set([...(this.feedConfirmed.get(host) ?? []), ...(this.#prior.get(host)?.feedConfirmed ?? [])]);
  }

  /** Counts `page` (its URL) as showing these page comments' texts (`pageTexts` keys). */
  countTexts(host: string, texts: readonly string[], url: string): void {
    const page = shortKey(url);
    let of = this.texts.get(host);
    if (of === undefined) {
      of = new Map();
      this.texts.set(host, of);
    }
    for (const text of texts) {
      const pages = of.get(text) ?? [];
      addPage(pages, page);
      of.set(text, pages);
    }
  }

  /** How many distinct pages (at most MAX_TEXT_PAGES) showed `text`, in this crawl and the others. */
  textPages(host: string, text: string): number {
    const pages = [...(this.texts.get(host)?.get(text) ?? [])];
    for (const page of this.#prior.get(host)?.texts[text] ?? []) addPage(pages, page);
    return pages.length;
  }
}

/**
 * `V`: what is held of a version written at once (its comments, `HeldComments`, and what names the
 * version) until its host's decision; `J`: a post page to read again (the caller reads it and writes the result).
 * The comment sites of the extraction pass (feed-paired posts) and of the templates stage
 * (template-found posts); `tally`: what the host's post pages show, shared when both count it.
 */
export class CommentSites<V extends { comments: Array<{ source: string; text: string }> }, J> {
  readonly #held: Array<HeldVersion<V, J>> = [];
  readonly #empty: Array<EmptyPost<J>> = [];

  constructor(readonly tally = new CommentTally()) {}

  /** Counts the page; true when its zone is structure-only and must wait for the site decision. */
  observe(
    host: string,
    zone: { evidence: string | null; structure: string | null; signatures?: readonly string[] },
    comments: number,
  ): boolean {
    this.tally.pages.set(host, (this.tally.pages.get(host) ?? 0) + 1);
    for (const s of zone.signatures ?? []) count(this.tally.signatures, host, s);
    if (zone.structure === null) return false;
    count(this.tally.structures, host, zone.structure);
    if (zone.evidence === 'feed') {
      const confirmed = this.tally.feedConfirmed.get(host);
      if (confirmed === undefined) this.tally.feedConfirmed.set(host, new Set([zone.structure]));
      else confirmed.add(zone.structure);
    }
    return (zone.evidence === 'structure' || needsSite(zone.evidence)) && comments > 0;
  }

  /** A post page without a comment zone; kept only when it has entry candidates a learnt structure may accept. */
  remember(host: string, job: J, signatures: readonly string[], page: string): void {
    if (signatures.length > 0) this.#empty.push({ host, job, signatures, page });
  }

  /**
   * The comment structures of each host that a page may use without hints: those a comment feed
   * confirmed, and structure-only ones recurring on enough post pages (`decideStructureOnlyZone`).
   * Hinted structures are found without help and are not listed.
   */
  learnt(host: string): string[] {
    const out = this.tally.confirmedOf(host);
    const pages = this.tally.pageCount(host);
    for (const structure of this.tally.structureNames(host)) {
      if (
        pages >= MIN_STRUCTURE_PAGES &&
        decideStructureOnlyZone(this.#support(host, structure), pages, false, structure).keep &&
        !this.#onlyRecurring(host, structure)
      )
        out.add(structure);
    }
    return [...out];
  }

  /**
   * Whether every zone of `structure` held on `host` shows texts the host repeats on its other pages
   * (testimonials, an events list, a forum's latest topics after each post): the site's template,
   * not its comment structure, so no post is read with it [004 §4.2: repeated text is boilerplate].
   */
  #onlyRecurring(host: string, structure: string): boolean {
    const held = this.#held.filter((h) => h.post.host === host && h.structure === structure);
    return held.length > 0 && held.every((h) => this.#recurs(host, h.texts));
  }

  /**
   * The pages without comments to read again, each with its host's learnt structures: only those
   * with an entry candidate found the way a learnt structure's entries are (a page without one would
   * be extracted a second time for nothing).
   */
  *#retries(): Generator<{ job: J; structures: string[]; page: string; unconfirmed: boolean }> {
    const learnt = new Map<string, string[]>();
    // The posts whose held zone the site does not confirm have no zone either.
    const posts = [
      ...this.#empty.splice(0).map((post) => ({ post, unconfirmed: false })),
      ...this.#held.flatMap((h) => (this.#confirms(h) ? [] : [{ post: h.post, unconfirmed: true }])),
    ];
    for (const { post, unconfirmed } of posts) {
      const { host, job, signatures, page } = post;
      if (!learnt.has(host)) learnt.set(host, this.learnt(host));
      const structures = learnt.get(host) ?? [];
      if (structures.some((s) => signatures.some((sig) => isStructureOfSignature(s, sig)))) yield { job, structures, page, unconfirmed };
    }
  }

  /**
   * Post pages of the host showing `structure`: those whose zone has it, or, when more, those with
   * entry candidates found the same way (a post with one or two comments shows the site's comment
   * records too, below the entry count a zone needs without the site's support).
   */
  #support(host: string, structure: string): number {
    let n = this.tally.structureCount(host, structure);
    // Undated records count where they made the zone only: a lone record shape is found everywhere.
    if (isRecordStructure(structure)) return n;
    for (const [signature, pages] of this.tally.signatureCounts(host)) {
      if (pages > n && isStructureOfSignature(structure, signature)) n = pages;
    }
    return n;
  }

  /**
   * Holds `version` (of the post page `page`) for the site decision; `job` reads the page again
   * should the site not confirm its zone (`readAgain`).
   */
  defer(
    host: string,
    zone: { evidence: string | null; structure: string | null; signatures?: readonly string[] },
    version: V,
    page: string,
    job: J,
  ): void {
    const texts = pageTexts(version.comments);
    const post = { host, job, signatures: zone.signatures ?? [], page };
    this.#held.push({ structure: zone.structure ?? '', needsSite: needsSite(zone.evidence), version, texts, post });
    this.tally.countTexts(host, texts, page);
  }

  /**
   * Whether most of these page comments recur on other counted pages of the host: entries of its
   * template (a "latest news" box), not comments, since a reader's comment is on one page
   * [004 §4.2; text repeated across a host's pages is boilerplate].
   */
  #recurs(host: string, texts: readonly string[]): boolean {
    return texts.length > 0 && texts.filter((t) => this.tally.textPages(host, t) >= 2).length * 2 >= texts.length;
  }

  /**
   * The posts of `host` without a zone read again (`read`) with the structures the host confirms;
   * the readings that find comments are counted with the held versions' texts (`settle` decides).
   * A post whose held zone the site does not confirm is one of them; its reading counts only when
   * its zone is one of those structures (not the same unconfirmed zone found again).
   */
  async readAgain<A extends { comments: V['comments']; structure: string | null }>(
    host: string,
    read: (job: J, structures: string[]) => Promise<A | null>,
  ): Promise<Array<{ job: J; again: A }>> {
    const out: Array<{ job: J; again: A }> = [];
    for (const { job, structures, page, unconfirmed } of this.#retries()) {
      const again = await read(job, structures);
      if (again === null || again.comments.length === 0) continue;
      if (unconfirmed && !structures.includes(again.structure ?? '')) continue;
      this.tally.countTexts(host, pageTexts(again.comments), page);
      out.push({ job, again });
    }
    return out;
  }

  /**
   * The site decision of `host`: each held version with the comments the site keeps, the page
   * comments it does not confirm left out (`writeHeld`), then each second reading whose comments do not recur on the host's
   * other pages (`writeAgain`). Returns the page comments dropped and those the readings added.
   */
  settle<A extends { comments: V['comments'] }>(
    host: string,
    readings: ReadonlyArray<{ job: J; again: A }>,
    writeHeld: (version: V) => void,
    writeAgain: (job: J, again: A) => void,
  ): { dropped: number; added: number } {
    const dropped = this.#flush(writeHeld);
    let added = 0;
    for (const { job, again } of readings) {
      if (this.#recurs(host, pageTexts(again.comments))) continue;
      writeAgain(job, again);
      added += again.comments.length;
    }
    return { dropped, added };
  }

  /** Whether the site confirms a held zone: its structure recurs on enough post pages of the host
   *  (`decideStructureOnlyZone`), and its texts do not (`#recurs`). */
  #confirms(held: HeldVersion<V, J>): boolean {
    const { post, structure, needsSite, texts } = held;
    const { host } = post;
    const decision = decideStructureOnlyZone(this.#support(host, structure), this.tally.pageCount(host), needsSite, structure);
    return decision.keep && !this.#recurs(host, texts);
  }

  /** Hands each held version to `write` without the page comments the site does not confirm; returns how many were dropped. */
  #flush(write: (version: V) => void): number {
    let dropped = 0;
    for (const held of this.#held.splice(0)) {
      const { version } = held;
      // Comments the comment feed gives stay whatever the page zone was.
      const kept = this.#confirms(held) ? version.comments : version.comments.filter((c) => c.source === 'feed');
      dropped += version.comments.length - kept.length;
      write({ ...version, comments: kept });
    }
    return dropped;
  }
}

/** The comparison keys of the comments found on the page (not only in the feed), numbers
 *  generalised: a template's box of names and counters ("1557 Recommendations") recurs with other
 *  counts on each page, as a structure does with other ids (`structureKey`). */
function pageTexts(comments: ReadonlyArray<{ source: string; text: string }>): string[] {
  return comments.filter((c) => c.source !== 'feed').map((c) => shortKey(matchKey(c.text).replace(/\d+/g, '#')));
}

/** Hex characters of a SHA-1 kept as a text's or a page URL's key in the evidence (48 bits): a
 *  host's evidence holds a key per comment text, not the text, in memory and in the store. */
const SHORT_KEY_CHARS = 12;

function shortKey(value: string): string {
  return createHash('sha1').update(value).digest('hex').slice(0, SHORT_KEY_CHARS);
}
