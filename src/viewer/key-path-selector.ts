/**
 * A key-path (000 §III-B: `|html|body|div[@id=main,@class=post *]|h1`) as a CSS selector, so the
 * replayed original can highlight the extracted node without running the viewer's code in it.
 * Values ending in `*` become prefix matches, classes match by token; a path not starting with `|` is relative (descendant).
 */

/** Split on an unescaped separator. */
function splitEscaped(s: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i] ?? '';
    if (c === '\\' && i + 1 < s.length) {
      cur += c + (s[i + 1] ?? '');
      i++;
    } else if (c === sep) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

const cssString = (s: string): string => `"${s.replace(/["\\]/g, (c) => `\\${c}`).replace(/\n/g, '\\a ')}"`;
const NAME = /^[a-zA-Z][a-zA-Z0-9-]*$|^\*$/;

/** html and body attributes are left out: scripts of the replayed page rewrite them (`no-js` -> `js`). */
const BARE_STEPS = new Set(['html', 'body']);

function stepSelector(step: string): string | null {
  const open = step.indexOf('[');
  const name = open < 0 ? step : step.slice(0, open);
  if (!NAME.test(name)) return null;
  if (open < 0 || BARE_STEPS.has(name.toLowerCase())) return name;
  if (!step.endsWith(']')) return null;
  let sel = name;
  for (const attr of splitEscaped(step.slice(open + 1, -1), ',')) {
    const m = /^@([a-zA-Z-]+)=(.*)$/s.exec(attr);
    if (!m) return null;
    const raw = m[2] ?? '';
    // an unescaped * is the template wildcard: match the part before it as a prefix
    const wild = /(^|[^\\])\*/.exec(raw);
    const value = (wild ? raw.slice(0, wild.index + (wild[1] ?? '').length) : raw).replace(/\\(.)/g, '$1');
    if (wild) sel += `[${m[1]}^=${cssString(value)}]`;
    // class as tokens (~=), so a class added by the page's own script does not lose the node
    else if (m[1] === 'class')
      sel += value
        .split(/\s+/)
        .filter(Boolean)
        .map((t) => `[class~=${cssString(t)}]`)
        .join('');
    else sel += `[${m[1]}=${cssString(value)}]`;
  }
  return sel;
}

/** The CSS selector of a key-path, or null when the path is not in key-path notation. */
export function keyPathToSelector(path: string | null | undefined): string | null {
  if (!path) return null;
  const absolute = path.startsWith('|');
  const steps = splitEscaped(absolute ? path.slice(1) : path, '|').filter((s) => s !== '');
  if (steps.length === 0) return null;
  const sels = steps.map(stepSelector);
  if (sels.some((s) => s === null)) return null;
  return `${absolute ? ':root > ' : ''}${sels.slice(absolute ? 1 : 0).join(' > ')}`.replace(/^:root > $/, ':root');
}
