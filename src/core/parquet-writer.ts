/**
 * Rows to an Apache Parquet file with hyparquet-writer (pure JS, no native build), readable by
 * DuckDB, pandas/pyarrow and Spark. One function for every row export (export --format parquet,
 * the scale-out steps): rows are streamed one row group at a time, so memory stays bounded.
 *
 * The schema comes from the rows: a column's type is that of its first non-null value among the
 * first SCHEMA_SAMPLE_ROWS rows (string -> STRING, boolean -> BOOLEAN, number -> DOUBLE or, when
 * listed in `integerColumns`, INT64, array/object -> JSON); a column never set there is STRING.
 * Later values are coerced to that type (a value that does not fit becomes null, never a throw).
 */

/** Rows read before the schema is fixed (ours: also hyparquet-writer's first row-group size). */
export const SCHEMA_SAMPLE_ROWS = 1000;

type ColumnType = 'STRING' | 'BOOLEAN' | 'DOUBLE' | 'INT64' | 'JSON';

export interface ParquetOptions {
  /** Numeric columns written as INT64 (others are DOUBLE). */
  integerColumns?: ReadonlySet<string>;
  /** Column order and names when there may be no rows at all (else the first row's keys). */
  columns?: readonly string[];
}

function typeOf(value: unknown, name: string, integers: ReadonlySet<string>): ColumnType | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return 'STRING';
  if (typeof value === 'boolean') return 'BOOLEAN';
  if (typeof value === 'number' || typeof value === 'bigint') return integers.has(name) ? 'INT64' : 'DOUBLE';
  return 'JSON';
}

function coerce(value: unknown, type: ColumnType): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'STRING':
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    case 'BOOLEAN':
      return typeof value === 'boolean' ? value : null;
    case 'DOUBLE':
      return typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : null;
    case 'INT64':
      return typeof value === 'bigint' ? value : typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : null;
    case 'JSON':
      return value;
  }
}

/** Writes `rows` to `file` as Parquet; returns the number of rows written. */
export async function writeParquet(rows: Iterable<Record<string, unknown>>, file: string, options: ParquetOptions = {}): Promise<number> {
  const integers = options.integerColumns ?? new Set<string>();
  const iterator = rows[Symbol.iterator]();
  const sample: Array<Record<string, unknown>> = [];
  while (sample.length < SCHEMA_SAMPLE_ROWS) {
    const next = iterator.next();
    if (next.done === true) break;
    sample.push(next.value);
  }
  const names = options.columns ?? Object.keys(sample[0] ?? {});
  const types = new Map<string, ColumnType>(names.map((name) => [name, 'STRING']));
  for (const name of names) {
    for (const row of sample) {
      const t = typeOf(row[name], name, integers);
      if (t !== null) {
        types.set(name, t);
        break;
      }
    }
  }
  let count = 0;
  function* typed(): Generator<Record<string, unknown>> {
    const convert = (row: Record<string, unknown>) => {
      count++;
      return Object.fromEntries(names.map((name) => [name, coerce(row[name], types.get(name) ?? 'STRING')]));
    };
    for (const row of sample) yield convert(row);
    for (let next = iterator.next(); !next.done; next = iterator.next()) yield convert(next.value);
  }
  // Loaded here, not with the CLI: only exports write Parquet.
  const { fileWriter, parquetWriteRows } = await import('hyparquet-writer');
  await parquetWriteRows({
    writer: fileWriter(file),
    rows: typed(),
    columns: names.map((name) => ({ name, type: types.get(name) ?? 'STRING', nullable: true })),
    createdBy: 'warc-overlay',
  });
  return count;
}
