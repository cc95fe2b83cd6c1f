import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import type { ParsedPage } from '../extract/index.js';
import { buildSiteEvidence } from './post-evidence.js';
import { findAllNodes } from './key-path-match.js';
import { learnTeaserPaths } from './teaser-blocks.js';
import { classifyByTemplate, weighNegativeEvidence } from './template-choice.js';
import { learnTemplates } from './template-learner.js';

const HOST = 'http://teasers.test';
const OPENINGS = [
  'The ferry ran late all week because the river rose over the lower landing stage after the storm',
  'Three new lanterns were hung along the quay and the council promised a fourth one before winter',
  'The bakery by the chapel now opens at six so the first ferry crew can buy bread before they leave',
  'A narrow footbridge over the mill race was repaired with oak planks carried down from the ridge',
];
const url = (i: number): string => `${HOST}/news/story-${i}.html`;

/** A story page: its own text in the content block, then teasers of the other stories' openings (or of none). */
function story(i: number, teasers: readonly number[], inContent = false): ParsedPage {
  const list = `<ul class="rel">${teasers.map((t) => `<li><a href="${url(t)}">Story ${t}</a><p>${OPENINGS[t]}.</p></li>`).join('')}</ul>`;
  const html = `<html><body><div class="story"><h1>Story ${i}</h1><p class="when">May ${i + 1}, 2025</p><div class="body"><p>${OPENINGS[i]}. More about it in a second sentence of the story.</p>${inContent ? list : ''}</div></div>${inContent ? '' : `<div class="more">${list}</div>`}</body></html>`;
  return { url: url(i), document: parseDocument(html), language: null, elements: 0 };
}
const CONTENT = '|html|body|div[@class=story]|div[@class=body]';
const items = OPENINGS.map((text, i) => ({ link: url(i), description: text, content: null }));

describe('learnTeaserPaths', () => {
  const evidence = buildSiteEvidence([0, 1, 2].map(url), [`${HOST}/`], items);
  const feedPosts = [0, 1, 2].map((i) => ({
    page: story(
      i,
      [0, 1, 2, 3].filter((t) => t !== i),
    ),
    contentPath: CONTENT,
  }));

  it("learns where the site's posts show other posts' openings beside the article", () => {
    expect(learnTeaserPaths(feedPosts, evidence.items)).toHaveLength(1);
  });

  it('learns nothing from openings quoted inside the content, or shown beside one post only', () => {
    const quoting = [0, 1, 2].map((i) => ({
      page: story(
        i,
        [0, 1, 2, 3].filter((t) => t !== i),
        true,
      ),
      contentPath: CONTENT,
    }));
    expect(learnTeaserPaths(quoting, evidence.items)).toEqual([]);
    expect(learnTeaserPaths([feedPosts[0]!, { page: story(1, []), contentPath: CONTENT }], evidence.items)).toEqual([]);
    expect(learnTeaserPaths([{ page: story(1, []), contentPath: CONTENT }, feedPosts[0]!], evidence.items)).toEqual([]);
  });

  it('keeps a post with teasers a post, and a page listing posts in its content not', () => {
    const templates = learnTemplates(
      [0, 1, 2].map((i) => ({
        url: url(i),
        feedUrl: `${HOST}/feed`,
        paths: {
          content: CONTENT,
          title: '|html|body|div[@class=story]|h1',
          author: null,
          date: '|html|body|div[@class=story]|p[@class=when]',
          categories: null,
        },
      })),
    );
    const site = { ...evidence, teaserPaths: learnTeaserPaths(feedPosts, evidence.items) };
    const unlinked = story(3, [0, 1, 2]);
    const post = classifyByTemplate(unlinked, templates, 0);
    expect(post.isPost).toBe(true);
    expect(weighNegativeEvidence(post, unlinked, site).decision.isPost).toBe(true);
    // Without the site's teaser blocks the same page counts as a list of three posts.
    expect(weighNegativeEvidence(post, unlinked, evidence).decision.reason).toMatch(/holds the texts of 3 feed items/);
    const listing = story(3, [0, 1, 2], true);
    const listed = classifyByTemplate(listing, templates, 0);
    expect(weighNegativeEvidence(listed, listing, site).decision.isPost).toBe(false);
  });

  /** A story page whose body carries its own label (`<body class="story-page label-x">`), its
   *  teasers in `wrap`'s elements (outermost first): the teasers sit at another exact path on each page. */
  const labelled = (i: number, label: string, wrap: readonly string[] = ['div class="more"', 'ul class="rel"', 'li']): ParsedPage => {
    const open = wrap.map((w) => `<${w}>`).join('');
    const close = wrap
      .map((w) => `</${w.split(' ')[0]}>`)
      .reverse()
      .join('');
    const teasers = [0, 1, 2, 3]
      .filter((t) => t !== i)
      .map((t) => `${open}<p>${OPENINGS[t]}.</p>${close}`)
      .join('');
    const html = `<html><body class="story-page label-${label}"><div class="story"><h1>Story ${i}</h1><div class="body"><p>${OPENINGS[i]}. More about it in a second sentence of the story.</p></div></div>${teasers}</body></html>`;
    return { url: url(i), document: parseDocument(html), language: null, elements: 0 };
  };

  it('counts the same block once per post although each post labels an ancestor its own way [000 §III-C]', () => {
    const posts = ['quarry', 'ferry', 'orchard'].map((label, i) => ({ page: labelled(i, label), contentPath: CONTENT }));
    const learnt = learnTeaserPaths(posts, evidence.items);
    expect(learnt).toHaveLength(1);
    // The merged path still finds the block on a page of a label no feed post had.
    expect(findAllNodes(labelled(3, 'meadow').document, learnt).flat()).toHaveLength(3);
  });

  it('does not merge two blocks into a path that would take in the content', () => {
    // Each post wraps its teasers in elements of its own classes, as deep as its content's paragraphs:
    // merged, `|html|body|div[@class=*]|div[@class=*]|p` would designate the content's paragraph too.
    const posts = ['a', 'b', 'c'].map((x, i) => ({
      page: labelled(i, 'x', [`div class="side-${x}"`, `div class="card-${x}"`]),
      contentPath: CONTENT,
    }));
    expect(learnTeaserPaths(posts, evidence.items)).toEqual([]);
  });
});
