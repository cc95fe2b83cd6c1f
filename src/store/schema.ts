/**
 * Versioned schema of the overlay store. Each migration moves `PRAGMA user_version` up by one;
 * a store written by an older release is migrated on open, one written by a newer one is refused.
 * Natural keys carry UNIQUE constraints so that every write can be an upsert and a rerun of the
 * same input gives the same rows.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: archives, captures, feeds, items, pairing, objects, versions, comments, diagnostics.
  `
  CREATE TABLE crawls (
    id INTEGER PRIMARY KEY,
    identity TEXT NOT NULL UNIQUE,          -- basename + size + sha1 of the first 64 KiB
    name TEXT NOT NULL,                      -- input path as given
    bytes INTEGER NOT NULL,
    started_at TEXT NOT NULL,
    finished_at TEXT,                        -- null while the crawl is being built (or crashed)
    records INTEGER NOT NULL DEFAULT 0,
    report TEXT                              -- JSON build report of this crawl
  );
  CREATE TABLE captures (
    id INTEGER PRIMARY KEY,
    crawl_id INTEGER NOT NULL REFERENCES crawls(id) ON DELETE CASCADE,
    record_type TEXT NOT NULL,
    record_id TEXT,
    url TEXT NOT NULL,
    canonical_url TEXT NOT NULL,
    url_key TEXT NOT NULL,                   -- canonical url without scheme and www.
    host TEXT NOT NULL,
    time TEXT NOT NULL,
    status INTEGER,
    mime TEXT,
    file TEXT NOT NULL,
    offset INTEGER NOT NULL,
    length INTEGER NOT NULL,
    payload_digest TEXT,
    payload_length INTEGER NOT NULL,
    location TEXT,
    refers_to_id TEXT,
    refers_to_url TEXT,
    refers_to_time TEXT,
    inflated_offset INTEGER                  -- only for records inside a shared gzip member (whole-file gzip)
  );
  CREATE UNIQUE INDEX captures_place ON captures(file, offset, coalesce(inflated_offset, -1));
  CREATE INDEX captures_url_key ON captures(url_key, time);
  CREATE INDEX captures_crawl ON captures(crawl_id, host);
  CREATE INDEX captures_digest ON captures(payload_digest);
  CREATE INDEX captures_record_id ON captures(record_id);

  CREATE TABLE feeds (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL UNIQUE,                -- canonical feed URL
    format TEXT NOT NULL,
    kind TEXT NOT NULL,
    kind_reason TEXT NOT NULL,
    title TEXT,
    site_url TEXT,
    language TEXT,
    is_full_content INTEGER NOT NULL,
    full_content_reason TEXT NOT NULL
  );
  CREATE TABLE feed_snapshots (
    id INTEGER PRIMARY KEY,
    feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
    crawl_id INTEGER NOT NULL REFERENCES crawls(id) ON DELETE CASCADE,
    capture_id INTEGER NOT NULL REFERENCES captures(id) ON DELETE CASCADE,
    capture_time TEXT NOT NULL,
    item_count INTEGER NOT NULL,
    UNIQUE (feed_id, capture_id)
  );
  CREATE TABLE items (
    id INTEGER PRIMARY KEY,
    feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
    item_key TEXT NOT NULL,                  -- guid, else link, else title
    guid TEXT,
    link TEXT,
    orig_link TEXT,
    title TEXT,
    author TEXT,
    published TEXT,
    updated TEXT,
    categories TEXT NOT NULL,                -- JSON array
    description TEXT,
    content TEXT,
    comments_url TEXT,
    comment_feed_url TEXT,
    comment_count INTEGER,
    in_reply_to TEXT,
    is_valid INTEGER NOT NULL,
    invalid_reason TEXT,
    UNIQUE (feed_id, item_key)
  );
  CREATE TABLE snapshot_items (
    snapshot_id INTEGER NOT NULL REFERENCES feed_snapshots(id) ON DELETE CASCADE,
    item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (snapshot_id, item_id)
  );
  CREATE TABLE pairings (
    item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
    crawl_id INTEGER NOT NULL REFERENCES crawls(id) ON DELETE CASCADE,
    capture_id INTEGER REFERENCES captures(id) ON DELETE CASCADE,
    via TEXT,                                -- link | orig-link | guid, + redirect hops
    reason TEXT NOT NULL,                    -- why paired, or why not
    PRIMARY KEY (item_id, crawl_id)
  );

  CREATE TABLE objects (
    id INTEGER PRIMARY KEY,
    canonical_url TEXT NOT NULL UNIQUE,
    url TEXT NOT NULL,
    feed_id INTEGER REFERENCES feeds(id),
    guid TEXT
  );
  CREATE TABLE versions (
    id INTEGER PRIMARY KEY,
    object_id INTEGER NOT NULL REFERENCES objects(id) ON DELETE CASCADE,
    crawl_id INTEGER NOT NULL REFERENCES crawls(id) ON DELETE CASCADE,
    capture_id INTEGER REFERENCES captures(id) ON DELETE SET NULL,
    capture_time TEXT NOT NULL,
    method TEXT NOT NULL,
    title TEXT,
    author TEXT,
    published TEXT,
    updated TEXT,
    categories TEXT NOT NULL,                -- JSON array
    text TEXT NOT NULL,
    html TEXT NOT NULL,
    refs TEXT NOT NULL,                      -- JSON array of references
    confidence REAL NOT NULL,
    paths TEXT,                              -- JSON PropertyPaths
    page_digest TEXT,
    UNIQUE (object_id, crawl_id, method)
  );
  CREATE INDEX versions_crawl ON versions(crawl_id);
  CREATE TABLE comments (
    id INTEGER PRIMARY KEY,
    version_id INTEGER NOT NULL REFERENCES versions(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    comment_id TEXT,
    parent TEXT,
    depth INTEGER NOT NULL,
    author TEXT,
    author_url TEXT,
    published TEXT,
    text TEXT NOT NULL,
    html TEXT NOT NULL,
    permalink TEXT,
    source TEXT NOT NULL,
    hash TEXT NOT NULL,
    byline TEXT,                             -- the byline as the page prints it (author, date, ...)
    UNIQUE (version_id, position)
  );
  CREATE TABLE diagnostics (
    id INTEGER PRIMARY KEY,
    crawl_id INTEGER REFERENCES crawls(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    severity TEXT NOT NULL,
    message TEXT NOT NULL,
    file TEXT,
    offset INTEGER,
    url TEXT
  );
  CREATE INDEX diagnostics_crawl ON diagnostics(crawl_id, kind);
  `,
  // 2: changes between versions, site templates, page classification, channel-page segments,
  // feeds advertised by archived pages.
  `
  CREATE TABLE changes (
    id INTEGER PRIMARY KEY,
    object_id INTEGER NOT NULL REFERENCES objects(id) ON DELETE CASCADE,
    from_version_id INTEGER REFERENCES versions(id) ON DELETE CASCADE,   -- null for kind new
    to_version_id INTEGER REFERENCES versions(id) ON DELETE CASCADE,     -- null for kind deleted
    from_time TEXT,
    to_time TEXT,
    to_crawl_id INTEGER NOT NULL REFERENCES crawls(id) ON DELETE CASCADE,
    kinds TEXT NOT NULL,                     -- JSON array of change kinds
    similarity REAL,
    significance REAL,
    words_added INTEGER NOT NULL DEFAULT 0,
    words_removed INTEGER NOT NULL DEFAULT 0,
    detail TEXT,                             -- JSON: reasons, text diff, comment changes
    UNIQUE (object_id, to_crawl_id)
  );
  CREATE INDEX changes_time ON changes(to_time);

  CREATE TABLE templates (
    id INTEGER PRIMARY KEY,
    template_key TEXT NOT NULL UNIQUE,       -- stable id computed from host, feed and paths
    host TEXT NOT NULL,
    feed_url TEXT,
    key_path TEXT NOT NULL,                  -- key-path notation [000 §III-B]
    content_path TEXT NOT NULL,
    property_paths TEXT NOT NULL,            -- JSON {title, author, date, categories}
    support INTEGER NOT NULL,
    learnt_crawl_id INTEGER REFERENCES crawls(id) ON DELETE SET NULL,
    detail TEXT                              -- JSON: learnt-from URLs, required properties, ...
  );
  CREATE TABLE page_matches (
    capture_id INTEGER PRIMARY KEY REFERENCES captures(id) ON DELETE CASCADE,
    crawl_id INTEGER NOT NULL REFERENCES crawls(id) ON DELETE CASCADE,
    is_post INTEGER NOT NULL,
    method TEXT,                             -- how the decision was made: feed | template | mcst | segmentation
    template_id INTEGER REFERENCES templates(id) ON DELETE SET NULL,
    reason TEXT NOT NULL
  );
  CREATE INDEX page_matches_crawl ON page_matches(crawl_id);
  CREATE TABLE segments (
    id INTEGER PRIMARY KEY,
    capture_id INTEGER NOT NULL REFERENCES captures(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    method TEXT NOT NULL,                    -- feed-guided | model-based
    permalink TEXT,
    title TEXT,
    author TEXT,
    published TEXT,
    text TEXT NOT NULL,
    key_path TEXT,
    object_id INTEGER REFERENCES objects(id) ON DELETE SET NULL,
    UNIQUE (capture_id, position)
  );
  CREATE TABLE discovered_feeds (
    host TEXT NOT NULL,
    url TEXT NOT NULL,                       -- canonical feed URL
    type TEXT,
    title TEXT,
    via TEXT NOT NULL,                       -- autodiscovery | link-heuristic
    is_comment_feed INTEGER NOT NULL,
    first_page TEXT NOT NULL,                -- first archived page that advertises it
    crawl_id INTEGER NOT NULL REFERENCES crawls(id) ON DELETE CASCADE,
    PRIMARY KEY (crawl_id, url)
  );
  `,
  // 3: the language of each object version (ISO 639-1: the page's lang, the feed's language, or
  // detection); for the fused version of an object in a crawl (method 'fused'), the fusion
  // decision (JSON: textFrom, reason, candidates, metadataFrom); the other rows are its evidence.
  `
  ALTER TABLE versions ADD COLUMN language TEXT;
  ALTER TABLE versions ADD COLUMN fusion TEXT;
  `,
  // 4: the digest of each reconstructed page file a build wrote (path relative to pages/): a later
  // build rewrites a page only when its content changed, so adding a crawl does not rewrite the history.
  `
  CREATE TABLE page_files (
    path TEXT PRIMARY KEY,
    digest TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
  // 5: what each page file was rendered from (a digest of the version row, its comments and the page
  // format) and its size in bytes: a later build does not even render a page whose sources are unchanged,
  // so adding a crawl costs the pages of that crawl, not of the history.
  `
  ALTER TABLE page_files ADD COLUMN source TEXT;
  ALTER TABLE page_files ADD COLUMN bytes INTEGER;
  `,
  // 6: an index on every child key, so that deleting or re-keying a parent row (a crawl's fused
  // versions are replaced on every build) finds its children without scanning a table that grows
  // with the history; and on the lookups that scanned one: a crawl's HTML captures without a
  // version, an item's snapshots, an object by feed and guid, a host's templates by crawl.
  `
  CREATE INDEX changes_from_version ON changes(from_version_id);
  CREATE INDEX changes_to_version ON changes(to_version_id);
  CREATE INDEX versions_capture ON versions(capture_id);
  CREATE INDEX pairings_capture ON pairings(capture_id);
  CREATE INDEX snapshot_items_item ON snapshot_items(item_id);
  CREATE INDEX segments_object ON segments(object_id);
  CREATE INDEX page_matches_template ON page_matches(template_id);
  CREATE INDEX objects_feed_guid ON objects(feed_id, guid);
  CREATE INDEX templates_host_crawl ON templates(host, learnt_crawl_id);
  `,
  // 7: what each crawl's post pages of a host showed of comment zones (JSON of `CommentEvidence`:
  // pages, structures, entry signatures, feed-confirmed structures, and per zone text, as a short
  // hash, the hashed pages it was on): a later crawl that re-reads only its changed pages decides
  // its structure-only zones with the host's other pages counted, as a build of all its pages would
  // (issue #12).
  `
  CREATE TABLE comment_sites (
    host TEXT NOT NULL,
    crawl_id INTEGER NOT NULL REFERENCES crawls(id) ON DELETE CASCADE,
    evidence TEXT NOT NULL,
    PRIMARY KEY (host, crawl_id)
  ) WITHOUT ROWID;
  CREATE INDEX comment_sites_crawl ON comment_sites(crawl_id);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
