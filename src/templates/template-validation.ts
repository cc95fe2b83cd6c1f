/**
 * Guards on learnt templates. `validateTemplate` checks a template on its own site [000 §III-E,
 * Listing 4 path 3: a too-general path matches non-post pages]: it must accept its feed-linked pages
 * and no structurally detected channel page; otherwise it is specialised (another property path
 * promoted, attributes common to every feed-linked page added) or rejected. `templateStillFits`
 * tells the integrator when a later crawl's markup no longer fits (issue #5 step 4).
 */
import type { Element } from 'domhandler';
import { canonicalUrl } from '../core/url.js';
import type { ParsedPage } from '../extract/index.js';
import { entryLinkTargets } from './channel-page.js';
import { CHANNEL_MIN_HEADING_LINKS, MAX_CHANNEL_ACCEPT_SHARE, MIN_FIT_SHARE, MIN_SPECIALISED_FIT } from './constants.js';
import { type CompiledKeyPath, compileKeyPath, findAllNodes } from './key-path-match.js';
import { keyPathOf, mergeKeyPaths, parseKeyPath, serialiseKeyPath, specificityOf } from './key-path.js';
import { acceptsEach, matchPage } from './page-matcher.js';
import { templateId } from './template-learner.js';
import type { KeyPath, PostTemplate, TemplateFit, TemplateValidation } from './types.js';

const share = (n: number, d: number): number => (d === 0 ? 0 : n / d);

/** Share of `pages` each template accepts as posts. */
function acceptedShares(templates: readonly PostTemplate[], pages: readonly ParsedPage[]): number[] {
  const n = templates.map(() => 0);
  for (const p of pages) {
    const accepted = acceptsEach(p, templates);
    for (let i = 0; i < n.length; i++) if (accepted[i]) n[i] = (n[i] ?? 0) + 1;
  }
  return n.map((k) => share(k, pages.length));
}

/**
 * Would the host's templates still be learnt from this crawl? They fit when together they accept at
 * least `MIN_FIT_SHARE` of the crawl's feed-linked pages; with none to test they are kept (nothing
 * contradicts them).
 */
export function templateStillFits(templates: PostTemplate | readonly PostTemplate[], feedLinkedPages: readonly ParsedPage[]): TemplateFit {
  if (feedLinkedPages.length === 0) return { fits: true, matchShare: 1 };
  const set = Array.isArray(templates) ? (templates as readonly PostTemplate[]) : [templates as PostTemplate];
  let n = 0;
  for (const p of feedLinkedPages) if (matchPage(p, set).isPost) n++;
  const matchShare = share(n, feedLinkedPages.length);
  return { fits: matchShare >= MIN_FIT_SHARE, matchShare };
}

/**
 * For each of `kps`, the most specific path all feed-linked pages agree on for the node it
 * designates: the merge of `keyPathOf` of its first non-empty match on every page (all
 * PATH_ATTRIBUTES, values clustered by prefix). Null when a page has no match or the merge is
 * shorter than the path (it would generalise). One walk of each page for the paths still merging.
 */
function specialisedPaths(kps: readonly KeyPath[], pages: readonly ParsedPage[]): Array<KeyPath | null> {
  const compiled = kps.map(compileKeyPath);
  /** Per path, the merge of the pages read so far (null before the first one) ... */
  const merged: Array<KeyPath | null> = kps.map(() => null);
  /** ... and whether a page had no match or the merge failed (the path is then no longer merged). */
  const failed: boolean[] = kps.map((kp) => kp.steps.length === 0 && pages.length > 0);
  for (const p of pages) {
    const merging = kps.flatMap((_, i) => (failed[i] ? [] : [i]));
    if (merging.length === 0) break;
    const found = findAllNodes(
      p.document,
      merging.map((i) => compiled[i] as CompiledKeyPath),
    );
    for (const [k, i] of merging.entries()) {
      const node = found[k]?.find((n: Element) => n.children.length > 0);
      const full = node === undefined ? null : keyPathOf(node, { positions: true });
      const sofar = merged[i] ?? null;
      const next = full === null || sofar === null ? full : mergeKeyPaths(sofar, full);
      if (next === null) failed[i] = true;
      else merged[i] = next;
    }
  }
  return kps.map((kp, i) => {
    const m = merged[i] ?? null;
    return failed[i] || m === null || m.steps.length < kp.steps.length || specificityOf(m) <= specificityOf(kp) ? null : m;
  });
}

interface Candidate {
  template: PostTemplate;
  how: string;
}

/** Candidate key-paths: each property path as found, and specialised on the feed-linked pages. */
function candidates(template: PostTemplate, feedPages: readonly ParsedPage[]): Candidate[] {
  const out: Candidate[] = [];
  const sources: Array<[string, string | null]> = [
    ['key-path', template.keyPath],
    ['content path', template.contentPath],
    ['title path', template.propertyPaths.title],
    ['date path', template.propertyPaths.date],
    ['author path', template.propertyPaths.author],
  ];
  const seen = new Set<string>();
  const add = (keyPath: string, how: string, contentPath: string = template.contentPath): void => {
    const sig = `${keyPath}\n${contentPath}`;
    if (seen.has(sig)) return;
    seen.add(sig);
    const { specialisedBy: _previous, ...rest } = template;
    out.push({
      template: {
        ...rest,
        keyPath,
        contentPath,
        id: templateId(template.host, template.feedUrl, keyPath, contentPath, template.propertyPaths),
      },
      how,
    });
  };
  for (const [name, path] of sources) {
    if (path === null) continue;
    add(path, name === 'key-path' ? 'unchanged' : `promoted the ${name}`);
  }
  const specialising = sources.flatMap(([name, path]) => {
    const kp = path === null ? null : parseKeyPath(path);
    return kp === null || kp.steps.some((s) => s.name === '*') ? [] : [{ name, kp }];
  });
  const specialised = specialisedPaths(
    specialising.map((s) => s.kp),
    feedPages,
  );
  for (const [i, { name }] of specialising.entries()) {
    const special = specialised[i] ?? null;
    if (special === null) continue;
    const keyPath = serialiseKeyPath(special);
    add(keyPath, `promoted the ${name} with the attributes common to all ${feedPages.length} feed-linked pages`);
    // The content path itself, made as specific, keeps content extraction away from look-alike blocks.
    if (name === 'content path') add(keyPath, `specialised the content path on all ${feedPages.length} feed-linked pages`, keyPath);
  }
  return out;
}

/** The entry-link count from which a page counts as a channel page, given the host's feed-linked pages. */
export function channelLinkThreshold(feedLinkedPages: readonly ParsedPage[]): number {
  let postLinks = 0;
  for (const p of feedLinkedPages) postLinks = Math.max(postLinks, entryLinkTargets(p).size);
  return Math.max(CHANNEL_MIN_HEADING_LINKS, postLinks + 1);
}

/** Counts of one candidate over the observed pages. */
interface CandidateTally {
  candidate: Candidate;
  fit: number;
  accepted: number;
  channelAccepted: number;
}

/**
 * `validateTemplate` one page at a time, so a host's pages need not be in memory together: the
 * feed-linked pages are given up front (the candidates are built from them), every other page of
 * the host is passed to `observe` and can be dropped afterwards. The specialised candidates are
 * built when first needed: for the first page observed, or when the template itself fits too few
 * feed-linked pages (with no other page observed, nothing else can reject it).
 */
export class TemplateValidator {
  readonly #template: PostTemplate;
  readonly #feedPages: readonly ParsedPage[];
  readonly #channelMin: number;
  /** The template's tally first, then the specialised candidates' once built. */
  readonly #tallies: CandidateTally[];
  #specialised = false;
  #otherPages = 0;
  #channelPages = 0;

  /** `feedLinkedPages`: the host's feed-linked pages; the template must fit those it was learnt from (other feeds may hold other layouts). */
  constructor(template: PostTemplate, feedLinkedPages: readonly ParsedPage[]) {
    this.#template = template;
    const own = new Set(template.learntFrom.map((u) => canonicalUrl(u)));
    const ownPages = feedLinkedPages.filter((p) => own.has(canonicalUrl(p.url)));
    this.#feedPages = ownPages.length > 0 ? ownPages : feedLinkedPages;
    this.#channelMin = channelLinkThreshold(feedLinkedPages);
    this.#tallies = this.#tally([{ template, how: 'unchanged' }]);
  }

  /** Tallies of `candidates`, each with its share of the feed-linked pages accepted. */
  #tally(candidates: readonly Candidate[]): CandidateTally[] {
    const fits =
      this.#feedPages.length === 0
        ? candidates.map(() => 1)
        : acceptedShares(
            candidates.map((c) => c.template),
            this.#feedPages,
          );
    return candidates.map((candidate, i) => ({ candidate, fit: fits[i] as number, accepted: 0, channelAccepted: 0 }));
  }

  /** Every tally, the specialised candidates' built on first use. */
  #allTallies(): CandidateTally[] {
    if (!this.#specialised) {
      this.#specialised = true;
      this.#tallies.push(...this.#tally(candidates(this.#template, this.#feedPages).filter((c) => c.how !== 'unchanged')));
    }
    return this.#tallies;
  }

  /** Test every candidate on one page of the host that no feed links. */
  observe(page: ParsedPage): void {
    const tallies = this.#allTallies();
    this.#otherPages++;
    const isChannel = entryLinkTargets(page).size >= this.#channelMin;
    if (isChannel) this.#channelPages++;
    const accepted = acceptsEach(
      page,
      tallies.map((t) => t.candidate.template),
    );
    tallies.forEach((t, i) => {
      if (!accepted[i]) return;
      t.accepted++;
      if (isChannel) t.channelAccepted++;
    });
  }

  /** Keep, specialise or reject the template, from what was observed. */
  result(): TemplateValidation {
    const channelOk = (n: number): boolean => share(n, this.#channelPages) <= MAX_CHANNEL_ACCEPT_SHARE;
    const matchShare = (t: CandidateTally): number => share(t.accepted, this.#otherPages);
    const result = (template: PostTemplate | null, reason: string, t: CandidateTally): TemplateValidation => ({
      template,
      reason,
      matchShare: matchShare(t),
      channelPages: this.#channelPages,
      channelAccepted: t.channelAccepted,
    });
    const base = this.#tallies[0] as CandidateTally;
    const feedPages = this.#feedPages.length;
    if (base.fit >= MIN_FIT_SHARE && channelOk(base.channelAccepted)) {
      return result(
        this.#template,
        `accepts ${(base.fit * 100).toFixed(0)}% of ${feedPages} feed-linked pages and ${base.channelAccepted} of ${this.#channelPages} channel pages`,
        base,
      );
    }
    let best: CandidateTally | null = null;
    for (const t of this.#allTallies().slice(1)) {
      if (t.fit < MIN_SPECIALISED_FIT || !channelOk(t.channelAccepted)) continue;
      if (best === null || t.fit > best.fit || (t.fit === best.fit && matchShare(t) > matchShare(best))) best = t;
    }
    const problem =
      base.fit < MIN_FIT_SHARE
        ? `accepts only ${(base.fit * 100).toFixed(0)}% of ${feedPages} feed-linked pages (ambiguous or too specific key-path)`
        : `accepts ${base.channelAccepted} of ${this.#channelPages} channel pages (too general, 000 Listing 4 path 3)`;
    if (best === null) return result(null, `rejected: ${problem}; no specialisation helps`, base);
    const specialisedBy = `${best.candidate.how}: it ${problem.replace(/^accepts/, 'accepted')}`;
    const t: PostTemplate = { ...best.candidate.template, specialisedBy };
    return result(
      t,
      `specialised: ${specialisedBy}; now ${(best.fit * 100).toFixed(0)}% of feed-linked pages, ${best.channelAccepted} channel pages`,
      best,
    );
  }
}

/**
 * Check `template` on the pages of its own host. Channel pages are found by structure: pages linking
 * more other pages of the host as entries (headings, `rel=bookmark`) than any feed-linked post does,
 * and at least `CHANNEL_MIN_HEADING_LINKS`. A template accepting one is specialised; when no
 * specialisation keeps `MIN_SPECIALISED_FIT` of the feed-linked pages and excludes the channel pages,
 * it is rejected. A template not accepting `MIN_FIT_SHARE` of its feed-linked pages (ambiguous
 * key-path) is rejected too.
 */
export function validateTemplate(
  template: PostTemplate,
  hostPages: readonly ParsedPage[],
  feedLinkedUrls: ReadonlySet<string>,
): TemplateValidation {
  const linked = new Set([...feedLinkedUrls].map((u) => canonicalUrl(u)));
  const isLinked = (p: ParsedPage): boolean => linked.has(canonicalUrl(p.url));
  const validator = new TemplateValidator(template, hostPages.filter(isLinked));
  for (const p of hostPages) if (!isLinked(p)) validator.observe(p);
  return validator.result();
}
