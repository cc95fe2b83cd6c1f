/** The change report, on versions built from real corpus sentences (see version-diff.test.ts). */
import { describe, expect, it } from 'vitest';
import { diffVersions, renderChangeReport } from './index.js';
import type { VersionSnapshot } from './index.js';

// wp-dev truth, crawl 1 -> 2 of .../2025/10/automatic-upgrades-configuring-apt/ style edit.
const TEXT =
  'Managing the “automatic flag” of Debian packages (see Section 6.2.7, “Tracking Automatically Installed Packages”) is a breeze with aptitude. ' +
  'The administrator in charge of this task first reads the “New Maintainer’s Guide”, then starts working on their first package. ' +
  'SELinux uses a set of rules — collectively known as a policy — to authorize or forbid operations. Those rules are difficult to create.';

function version(overrides: Partial<VersionSnapshot>): VersionSnapshot {
  return {
    url: 'http://devblog.test:8081/2026/08/aptitude-apt-get-and-apt-commands-system-upgrade/',
    captureTime: '2026-11-22T11:30:30Z',
    title: 'aptitude, apt-get, and apt Commands: System Upgrade',
    author: 'Paula Valdés',
    published: '2026-08-01T10:00:00Z',
    updated: null,
    categories: ['Packaging'],
    text: TEXT,
    references: [],
    comments: [],
    pageDigest: 'sha1:A',
    ...overrides,
  };
}

describe('renderChangeReport', () => {
  const prev = version({});
  const next = version({
    captureTime: '2026-11-22T11:31:30Z',
    pageDigest: 'sha1:B',
    title: 'System Upgrade',
    text: TEXT.replace('difficult to create', 'hard to write'),
    comments: [{ hash: 'c2', author: 'Ana', published: null, text: 'Thanks!' }],
  });
  const edited = diffVersions(prev, next);
  const quiet = diffVersions(prev, version({ captureTime: '2026-11-22T11:31:30Z', pageDigest: 'sha1:C' }));

  it('plain text: markers, context, title, comments, one line for boilerplate', () => {
    const report = renderChangeReport([edited, quiet], { color: false, context: 3 });
    expect(report).toContain('2 changes: 1 content-edit, 1 title-edit, 1 comments-added, 1 boilerplate-only');
    expect(report).toContain(prev.url);
    expect(report).toContain('2026-11-22T11:30:30Z -> 2026-11-22T11:31:30Z');
    expect(report).toMatch(/kinds: content-edit, title-edit, comments-added {3}similarity 0\.\d{3} {3}significance 0\.\d{3}/);
    expect(report).toContain('title: "aptitude, apt-get, and apt Commands: System Upgrade" -> "System Upgrade"');
    expect(report).toContain('comments: 1 added, 0 removed, 0 edited');
    // Counts come from the raw diff: the kept "to" is not counted as added and removed.
    expect(report).toContain('text: 2 words added, 2 removed; sentences +1 -1');
    expect(report).toContain('    … Those rules are [-difficult to create-] [+hard to write+].');
    expect(report).toMatch(/\nboilerplate-only {2}http:\/\/devblog\.test:8081\/\S+ {2}2026-11-22T11:30:30Z -> 2026-11-22T11:31:30Z/);
    expect(report).not.toContain('\u001b[');
  });

  it('context words are cut to the requested number', () => {
    const report = renderChangeReport([edited], { color: false, context: 1 });
    expect(report).toContain('… are [-difficult to create-] [+hard to write+].');
  });

  it('colour: ANSI green and red, no markers', () => {
    const report = renderChangeReport([edited], { color: true, context: 3 });
    expect(report).toContain('\u001b[31mdifficult to create\u001b[0m \u001b[32mhard to write\u001b[0m');
    expect(report).not.toContain('[+');
  });

  it('metadata changes and links', () => {
    const meta = diffVersions(prev, version({ pageDigest: 'sha1:D', author: 'Marit Halvorsen', references: ['https://www.debian.org/'] }));
    const report = renderChangeReport([meta], { color: false, context: 3 });
    expect(report).toContain('author: Paula Valdés -> Marit Halvorsen');
    expect(report).toContain('links added: https://www.debian.org/');
  });
});
