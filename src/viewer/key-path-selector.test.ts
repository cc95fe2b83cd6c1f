import { parseDocument } from 'htmlparser2';
import { selectAll } from 'css-select';
import { describe, expect, it } from 'vitest';
import { keyPathToSelector } from './key-path-selector.js';

describe('keyPathToSelector', () => {
  it('turns an absolute key-path into a selector that finds the node, ignoring body classes', () => {
    const sel = keyPathToSelector(
      '|html|body[@class=no-js single]|div[@id=page,@class=site wide]|article[@id=post-*]|div[@class=entry-content]',
    );
    expect(sel).toBe(':root > body > div[id="page"][class~="site"][class~="wide"] > article[id^="post-"] > div[class~="entry-content"]');
    const doc = parseDocument(
      '<html><body class="js single"><div id="page" class="wide site x"><article id="post-7"><div class="entry-content">A</div></article></div></body></html>',
    );
    expect(selectAll(sel ?? '', doc)).toHaveLength(1);
  });

  it('keeps escaped characters as literal values and makes relative paths descendant selectors', () => {
    expect(keyPathToSelector('div[@id=a\\,b\\*c]|p')).toBe('div[id="a,b*c"] > p');
  });

  it('reads the templates grammar: a bare * step is any number of elements, class prefixes match a token', () => {
    const sel = keyPathToSelector('|html|body|*|div[@class=entry-* wide]|p');
    expect(sel).toBe(':root > body div:is([class^="entry-"],[class*=" entry-"])[class~="wide"] > p');
    const doc = parseDocument('<html><body><main><section><div class="wide entry-content"><p>A</p></div></section></main></body></html>');
    expect(selectAll(sel ?? '', doc)).toHaveLength(1);
    expect(keyPathToSelector('div[@data-id]|p')).toBe('div[data-id] > p');
  });

  it('refuses what is not a key-path', () => {
    expect(keyPathToSelector('')).toBeNull();
    expect(keyPathToSelector('|html|bo dy')).toBeNull();
    expect(keyPathToSelector('|div[onclick]')).toBeNull();
  });
});
