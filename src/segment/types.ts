import type { Element } from 'domhandler';

/** How a channel page was cut into posts [002 "Segmenting weblogs into posts"]. */
export type SegmentationMethod = 'feed-guided' | 'model-based';

/** One post shown on a channel page (home, pagination, category / tag / date archive). */
export interface Segment {
  /** 0-based order of the post on the page. */
  position: number;
  title: string | null;
  /** Absolute URL of the post's own page, fragment dropped. */
  permalink: string | null;
  author: string | null;
  /** ISO 8601: a full timestamp when the page gives one (`<time datetime>`), else the day `YYYY-MM-DD`. */
  published: string | null;
  /** Readable text of the post as the channel page shows it, blocks separated by "\n". */
  text: string;
  html: string;
  /** Key-path [000 §III-B] of the node that holds the post (its first node when the page is flat). */
  keyPath: string;
  /** The DOM nodes of the post, in document order (one element when the page wraps each post). */
  nodes: Element[];
}

/** A date found on a page: the lowest element whose text holds a whole date. */
export interface DateNode {
  element: Element;
  /** Calendar day `YYYY-MM-DD` (sortable). */
  day: string;
  /** ISO timestamp when the page gives the time (`datetime` attribute), else the day. */
  iso: string;
  /** The date as printed. */
  text: string;
  /** Shape of the printed date (digits → 9, letters → a): heuristic 3 compares these [002]. */
  format: string;
}

/** Dates sharing one relative XPath, in document order [002: "one list for each unique relative XPath"]. */
export interface DateList {
  path: string;
  dates: DateNode[];
}

/** Why a date list was kept or dropped by one filter heuristic (decisions as data). */
export interface FilterStep {
  heuristic: number;
  rule: string;
  kept: number;
  dropped: number;
}

export interface ModelSegmentation {
  ok: boolean;
  /** Why segmentation failed, or how it went. */
  reason: string;
  segments: Segment[];
  /** The entry-date list chosen, null when none conformed [002: "model-based segmentation fails"]. */
  entryDates: DateList | null;
  /** Whether dates follow their posts (the "parity" case of 002 "Segmentation statistics"). */
  dateAfterContent: boolean;
  filters: FilterStep[];
}

export interface FeedSegmentation {
  ok: boolean;
  reason: string;
  /** One segment per item found on the page, in page order. */
  segments: Array<Segment & { itemIndex: number }>;
  /** Indexes (into the items given) of items whose text was not found on the page. */
  unmatched: number[];
  /** Pairs of item indexes whose enclosing nodes overlap [002: "we throw an error"]. */
  overlaps: Array<[number, number]>;
}
