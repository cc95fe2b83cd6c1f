/**
 * Typed input errors: every malformed record, feed or page becomes an `InputError` with a `kind`,
 * the measured numbers in its message, and where it happened (file, offset, URL). The record loop
 * catches `InputError` only; anything else is a bug and is rethrown.
 */

/** Where a problem was found. Every field is optional; give as many as are known. */
export interface InputLocation {
  file?: string;
  offset?: number;
  url?: string;
}

/**
 * Kinds of bad input, grouped by stage prefix. Add new kinds here so reports can count them.
 */
export type InputErrorKind =
  | 'input.unreadable'
  | 'input.empty'
  | 'input.not-warc'
  | 'warc.truncated'
  | 'warc.bad-header'
  | 'warc.bad-length'
  | 'warc.gzip-corrupt'
  | 'warc.too-large'
  | 'warc.bad-date'
  | 'warc.digest-mismatch'
  | 'warc.revisit-unresolved'
  | 'wacz.bad-zip'
  | 'wacz.missing-entry'
  | 'wacz.unsafe-entry'
  | 'http.bad-header'
  | 'http.bad-chunked'
  | 'http.bad-encoding'
  | 'http.decompression-bomb'
  | 'http.charset-unknown'
  | 'feed.not-xml'
  | 'feed.malformed'
  | 'feed.too-deep'
  | 'feed.too-many-items'
  | 'feed.entity-expansion'
  | 'feed.unknown-format'
  | 'feed.item-invalid'
  | 'page.too-large'
  | 'page.too-deep'
  | 'page.too-many-elements'
  | 'page.unparsable'
  | 'pairing.unpaired'
  | 'extract.no-wrapper'
  | 'extract.worker-failed'
  | 'templates.sample-bounded'
  | 'segment.feed-overlap'
  | 'store.write-failed'
  | 'store.bad-evidence';

export class InputError extends Error {
  override readonly name = 'InputError';
  readonly kind: InputErrorKind;
  readonly location: InputLocation;

  constructor(kind: InputErrorKind, message: string, location: InputLocation = {}, options?: { cause?: unknown }) {
    super(`${message}${formatLocation(location)}`, options);
    this.kind = kind;
    this.location = location;
  }
}

export function isInputError(error: unknown): error is InputError {
  return error instanceof InputError;
}

/** " (crawl-01.warc.gz @ 2561440, https://example.org/a)" or "" when nothing is known. */
export function formatLocation(location: InputLocation): string {
  const parts: string[] = [];
  if (location.file !== undefined) {
    parts.push(location.offset !== undefined ? `${location.file} @ ${location.offset}` : location.file);
  } else if (location.offset !== undefined) {
    parts.push(`@ ${location.offset}`);
  }
  if (location.url !== undefined) parts.push(location.url);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** Usage errors (bad flags, missing paths) end the CLI with exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  /** Whether the CLI adds its "--help" hint (not for a busy or unusable overlay: the message says it all). */
  readonly isAboutUsage: boolean;

  constructor(message: string, options?: { isAboutUsage?: boolean; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.isAboutUsage = options?.isAboutUsage ?? true;
  }
}
