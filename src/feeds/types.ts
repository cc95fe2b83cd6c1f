/** Syndication formats we read. */
export type FeedFormat = 'rss-0.9x' | 'rss-1.0' | 'rss-2.0' | 'atom-0.3' | 'atom-1.0' | 'json-feed';

/** Article feeds give posts; comment feeds give reader comments and never make articles. */
export type FeedKind = 'article' | 'comments';

export interface Enclosure {
  url: string;
  type: string | null;
  length: number | null;
}

/** A feed item normalised across formats. Text fields are as found (HTML kept in `*Html`). */
export interface FeedItem {
  guid: string | null;
  /** Whether the guid is declared (or looks like) a permalink URL. */
  guidIsPermalink: boolean;
  link: string | null;
  /** feedburner:origLink when present (the real article URL behind a proxy link). */
  origLink: string | null;
  /** Title as plain text (markup removed, entities decoded). */
  title: string | null;
  author: string | null;
  /** ISO 8601 UTC, or null when absent or unparsable. */
  published: string | null;
  updated: string | null;
  categories: string[];
  /** Description / summary as HTML (may be plain text). */
  description: string | null;
  /** Full content (content:encoded, Atom content, JSON Feed content_html) as HTML. */
  content: string | null;
  /** The item's comments page (RSS <comments>). */
  commentsUrl: string | null;
  /** The item's own comment feed (wfw:commentRss). */
  commentFeedUrl: string | null;
  /** slash:comments or thr:total. */
  commentCount: number | null;
  enclosures: Enclosure[];
  /** For items of comment feeds: the post they comment on (thr:in-reply-to href, or derived). */
  inReplyTo: string | null;
  /** 002: an item is valid iff it has a date AND (content OR description). */
  isValid: boolean;
  invalidReason: string | null;
  /** 002 full vs partial, judged for this item alone (feeds may mix whole posts and excerpts). */
  isFullContent?: boolean;
  /** Why `isFullContent` was chosen (e.g. 'body ends in a truncation marker'). */
  contentReason?: string;
}

/** A parsed feed capture. */
export interface Feed {
  /** URL the feed was captured from. */
  url: string;
  format: FeedFormat;
  kind: FeedKind;
  /** Why `kind` was chosen (e.g. 'title starts with "Comments on"'). */
  kindReason: string;
  title: string | null;
  /** Channel description (RSS), subtitle (Atom), description (JSON Feed), as plain text. */
  description: string | null;
  /** The site the feed describes (RSS channel link, Atom alternate link). */
  siteUrl: string | null;
  /** A per-post comment feed: the post it answers, by URL when the feed links the post page, by
   *  title when it only names it ("Comments on <title>"). Null for article and site-wide feeds. */
  commentedPost: { url: string | null; title: string | null } | null;
  language: string | null;
  items: FeedItem[];
  /** 002: full-content feeds carry whole posts; partial ones excerpts. */
  isFullContent: boolean;
  fullContentReason: string;
}
