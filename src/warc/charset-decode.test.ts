import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeText } from './charset-decode.js';

const RUSSIAN =
  'Съешь же ещё этих мягких французских булок, да выпей чаю. Широкая электрификация южных губерний даст мощный толчок подъёму сельского хозяйства.';

describe('decodeText', () => {
  it('follows the Content-Type charset', () => {
    const result = decodeText(iconv.encode(RUSSIAN, 'windows-1251'), 'text/html; charset=windows-1251');
    expect(result).toMatchObject({ text: RUSSIAN, charset: 'windows-1251', source: 'header' });
  });

  it('lets a BOM win over the header', () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('é', 'utf8')]);
    expect(decodeText(body, 'text/html; charset=iso-8859-1')).toMatchObject({ text: 'é', charset: 'utf-8', source: 'bom' });
  });

  it('reads <meta charset> and the XML declaration', () => {
    const html = iconv.encode('<html><head><meta charset="shift_jis"></head><body>日本語のページ</body></html>', 'shift_jis');
    expect(decodeText(html, 'text/html')).toMatchObject({ charset: 'shift_jis', source: 'meta' });
    expect(decodeText(html, 'text/html').text).toContain('日本語のページ');
    const xml = iconv.encode('<?xml version="1.0" encoding="ISO-8859-1"?><rss><title>café</title></rss>', 'latin1');
    expect(decodeText(xml, 'application/rss+xml')).toMatchObject({ charset: 'windows-1252', source: 'meta' });
    expect(decodeText(xml, null).text).toContain('café');
  });

  it('reports an unknown label and falls back to sniffing', () => {
    const result = decodeText(iconv.encode(RUSSIAN.repeat(3), 'windows-1251'), 'text/html; charset=x-klingon');
    expect(result.unknownLabel).toBe('x-klingon');
    expect(result).toMatchObject({ text: RUSSIAN.repeat(3), charset: 'windows-1251', source: 'sniffed' });
  });

  it('reads a header "utf-16" as UTF-8 when the body has no BOM and no NUL byte, as UTF-16 when it has', () => {
    const feed = `<?xml version="1.0"?><rss><channel><title>${RUSSIAN}</title></channel></rss>`;
    expect(decodeText(Buffer.from(feed, 'utf8'), 'application/rss+xml; charset=utf-16')).toMatchObject({ text: feed, charset: 'utf-8' });
    expect(decodeText(Buffer.from(feed, 'utf16le'), 'application/rss+xml; charset=utf-16le')).toMatchObject({
      text: feed,
      charset: 'utf-16le',
    });
  });

  it('takes valid UTF-8 as UTF-8 without a declaration', () => {
    expect(decodeText(Buffer.from(RUSSIAN, 'utf8'), 'text/plain')).toMatchObject({ text: RUSSIAN, charset: 'utf-8', source: 'utf8-valid' });
  });
});
