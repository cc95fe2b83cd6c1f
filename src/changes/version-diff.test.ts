/**
 * Unit cases of diffVersions. The sentences are real: copied from the gold text of the dev corpus
 * (../shared/corpus/{wp-dev,pelican-dev}/truth.json), then given the noise or edit under test.
 */
import { describe, expect, it } from 'vitest';
import { diffVersions, normalizeNoise, templateLinesOf } from './index.js';
import type { VersionSnapshot } from './index.js';

const MAINTAINER =
  'The administrator in charge of this task first reads the “New Maintainer’s Guide”, then starts working on their first package.';
const SELINUX =
  'SELinux uses a set of rules — collectively known as a policy — to authorize or forbid operations. Those rules are difficult to create. Fortunately, two standard policies (targeted and strict) are provided to avoid the bulk of the configuration work.';
const DPKG_SEARCH = 'to answer when you ask for its original path: CAUTION dpkg –search and merged /usr Since dpkg is the';
const ORDER = 'alphabetic characters in the same way as the numbers (a < b < c …), in alphabetical order.';
const PRESEED_1 =
  'The latter allows, on the one hand, to reduce the number of questions asked (hidden questions will use the provided default answer), and on the other hand, to provide the default answers separately, so that installation can be non-interactive. This last feature is known as preseeding. Preseeding allows to provide a set of answers to Debconf questions at installation time, but these answers are static and do not evolve as time passes.';
// pelican-dev crawl 2: "small edit: last sentence of the first paragraph deleted".
const PRESEED_2 = PRESEED_1.replace(' This last feature is known as preseeding.', '');

function version(overrides: Partial<VersionSnapshot> = {}): VersionSnapshot {
  return {
    url: 'http://devblog.test:8081/2025/11/dpkgs-log-file/',
    captureTime: '2026-11-22T11:30:30Z',
    title: 'dpkg’s Log File',
    author: 'Paula Valdés',
    published: '2025-11-03T09:12:00+00:00',
    updated: null,
    categories: ['Packaging', 'dpkg'],
    text: `${MAINTAINER} ${SELINUX} ${DPKG_SEARCH} ${ORDER}`,
    references: ['https://www.debian.org/doc/manuals/maint-guide/'],
    comments: [
      {
        hash: 'c1',
        author: 'Tomasz K.',
        published: '2026-03-22T06:24:25+00:00',
        text: 'The main difference is that the removal scripts of the package are called:',
      },
    ],
    pageDigest: 'sha1:AAAA',
    ...overrides,
  };
}

const later = (overrides: Partial<VersionSnapshot>): VersionSnapshot =>
  version({ captureTime: '2026-11-22T11:31:30Z', pageDigest: 'sha1:BBBB', ...overrides });

describe('noise is not an edit', () => {
  const base = version();
  const cases: [string, (s: string) => string][] = [
    ['straight quotes for typographic ones', (s) => s.replace(/[“”]/g, '"').replace(/’/g, "'")],
    ['hyphens for em and en dashes', (s) => s.replace(/ — /g, ' -- ').replace(/–/g, '--')],
    ['three dots for an ellipsis', (s) => s.replace(/…/g, '...')],
    ['doubled spaces, tabs and newlines', (s) => s.replace(/\. /g, '.\n\n\t').replace(/, /g, ',   ')],
    [
      'soft hyphens and zero-width characters',
      (s) => s.replace(/administrator/g, 'admin\u00ADistrator').replace(/policy/g, 'pol\u200Bicy\u2060'),
    ],
    ['no-break spaces and full-width letters (NFKC)', (s) => s.replace(/ of /g, '\u00A0of\u00A0').replace('SELinux', 'ＳＥＬｉｎｕｘ')],
    ['decomposed accents (NFD)', (s) => s.normalize('NFD')],
    ['a space before punctuation', (s) => s.replace(/,/g, ' ,')],
  ];
  for (const [name, perturb] of cases) {
    it(name, () => {
      const next = later({ text: perturb(base.text), title: perturb(base.title ?? ''), author: perturb(base.author ?? '') });
      expect([next.text, next.title, next.author]).not.toEqual([base.text, base.title, base.author]);
      const change = diffVersions(base, next);
      expect(change.kinds).toEqual(['boilerplate-only']);
      expect(change.similarity).toBe(1);
      expect(change.significance).toBe(0);
      expect(change.textDiff).toEqual([]);
    });
  }

  it('tracking parameters and URL spelling in links', () => {
    const next = later({ references: ['https://WWW.debian.org:443/doc/manuals/maint-guide?utm_source=feed&utm_medium=rss#top'] });
    expect(diffVersions(version(), next).kinds).toEqual(['boilerplate-only']);
  });

  it('reordered and re-cased categories, re-written dates', () => {
    const next = later({ categories: ['DPKG', 'packaging'], published: '2025-11-03T10:12:00+01:00' });
    expect(diffVersions(version(), next).kinds).toEqual(['boilerplate-only']);
  });

  it('a comment re-hashed because of noise is the same comment', () => {
    const prev = version();
    const comment = prev.comments[0];
    if (comment === undefined) throw new Error('fixture has a comment');
    const next = later({ comments: [{ ...comment, hash: 'c1-other', text: `${comment.text.replace(' ', '  ')}\u200B` }] });
    const change = diffVersions(prev, next);
    expect(change.kinds).toEqual(['boilerplate-only']);
    expect(change.commentsEdited).toBe(0);
  });

  it('a date line the host prints on its pages relative to the capture (its template, numbers masked)', () => {
    const posted = (when: string, body = `${MAINTAINER}\n${SELINUX}`) => `Posted ${when} · 4 min read\n${body}`;
    const crawl = (ages: number[], unit: string) =>
      templateLinesOf(
        [DPKG_SEARCH, ORDER, PRESEED_1].map((body, i) => ({ title: `Post ${i}`, text: posted(`${ages[i]} ${unit} ago`, body) })),
      );
    const prev = version({ text: posted('7 weeks ago'), templateLines: crawl([7, 8, 9], 'weeks') });
    const change = diffVersions(prev, later({ text: posted('12 weeks ago'), templateLines: crawl([12, 13, 14], 'weeks') }));
    expect(change.kinds).toEqual(['boilerplate-only']);
    expect(change.reasons.join(' ')).toMatch(/lines its host repeats on other pages/);
    // Without the host's other pages to show the line is its template, a changed number is an edit.
    expect(diffVersions(version({ text: posted('7 weeks ago') }), later({ text: posted('12 weeks ago') })).kinds).toEqual(['content-edit']);
  });

  it('normalizeNoise folds the typographic forms to ASCII', () => {
    expect(normalizeNoise('“New Maintainer’s Guide” — dpkg –search (a < b < c …)\u00AD')).toBe(
      '"New Maintainer\'s Guide" - dpkg -search (a < b < c...)',
    );
  });
});

describe('edits are found', () => {
  it('a deleted sentence is a content-edit with a small significance and a word diff', () => {
    const change = diffVersions(version({ text: PRESEED_1 }), later({ text: PRESEED_2 }));
    expect(change.kinds).toEqual(['content-edit']);
    expect(change.wordsRemoved).toBe(7);
    expect(change.wordsAdded).toBe(0);
    expect(change.sentencesRemoved).toBe(1);
    expect(change.significance).toBeGreaterThan(0.05);
    expect(change.significance).toBeLessThan(0.3);
    expect(change.textDiff.filter((h) => h.op === 'delete').map((h) => h.text)).toEqual(['This last feature is known as preseeding.']);
    const equal = change.textDiff.filter((h) => h.op === 'equal');
    expect(equal.every((h) => h.elidedWords === undefined || h.text.includes('…'))).toBe(true);
  });

  it('a changed case is an edit (only typography is noise)', () => {
    const change = diffVersions(version({ text: SELINUX }), later({ text: SELINUX.replace('Those rules', 'those Rules') }));
    expect(change.kinds).toContain('content-edit');
  });

  it('a one-word fix scores far below a rewritten paragraph', () => {
    const fix = diffVersions(version(), later({ text: version().text.replace('difficult', 'hard') }));
    const rewrite = diffVersions(version(), later({ text: `${MAINTAINER} ${PRESEED_1} ${ORDER}` }));
    expect(fix.kinds).toEqual(['content-edit']);
    expect(rewrite.kinds).toEqual(['content-edit']);
    expect(fix.significance).toBeLessThan(0.1);
    expect(rewrite.significance).toBeGreaterThan(fix.significance * 3);
  });

  it('title, metadata, references and comments', () => {
    const prev = version();
    const comment = prev.comments[0];
    if (comment === undefined) throw new Error('fixture has a comment');
    const next = later({
      title: 'Package Meta-Information: dpkg’s Log File',
      author: 'Marit Halvorsen',
      categories: ['Packaging'],
      references: ['https://www.debian.org/doc/manuals/debian-handbook/'],
      comments: [
        { ...comment, hash: 'c1-edited', text: `${comment.text} prerm and postrm.` },
        { hash: 'c2', author: 'Ana', published: '2026-11-22T10:00:00Z', text: 'Thanks!' },
      ],
    });
    const change = diffVersions(prev, next);
    expect(change.kinds).toEqual(['title-edit', 'metadata-edit', 'comments-added']);
    expect(change.titleChange).toEqual({ from: prev.title, to: next.title });
    expect(change.metadataChanges.map((m) => m.field)).toEqual(['author', 'categories']);
    expect(change.referencesAdded).toEqual(['https://www.debian.org/doc/manuals/debian-handbook/']);
    expect(change.referencesRemoved).toEqual(['https://www.debian.org/doc/manuals/maint-guide/']);
    expect([change.commentsAdded, change.commentsEdited, change.commentsRemoved]).toEqual([1, 1, 0]);
    expect(change.significance).toBeGreaterThan(0.3);
  });

  it('a removed comment', () => {
    const change = diffVersions(version(), later({ comments: [] }));
    expect(change.kinds).toEqual(['comments-removed']);
    expect(change.commentChanges).toEqual([{ op: 'removed', hash: 'c1', author: 'Tomasz K.' }]);
  });
});

describe('unchanged, new and deleted', () => {
  it('an identical digest or a revisit is unchanged without looking further', () => {
    expect(diffVersions(version(), version({ text: 'anything' })).kinds).toEqual(['unchanged']);
    expect(diffVersions(version(), later({ isRevisit: true })).kinds).toEqual(['unchanged']);
  });

  it('no digest and an identical object is unchanged, not boilerplate-only', () => {
    expect(diffVersions(version({ pageDigest: null }), later({ pageDigest: null })).kinds).toEqual(['unchanged']);
  });

  it('new and deleted', () => {
    const created = diffVersions(null, version());
    expect(created.kinds).toEqual(['new']);
    expect(created.fromTime).toBeNull();
    expect(created.significance).toBe(1);
    expect(created.wordsAdded).toBeGreaterThan(50);
    const gone = diffVersions(version(), null);
    expect(gone.kinds).toEqual(['deleted']);
    expect(gone.toTime).toBeNull();
    expect(() => diffVersions(null, null)).toThrow(TypeError);
  });
});

describe("diffVersions: a byline printing the version's own date", () => {
  const byline = (updated: string): string => `By Paula Valdés · Published 3 November 2025 · Updated: ${updated}`;
  it('reports a changed updated date printed in a short line as metadata-edit only, not as a content edit', () => {
    const prev = version({ updated: '2025-11-20T11:05:00Z', text: `${byline('20 November 2025, 11:05')}\n${MAINTAINER}\n${SELINUX}` });
    const next = version({
      updated: '2026-01-24T16:40:00Z',
      pageDigest: 'sha1:BBBB',
      text: `${byline('24 January 2026, 16:40')}\n${MAINTAINER}\n${SELINUX}`,
    });
    expect(diffVersions(prev, next).kinds).toEqual(['metadata-edit']);
  });
  it('still reads a changed line printing a date that did not change as text', () => {
    const prev = version({ text: `Published 3 November 2025 in Packaging\n${MAINTAINER}` });
    const next = version({ pageDigest: 'sha1:BBBB', text: `Published 3 November 2025 in Packaging and Security\n${MAINTAINER}` });
    expect(diffVersions(prev, next).kinds).toEqual(['content-edit']);
  });
});
