import { isUtf8 } from 'node:buffer';
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { WINDOWS_1252_ALIASES } from './constants.js';

/** Where a charset came from, in the order the HTML spec consults them (encoding sniffing §13.2.3.2). */
export type CharsetSource = 'bom' | 'header' | 'meta' | 'utf8-valid' | 'sniffed' | 'default';

export interface DecodedText {
  text: string;
  /** Canonical lower-case label, e.g. `utf-8`, `windows-1251`, `shift_jis`. */
  charset: string;
  source: CharsetSource;
  /** A label that was declared but that iconv-lite does not know (then the next source was used). */
  unknownLabel: string | null;
}

export interface DecodeTextOptions {
  /** Bytes searched for `<meta charset>` / `<?xml encoding?>`. */
  metaCharsetBytes: number;
  /** Bytes handed to chardet. */
  charsetSniffBytes: number;
}

const DEFAULT_OPTIONS: DecodeTextOptions = { metaCharsetBytes: 4096, charsetSniffBytes: 65536 };
const BOMS: Array<[Buffer, string]> = [
  [Buffer.from([0xef, 0xbb, 0xbf]), 'utf-8'],
  [Buffer.from([0xfe, 0xff]), 'utf-16be'],
  [Buffer.from([0xff, 0xfe]), 'utf-16le'],
];
const HEADER_CHARSET = /charset\s*=\s*["']?([^"';\s,]+)/i;
/** `<meta charset=x>` and `<meta http-equiv=content-type content="...; charset=x">` (HTML prescan). */
const META_CHARSET = /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i;
const XML_ENCODING = /^\s*<\?xml\b[^>]*?encoding\s*=\s*["']([\w.:-]+)["']/;

/** Charset label from a Content-Type value, or null. */
export function charsetFromContentType(contentType: string | null): string | null {
  if (contentType === null) return null;
  return HEADER_CHARSET.exec(contentType)?.[1] ?? null;
}

/** Canonical label iconv-lite can decode, or null when unknown. */
export function normaliseCharset(label: string): string | null {
  const lower = label.trim().toLowerCase();
  if (lower === 'utf8' || lower === 'utf-8' || lower === 'unicode-1-1-utf-8') return 'utf-8';
  if (WINDOWS_1252_ALIASES.has(lower)) return 'windows-1252';
  if (lower === 'x-sjis' || lower === 'sjis' || lower === 'ms_kanji' || lower === 'csshiftjis') return 'shift_jis';
  if (lower === 'gb2312' || lower === 'x-gbk') return 'gbk';
  return iconv.encodingExists(lower) ? lower : null;
}

/** Decode bytes with a label normalised by `normaliseCharset` (a UTF-8 BOM is dropped). */
export function decodeWith(body: Buffer, charset: string): string {
  if (charset === 'utf-8') {
    const start = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
    return body.toString('utf8', start);
  }
  return iconv.decode(body, charset);
}

export type ResolvedCharset = Omit<DecodedText, 'text'>;

/**
 * The charset of a text body: BOM, then the Content-Type charset, then `<meta charset>` or the XML
 * declaration in the first bytes, then valid UTF-8, then chardet's guess, else windows-1252
 * (the HTML spec's fallback for most locales). [HTML Living Standard §13.2.3.2 encoding sniffing]
 */
export function resolveCharset(body: Buffer, contentType: string | null, options: DecodeTextOptions = DEFAULT_OPTIONS): ResolvedCharset {
  for (const [bom, charset] of BOMS) {
    if (body.subarray(0, bom.length).equals(bom)) return { charset, source: 'bom', unknownLabel: null };
  }
  let unknownLabel: string | null = null;
  const declared = charsetFromContentType(contentType);
  if (declared !== null) {
    const charset = normaliseCharset(declared);
    // UTF-16 without a BOM whose opening bytes hold no NUL is an ASCII-compatible body mislabelled
    // (markup in UTF-16 puts a NUL beside every ASCII character): read as UTF-8, as a meta "utf-16" is.
    if (charset?.startsWith('utf-16') === true && !body.subarray(0, options.metaCharsetBytes).includes(0))
      return { charset: 'utf-8', source: 'header', unknownLabel };
    if (charset !== null) return { charset, source: 'header', unknownLabel };
    unknownLabel = declared;
  }
  const head = body.subarray(0, options.metaCharsetBytes).toString('latin1');
  const inDocument = XML_ENCODING.exec(head)?.[1] ?? META_CHARSET.exec(head)?.[1];
  if (inDocument !== undefined) {
    const charset = normaliseCharset(inDocument);
    // A page saying "utf-16" in ASCII-compatible bytes is really UTF-8 (HTML prescan rule).
    const usable = charset?.startsWith('utf-16') === true ? 'utf-8' : charset;
    if (usable !== null) return { charset: usable, source: 'meta', unknownLabel };
    unknownLabel ??= inDocument;
  }
  if (isUtf8(body)) return { charset: 'utf-8', source: 'utf8-valid', unknownLabel };
  const guess = chardet.detect(body.subarray(0, options.charsetSniffBytes));
  const sniffed = guess !== null ? normaliseCharset(guess) : null;
  if (sniffed !== null) return { charset: sniffed, source: 'sniffed', unknownLabel };
  return { charset: 'windows-1252', source: 'default', unknownLabel };
}

/** Decode a text body with the charset `resolveCharset` finds. */
export function decodeText(body: Buffer, contentType: string | null, options: DecodeTextOptions = DEFAULT_OPTIONS): DecodedText {
  const resolved = resolveCharset(body, contentType, options);
  return { ...resolved, text: decodeWith(body, resolved.charset) };
}
