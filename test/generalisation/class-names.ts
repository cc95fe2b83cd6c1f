/**
 * Class names rewritten the way other engines print them (issue #12: the vocabulary is a hint, the
 * structure decides): `hashed`, each class token a generated name, the same token the same name
 * on every page (CSS modules, styled components, a site builder); `utility`, every element of a tag
 * given one framework's utility classes, whatever its role (the classes tell nothing apart); `none`,
 * no class attribute at all (hand-written HTML, minimal themes); `divs`, HTML5's sectioning elements
 * (`article`, `section`, `header`, `footer`, `aside`, `nav`, `main`) printed as `<div>`s, the markup
 * of older engines; `soup`, both `divs` and `none`.
 * `bench:classes` builds every generalisation suite's pages rewritten each way (`WO_FIXTURE_CLASSES`,
 * read by `writeWarc`); the suites' own class-free engines use them directly.
 */
export const CLASS_NAME_MODES = ['hashed', 'utility', 'none', 'divs', 'soup'] as const;
export type ClassNameMode = (typeof CLASS_NAME_MODES)[number];

/** A generated name for a class token ("comment-author" -> "c1qfxp4"): FNV-1a, base 36. */
export function hashedName(token: string): string {
  let h = 2166136261;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 16777619);
  return `c${(h >>> 0).toString(36).slice(0, 6)}`;
}

/** Utility classes by tag, as a CSS framework prints them. */
const UTILITY: Readonly<Record<string, string>> = {
  div: 'flex flex-col gap-4',
  p: 'text-base leading-7',
  span: 'text-sm text-gray-600',
  a: 'underline',
  li: 'py-2',
  ul: 'space-y-2',
  section: 'mt-8',
  article: 'prose max-w-none',
  header: 'mb-4',
  footer: 'mt-4 text-sm',
};

const CLASS_ATTRIBUTE = /(\sclass\s*=\s*)(["'])(.*?)\2/gis;
/** A start or end tag of one of HTML5's sectioning elements (`divs`). */
const SECTIONING_TAG = /<(\/?)(article|section|header|footer|aside|nav|main)(?=[\s>/])/gi;
const START_TAG = /<([a-z][a-z0-9]*)(\s[^<>]*?)?(\/?)>/gi;

/** An HTML page's class names (and for `divs` and `soup` its sectioning elements) rewritten as `mode` says. */
export function rewriteClassNames(html: string, mode: ClassNameMode): string {
  if (mode === 'soup') return rewriteClassNames(rewriteClassNames(html, 'divs'), 'none');
  if (mode === 'divs') return html.replace(SECTIONING_TAG, (_m, close: string) => `<${close}div`);
  if (mode === 'hashed')
    return html.replace(CLASS_ATTRIBUTE, (_m, before: string, quote: string, value: string) => {
      const names = value
        .split(/\s+/)
        .filter((t) => t !== '')
        .map(hashedName);
      return `${before}${quote}${names.join(' ')}${quote}`;
    });
  return html.replace(START_TAG, (_m, tag: string, attributes: string | undefined, close: string) => {
    const rest = (attributes ?? '').replace(CLASS_ATTRIBUTE, '');
    const utility = mode === 'none' ? undefined : UTILITY[tag.toLowerCase()];
    return `<${tag}${rest}${utility === undefined ? '' : ` class="${utility}"`}${close}>`;
  });
}

/** The mode `WO_FIXTURE_CLASSES` names (`bench:classes`), or null: pages as the suites write them. */
export function fixtureClassNameMode(): ClassNameMode | null {
  const mode = process.env.WO_FIXTURE_CLASSES;
  if (mode === undefined || mode === '') return null;
  if (!(CLASS_NAME_MODES as readonly string[]).includes(mode))
    throw new Error(`WO_FIXTURE_CLASSES=${mode}: expected one of ${CLASS_NAME_MODES.join(', ')}`);
  return mode as ClassNameMode;
}
