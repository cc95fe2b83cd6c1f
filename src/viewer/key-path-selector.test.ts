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

  it('refuses what is not a key-path', () => {
    expect(keyPathToSelector('')).toBeNull();
    expect(keyPathToSelector('|html|bo dy')).toBeNull();
    expect(keyPathToSelector('|div[onclick]')).toBeNull();
  });
});
