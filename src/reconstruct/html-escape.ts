/** Escaping for text and attribute values written into HTML. */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const HTML_SPECIAL = /[&<>"']/g;

export function escapeHtml(s: string | null | undefined): string {
  return s === null || s === undefined ? '' : s.replace(HTML_SPECIAL, (c) => HTML_ESCAPES[c] ?? c);
}

const SAFE_URL = /^(?:https?:|mailto:|#)/i;

/** A URL that may go into href/src: http(s), mailto and in-page fragments only, anything else becomes `#`. */
export function safeUrl(url: string | null | undefined): string {
  if (url === null || url === undefined) return '#';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is stripped
  const u = url.trim().replace(/[\u0000-\u001f\u007f]/g, '');
  return SAFE_URL.test(u) ? u : '#';
}
