/**
 * A date of a version, a feed item or a query that names a day and no time ("2026-10-28"): a page's
 * `datetime="2025-03-13"` is that day, not its midnight, and compares with any time of it.
 */
export const isIsoDay = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value);
