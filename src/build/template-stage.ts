/**
 * The templates pass of a build (issue #5), run after the feed-guided pass of one crawl. Per host:
 * learn post templates from the feed-linked pages [000 §III-C/D], or reuse the templates of an
 * earlier crawl while they still fit (issue #5 step 4); validate them against channel pages [000
 * Listing 4 path 3]; then classify every other HTML capture of the host [000 §III-E]. Hosts left
 * without any template fall back to E-mCST [001 §3]. Pages are read one at a time; while a host is
 * learnt only a bounded sample of its feed-linked pages stays parsed in memory.
 */
import { createHash } from 'node:crypto';
import type { Element } from 'domhandler';
import type { Diagnostics } from '../core/diagnostics.js';
import { isInputError } from '../core/errors.js';
import { evenSample } from '../core/even-sample.js';
import { canonicalUrl, hostOf, schemelessKey } from '../core/url.js';
import type { CommentExtraction, ExtractedObject, NumericDateOrder, ParsedPage, PropertyPaths } from '../extract/index.js';
import type { FeedItem } from '../feeds/index.js';
import {
  buildSiteEvidence,
  type CompiledKeyPath,
  type ContentMarkers,
  canonicalCopies,
  canonicalElsewhere,
  channelLinkThreshold,
  classifyByMainBlock,
  classifyByTemplate,
  contentKey,
  decideTemplateReuse,
  distinctTemplates,
  entryLinkTargets,
  type FeedPostPage,
  hostLinkKeys,
  keepValidatedTemplates,
  type LinkingPage,
  learnDateOrder,
  learnTemplates,
  learnTeaserPaths,
  leaveOutComments,
  MarkerVotes,
  oneEntryListings,
  queryCopies,
  queryPages,
  servedUnderManyPaths,
  type PostDecision,
  type PostTemplate,
  serialiseKeyPath,
  settleHeldPost,
  type SiteEvidence,
  TemplateValidator,
  weighNegativeEvidence,
} from '../templates/index.js';
import type { Comment } from '../core/domain.js';
import { type Db, type HtmlCaptureRow, type OverlayWriter, TemplateStore } from '../store/index.js';
import { CommentSites, type CommentTally, type HeldComments, heldCommentsOf } from './comment-sites.js';

/** ours: feed-linked pages of one host kept parsed while its templates are checked (evenly sampled); bounds memory. */
export const MAX_FEED_PAGES_IN_MEMORY = 40;
/**
 * ours: elements of the pages held parsed at once (those of one host's templates, the page cache).
 * A build held about 850 bytes per element (40 pages of 120,000 elements: peak RSS 4.08 GB, #15),
 * so this is some 170 MB; the data sets' hosts hold 17,163 elements at most in their samples. The
 * templates of a host of larger pages are learnt from the first of its sample that fit.
 */
export const MAX_HELD_PAGE_ELEMENTS = 200_000;
/** ours: other pages of a host a template is validated on (evenly sampled, read one at a time); bounds the extra parse work. */
export const MAX_VALIDATION_PAGES = 200;
/** ours: pages of a host whose mCST blocks vote for the E-mCST markers [001 Algorithm 1], evenly sampled. */
export const MAX_MARKER_PAGES = 200;
/** ours: earlier crawls a feedless crawl of a host without templates looks back through for the
 *  host's feed-linked posts (a bound: adding a crawl costs no more with a longer history, #15). */
export const MAX_EARLIER_CRAWLS_FOR_URL_SHAPES = 3;
/** ours: page decisions written per transaction. */
export const WRITE_BATCH_PAGES = 50;

/** A page the feed-guided pass paired with a feed item and extracted in this crawl. */
export interface FeedLinkedPage {
  captureId: number;
  url: string;
  /** The article feed the item came from. */
  feedUrl: string;
  /** Where the feed-guided pass found each property (`ExtractedObject.paths`): the training data of 000 §III-C. */
  paths: PropertyPaths;
  /** The feed item's date: how the page printed it teaches the template the site's date order (`learnDateOrder`). */
  published: string | null;
  /** The feed item's title: a page under this URL with a query and this title is a further page of the post (`queryPages`). */
  title: string | null;
}

export interface TemplateStageInput {
  db: Db;
  writer: OverlayWriter;
  crawlId: number;
  diagnostics: Diagnostics;
  /** Every page paired with an article-feed item in this crawl (comment feeds left out), or those pages host by host. */
  feedPages: readonly FeedLinkedPage[] | FeedPagesByHost;
  /** Read and parse one capture (revisits resolved); null when it holds no page. InputErrors are reported and the page skipped. */
  loadPage(captureId: number): Promise<ParsedPage | null>;
  /** Reader comments of a page found to be a post (kept apart from the article [004 §4.2]), also
   *  read with the host's comment structures learnt here (`siteStructures`); `after`: the post's
   *  content node (undated comment records are looked for after it). */
  commentsOf?(page: ParsedPage, siteStructures?: readonly string[], after?: Element | null): CommentExtraction;
  /** Per host: the channel links of its article feeds and their items (negative post evidence, issue #12). */
  siteFeeds?: ReadonlyMap<string, { channelLinks: string[]; items: FeedItem[] }>;
  /** Called for each page decided not a post, while it is still held (the build segments channel pages then: each page parsed once). */
  onNonPost?(capture: HtmlCaptureRow): Promise<void>;
  /** Called once a host's pages are decided (the build segments the host's channel pages not segmented yet). */
  onHostDone?(host: string): Promise<void>;
  /** What the host's feed-paired post pages showed (the extraction pass's `CommentSites.tally`): the
   *  comment zones of the host's template-found posts are decided with them (issue #12). */
  commentTallyOf?(host: string): CommentTally;
}

/**
 * The feed-linked pages when they are made host by host: the build extracts a host's pages when its
 * templates are due, so that the pages it parsed are still held when this pass reads them.
 */
export interface FeedPagesByHost {
  /** Every host `of` may give pages for. */
  hosts: readonly string[];
  /** The hosts in the order `of` will be asked for them: a source working ahead can follow it. */
  ahead?(order: readonly string[]): void;
  of(host: string): Promise<readonly FeedLinkedPage[]>;
}

/** How a host's pages were classified. */
export type HostTemplateSource =
  | 'learnt' // templates learnt from this crawl's feed-linked pages
  | 'relearnt' // an earlier crawl's templates no longer fit (markup changed): learnt again
  | 'reused' // an earlier crawl's templates still fit this crawl's feed-linked pages
  | 'earlier-crawl' // no feed-linked page in this crawl: an earlier crawl's templates
  | 'mcst'; // no template: E-mCST

export interface HostTemplateReport {
  host: string;
  source: HostTemplateSource;
  /** Template keys used for the host. */
  templates: string[];
  /** Why: fit of earlier templates, validation of each learnt template, markers found. */
  notes: string[];
  pages: number;
  posts: number;
  nonPosts: number;
  unreadable: number;
}

export interface TemplateStageReport {
  hosts: HostTemplateReport[];
  /** Captures classified (feed-linked ones included). */
  pages: number;
  posts: { feed: number; template: number; mcst: number };
  nonPosts: number;
  unreadable: number;
}

/** One HTML capture of the crawl. */
type CaptureRow = HtmlCaptureRow;

/** The decision for one capture, as written to `page_matches` (and `versions` for a post). */
interface PageDecision {
  captureId: number;
  isPost: boolean;
  method: 'feed' | 'template' | 'mcst' | null;
  templateKey: string | null;
  reason: string;
  version: { row: CaptureRow; object: Omit<ExtractedObject, 'wrapper'>; comments?: Comment[] } | null;
}

/** What `detail` of a stored template holds besides the columns. */
interface StoredDetail {
  learntFrom: string[];
  requiredProperties: PostTemplate['requiredProperties'];
  specialisedBy?: string;
  dateOrder?: NumericDateOrder;
  /** Entry links from which a page is a channel page on this host (`channelLinkThreshold`). */
  channelLinkThreshold: number;
  validation?: string;
}

/**
 * Run the templates pass for one crawl: learn or reuse templates per host, classify every other
 * HTML capture, write `templates`, `page_matches` and the `template`/`mcst` object versions.
 * Idempotent: every write is an upsert on a natural key.
 */
export async function runTemplateStage(input: TemplateStageInput): Promise<TemplateStageReport> {
  const report: TemplateStageReport = { hosts: [], pages: 0, posts: { feed: 0, template: 0, mcst: 0 }, nonPosts: 0, unreadable: 0 };
  const feedPages = byHost(input.feedPages);
  const store = new TemplateStore(input.db);
  const htmlHosts = store.htmlHosts(input.crawlId);
  const withCaptures = new Set(htmlHosts);
  const hosts = [...new Set([...htmlHosts, ...feedPages.hosts])];
  feedPages.ahead?.(hosts);
  for (const host of hosts) {
    const feedLinked = await feedPages.of(host);
    // A host without HTML captures has only its feed-linked pages to classify.
    if (feedLinked.length === 0 && !withCaptures.has(host)) continue;
    const hostReport = await runHost(input, store, host, [...feedLinked]);
    await input.onHostDone?.(host);
    report.hosts.push(hostReport);
    report.pages += hostReport.pages;
    report.nonPosts += hostReport.nonPosts;
    report.unreadable += hostReport.unreadable;
  }
  for (const { method, n } of store.postCountsByMethod(input.crawlId))
    if (method === 'feed' || method === 'template' || method === 'mcst') report.posts[method] = n;
  return report;
}

/** Feed-linked pages given all at once, grouped by host. */
function byHost(pages: TemplateStageInput['feedPages']): FeedPagesByHost {
  if (!Array.isArray(pages)) return pages as FeedPagesByHost;
  const grouped = new Map<string, FeedLinkedPage[]>();
  for (const f of pages as readonly FeedLinkedPage[]) {
    const host = hostOf(f.url);
    grouped.set(host, [...(grouped.get(host) ?? []), f]);
  }
  return { hosts: [...grouped.keys()], of: async (host) => grouped.get(host) ?? [] };
}

/** Load one page; an InputError is reported and gives null. */
async function loadPage(input: TemplateStageInput, captureId: number): Promise<ParsedPage | null> {
  try {
    return await input.loadPage(captureId);
  } catch (error) {
    if (!isInputError(error)) throw error;
    input.diagnostics.report(error);
    return null;
  }
}

async function runHost(
  input: TemplateStageInput,
  store: TemplateStore,
  host: string,
  feedLinked: FeedLinkedPage[],
): Promise<HostTemplateReport> {
  const { crawlId } = input;
  const report: HostTemplateReport = { host, source: 'mcst', templates: [], notes: [], pages: 0, posts: 0, nonPosts: 0, unreadable: 0 };
  const captures = store.htmlCaptures(crawlId, host);
  const feedCaptureIds = new Set(feedLinked.map((f) => f.captureId));
  const feedUrls = new Set(feedLinked.map((f) => canonicalUrl(f.url)));
  // One decision per URL (the latest capture); other captures of the URL copy it, naming it by URL
  // and time (never by a local id: exports must not depend on how the build was partitioned).
  const groups = new Map<string, CaptureRow[]>();
  for (const c of captures) groups.set(c.canonicalUrl, [...(groups.get(c.canonicalUrl) ?? []), c]);
  const others = [...groups.values()].filter(
    (g) => !feedUrls.has(canonicalUrl(g[0]?.url ?? '')) && !g.some((c) => feedCaptureIds.has(c.id)),
  );

  const feeds = input.siteFeeds?.get(host);
  const feedEvidence = buildSiteEvidence(
    feedLinked.map((f) => f.url),
    feeds?.channelLinks ?? [],
    feeds?.items ?? [],
  );
  const chosen = await chooseTemplates(
    input,
    store,
    host,
    feedLinked,
    others.map((g) => g[0] as CaptureRow),
    report,
    feedEvidence.items,
  );
  const templateRows = storeTemplates(store, chosen.templates, chosen.details, chosen.learnt ? crawlId : null);
  report.templates = chosen.templates.map((t) => t.id);

  const writer = new DecisionWriter(input, store, templateRows);
  for (const f of feedLinked) {
    const t = chosen.templates.find((x) => x.learntFrom.includes(f.url)) ?? null;
    writer.add({
      captureId: f.captureId,
      isPost: true,
      method: 'feed',
      templateKey: t?.id ?? null,
      reason: `linked from feed ${f.feedUrl}`,
      version: null,
    });
  }
  report.pages += feedLinked.length;
  report.posts += feedLinked.length;
  const otherGroups = new Set(others);
  for (const g of groups.values()) {
    if (otherGroups.has(g)) continue;
    for (const c of g) {
      if (feedCaptureIds.has(c.id)) continue;
      writer.add({
        captureId: c.id,
        isPost: true,
        method: 'feed',
        templateKey: null,
        reason: 'another capture of this URL is linked from a feed',
        version: null,
      });
      report.pages++;
      report.posts++;
    }
  }

  const markers =
    chosen.templates.length === 0
      ? await learnHostMarkers(
          input,
          others.map((g) => g[0] as CaptureRow),
          report,
        )
      : null;
  // A crawl without feed-linked pages judges URLs by the posts its earlier templates were learnt
  // from, else (no template: a site whose pages share no key path) by an earlier crawl's feed-linked posts.
  const fromTemplates = feedLinked.length === 0 ? chosen.templates.flatMap((t) => t.learntFrom) : [];
  const earlierPosts =
    feedLinked.length > 0 || fromTemplates.length > 0
      ? fromTemplates
      : store.earlierFeedPosts(host, crawlId, MAX_EARLIER_CRAWLS_FOR_URL_SHAPES);
  const shapes = earlierPosts.length === 0 ? feedEvidence : buildSiteEvidence(earlierPosts, feeds?.channelLinks ?? [], []);
  if (earlierPosts.length > 0)
    report.notes.push(
      `URL shapes learnt from the ${earlierPosts.length} feed-linked posts of ${fromTemplates.length > 0 ? "the earlier crawl's templates" : 'an earlier crawl'}`,
    );
  const evidence = { ...shapes, items: feedEvidence.items, teaserPaths: chosen.teaserPaths };
  /** Captures written as posts with a version (the comment decisions below rewrite only those). */
  const posts = new Set<number>();
  /** The host's posts by the digest of their content (two pages showing one content: a post and a list of it). */
  const sameContent = new Map<string, Array<{ group: CaptureRow[]; method: PageDecision['method'] }>>();
  /** The URL and title of each post of the host (feed-linked ones first): a later page of one is no other post. */
  const titled: TitledPost[] = feedLinked.map((f) => ({ url: f.url, title: f.title, written: null }));
  const record = (decision: PageDecision, group: CaptureRow[], readable: boolean): void => {
    const row = group[0] as CaptureRow;
    if (decision.version !== null) {
      posts.add(row.id);
      titled.push({ url: row.url, title: decision.version.object.title, written: { group, method: decision.method } });
      const key = contentKey(decision.version.object.text);
      if (key !== null) {
        const digest = createHash('sha1').update(key).digest('base64');
        const shown = sameContent.get(digest);
        if (shown === undefined) sameContent.set(digest, [{ group, method: decision.method }]);
        else shown.push({ group, method: decision.method });
      }
    }
    report.pages += group.length;
    if (decision.isPost) report.posts += group.length;
    else if (readable) report.nonPosts += group.length;
    writer.addGroup(decision, group);
  };
  // Posts only weak evidence speaks against are decided at the end: a page the site links as a post
  // stays one. They are written at once and only their decision is held: their articles (and the
  // DOM their content node holds) would stay in memory while the host's pages are read, and on a
  // host whose URLs tell no post apart every post is held (never all DOMs at once, #15).
  const entryLinked = new Set<string>();
  const listedLinked = new Set<string>();
  const held: Array<{ decision: PostDecision; group: CaptureRow[]; heldFor: string }> = [];
  // Comment zones of the host's posts, decided over all of them, the feed-paired ones counted too
  // (issue #12): a zone only the structure shows waits for the host's other posts, and a post
  // without a zone is read again with the structures the host confirms.
  const sites: TemplateSites = new CommentSites(input.commentTallyOf?.(host));
  // A post's comments, and the post with them left out of its article; a zone only the site can
  // confirm is written with the post and its page comments taken back should the site not confirm it.
  const commentsOfPost = (page: ParsedPage, row: CaptureRow, weighed: PostDecision): { decision: PostDecision; comments: Comment[] } => {
    const { decision, found } = firstReading(input, page, weighed);
    if (found === null) return { decision, comments: [] };
    if (found.structure === null) sites.remember(host, row, found.signatures, row.url);
    if (sites.observe(host, found, found.comments.length))
      sites.defer(host, found, { ...heldCommentsOf(found.comments), captureId: row.id }, row.url, row);
    return { decision, comments: found.comments };
  };
  const classify = (page: ParsedPage): PostDecision =>
    chosen.templates.length > 0 ? classifyByTemplate(page, chosen.templates, chosen.channelMin) : classifyByMainBlock(page, markers);
  for (const group of others) {
    const row = group[0] as CaptureRow;
    const page = await loadPage(input, row.id);
    if (page === null) {
      report.unreadable++;
      record(
        { captureId: row.id, isPost: false, method: null, templateKey: null, reason: 'page could not be read', version: null },
        group,
        false,
      );
      continue;
    }
    for (const url of entryLinkTargets(page)) entryLinked.add(schemelessKey(url));
    const weighed = weighNegativeEvidence(classify(page), page, evidence);
    const { heldFor, listed } = weighed;
    for (const url of listed) listedLinked.add(schemelessKey(url));
    const { decision, comments } = commentsOfPost(page, row, weighed.decision);
    const final = pageDecision(decision, row, comments);
    record(final, group, true);
    if (heldFor !== null) held.push({ decision: decisionOnly(decision), group, heldFor });
    else if (!final.isPost) await input.onNonPost?.(row);
  }
  // Written before any of them is dropped.
  writer.flush();
  for (const { decision, group, heldFor } of held) {
    const row = group[0] as CaptureRow;
    const key = schemelessKey(row.url);
    const linkedAs = entryLinked.has(key)
      ? 'other pages of the host link it as an entry'
      : listedLinked.has(key)
        ? 'a page listing posts links it from its content'
        : null;
    const settled = settleHeldPost(decision, heldFor, linkedAs);
    if (!settled.isPost) dropPost({ input, store, writer, posts, report }, group);
    writer.addGroup(pageDecision(settled, row, []), group);
  }
  writer.flush();
  await takeBackListings(input, store, writer, sameContent, posts, report);
  takeBackQueryPages(input, store, writer, titled, posts, report);
  await settleHostComments(input, host, sites, posts, writer.versionIds, classify);
  return report;
}

/**
 * Posts that show another post's content and name it their canonical URL are copies of it
 * (`canonicalCopies`); those that link to it are lists of that one entry (a tag or month page
 * printing its one post whole, `oneEntryListings` [002 weblog model]): their versions are taken
 * back and they are decided non-posts. Only pages sharing a content are read again.
 */
async function takeBackListings(
  input: TemplateStageInput,
  store: TemplateStore,
  writer: DecisionWriter,
  sameContent: ReadonlyMap<string, ReadonlyArray<{ group: CaptureRow[]; method: PageDecision['method'] }>>,
  posts: Set<number>,
  report: HostTemplateReport,
): Promise<void> {
  for (const all of sameContent.values()) {
    // Posts decided non-posts since (held on weak evidence) show no content.
    const shown = all.filter((s) => posts.has((s.group[0] as CaptureRow).id));
    if (shown.length < 2) continue;
    const paths = servedUnderManyPaths(shown.map((s) => (s.group[0] as CaptureRow).url));
    if (paths !== null) {
      const reason = `shows the content ${shown.length} pages of the host show under ${paths} paths: a page the site serves under many URLs (an empty archive, a not-found page), not a post`;
      for (const s of shown) takeBack({ input, store, writer, posts, report }, s.group, s.method, reason);
      continue;
    }
    const pages: Array<LinkingPage & (typeof shown)[number]> = [];
    for (const s of shown) {
      const page = await loadPage(input, (s.group[0] as CaptureRow).id);
      if (page !== null) pages.push({ ...s, url: page.url, links: hostLinkKeys(page), canonical: canonicalElsewhere(page) });
    }
    // A copy naming the other page its canonical URL goes first: the page it names is no list of it.
    // Then the same page under a query parameter (no rel=canonical to say so).
    const copies = canonicalCopies(pages);
    const variants = queryCopies(pages.filter((p) => !copies.has(p.url)));
    const listings = oneEntryListings(pages.filter((p) => !copies.has(p.url) && !variants.has(p.url)));
    for (const p of pages) {
      const copyOf = copies.get(p.url);
      const variantOf = variants.get(p.url);
      const listed = listings.get(p.url);
      if (copyOf === undefined && variantOf === undefined && listed === undefined) continue;
      const reason =
        copyOf !== undefined
          ? `shows the content of ${copyOf}, which its rel=canonical names: a copy of that post, not another`
          : variantOf !== undefined
            ? `shows the content of ${variantOf}, the same URL but for its query: a copy of that post, not another`
            : `shows the content of ${listed}, which it links to: a list of one entry, not a post`;
      takeBack({ input, store, writer, posts, report }, p.group, p.method, reason);
    }
  }
  writer.flush();
}

/** A post of the host with its title, and for one this stage wrote, its captures and how it was found. */
interface TitledPost {
  url: string;
  title: string | null;
  written: { group: CaptureRow[]; method: PageDecision['method'] } | null;
}

/**
 * Posts found by template whose URL is another post's with a query, under that post's title: a
 * further page of the article (`?page=2`) or the post served again (`queryPages`). Their versions
 * are taken back and they are decided non-posts; feed-linked pages are never taken back.
 */
function takeBackQueryPages(
  input: TemplateStageInput,
  store: TemplateStore,
  writer: DecisionWriter,
  titled: readonly TitledPost[],
  posts: Set<number>,
  report: HostTemplateReport,
): void {
  const live = titled.filter((p) => p.written === null || posts.has((p.written.group[0] as CaptureRow).id));
  const written = new Map(live.flatMap((p) => (p.written === null ? [] : [[p.url, p.written] as const])));
  for (const [url, of] of queryPages(live)) {
    const page = written.get(url);
    if (page === undefined) continue;
    const reason = `its URL is that of the post ${of} with a query, under the same title: a further page of that post, not another`;
    takeBack({ input, store, writer, posts, report }, page.group, page.method, reason);
  }
  writer.flush();
}

/** What taking a post back touches. */
interface TakeBackContext {
  input: TemplateStageInput;
  store: TemplateStore;
  writer: DecisionWriter;
  posts: Set<number>;
  report: HostTemplateReport;
}

/** A page written as a post (its captures `group`, the first holding the version) decided a non-post after all, for `reason`. */
function takeBack(ctx: TakeBackContext, group: readonly CaptureRow[], method: PageDecision['method'], reason: string): void {
  dropPost(ctx, group);
  for (const c of group) ctx.writer.add({ captureId: c.id, isPost: false, method, templateKey: null, reason, version: null });
}

/** The version of a page written as a post dropped, and its captures counted as non-posts (the caller writes their decisions). */
function dropPost(ctx: TakeBackContext, group: readonly CaptureRow[]): void {
  const row = group[0] as CaptureRow;
  ctx.store.dropPostVersion(row.id, ctx.input.crawlId);
  ctx.posts.delete(row.id);
  ctx.report.posts -= group.length;
  ctx.report.nonPosts += group.length;
}

/** A post decision held until its host's pages are all read: what settles it, without its object
 *  and content node (the post is written already). */
function decisionOnly({ isPost, method, templateKey, reason }: PostDecision): PostDecision {
  return { isPost, method, templateKey, reason, object: null };
}

/** The comment sites of the templates stage: written versions whose page comments wait for the
 *  host's decision (by capture), and posts to read again (their capture). */
type TemplateSites = CommentSites<HeldComments & { captureId: number }, CaptureRow>;

/**
 * The comments a post's page shows (`commentsOf`, without site structures) and the post with them
 * left out of its article; `found` null when comments are not extracted (or the page is no post).
 * A second reading starts from this object, so it is computed the same way again then.
 */
function firstReading(
  input: TemplateStageInput,
  page: ParsedPage,
  weighed: PostDecision,
): { decision: PostDecision; found: CommentExtraction | null } {
  if (input.commentsOf === undefined || weighed.object === null) return { decision: weighed, found: null };
  const found = input.commentsOf(page, [], weighed.content?.node ?? null);
  return { decision: leaveOutComments(weighed, page, found), found };
}

/**
 * The host's comment decisions on its template-found posts, once all are written: posts without a
 * zone read again with the structures the host confirms, then the held zones kept or dropped (their
 * texts counted with the second readings': entries recurring on several pages are the template's).
 * A held zone the host does not confirm has its page comments taken back (its comment feed's stay);
 * a second reading that finds comments writes the post again, with them left out of the article of
 * its first reading (`classify` finds its content node again). `posts`: the captures written as
 * posts; `versionIds`: the version written for each.
 */
async function settleHostComments(
  input: TemplateStageInput,
  host: string,
  sites: TemplateSites,
  posts: ReadonlySet<number>,
  versionIds: ReadonlyMap<number, number>,
  classify: (page: ParsedPage) => PostDecision,
): Promise<void> {
  const commentsOf = input.commentsOf;
  if (commentsOf === undefined) return;
  const readings = await sites.readAgain(host, async (row, structures) => {
    const page = await loadPage(input, row.id);
    if (page === null) return null;
    const decision = classify(page);
    const found = commentsOf(page, structures, decision.content?.node ?? null);
    if (found.comments.length === 0 || decision.object === null) return { comments: [], object: null, structure: found.structure };
    const { object } = leaveOutComments(firstReading(input, page, decision).decision, page, found);
    return { comments: found.comments, object, structure: found.structure };
  });
  input.db.transaction(() =>
    sites.settle(
      host,
      readings,
      (held) => {
        const versionId = versionIds.get(held.captureId);
        if (posts.has(held.captureId) && versionId !== undefined && held.comments.length < held.written)
          input.writer.replaceComments(versionId, held.feed);
      },
      (row, again) => {
        if (posts.has(row.id) && again.object !== null)
          input.writer.addVersion(versionOf(row, again.object, again.comments, input.crawlId));
      },
    ),
  )();
}

type PostObject = Omit<ExtractedObject, 'wrapper'>;

/** The version row of a post found by the templates stage. */
function versionOf(row: CaptureRow, object: PostObject, comments: Comment[], crawlId: number): Parameters<OverlayWriter['addVersion']>[0] {
  return {
    canonicalUrl: row.canonicalUrl,
    url: row.url,
    feedId: null,
    guid: null,
    crawlId,
    captureId: row.id,
    captureTime: row.time,
    pageDigest: row.pageDigest,
    object,
    comments,
  };
}

/** What the templates stage decided for a page, as it is written (the version only for a post). */
function pageDecision(d: PostDecision, row: CaptureRow, comments: Comment[]): PageDecision {
  return {
    captureId: row.id,
    isPost: d.isPost,
    method: d.method,
    templateKey: d.templateKey,
    reason: d.reason,
    version: d.object === null ? null : { row, object: d.object, comments },
  };
}

/** Templates for a host and where they come from. */
interface ChosenTemplates {
  templates: PostTemplate[];
  details: Map<string, StoredDetail>;
  /** True when learnt in this crawl (stored with this crawl as `learnt_crawl_id`). */
  learnt: boolean;
  channelMin: number;
  /** Where the host's feed-linked posts show other posts' item texts (`learnTeaserPaths`). */
  teaserPaths: CompiledKeyPath[];
}

/**
 * Templates for a host: an earlier crawl's while they still fit (`decideTemplateReuse`), else learnt
 * from this crawl's feed-linked pages, validated on a sample of the others and kept by
 * `keepValidatedTemplates`. Without feed-linked pages the earlier templates are used as they are.
 */
async function chooseTemplates(
  input: TemplateStageInput,
  store: TemplateStore,
  host: string,
  feedLinked: FeedLinkedPage[],
  otherRows: CaptureRow[],
  report: HostTemplateReport,
  items: SiteEvidence['items'],
): Promise<ChosenTemplates> {
  const stored = readStoredTemplates(store, host, input.crawlId);
  const storedChannelMin = Math.max(0, ...[...stored.details.values()].map((d) => d.channelLinkThreshold));
  if (feedLinked.length === 0) {
    if (stored.templates.length === 0) return { templates: [], details: new Map(), learnt: false, channelMin: 0, teaserPaths: [] };
    report.source = 'earlier-crawl';
    report.notes.push(`no feed-linked page in this crawl: ${stored.templates.length} template(s) of crawl ${stored.crawlId}`);
    return { templates: stored.templates, details: stored.details, learnt: false, channelMin: storedChannelMin, teaserPaths: [] };
  }
  const feedPosts: Array<FeedPostPage & { published: string | null }> = [];
  const sample = evenSample(feedLinked, MAX_FEED_PAGES_IN_MEMORY);
  let heldElements = 0;
  for (const f of sample) {
    if (heldElements >= MAX_HELD_PAGE_ELEMENTS) {
      const why = `templates of ${host} learnt from ${feedPosts.length} of ${sample.length} sampled feed-linked pages: their DOMs hold ${heldElements} elements (MAX_HELD_PAGE_ELEMENTS ${MAX_HELD_PAGE_ELEMENTS})`;
      report.notes.push(why);
      input.diagnostics.warn('templates.sample-bounded', why, { url: f.url });
      break;
    }
    const page = await loadPage(input, f.captureId);
    if (page === null) continue;
    feedPosts.push({ page, contentPath: f.paths.content, published: f.published });
    heldElements += page.elements;
  }
  const feedPages = feedPosts.map((f) => f.page);
  const teaserPaths = learnTeaserPaths(feedPosts, items);
  if (teaserPaths.length > 0)
    report.notes.push(
      `posts show other posts' item texts beside the article at ${teaserPaths.map(serialiseKeyPath).join(', ')} (not counted as a list)`,
    );
  const channelMin = channelLinkThreshold(feedPages);
  if (stored.templates.length > 0) {
    const reuse = decideTemplateReuse(stored.templates, stored.crawlId, feedPages);
    report.notes.push(reuse.reason);
    if (reuse.reuse) {
      report.source = 'reused';
      return {
        templates: stored.templates,
        details: stored.details,
        learnt: false,
        channelMin: Math.max(channelMin, storedChannelMin),
        teaserPaths,
      };
    }
    report.source = 'relearnt';
  } else {
    report.source = 'learnt';
  }
  const learnt = distinctTemplates(learnTemplates(feedLinked.map((f) => ({ url: f.url, feedUrl: f.feedUrl, paths: f.paths }))));
  const validators = learnt.map((t) => new TemplateValidator(t, feedPages));
  if (validators.length > 0) {
    // Last to first (the tallies do not depend on order): the pages held at the end are the first
    // ones the classification below reads, so those are not parsed again.
    for (const row of evenSample(otherRows, MAX_VALIDATION_PAGES).reverse()) {
      const page = await loadPage(input, row.id);
      if (page !== null) for (const v of validators) v.observe(page);
    }
  }
  const { kept, notes } = keepValidatedTemplates(
    validators.map((v) => v.result()),
    feedPages,
  );
  report.notes.push(...notes);
  const templates = kept.map(({ template: t }) => {
    const dateOrder = learnDateOrder(t, feedPosts);
    return dateOrder === null ? t : { ...t, dateOrder };
  });
  const details = new Map<string, StoredDetail>();
  for (const [i, { validation }] of kept.entries()) {
    const t = templates[i] as PostTemplate;
    details.set(t.id, {
      learntFrom: t.learntFrom,
      requiredProperties: t.requiredProperties,
      ...(t.specialisedBy === undefined ? {} : { specialisedBy: t.specialisedBy }),
      ...(t.dateOrder === undefined ? {} : { dateOrder: t.dateOrder }),
      channelLinkThreshold: channelMin,
      validation,
    });
  }
  if (learnt.length === 0) report.notes.push('no feed-linked page has a content path: no template');
  if (templates.length === 0) report.source = 'mcst';
  return { templates, details, learnt: true, channelMin, teaserPaths };
}

/** Templates of the latest earlier crawl that learnt templates for `host`. */
function readStoredTemplates(
  store: TemplateStore,
  host: string,
  crawlId: number,
): { templates: PostTemplate[]; details: Map<string, StoredDetail>; crawlId: number | null } {
  const latest = store.latestLearntCrawl(host, crawlId);
  if (latest === null) return { templates: [], details: new Map(), crawlId: null };
  const templates: PostTemplate[] = [];
  const details = new Map<string, StoredDetail>();
  for (const r of store.templatesLearntIn(host, latest)) {
    const detail = JSON.parse(r.detail ?? '{}') as StoredDetail;
    templates.push({
      id: r.templateKey,
      host: r.host,
      feedUrl: r.feedUrl ?? '',
      keyPath: r.keyPath,
      contentPath: r.contentPath,
      propertyPaths: JSON.parse(r.propertyPaths) as PostTemplate['propertyPaths'],
      requiredProperties: detail.requiredProperties ?? [],
      support: r.support,
      learntFrom: detail.learntFrom ?? [],
      ...(detail.specialisedBy === undefined ? {} : { specialisedBy: detail.specialisedBy }),
      ...(detail.dateOrder === undefined ? {} : { dateOrder: detail.dateOrder }),
    });
    details.set(r.templateKey, detail);
  }
  return { templates, details, crawlId: latest };
}

/** Upsert templates on their key; returns key -> row id. `learntCrawlId` null keeps the stored crawl (reused templates). */
function storeTemplates(
  store: TemplateStore,
  templates: PostTemplate[],
  details: Map<string, StoredDetail>,
  learntCrawlId: number | null,
): Map<string, number> {
  return store.upsertTemplates(
    templates.map((t) => ({
      templateKey: t.id,
      host: t.host,
      feedUrl: t.feedUrl,
      keyPath: t.keyPath,
      contentPath: t.contentPath,
      propertyPaths: JSON.stringify(t.propertyPaths),
      support: t.support,
      learntCrawlId,
      detail: JSON.stringify(details.get(t.id) ?? {}),
    })),
  );
}

/** E-mCST votes over a sample of the host's pages [001 Algorithm 1]. */
async function learnHostMarkers(input: TemplateStageInput, rows: CaptureRow[], report: HostTemplateReport): Promise<ContentMarkers> {
  const votes = new MarkerVotes();
  // Last to first, as the validation above (votes do not depend on order).
  for (const row of evenSample(rows, MAX_MARKER_PAGES).reverse()) {
    const page = await loadPage(input, row.id);
    if (page !== null) votes.add(page);
  }
  const markers = votes.markers();
  const name = (m: ContentMarkers['primary']): string => (m === null ? 'none' : `${m.tag}|${m.attribute}|${m.value}`);
  report.notes.push(`E-mCST markers from ${markers.pages} pages: primary ${name(markers.primary)}, secondary ${name(markers.secondary)}`);
  return markers;
}

/** Batched writes of page decisions: `page_matches` upserts and object versions. */
class DecisionWriter {
  readonly #input: TemplateStageInput;
  readonly #store: TemplateStore;
  readonly #templateRows: Map<string, number>;
  readonly #pending: PageDecision[] = [];
  /** The version written for each capture decided a post. */
  readonly versionIds = new Map<number, number>();

  constructor(input: TemplateStageInput, store: TemplateStore, templateRows: Map<string, number>) {
    this.#input = input;
    this.#store = store;
    this.#templateRows = templateRows;
  }

  /** The decision of a group's first capture, and the others' as copies of it. */
  addGroup(decision: PageDecision, group: readonly CaptureRow[]): void {
    const row = group[0] as CaptureRow;
    for (const c of group)
      this.add(
        c === row
          ? decision
          : { ...decision, captureId: c.id, reason: `same page as ${row.url} captured ${row.time}: ${decision.reason}`, version: null },
      );
  }

  add(d: PageDecision): void {
    this.#pending.push(d);
    if (this.#pending.length >= WRITE_BATCH_PAGES) this.flush();
  }

  flush(): void {
    const { db, writer, crawlId } = this.#input;
    const batch = this.#pending.splice(0);
    db.transaction(() => {
      for (const d of batch) {
        const templateId = d.templateKey === null ? null : (this.#templateRows.get(d.templateKey) ?? null);
        this.#store.upsertPageMatch({ captureId: d.captureId, crawlId, isPost: d.isPost, method: d.method, templateId, reason: d.reason });
        if (d.version === null) continue;
        const { row, object, comments } = d.version;
        this.versionIds.set(d.captureId, writer.addVersion(versionOf(row, object, comments ?? [], crawlId)));
      }
    })();
  }
}
