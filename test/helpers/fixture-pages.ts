/** Test helper: fixture pages of test/fixtures/pages (first line `<!-- url -->`), parsed once. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'htmlparser2';
import type { ParsedPage } from '../../src/extract/index.js';

const DIR = fileURLToPath(new URL('../fixtures/pages/', import.meta.url));

export function fixtureText(name: string): string {
  return readFileSync(`${DIR}${name}`, 'utf8');
}

export function fixturePage(name: string): ParsedPage {
  const html = fixtureText(name);
  const url = /^<!-- (\S+) -->/.exec(html)?.[1] ?? `http://fixture.test/${name}`;
  return {
    url,
    document: parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true }),
    language: null,
    elements: 0,
  };
}
