import { afterEach, describe, expect, it } from 'vitest';
import {
  COMMENT_CLASS_WORDS,
  COMMENT_COUNTER_LABELS,
  COMMENT_WIDGET_LABELS,
  COMMENT_ZONE_TOKENS,
  hintMatcher,
  COMMENT_FEED_OPENINGS,
  COMMENT_ITEM_TITLE_PREFIXES,
  SIGNATURE_BY_WORDS,
  SIGNATURE_VERBS,
  selectHints,
  SIDEBAR_TOKENS,
  ARCHIVE_HREF_WORDS,
  AUTHOR_MARKER_WORDS,
  AUTHOR_ROLE_WORDS,
  BYLINE_LABEL_WORDS,
  COMMENT_AUTHOR_PART_WORDS,
  COMMENT_BODY_PART_TOKENS,
  COMMENT_DEPTH_WORDS,
  COMMENT_FORM_ACTION_WORDS,
  COMMENT_ID_WORDS,
  COMMENT_NAME_PART_WORDS,
  COMMENT_SIGNATURE_VERBS,
  COMMENTS_HREF_WORDS,
  CONTENT_COMMENT_ZONE_WORDS,
  COPYRIGHT_OPENINGS,
  DATE_META_NAMES,
  FEED_FLARE_CLASSES,
  FEED_JUNK_CLASS_WORDS,
  FEED_SERVICE_HREFS,
  FEED_TRACKER_SOURCES,
  NAME_PARTICLES,
  NOT_FEED_HREF_WORDS,
  ONE_COMMENT_TOKENS,
  HCARD_NAME_TOKENS,
  HIDDEN_CLASS_TOKENS,
  type HintList,
  NAME_DATE_JOINERS,
  NOT_A_NAME_LABELS,
  NOT_AUTHOR_PART_WORDS,
  PAGE_FOOTER_TOKENS,
  TAXONOMY_CLASS_PREFIXES,
  TITLE_CLASS_TOKENS,
  WEEKDAY_ABBREVIATIONS,
  WEEKDAY_NAMES,
} from './hint-vocabulary.js';
import * as vocabulary from './hint-vocabulary.js';

describe('hint vocabulary: one list per use, entries marked generic or product-specific', () => {
  afterEach(() => selectHints('all'));
  const commentWord = hintMatcher(COMMENT_CLASS_WORDS, (a) => a);
  const zoneToken = hintMatcher(COMMENT_ZONE_TOKENS, (a) => `^(?:${a})$`);

  it('uses every entry by default', () => {
    expect(hintMatcher(SIDEBAR_TOKENS, (a) => `^(?:${a})$`)().test('twitter-feed')).toBe(true);
    expect(commentWord().test('kommentar-liste')).toBe(true);
    expect(zoneToken().test('comment-list')).toBe(true);
  });

  it('with generic hints only, product names no longer match and generic words still do', () => {
    selectHints('generic');
    const sidebar = hintMatcher(SIDEBAR_TOKENS, (a) => `^(?:${a})$`);
    expect(sidebar().test('twitter-feed')).toBe(false);
    expect(sidebar().test('sidebar-right')).toBe(true);
    expect(commentWord().test('kommentar-liste')).toBe(true);
    expect(zoneToken().test('comment-list')).toBe(true);
  });

  it('a list whose selected entries are empty never matches', () => {
    selectHints('generic');
    const onlyProduct = hintMatcher({ name: 'x', help: 'x', entries: [{ pattern: 'twitter', scope: 'product' }] }, (a) => a);
    expect(onlyProduct().test('anything twitter')).toBe(false);
  });

  it('counter and widget labels in other languages count as English ones do', () => {
    const widget = hintMatcher(COMMENT_WIDGET_LABELS, (a) => `^\\s*(?:${a})\\s*$`);
    const counter = hintMatcher(COMMENT_COUNTER_LABELS, (a) => `^\\s*(?:${a})\\s*$`);
    for (const label of [
      '12 comments',
      '3 Kommentare',
      '5 commentaires',
      'Laisser un commentaire',
      '2 comentarios',
      'Lascia un commento',
      '4 reacties',
    ]) {
      expect(counter().test(label)).toBe(true);
    }
    for (const label of ['Reply', 'Antworten', 'Répondre', 'Responder', 'Rispondi']) expect(widget().test(label)).toBe(true);
    expect(counter().test('42')).toBe(false);
    expect(widget().test('Reply to the minister')).toBe(false);
  });

  it('matches several lists at once, each alternation in its place', () => {
    const signature = hintMatcher([SIGNATURE_VERBS, SIGNATURE_BY_WORDS], (verb, by) => `^(?:(?:${verb})\\s+)?(?:${by})\\s`);
    expect(signature().test('Posted by Jane')).toBe(true);
    expect(signature().test('geschrieben von Anna')).toBe(true);
    expect(signature().test('Posted yesterday')).toBe(false);
  });

  it('comment feed titles in other languages count as English ones do', () => {
    const opening = hintMatcher(COMMENT_FEED_OPENINGS, (a) => `^(?:${a})`);
    for (const title of [
      'Comments on: A post',
      'Commentaires sur Un billet',
      'Kommentare zu Ein Beitrag',
      'Comentarios en Una entrada',
      'Reacties op Een bericht',
    ]) {
      expect(opening().test(title)).toBe(true);
    }
    expect(opening().test('Commentary of the week')).toBe(false);
    const byline = hintMatcher(COMMENT_ITEM_TITLE_PREFIXES, (a) => `^(?:${a})`);
    for (const title of ['By: Jane', 'Von: Anna', 'Par : Luc', 'Commentaire sur Un billet par Luc'])
      expect(byline().test(title)).toBe(true);
    expect(byline().test('Byways of Norway')).toBe(false);
  });
});

describe('hint lists moved out of the stages (issue #12): each on real strings, positive and negative', () => {
  afterEach(() => selectHints('all'));
  const token = (a: string): string => `^(?:${a})$`;
  const cases: Array<{ list: HintList | HintList[]; wrap: (...a: string[]) => string; yes: string[]; no: string[]; flags?: string }> = [
    {
      list: [SIGNATURE_VERBS, COMMENT_SIGNATURE_VERBS, SIGNATURE_BY_WORDS],
      wrap: (verbs, more, by) => `^\\s*(?:(?:${verbs}|${more})\\s+)?(?:${by}):?\\s+`,
      yes: ['Posted by Jane', 'Commented by: Tom', 'by Ana', 'von Anna', 'par Luc', 'Submitted by Joe'],
      no: ['Bypass surgery', 'Jane Doe', 'Posted yesterday'],
    },
    {
      list: [SIGNATURE_VERBS, SIGNATURE_BY_WORDS, NAME_DATE_JOINERS],
      wrap: (verbs, by, joiners) =>
        `^\\s*(?:(?:${verbs})\\s+)?(?:${by}):?\\s+(.+?)(?:\\s+(?:${joiners}|@|\\|)\\s.*|\\s*[,|@(].*|\\s+\\d.*)?$`,
      yes: ['by Jane Roe on March 3, 2012', 'Posted by Tony at 12:57pm'],
      no: ['Tony at 12:57pm'],
    },
    { list: NOT_A_NAME_LABELS, wrap: token, yes: ['View profile', 'Reply', 'by'], no: ['Jane Roe', 'Replying Rob'] },
    {
      list: BYLINE_LABEL_WORDS,
      wrap: (a) => `\\b(?:${a})\\b`,
      yes: ['Posted 3 days ago', 'Log in to reply', '12 comments'],
      no: ['Jane Roe', 'Wasabi Lover'],
    },
    {
      list: COMMENT_BODY_PART_TOKENS,
      wrap: (a) => `^(?:(?:[a-z]+[-_])?comment[-_]?(?:${a})|${a})$`,
      yes: ['comment-body', 'comment_text', 'wp-comment-content', 'message'],
      no: ['secondary-text', 'comment-meta'],
    },
    {
      list: COMMENT_AUTHOR_PART_WORDS,
      wrap: (a) => `(?:^|[-_])(?:${a})$`,
      yes: ['comment-author', 'username', 'fn', 'post-by'],
      no: ['authorship', 'comment-date'],
    },
    {
      list: COMMENT_NAME_PART_WORDS,
      wrap: (a) => `(?:^|[-_])(?:${a})$`,
      yes: ['fn', 'user-name', 'nick'],
      no: ['comment-author', 'names-list'],
    },
    {
      list: NOT_AUTHOR_PART_WORDS,
      wrap: (a) => a,
      yes: ['author-avatar', 'comment-author-link', 'author-date'],
      no: ['comment-author', 'fn'],
    },
    {
      list: COMMENT_DEPTH_WORDS,
      wrap: (a) => `(?:^|\\s)(?:${a})[-_]?(\\d+)(?:\\s|$)`,
      yes: ['comment even depth-2', 'level3', 'indent_1'],
      no: ['comment odd', 'depthcharge-2'],
    },
    {
      list: COMMENT_ID_WORDS,
      wrap: (a) => `^(?:[a-z]{1,8}[-_])?(?:${a})[-_]?(?:\\d+|[0-9a-f]{12,})$`,
      yes: ['comment-12', 'c4051', 'div-comment-3', 'msg_77'],
      no: ['post-12', 'comments', 'header-3'],
    },
    { list: ONE_COMMENT_TOKENS, wrap: token, yes: ['comment', 'Comment'], no: ['comments', 'comment-list', 'commentary'] },
    { list: PAGE_FOOTER_TOKENS, wrap: token, yes: ['footer', 'site-footer', 'colophon'], no: ['comment-footer', 'footer-links'] },
    { list: COMMENT_FORM_ACTION_WORDS, wrap: (a) => a, yes: ['/wp-comments-post.php', '/reply?to=3'], no: ['/search', '/subscribe'] },
    { list: CONTENT_COMMENT_ZONE_WORDS, wrap: (a) => a, yes: ['comments', 'respond', 'discussion-area'], no: ['entry-content', 'sidebar'] },
    {
      list: TAXONOMY_CLASS_PREFIXES,
      wrap: (a) => `^(?:${a})\\S`,
      yes: ['tag-android', 'category-news', 'post_tag-qt'],
      no: ['tags', 'tag-', 'post-tags'],
    },
    { list: HIDDEN_CLASS_TOKENS, wrap: token, yes: ['hidden', 'd-none', 'sr-only', 'display_none'], no: ['hidden-xs', 'shown'] },
    {
      list: [AUTHOR_MARKER_WORDS, AUTHOR_ROLE_WORDS, HCARD_NAME_TOKENS],
      wrap: (marker, role, hcard) => `(^|[\\s_-])(${marker}|${role}|${hcard})([\\s_-]|$)`,
      yes: ['author vcard', 'post-byline', 'fn', 'entry-creator'],
      no: ['authority', 'function', 'entry-title'],
    },
    {
      list: TITLE_CLASS_TOKENS,
      wrap: (a) => `(^|[\\s_-])(${a})([\\s_-]|$)`,
      yes: ['entry-title', 'post headline'],
      no: ['entitled', 'subtitles-off'],
    },
    { list: COMMENTS_HREF_WORDS, wrap: (a) => a, yes: ['/2012/post#comments', '/post/#respond'], no: ['/2012/post/', '/post#top'] },
    { list: ARCHIVE_HREF_WORDS, wrap: (a) => a, yes: ['/archives/2012/05/post.html'], no: ['/2012/05/post.html'] },
    {
      list: COPYRIGHT_OPENINGS,
      wrap: (a) => `^\\s*(${a})`,
      yes: ['© 2012 Jane Roe', '(c) 2012 Example', 'Copyright 2012'],
      no: ['Copyrighted material is discussed below', 'The © sign'],
    },
    {
      list: FEED_JUNK_CLASS_WORDS,
      wrap: (a) => a,
      yes: ['feedflare', 'share-buttons', 'ad', 'advertisement'],
      no: ['entry-content', 'shadow', 'header'],
    },
    {
      list: [WEEKDAY_NAMES, NAME_DATE_JOINERS],
      wrap: (weekdays, joiners) => `\\s+(?:${weekdays}|${joiners})$`,
      yes: ['Jane Roe on', 'Jean le', 'Tom Monday'],
      no: ['Jane Roe', 'Tom Mondays'],
    },
    { list: WEEKDAY_ABBREVIATIONS, wrap: token, yes: ['Mon', 'thu'], no: ['Mond', 'may'] },
    {
      list: FEED_TRACKER_SOURCES,
      wrap: (a) => `<img\\b[^>]*\\bsrc=["'][^"']*(${a})[^"']*["'][^>]*>`,
      yes: ['<img src="http://feeds.feedburner.com/~r/Blog/~4/abc" height="1" width="1"/>', '<img src="https://pixel.wp.com/b.gif?x=1">'],
      no: ['<img src="http://example.org/photo.jpg">'],
    },
    {
      list: FEED_FLARE_CLASSES,
      wrap: (a) => `<div\\s+class=["'](?:${a})["']`,
      yes: ['<div class="feedflare">'],
      no: ['<div class="entry">'],
    },
    {
      list: FEED_SERVICE_HREFS,
      wrap: (a) => a,
      yes: ['http://feeds.feedburner.com/MyBlog', 'http://x.blogspot.com/feeds/posts/default'],
      no: ['http://example.org/feed/'],
    },
    { list: NOT_FEED_HREF_WORDS, wrap: (a) => a, yes: ['/sitemap.xml', '/wlwmanifest.xml', '/xmlrpc.php'], no: ['/feed.xml', '/atom.xml'] },
    {
      list: DATE_META_NAMES,
      wrap: (a) => a,
      yes: ['article:published_time', 'parsely-pub-date', 'DC.date.issued', 'dc.date', 'created'],
      no: ['article:modified_time', 'description', 'dc.date.modified.by'],
    },
    {
      list: NAME_PARTICLES,
      wrap: (a) => `^[\\p{Lu}][\\p{L}'’.-]*(?:\\s+(?:[\\p{Lu}][\\p{L}'’.-]*|${a}))*$`,
      yes: ['Ludwig van Beethoven', 'Maria de la Cruz'],
      no: ['Ludwig and Beethoven', 'maria de la Cruz'],
      flags: 'u',
    },
  ];

  for (const { list, wrap, yes, no, flags } of cases) {
    const name = (Array.isArray(list) ? list : [list]).map((l) => l.name).join(' + ');
    it(`${name}: matches its examples and not its counter-examples`, () => {
      const re = hintMatcher(list, wrap, flags);
      for (const s of yes) expect(re().test(s), s).toBe(true);
      for (const s of no) expect(re().test(s), s).toBe(false);
    });
  }

  it('with generic hints only, the product names of these lists match no more', () => {
    selectHints('generic');
    expect(hintMatcher(FEED_JUNK_CLASS_WORDS, (a) => a)().test('feedflare')).toBe(false);
    expect(hintMatcher(FEED_JUNK_CLASS_WORDS, (a) => a)().test('share-buttons')).toBe(true);
    expect(hintMatcher(HCARD_NAME_TOKENS, (a) => `^(?:${a})$`)().test('vcard')).toBe(false);
    expect(hintMatcher(TAXONOMY_CLASS_PREFIXES, (a) => `^(?:${a})\\S`)().test('tag-android')).toBe(false);
    expect(hintMatcher(PAGE_FOOTER_TOKENS, (a) => `^(?:${a})$`)().test('colophon')).toBe(false);
    expect(hintMatcher(PAGE_FOOTER_TOKENS, (a) => `^(?:${a})$`)().test('site-footer')).toBe(true);
  });

  it('has entries in every list (an empty alternation would match everything)', () => {
    const lists = Object.values(vocabulary).filter(
      (v): v is HintList => typeof v === 'object' && v !== null && !Array.isArray(v) && 'entries' in v,
    );
    for (const list of lists) expect(list.entries.length, list.name).toBeGreaterThan(0);
  });
});
