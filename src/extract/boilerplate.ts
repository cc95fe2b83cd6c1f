/**
 * Generic boilerplate signals inside a wrapper (never site-specific selectors): comment zones,
 * share/social widgets, related-post lists, navigation, forms and ads. Decided from tag names,
 * roles and id/class words, so they hold on sites never seen.
 */
import type { Element } from 'domhandler';

const BOILERPLATE_TAGS = new Set(['nav', 'form', 'aside', 'footer', 'dialog', 'menu']);
const BOILERPLATE_ROLES = new Set(['navigation', 'complementary', 'contentinfo', 'banner', 'search', 'dialog', 'menu', 'menubar', 'toolbar']);

/** id/class words meaning reader comments [004 §4.2: comments are tracked apart from the article]. */
const COMMENT_WORDS = /(?:^|[-_\s])(?:comments?|commentlist|respond|reply|replies|discussion|disqus|trackbacks?|pingbacks?)(?:$|[-_\s])/i;
/** id/class words of widgets around an article. */
const WIDGET_WORDS =
  /(?:^|[-_\s])(?:share|sharing|sharedaddy|social|sociable|addthis|shareaholic|related|relatedposts|jp-relatedposts|yarpp|recommended|newsletter|subscribe|subscription|signup|sidebar|widget|breadcrumbs?|pagination|navigation|nav|menu|post-navigation|nav-links|tags?|tagcloud|cat-links|tags-links|categories|author-bio|author-box|about-author|byline-share|print|toolbar|promo|sponsored|sponsor|advert|advertisement|adsense|ads?|ad-container|banner|outbrain|taboola|popup|modal|cookie|skip-link|screen-reader-text|sr-only|visually-hidden)(?:$|[-_\s])/i;

const cache = new WeakMap<Element, string | null>();

/** Why this element is boilerplate inside an article (e.g. 'comments: class "comment-list"'), or null. */
export function boilerplateReason(el: Element): string | null {
  let v = cache.get(el);
  if (v !== undefined) return v;
  v = null;
  const a = el.attribs;
  const words = `${a.id ?? ''} ${a.class ?? ''}`;
  if (BOILERPLATE_TAGS.has(el.name)) v = `tag <${el.name}>`;
  else if (a.role !== undefined && BOILERPLATE_ROLES.has(a.role)) v = `role "${a.role}"`;
  else if (COMMENT_WORDS.test(words)) v = `comments: "${words.trim()}"`;
  else if (WIDGET_WORDS.test(words)) v = `widget: "${words.trim()}"`;
  cache.set(el, v);
  return v;
}
