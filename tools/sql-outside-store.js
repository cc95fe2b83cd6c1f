/**
 * "All SQL in src/store/" (DESIGN "Pipeline", issue #13) as a check: finds SQL in the source files of
 * src/ outside src/store/ (tests excluded: they may look into a store they built). Used by
 * test/layering.test.ts. What counts as SQL: a statement prepared or executed on a connection
 * (`.prepare(`, `.exec('…')`, `.pragma(`), opening a connection (`new Database(`), or a string
 * holding a statement (`SELECT … FROM`, `INSERT … INTO`, `UPDATE … SET`, `DELETE FROM`, `CREATE TABLE`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Comments, blanked so that prose naming a statement is not taken for one (line breaks kept). */
const COMMENT = /\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g;

/** What marks SQL in a line of code, with a name for the report. */
const SQL_PATTERNS = [
  ['prepared statement', /\.prepare\s*[<(]/],
  ['executed SQL', /\.exec\(\s*['"`]/],
  ['pragma', /\.pragma\(/],
  ['connection opened', /\bnew\s+Database\s*\(/],
  ['SELECT statement', /\bSELECT\s+(?:DISTINCT\s+)?[\w*(]/],
  ['INSERT statement', /\bINSERT\s+(?:OR\s+[A-Z]+\s+)?INTO\b/],
  ['UPDATE statement', /\bUPDATE\s+\w+\s+SET\b/],
  ['DELETE statement', /\bDELETE\s+FROM\b/],
  ['CREATE statement', /\bCREATE\s+(?:VIRTUAL\s+)?(?:TABLE|INDEX)\b/],
];

/**
 * The SQL found in one file's text: one `{ line, what }` per line that holds some (1-based lines).
 * @param {string} text
 * @returns {Array<{ line: number, what: string }>}
 */
export function findSql(text) {
  const code = text.replace(COMMENT, (c) => c.replace(/[^\n]/g, ' '));
  const found = [];
  code.split('\n').forEach((line, i) => {
    const hit = SQL_PATTERNS.find(([, re]) => re.test(line));
    if (hit !== undefined) found.push({ line: i + 1, what: hit[0] });
  });
  return found;
}

/**
 * Every place in src/ outside src/store/ (test files excluded) holding SQL, as `path:line what`.
 * @param {string} srcDir absolute path of src/
 * @returns {string[]}
 */
export function sqlOutsideStore(srcDir) {
  const out = [];
  for (const entry of readdirSync(srcDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    const rel = relative(srcDir, file);
    if (rel.split(sep)[0] === 'store') continue;
    for (const { line, what } of findSql(readFileSync(file, 'utf8'))) out.push(`${rel}:${line} ${what}`);
  }
  return out.sort();
}
