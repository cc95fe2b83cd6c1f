/**
 * Plain text of a baseline's article HTML with a line break at every block boundary, so words of
 * two paragraphs (`...end.</p><p>Start...`) never fuse into one token. Both baselines go through
 * this same conversion.
 */
import type { ChildNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);
const SKIPPED_TAGS = new Set(['script', 'style', 'noscript', 'template']);

export function htmlToText(html: string): string {
  const parts: string[] = [];
  const walk = (nodes: ChildNode[]): void => {
    for (const node of nodes) {
      if (node.type === 'text') parts.push(node.data);
      else if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
        if (SKIPPED_TAGS.has(node.name)) continue;
        const isBlock = BLOCK_TAGS.has(node.name);
        if (isBlock) parts.push('\n');
        walk(node.children);
        if (isBlock) parts.push('\n');
      }
    }
  };
  walk(parseDocument(html).children);
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
