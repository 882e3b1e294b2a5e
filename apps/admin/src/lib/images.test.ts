import { describe, expect, it, vi } from 'vitest';
import { detectWebp, imageUrl, MISSING_CDN_ID } from './images';

const cdn = { cdnId: 'umpire', cdnHost: 'localhost:8080/img', protocol: 'http:' };

describe('image URLs', () => {
  it('builds the thumbor-style CDN form for each variant', () => {
    expect(imageUrl('clubs/legia.png', cdn, { variant: 'thumb', webp: true })).toBe(
      'http://umpire.localhost:8080/img/fit-in/320x180/filters:format(webp)/clubs/legia.png',
    );
    expect(imageUrl('/a b.jpg', cdn, { variant: 'desktopHero', webp: true, quality: 80 })).toBe(
      'http://umpire.localhost:8080/img/fit-in/1920x640/filters:format(webp):quality(80)/a%20b.jpg',
    );
    expect(imageUrl('x.png', cdn, { variant: 'mobileHero', webp: true })).toContain('/fit-in/768x432/');
    expect(imageUrl('x.png', cdn, { variant: 'full', webp: true })).toContain('/fit-in/1920x1080/');
  });

  it('snaps sizes up to those the image service renders, so it never refuses them', () => {
    expect(imageUrl('x.png', cdn, { width: 50, height: 50, webp: true })).toContain('/fit-in/64x64/');
    expect(imageUrl('x.png', cdn, { width: 9999, height: 0, webp: true })).toContain('/fit-in/2560x0/');
  });

  it('crops around a focal region or smartly when asked', () => {
    expect(imageUrl('x.png', cdn, { width: 320, height: 180, webp: true, crop: { focal: { left: 10, top: 20, right: 12, bottom: 22 } } })).toBe(
      'http://umpire.localhost:8080/img/320x180/filters:format(webp):focal(10x20:12x22)/x.png',
    );
    expect(imageUrl('x.png', cdn, { width: 320, height: 180, webp: true, crop: { smart: true } })).toContain('/img/320x180/smart/filters:');
  });

  it('falls back to JPEG without WebP support', () => {
    expect(imageUrl('x.png', cdn, { webp: false })).toContain('filters:format(jpeg)/');
  });

  it('throws a clear error without a CDN identifier', () => {
    expect(() => imageUrl('x.png', { ...cdn, cdnId: '' })).toThrow(MISSING_CDN_ID);
  });

  it('logs a failed WebP check and reports no support', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const original = globalThis.Image;
    globalThis.Image = class {
      onerror: ((e: unknown) => void) | null = null;
      onload: (() => void) | null = null;
      width = 0;
      height = 0;
      set src(_v: string) {
        queueMicrotask(() => this.onerror?.(new Event('error')));
      }
    } as unknown as typeof Image;
    await expect(detectWebp()).resolves.toBe(false);
    expect(error).toHaveBeenCalled();
    globalThis.Image = original;
  });
});
