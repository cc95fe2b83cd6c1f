/**
 * The quality gate: pinned bounds per data set (bench/quality/floors.json), checked against the
 * results like a CI gate. `min` holds floors (the metric must stay at or above), `max` ceilings
 * (counts and shares that must stay at or below, e.g. comments invented). A metric is a dotted path
 * into the data set's JSON result (`articles.in-feed.ours.f1`, `postDetection.nonPostObjects.length`).
 * A bounded metric that is missing fails: a section that disappears is a regression too.
 */
import { readFileSync } from 'node:fs';

export interface FloorsFile {
  note: string;
  min: Record<string, Record<string, number>>;
  max: Record<string, Record<string, number>>;
}

export interface Violation {
  dataset: string;
  metric: string;
  bound: 'min' | 'max';
  limit: number;
  value: number | null;
}

/** Metrics under this path segment need the baselines, which --no-baselines skips. */
const BASELINE_SEGMENT = 'baselines';

export function loadFloors(file: string): FloorsFile {
  return JSON.parse(readFileSync(file, 'utf8')) as FloorsFile;
}

/** Reads a dotted path; `length` of an array is its size. Null when absent or not a number. */
export function readMetric(root: unknown, path: string): number | null {
  let value: unknown = root;
  for (const segment of path.split('.')) {
    if (value === null || typeof value !== 'object') return null;
    value = Array.isArray(value) && segment === 'length' ? value.length : (value as Record<string, unknown>)[segment];
  }
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function checkFloors(
  results: ReadonlyArray<{ name: string }>,
  floors: FloorsFile,
  options: { withBaselines: boolean },
): { violations: Violation[]; checked: number } {
  const violations: Violation[] = [];
  let checked = 0;
  for (const result of results) {
    for (const bound of ['min', 'max'] as const) {
      for (const [metric, limit] of Object.entries(floors[bound][result.name] ?? {})) {
        if (!options.withBaselines && metric.split('.').includes(BASELINE_SEGMENT)) continue;
        checked++;
        const value = readMetric(result, metric);
        const holds = value !== null && (bound === 'min' ? value >= limit : value <= limit);
        if (!holds) violations.push({ dataset: result.name, metric, bound, limit, value });
      }
    }
  }
  return { violations, checked };
}

export function formatViolation(v: Violation): string {
  const value = v.value === null ? 'missing' : v.value.toFixed(4);
  return `${v.dataset}: ${v.metric} = ${value}, ${v.bound === 'min' ? 'floor' : 'ceiling'} ${v.limit}`;
}
