import type { Element } from 'domhandler';
import type { ArticleProperties, NumericDateOrder, PropertyPaths } from '../extract/index.js';

/**
 * One attribute value test of a key-path step [000 §III-B]. `prefix` makes `text` a value prefix
 * (`post-*`); `prefix` with empty `text` only asks that the attribute is there (`@class=*`).
 */
export interface ValuePattern {
  readonly text: string;
  readonly prefix: boolean;
}

/**
 * An attribute of a step. `class` is a token list: every pattern must match one class token of the
 * node (themes add and drop style classes, 000 §III-B); any other attribute has one pattern.
 */
export interface AttributeTest {
  readonly name: string;
  readonly values: readonly ValuePattern[];
}

/** A step: element name (`*` = any element) and attribute tests. A bare `*` step is a gap of any number of elements. */
export interface KeyPathStep {
  readonly name: string;
  readonly attributes: readonly AttributeTest[];
  /**
   * The element's place among its parent's children of its name (1 = the first `div`), written
   * `div[@class=x][3]`, when siblings of the same name and attributes left the step ambiguous.
   * It only tells such siblings apart: an element the step alone singles out matches wherever it
   * is. Deviation from 000 §III-B, whose steps are names and attributes only: on pages whose
   * classes tell nothing apart, the article's block and the comments' block are one step. 0 while
   * merging: the pages disagree (never written).
   */
  readonly position?: number;
}

/** A key-path [000 §III-B]: absolute (`|html|body|...`, from the root) or relative (a suffix of the
 *  node's ancestry). Read-only: a parsed path is shared by every reader of its notation. */
export interface KeyPath {
  readonly absolute: boolean;
  readonly steps: readonly KeyPathStep[];
}

/** Options of `keyPathOf`. */
export interface KeyPathOptions {
  /** Attributes written into each step; default `PATH_ATTRIBUTES`. */
  attributes?: readonly string[];
  /** Write the `position` of each step whose element has a sibling of the same step (default false). */
  positions?: boolean;
}

/** One training sample: a feed-linked page's URL, its feed, and the key-paths the extract stage found its properties in. */
export interface LearningSample {
  url: string;
  feedUrl: string;
  paths: PropertyPaths;
}

/** Key-paths (000 §III-B notation) of the properties other than the content. */
export interface TemplatePropertyPaths {
  title: string | null;
  author: string | null;
  date: string | null;
  categories: string | null;
}

/** A site's post template learnt from one feed [000 §III-C/D]. Plain data: JSON round-trips it. */
export interface PostTemplate {
  /** Stable hash of host, feed and paths. */
  id: string;
  host: string;
  feedUrl: string;
  /** The promoted key-path that decides "is a post" [000 §III-A, §III-E]. */
  keyPath: string;
  contentPath: string;
  propertyPaths: TemplatePropertyPaths;
  /**
   * Properties found on every page the template was learnt from: a page must show them too to be a
   * post (a static "About" page shares the theme but has no date or author).
   */
  requiredProperties: Array<keyof TemplatePropertyPaths>;
  /** Number of feed-linked pages the template was learnt from. */
  support: number;
  learntFrom: string[];
  /** Set by `validateTemplate` when it changed the template: what it did and why. */
  specialisedBy?: string;
  /** How the pages print numeric dates at the date path, where the feed-linked pages told (`learnDateOrder`). */
  dateOrder?: NumericDateOrder;
}

/** The decision of `matchPage`, with its reason as data. */
export interface PageMatch {
  isPost: boolean;
  templateId: string | null;
  properties: ArticleProperties | null;
  /** The node the article was rendered from (null when no post). */
  content: ContentNode | null;
  reason: string;
  confidence: number;
}

/** The outcome of `validateTemplate`. `template` is the input, a specialised copy, or null when rejected. */
export interface TemplateValidation {
  template: PostTemplate | null;
  reason: string;
  /** Share of the site's non-feed-linked pages the (final) template accepts as posts. */
  matchShare: number;
  /** Pages detected structurally as channel pages (home, archives, pagination), and how many were accepted. */
  channelPages: number;
  channelAccepted: number;
}

/** The outcome of `templateStillFits`. */
export interface TemplateFit {
  fits: boolean;
  /** Share of the feed-linked pages the template accepts as posts. */
  matchShare: number;
}

/** A content block marker of E-mCST [001 §3, Table 1]: `tag|attribute|value`, e.g. `div|class|entry-content`. */
export interface ContentMarker {
  tag: string;
  attribute: 'id' | 'class';
  value: string;
}

/** Primary and secondary markers of a host's page cluster [001 §3, Algorithm 1]. */
export interface ContentMarkers {
  primary: ContentMarker | null;
  secondary: ContentMarker | null;
  /** How many pages of the cluster voted for each marker, most frequent first. */
  votes: Array<{ marker: string; count: number }>;
  /** Pages the markers were learnt from (channel pages left out). */
  pages: number;
}

/** The page node a post's article is rendered from, and its title when the title is inside it. */
export interface ContentNode {
  node: Element;
  title: Element | null;
}

/** What `extractMainBlock` decided: a post with its properties, or not a post, with the reason. */
export interface MainBlock {
  isPost: boolean;
  properties: ArticleProperties | null;
  /** The node the article was rendered from (null when no post). */
  content: ContentNode | null;
  confidence: number;
  reason: string;
}
