/**
 * Builds a small real overlay for the reconstruct and viewer-server tests: the two wp-dev crawls of
 * ../shared/corpus (real WARC captures, indexed here by offset with warcio), one feed snapshot per
 * crawl, and one object version per post and crawl written with the store's OverlayWriter from the
 * corpus truth (gold title, author, dates, text, comments). The content key-path is the real one
 * of each archived page (nodePath of its `.entry-content`).
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { selectOne } from 'css-select';
import type { Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { WARCParser } from 'warcio';
import { CORPUS_ROOT } from '../shared-data.js';
import { nodePath } from '../../src/extract/index.js';
import type { Feed } from '../../src/feeds/types.js';
import { openStore } from '../../src/overlay/overlay-db.js';
import { OverlayWriter } from '../../src/overlay/overlay-writer.js';
import type { StoredComment } from '../../src/overlay/types.js';
import type { IndexEntry } from '../../src/warc/types.js';

export const CORPUS_DIR = `${CORPUS_ROOT}/wp-dev`;

interface TruthPost {
  url: string;
  title: string;
  author: string | null;
  published: string | null;
  categories: string[];
  text: string;
  comments: Array<{ author: string | null; published: string | null; text: string; parent: string | null }>;
  in_feed: boolean;
}
interface Truth {
  crawls: Array<{ warc: string; time: string; posts: TruthPost[] }>;
  changes: Array<{ url: string; kind: string; detail: string }>;
}

export const corpusAvailable = (): boolean => existsSync(`${CORPUS_DIR}/truth.json`);

export function readTruth(): Truth {
  return JSON.parse(readFileSync(`${CORPUS_DIR}/truth.json`, 'utf8')) as Truth;
}

const paragraphs = (text: string): string =>
  text
    .split(/\n+/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`)
    .join('\n');

async function indexWarc(file: string): Promise<Array<{ entry: IndexEntry; html: string | null }>> {
  const parser = new WARCParser(createReadStream(file));
  const out: Array<{ entry: IndexEntry; html: string | null }> = [];
  for await (const record of parser) {
    if (record.warcType !== 'response') continue;
    const url = record.warcTargetURI ?? '';
    const mime = (record.httpHeaders?.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? null;
    const body = await record.readFully(true);
    out.push({
      html: mime === 'text/html' ? Buffer.from(body).toString('utf8') : null,
      entry: {
        file,
        offset: parser.offset,
        length: parser.recordLength,
        recordType: 'response',
        recordId: record.warcHeader('WARC-Record-ID') ?? null,
        url,
        canonicalUrl: url,
        host: new URL(url).host,
        time: new Date(record.warcDate ?? 0).toISOString(),
        status: Number(record.httpHeaders?.statusCode ?? 200),
        mime,
        payloadDigest: record.warcPayloadDigest ?? null,
        location: null,
        refersToId: null,
        refersToUrl: null,
        refersToTime: null,
        payloadLength: body.length,
      },
    });
  }
  return out;
}

/** Writes the fixture overlay into `dir`; returns the URL of a post whose text was edited between crawls. */
export async function buildFixtureOverlay(dir: string): Promise<{ editedUrl: string; feedUrl: string; posts: number }> {
  const truth = readTruth();
  const edited = truth.changes.find((c) => c.kind === 'content-edit');
  if (edited === undefined) throw new Error('corpus truth has no content-edit');
  const db = openStore(dir, { writable: true });
  const w = new OverlayWriter(db);
  let feedUrl = '';
  let versions = 0;
  for (const crawl of truth.crawls) {
    const file = `${CORPUS_DIR}/${crawl.warc}`;
    const { crawlId, alreadyBuilt } = w.beginCrawl(`${crawl.warc}:fixture`, file, statSync(file).size);
    if (alreadyBuilt) continue;
    const records = await indexWarc(file);
    for (const r of records) w.addCapture(crawlId, r.entry);
    w.flushCaptures(crawlId);
    const byUrl = new Map(records.map((r) => [r.entry.url, r]));
    const feedRecord = records.find((r) => /\/feed\/$/.test(r.entry.url));
    if (feedRecord === undefined) throw new Error(`no feed capture in ${file}`);
    feedUrl = feedRecord.entry.url;
    const inFeed = crawl.posts.filter((p) => p.in_feed);
    const feed: Feed = {
      url: feedUrl,
      format: 'rss-2.0',
      kind: 'article',
      kindReason: 'fixture',
      title: 'Dev blog',
      siteUrl: feedUrl.replace(/feed\/$/, ''),
      language: 'en',
      isFullContent: true,
      fullContentReason: 'fixture',
      items: inFeed.map((p) => ({
        guid: p.url,
        guidIsPermalink: true,
        link: p.url,
        origLink: null,
        title: p.title,
        author: p.author,
        published: p.published,
        updated: null,
        categories: p.categories,
        description: p.text.slice(0, 200),
        content: paragraphs(p.text),
        commentsUrl: null,
        commentFeedUrl: null,
        commentCount: p.comments.length,
        enclosures: [],
        inReplyTo: null,
        isValid: true,
        invalidReason: null,
      })),
    };
    const feedCaptureId = w.captureIdAt(file, feedRecord.entry.offset) ?? null;
    const { feedId, itemIds } = w.addFeedSnapshot(feed, feedUrl, crawlId, feedCaptureId ?? 0, feedRecord.entry.time);
    for (const post of crawl.posts) {
      const page = byUrl.get(post.url);
      const captureId = page ? (w.captureIdAt(file, page.entry.offset) ?? null) : null;
      const itemIndex = inFeed.indexOf(post);
      const itemId = itemIds[itemIndex];
      if (itemId !== undefined) w.setPairing(itemId, crawlId, captureId, captureId ? 'link' : null, captureId ? 'fixture: link' : 'not crawled');
      const wrapper = page?.html ? (selectOne('.entry-content', parseDocument(page.html) as unknown as Element) as Element | null) : null;
      const comments: StoredComment[] = post.comments.map((c, position) => ({
        position,
        id: null,
        parent: c.parent,
        depth: c.parent === null ? 0 : 1,
        author: c.author,
        authorUrl: null,
        published: c.published,
        text: c.text,
        html: `<p>${c.text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`,
        permalink: null,
        source: 'page',
        hash: createHash('sha1').update(`${c.author}\n${c.text}`).digest('hex'),
        byline: c.author,
      }));
      w.addVersion({
        canonicalUrl: post.url,
        url: post.url,
        feedId: post.in_feed ? feedId : null,
        guid: post.in_feed ? post.url : null,
        crawlId,
        captureId,
        captureTime: page?.entry.time ?? crawl.time,
        pageDigest: page?.entry.payloadDigest ?? null,
        object: {
          method: post.in_feed ? 'feed-guided' : 'template',
          confidence: post.in_feed ? 0.93 : 0.71,
          title: post.title,
          author: post.author,
          published: post.published,
          updated: null,
          categories: post.categories,
          text: post.text,
          html: paragraphs(post.text),
          references: [],
          paths: { content: wrapper ? nodePath(wrapper) : null, title: null, author: null, date: null, categories: null },
        },
        comments,
      });
      versions++;
    }
    w.finishCrawl(crawlId, records.length, { fixture: true });
  }
  db.close();
  return { editedUrl: edited.url, feedUrl, posts: versions };
}
