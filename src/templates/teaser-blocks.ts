/**
 * Teaser blocks: where a site's own posts show other posts' feed item texts beside the article (a
 * "related" or "latest" list of standfirsts). A page listing posts holds the texts of several feed
 * items [002 §3: a channel page shows several entries]; a post of such a site does too, in these
 * blocks. They are learnt from the site's feed-linked posts as key-paths [000 §III-B] of the deepest
 * blocks holding another item's opening text outside the post's content node, and left out of a
 * page's text before it is counted as a list (issue #12). No class name or word is looked for.
 */
import type { Document, Element } from 'domhandler';
import { contains, plainText } from '../core/dom-text.js';
import { type ParsedPage, pageBody } from '../extract/index.js';
import { bodyTokens } from './body-tokens.js';
import { MIN_TEASER_PAGES } from './constants.js';
import { isSkipped, renderText } from './content-render.js';
import { keyPathOf, serialiseKeyPath } from './key-path.js';
import { clusterPaths } from './template-learner.js';
import type { KeyPath } from './types.js';
import { type CompiledKeyPath, compileKeyPath, findAllNodes, findNodes } from './key-path-match.js';
import { type ItemEvidence, listedItemsIn } from './post-evidence.js';

/** A feed-linked post page and the key-path of its content node (`PropertyPaths.content`). */
export interface FeedPostPage {
  page: ParsedPage;
  contentPath: string | null;
}

/**
 * The blocks the feed-linked posts show other posts' item texts in, outside their own content
 * node, kept when at least `MIN_TEASER_PAGES` of the posts show them at one cluster of key-paths.
 *
 * The same block is counted across pages by clusters of its paths, not by exact path [000 §III-C:
 * paths of different pages are clustered and merged; §III-D-3: attribute values generalised]: a
 * class naming the page's own label on an ancestor (`<body class="tag-x">`) gives each page its own
 * path, so a label shown by one post only would never reach the floor. Deviation from 000 §III-C:
 * a path joins a cluster only when the merge keeps every step of both (the same elements, only
 * attribute values generalised) and the merged path designates no post's content node, its
 * ancestors or its descendants; otherwise two different blocks could merge to a common ancestor.
 */
export function learnTeaserPaths(posts: readonly FeedPostPage[], items: readonly ItemEvidence[]): CompiledKeyPath[] {
  // Each post counts once per cluster: fewer posts than the floor can show none often enough;
  // without items no block shows one.
  if (posts.length < MIN_TEASER_PAGES || items.length === 0) return [];
  const paths: KeyPath[] = [];
  const pageOf: number[] = [];
  const sequences = items.map((item) => ` ${item.tokens.join(' ')} `);
  // Each post's content nodes, found when first asked for.
  const contents: Array<Element[] | undefined> = [];
  const contentOf = (i: number): Element[] => {
    const { page, contentPath } = posts[i] as FeedPostPage;
    contents[i] ??= contentPath === null ? [] : findNodes(page.document, contentPath);
    return contents[i];
  };
  let shown = 0;
  for (const [i, { page }] of posts.entries()) {
    // The posts left cannot bring those showing blocks up to the floor: no cluster reaches it.
    if (shown + posts.length - i < MIN_TEASER_PAGES) return [];
    const body = pageBody(page);
    if (body === null) continue;
    const read = bodyTokens(body);
    const listed = new Set(listedItemsIn(page.url, read.tokens(), items));
    const blocks = new Map<string, KeyPath>();
    for (const [k, item] of items.entries()) {
      if (!listed.has(item.pageKey)) continue;
      const block = read.deepestHolder(sequences[k] as string);
      if (block === body || contentOf(i).some((c) => contains(c, block) || contains(block, c))) continue;
      const kp = keyPathOf(block);
      blocks.set(serialiseKeyPath(kp), kp);
    }
    if (blocks.size > 0) shown++;
    for (const kp of blocks.values()) {
      paths.push(kp);
      pageOf.push(i);
    }
  }
  // Asked once per distinct merged path (most merges of one block's paths give the same one).
  const judged = new Map<string, boolean>();
  const meetsNoContent = (merged: KeyPath): boolean => {
    const key = serialiseKeyPath(merged);
    let ok = judged.get(key);
    if (ok === undefined) {
      ok = posts.every(({ page }, i) => {
        const content = contentOf(i);
        return (
          content.length === 0 || findNodes(page.document, merged).every((n) => !content.some((c) => contains(c, n) || contains(n, c)))
        );
      });
      judged.set(key, ok);
    }
    return ok;
  };
  return clusterPaths(paths, { maxDroppedSteps: 0, accepts: meetsNoContent })
    .filter((c) => new Set(c.members.map((m) => pageOf[m])).size >= MIN_TEASER_PAGES)
    .map((c) => compileKeyPath(c.path));
}

/** The visible text of a page's body without its teaser blocks: what a list of posts is counted on. */
export function textWithoutTeasers(body: Element, document: Document, teasers: readonly CompiledKeyPath[]): string {
  if (teasers.length === 0) return renderText(body);
  const left = new Set(findAllNodes(document, teasers).flat());
  return plainText(body, { skip: (el) => isSkipped(el) || left.has(el) });
}
