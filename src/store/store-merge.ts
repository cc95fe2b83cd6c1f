/**
 * `merge`'s SQL: copies the rows of shard stores into one store (DESIGN "Scale-out"). Every table
 * is joined on its natural key, so local ids are remapped: crawls by identity, captures by their
 * place (file, offset, inflated offset), feeds by URL, items by (feed, key), objects by canonical
 * URL, versions by (object, crawl, method), templates by template key. A feed routed to several
 * buckets arrives once per shard and is kept once; an item one shard could pair (it holds the
 * item's site) wins over the shards that could not. Rerunning a merge gives the same rows.
 */
import type { Db } from './overlay-db.js';
import { DISCOVERED_FEED_CONFLICT } from './overlay-writer.js';

/** Name the shard is attached under while its rows are copied. */
const SHARD = 'shard';

export interface ShardCopyCounts {
  captures: number;
  objects: number;
  versions: number;
}

/**
 * Copy the rows of the store in `shardFile` into `db`. Crawls are taken in the shard's order and
 * appended when new, so shards must list the crawls in the same order (each shard-build receives
 * every file row).
 */
export function copyShard(db: Db, shardFile: string): ShardCopyCounts {
  db.prepare(`ATTACH DATABASE ? AS ${SHARD}`).run(shardFile);
  try {
    return db.transaction(() => copyRows(db))();
  } finally {
    db.exec(`DETACH DATABASE ${SHARD}`);
  }
}

/**
 * How each table is copied: its id columns and the map that translates each (LEFT: a null id, or
 * one the map lacks, stays null), what to do on a natural-key conflict, and how its own ids map.
 * Every other column is copied as it is, whatever columns later migrations add.
 */
interface TableCopy {
  table: string;
  ids?: Record<string, { map: string; optional?: boolean }>;
  onConflict: string;
  /** Builds temp.<name>_map (old, new) from the natural key, after the copy. */
  map?: { name: string; join: string };
  /** Extra WHERE on the shard rows (default: all rows). */
  where?: string;
}

const TABLES: readonly TableCopy[] = [
  {
    table: 'crawls',
    onConflict: `ON CONFLICT (identity) DO UPDATE SET started_at = min(crawls.started_at, excluded.started_at),
      finished_at = CASE WHEN crawls.finished_at IS NULL OR excluded.finished_at IS NULL THEN NULL ELSE max(crawls.finished_at, excluded.finished_at) END`,
    map: { name: 'crawl', join: 'm.identity = s.identity' },
  },
  {
    table: 'captures',
    ids: { crawl_id: { map: 'crawl' } },
    onConflict: 'ON CONFLICT DO NOTHING',
    map: {
      name: 'capture',
      join: 'm.file = s.file AND m.offset = s.offset AND coalesce(m.inflated_offset, -1) = coalesce(s.inflated_offset, -1)',
    },
  },
  { table: 'feeds', onConflict: 'ON CONFLICT (url) DO NOTHING', map: { name: 'feed', join: 'm.url = s.url' } },
  {
    table: 'items',
    ids: { feed_id: { map: 'feed' } },
    onConflict: 'ON CONFLICT (feed_id, item_key) DO NOTHING',
    map: { name: 'item', join: 'm.feed_id = (SELECT new FROM temp.feed_map WHERE old = s.feed_id) AND m.item_key = s.item_key' },
  },
  {
    table: 'feed_snapshots',
    ids: { feed_id: { map: 'feed' }, crawl_id: { map: 'crawl' }, capture_id: { map: 'capture' } },
    onConflict: 'ON CONFLICT (feed_id, capture_id) DO NOTHING',
    map: {
      name: 'snapshot',
      join: 'm.feed_id = (SELECT new FROM temp.feed_map WHERE old = s.feed_id) AND m.capture_id = (SELECT new FROM temp.capture_map WHERE old = s.capture_id)',
    },
  },
  { table: 'snapshot_items', ids: { snapshot_id: { map: 'snapshot' }, item_id: { map: 'item' } }, onConflict: 'ON CONFLICT DO NOTHING' },
  {
    // Of the pairings of one item, the one that found a capture wins: that shard holds the item's site.
    table: 'pairings',
    ids: { item_id: { map: 'item' }, crawl_id: { map: 'crawl' }, capture_id: { map: 'capture', optional: true } },
    onConflict: `ON CONFLICT (item_id, crawl_id) DO UPDATE SET capture_id = excluded.capture_id, via = excluded.via, reason = excluded.reason
      WHERE pairings.capture_id IS NULL AND excluded.capture_id IS NOT NULL`,
  },
  {
    table: 'objects',
    ids: { feed_id: { map: 'feed', optional: true } },
    onConflict:
      'ON CONFLICT (canonical_url) DO UPDATE SET feed_id = coalesce(objects.feed_id, excluded.feed_id), guid = coalesce(objects.guid, excluded.guid)',
    map: { name: 'object', join: 'm.canonical_url = s.canonical_url' },
  },
  {
    table: 'versions',
    ids: { object_id: { map: 'object' }, crawl_id: { map: 'crawl' }, capture_id: { map: 'capture', optional: true } },
    onConflict: 'ON CONFLICT (object_id, crawl_id, method) DO NOTHING',
    map: {
      name: 'version',
      join: `m.object_id = (SELECT new FROM temp.object_map WHERE old = s.object_id) AND m.crawl_id = (SELECT new FROM temp.crawl_map WHERE old = s.crawl_id)
        AND m.method = s.method`,
    },
  },
  { table: 'comments', ids: { version_id: { map: 'version' } }, onConflict: 'ON CONFLICT (version_id, position) DO NOTHING' },
  {
    // The same problem of a feed routed to several buckets is reported by each of their shards: kept once.
    table: 'diagnostics',
    ids: { crawl_id: { map: 'crawl', optional: true } },
    onConflict: '',
    where: `NOT EXISTS (SELECT 1 FROM main.diagnostics d WHERE d.crawl_id IS (SELECT new FROM temp.crawl_map WHERE old = s.crawl_id)
      AND d.kind = s.kind AND d.message = s.message AND d.file IS s.file AND d.offset IS s.offset AND d.url IS s.url)`,
  },
  {
    table: 'changes',
    ids: {
      object_id: { map: 'object' },
      from_version_id: { map: 'version', optional: true },
      to_version_id: { map: 'version', optional: true },
      to_crawl_id: { map: 'crawl' },
    },
    onConflict: 'ON CONFLICT (object_id, to_crawl_id) DO NOTHING',
  },
  {
    table: 'templates',
    ids: { learnt_crawl_id: { map: 'crawl', optional: true } },
    onConflict: 'ON CONFLICT (template_key) DO NOTHING',
    map: { name: 'template', join: 'm.template_key = s.template_key' },
  },
  {
    // A host's pages are all in one bucket: one shard holds its evidence for each crawl.
    table: 'comment_sites',
    ids: { crawl_id: { map: 'crawl' } },
    onConflict: 'ON CONFLICT (host, crawl_id) DO NOTHING',
  },
  {
    table: 'page_matches',
    ids: { capture_id: { map: 'capture' }, crawl_id: { map: 'crawl' }, template_id: { map: 'template', optional: true } },
    onConflict: 'ON CONFLICT (capture_id) DO NOTHING',
  },
  {
    table: 'segments',
    ids: { capture_id: { map: 'capture' }, object_id: { map: 'object', optional: true } },
    onConflict: 'ON CONFLICT (capture_id, position) DO NOTHING',
  },
  {
    table: 'discovered_feeds',
    ids: { crawl_id: { map: 'crawl' } },
    onConflict: DISCOVERED_FEED_CONFLICT,
  },
];

function columnsOf(db: Db, table: string): string[] {
  return db
    .prepare<[], string>(`SELECT name FROM pragma_table_info('${table}', 'main')`)
    .pluck()
    .all()
    .filter((c) => c !== 'id');
}

function copyRows(db: Db): ShardCopyCounts {
  const count = (table: string): number => db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get() ?? 0;
  const before = { captures: count('main.captures'), objects: count('main.objects'), versions: count('main.versions') };
  const hasId = (table: string) =>
    (db.prepare<[], number>(`SELECT count(*) FROM pragma_table_info('${table}', 'main') WHERE name = 'id'`).pluck().get() ?? 0) > 0;
  for (const t of TABLES) {
    const columns = columnsOf(db, t.table);
    const joins: string[] = [];
    const values = columns.map((c) => {
      const id = t.ids?.[c];
      if (id === undefined) return `s.${c}`;
      joins.push(`${id.optional ? 'LEFT JOIN' : 'JOIN'} temp.${id.map}_map m_${c} ON m_${c}.old = s.${c}`);
      return `m_${c}.new`;
    });
    const order = hasId(t.table) ? 'ORDER BY s.id' : '';
    db.exec(`INSERT INTO main.${t.table} (${columns.join(', ')})
      SELECT ${values.join(', ')} FROM ${SHARD}.${t.table} s ${joins.join(' ')} WHERE ${t.where ?? 'true'} ${order} ${t.onConflict}`);
    if (t.map !== undefined) {
      db.exec(`DROP TABLE IF EXISTS temp.${t.map.name}_map;
        CREATE TEMP TABLE ${t.map.name}_map AS SELECT s.id AS old, m.id AS new FROM ${SHARD}.${t.table} s JOIN main.${t.table} m ON ${t.map.join};
        CREATE UNIQUE INDEX temp.${t.map.name}_map_old ON ${t.map.name}_map(old);`);
    }
  }
  return {
    captures: count('main.captures') - before.captures,
    objects: count('main.objects') - before.objects,
    versions: count('main.versions') - before.versions,
  };
}

/** The crawls of a store in order, with their stored JSON reports. */
export function readCrawlReports(db: Db): Array<{ id: number; name: string; report: string | null }> {
  return db.prepare<[], { id: number; name: string; report: string | null }>('SELECT id, name, report FROM crawls ORDER BY id').all();
}

/** Replace a crawl's stored report (merge recomputes the parts that span shards). */
export function updateCrawlReport(db: Db, crawlId: number, report: unknown): void {
  db.prepare('UPDATE crawls SET report = ? WHERE id = ?').run(JSON.stringify(report), crawlId);
}
