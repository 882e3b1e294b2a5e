import { describe, expect, it } from 'vitest';
import { focalRegion, imageUrlPath, parseImageUrl, snapImageSize } from './image-service';

describe('image service URLs', () => {
  it('reads the thumbor-style forms', () => {
    expect(parseImageUrl('fit-in/512x512/filters:format(webp)/2026/11/a.png')).toEqual({
      fitIn: true, width: 512, height: 512, smart: false, format: 'webp', quality: null, focal: null, path: '2026/11/a.png',
    });
    expect(parseImageUrl('320x180/filters:format(jpeg):quality(80):focal(10x20:30x40)/a.png')).toMatchObject({
      fitIn: false, quality: 80, format: 'jpeg', focal: { left: 10, top: 20, right: 30, bottom: 40 },
    });
    expect(parseImageUrl('320x180/smart/a.png')).toMatchObject({ smart: true, format: null, path: 'a.png' });
  });

  it('refuses sizes, qualities, filters and paths outside the allow-list', () => {
    expect(parseImageUrl('fit-in/500x500/a.png')).toBe('size');
    expect(parseImageUrl('fit-in/0x0/a.png')).toBe('size');
    expect(parseImageUrl('fit-in/512x512/filters:quality(81)/a.png')).toBe('quality');
    expect(parseImageUrl('fit-in/512x512/filters:blur(5)/a.png')).toBe('filter');
    expect(parseImageUrl('fit-in/512x512/filters:format(tiff)/a.png')).toBe('filter');
    expect(parseImageUrl('fit-in/512x512/../../etc/passwd')).toBe('path');
    expect(parseImageUrl('fit-in/512x512/')).toBe('path');
    expect(parseImageUrl('fit-in/smart/a.png')).toBe('grammar');
  });

  it('writes what it reads', () => {
    for (const url of ['fit-in/512x512/filters:format(webp):quality(80)/a/b.png', '320x180/smart/filters:format(avif)/a.png', '320x0/a.png'])
      expect(imageUrlPath(parseImageUrl(url) as Exclude<ReturnType<typeof parseImageUrl>, string>)).toBe(url);
  });

  it('snaps a wanted side up to an allowed one', () => {
    expect(snapImageSize(1)).toBe(16);
    expect(snapImageSize(500)).toBe(512);
    expect(snapImageSize(100_000)).toBe(2560);
    expect(snapImageSize(0)).toBe(0);
  });

  it('puts a focal point into a small region inside the picture', () => {
    expect(focalRegion(0.5, 0.25, 200, 100)).toEqual({ left: 99, top: 24, right: 101, bottom: 26 });
    expect(focalRegion(0, 1, 200, 100)).toEqual({ left: 0, top: 99, right: 1, bottom: 100 });
  });
});
