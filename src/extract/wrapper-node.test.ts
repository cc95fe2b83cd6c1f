import { describe, expect, it } from 'vitest';
import { feedItem } from '../../test/helpers/feed-items.js';
import { extractObject, parsePage } from './index.js';

/** Ten sentences of article text, each a paragraph of its own. */
const PARAS = [
  'A little over half a century ago chaos started spilling out of a famous experiment in a laboratory.',
  'The story is usually told like this: a meteorologist ran a simulation of the weather on a small computer.',
  'About a decade later the theory started to catch on in scientific circles and then in the wider culture.',
  'But in fact the meteorologist was not the one running the machine, and the programmers went unnamed.',
  'In the fall of that year a geophysicist noticed a name in the acknowledgements of the original paper.',
  'With further searches he found a wedding announcement and then a telephone number that still worked.',
  'The two programmers had learnt their trade on the job, writing code for a machine that filled a room.',
  'Their code held up when the stakes were high, and both went on to long careers in computing.',
];
const p = (text: string): string => `<p>${text}</p>`;
const SIDEBAR = `<aside class="sidebar"><p>Subscribe to our weekly newsletter and get the best stories of the week in your inbox.</p>
<ul><li><a href="/b">Another story about something else entirely</a></li></ul></aside>`;
const ITEM = feedItem({
  link: 'https://magazine.test/a',
  title: 'The hidden heroines of chaos',
  description: `${PARAS[0]} ${PARAS[1]}`,
});

function extractedText(body: string): string {
  const page = parsePage(
    `<!doctype html><html lang="en"><head><title>The hidden heroines of chaos</title></head><body><h1>The hidden heroines of chaos</h1>${body}${SIDEBAR}</body></html>`,
    'https://magazine.test/a',
  );
  const r = extractObject(page, ITEM);
  if (!r.ok) throw new Error(r.reason);
  return r.object.text;
}

describe('widening the wrapper to the whole article', () => {
  it('climbs through layout wrappers that add no text, however deep, to reach the later sections', () => {
    // Each section of the article sits five wrappers deep: more than the widening steps, which
    // only parents that add text take.
    const section = (cls: string, paras: string[]): string =>
      `<div class="${cls}"><div class="w1"><div class="w2"><div class="w3"><div class="w4"><div class="content">${paras.map(p).join('')}</div></div></div></div></div></div>`;
    const text = extractedText(
      `<div class="post">${section('s1', PARAS.slice(0, 3))}<figure><figcaption>A computer that filled a room</figcaption></figure>${section('s2', PARAS.slice(3))}</div>`,
    );
    for (const para of PARAS) expect(text).toContain(para);
    expect(text).not.toContain('newsletter');
  });

  it('reads no kind into a class most blocks of the page carry (utility classes on every <div>)', () => {
    // The replies' paragraphs sit in <div>s of the article's own classes, as every <div> does:
    // those classes are no kind, and the replies are not shaped like the article's paragraphs.
    const u = 'class="flex flex-col gap-4"';
    const replies = ['Ana Lima', 'Bruno Costa', 'Carla Neves']
      .map((name, i) => `<div ${u}><strong>${name}</strong><div ${u}><p>${PARAS[7 - i]} I read it twice.</p></div></div>`)
      .join('');
    const text = extractedText(
      `<main><div ${u}>${PARAS.slice(0, 5).map(p).join('')}</div><div ${u}><h3>Replies</h3>${replies}</div></main>`,
    );
    for (const para of PARAS.slice(0, 5)) expect(text).toContain(para);
    expect(text).not.toContain('I read it twice');
  });

  it("takes paragraphs laid out at another depth when their container is the same kind as the wrapper's", () => {
    // The first section is wrapped once more than the others (a drop-cap lead), so the tag paths
    // from the common parent differ; the paragraphs' containers are the same element and class.
    const text = extractedText(
      `<div class="post"><div class="lead"><div class="content">${PARAS.slice(0, 3).map(p).join('')}</div></div><figure><figcaption>A computer</figcaption></figure><div class="content">${PARAS.slice(3).map(p).join('')}</div></div>`,
    );
    for (const para of PARAS) expect(text).toContain(para);
    expect(text).not.toContain('newsletter');
  });
});

describe('semantic consistency of the wrapper', () => {
  it("is measured on the description's concepts when the page does not print the feed title", () => {
    const page = parsePage(
      `<!doctype html><html><head><title>Lazy load with alt includes jpg png webp extensions</title></head>
<body><article class="markdown-body"><h2>Test case one</h2><img data-src="/a.jpg" alt="performance"><h2>Test case two</h2><img data-src="/b.png" alt="performance"></article></body></html>`,
      'https://lazy.test/a',
    );
    const item = feedItem({
      link: 'https://lazy.test/a',
      title: 'Lazy load with alt includes jpg png webp extensions',
      description: 'Test case one. Test case two.',
    });
    const r = extractObject(page, item);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.object.text.split('\n')).toEqual(['Test case one', 'Test case two']);
  });
});
