import { describe, expect, it } from 'vitest';
import { contentDisposition, parseRange } from './content';
import { contentTypeOf, stripPrologue } from './content-type';
import { sanitiseSvg } from './svg-sanitiser';

describe('byte ranges', () => {
  it('reads the three forms of one range', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
  });
  it('answers the whole file or unsatisfiable otherwise', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100, '"old"', '"new"')).toBeNull();
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(parseRange('items=0-1', 100)).toBe('unsatisfiable');
  });
});

describe('content disposition', () => {
  it('gives an ASCII name and the real one encoded', () => {
    expect(contentDisposition('Herb "Łódź".png', true)).toBe(
      `attachment; filename="Herb ___d__.png"; filename*=UTF-8''Herb%20%22%C5%81%C3%B3d%C5%BA%22.png`,
    );
  });
});

describe('content types', () => {
  it('needs the magic bytes the extension promises', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    expect(await contentTypeOf('png', png)).toBe('image/png');
    expect(await contentTypeOf('jpg', png)).toBeNull();
    expect(await contentTypeOf('pdf', Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(await contentTypeOf('jpg', Buffer.from('<html><body></body></html>'))).toBeNull();
    expect(await contentTypeOf('exe', Buffer.from('MZ'))).toBeNull();
  });
  it('knows SVG by its first element', async () => {
    expect(await contentTypeOf('svg', Buffer.from('<?xml version="1.0"?>\n<!-- x --><!DOCTYPE svg [<!ENTITY a "b">]><svg/>'))).toBe('image/svg+xml');
    expect(await contentTypeOf('svg', Buffer.from('<html><svg/></html>'))).toBeNull();
    expect(stripPrologue('<?xml?><!--c--> <svg>')).toBe('<svg>');
  });
});

describe('SVG sanitising', () => {
  it('keeps the drawing and drops script, handlers, embedded HTML and external references', () => {
    const clean = sanitiseSvg(
      '<svg viewBox="0 0 2 2"><script>x()</script><rect onclick="y()" width="1" height="1" style="fill:url(https://e.com/a)"/>' +
        '<use href="https://e.com/s.svg#a"/><use href="#local"/><style>@import url(https://e.com/c.css);</style></svg>',
    )!;
    expect(clean).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(clean).toContain('<rect');
    expect(clean).toContain('href="#local"');
    for (const bad of ['script', 'onclick', 'e.com', '@import']) expect(clean).not.toContain(bad);
    expect(sanitiseSvg('<html><body>no drawing</body></html>')).toBeNull();
  });
});
