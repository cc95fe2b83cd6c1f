/**
 * A key-path (000 §III-B: `|html|body|div[@id=main,@class=post *]|h1`) as a CSS selector, so the
 * replayed original can highlight the extracted node without running the viewer's code in it.
 * The path is read by the templates stage's one grammar (`parseKeyPath`); here its steps become
 * selectors: values ending in `*` become prefix matches, classes match by token, a bare `*` step
 * (any number of elements between) is the descendant combinator, and a path not starting with `|`
 * is relative (descendant).
 */
import { type AttributeTest, type KeyPathStep, parseKeyPath } from '../templates/index.js';

const cssString = (s: string): string => `"${s.replace(/["\\]/g, (c) => `\\${c}`).replace(/\n/g, '\\a ')}"`;
/** Characters the key-path grammar allows in names that CSS needs escaped (`dc:date`, `xml.lang`). */
const cssName = (s: string): string => s.replace(/[:.]/g, (c) => `\\${c}`);

/** html and body attributes are left out: scripts of the replayed page rewrite them (`no-js` -> `js`). */
const BARE_STEPS = new Set(['html', 'body']);

function attributeSelector(attr: AttributeTest): string {
  const name = cssName(attr.name);
  return attr.values
    .map((v) => {
      // `[a^=""]` matches nothing in CSS: an empty prefix only asks for the attribute.
      if (v.prefix && v.text === '') return `[${name}]`;
      // class as tokens (~=), so a class added by the page's own script does not lose the node
      if (attr.name === 'class')
        return v.prefix ? `:is([class^=${cssString(v.text)}],[class*=${cssString(` ${v.text}`)}])` : `[class~=${cssString(v.text)}]`;
      return `[${name}${v.prefix ? '^=' : '='}${cssString(v.text)}]`;
    })
    .join('');
}

function stepSelector(step: KeyPathStep): string {
  const name = step.name === '*' ? '*' : cssName(step.name);
  if (BARE_STEPS.has(step.name)) return name;
  return name + step.attributes.map(attributeSelector).join('');
}

/** The CSS selector of a key-path, or null when the path is not in key-path notation. */
export function keyPathToSelector(path: string | null | undefined): string | null {
  if (!path) return null;
  const kp = parseKeyPath(path);
  if (kp === null) return null;
  // An absolute path's first step is the document element: `:root`.
  const steps = kp.absolute ? kp.steps.slice(1) : kp.steps;
  let sel = kp.absolute ? ':root' : '';
  for (const step of steps) {
    const isGap = step.name === '*' && step.attributes.length === 0;
    if (isGap) {
      if (sel !== '') sel += ' ';
      continue;
    }
    const combinator = sel === '' ? '' : sel.endsWith(' ') ? '' : ' > ';
    sel += combinator + stepSelector(step);
  }
  sel = sel.trimEnd();
  return sel === '' ? null : sel;
}
