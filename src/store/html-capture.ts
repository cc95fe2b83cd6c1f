/**
 * One definition of "an HTML capture": an archived HTML page that was served (HTTP 200, or a
 * `resource` record without HTTP status). The templates pass classifies exactly these captures, the
 * segmentation pass looks for channel pages among them, and `export --what pages` lists them, so
 * every exported page carries the decision the build made for it.
 */
export const HTML_MIME_TYPES = ['text/html', 'application/xhtml+xml'] as const;

const MIME_LIST = HTML_MIME_TYPES.map((m) => `'${m}'`).join(', ');

/** SQL condition on the `captures` row aliased `alias`. */
export function htmlCaptureWhere(alias: string): string {
  return `${alias}.mime IN (${MIME_LIST}) AND ${alias}.record_type IN ('response', 'revisit', 'resource')
    AND (${alias}.status = 200 OR (${alias}.status IS NULL AND ${alias}.record_type = 'resource'))`;
}
