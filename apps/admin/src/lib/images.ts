import { IMAGE_VARIANTS } from '@umpire/schema/enums';
import { imageUrlPath, snapImageSize, type ImageRequest } from '@umpire/schema/image-service';

/**
 * Image variants on the CDN (spec §3, §9): `{id}.{host}/fit-in/{width}x{height}/filters:.../{path}`.
 * WebP is asked for when the browser shows it, else JPEG; support is detected once at start-up.
 * Sizes are snapped up to the ones the image service renders (IMAGE_SIZES), which refuses others.
 */
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

export const IMAGE_VARIANT_SIZES: Record<ImageVariant, { width: number; height: number }> = {
  full: { width: 1920, height: 1080 },
  thumb: { width: 320, height: 180 },
  mobileHero: { width: 768, height: 432 },
  desktopHero: { width: 1920, height: 640 },
};

export const MISSING_CDN_ID = 'Image variants require a configured CDN identifier (cdn_id)';

export interface CdnSettings {
  cdnId: string | null | undefined;
  cdnHost: string | null | undefined;
  /** Protocol of the CDN; the page's own by default. */
  protocol?: string;
}

let webpSupported = true;

export function supportsWebp(): boolean {
  return webpSupported;
}

export function setWebpSupport(value: boolean): void {
  webpSupported = value;
}

/** Smallest lossy WebP: a browser that cannot decode it fires `error`. */
const WEBP_PROBE = 'data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA';

export function detectWebp(timeoutMs = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    const done = (ok: boolean, reason?: unknown) => {
      if (!ok) console.error('WebP support check failed; images fall back to JPEG.', reason ?? '');
      setWebpSupport(ok);
      resolve(ok);
    };
    const timer = setTimeout(() => done(false, 'timeout'), timeoutMs);
    image.onload = () => {
      clearTimeout(timer);
      done(image.width > 0 && image.height > 0);
    };
    image.onerror = (event) => {
      clearTimeout(timer);
      done(false, event);
    };
    image.src = WEBP_PROBE;
  });
}

export interface ImageUrlOptions {
  variant?: ImageVariant;
  width?: number;
  height?: number;
  /** One of IMAGE_QUALITIES, e.g. 80. */
  quality?: number;
  /** Fill the box and crop (around `focal`, or where the picture is busiest with `smart`) instead of fitting in. */
  crop?: { focal?: ImageRequest['focal']; smart?: boolean };
  format?: 'webp' | 'jpeg' | 'png' | 'avif';
  webp?: boolean;
}

/**
 * The image service's address up to `/img` (`{protocol}//{cdn_id}.{cdn_host}`), where thumbor-style
 * paths follow: what the site's renderers build their image addresses on. The server's own `/img`
 * when the CDN is not configured.
 */
export function imageServiceBase(cdn: CdnSettings): string {
  if (!cdn.cdnId || !cdn.cdnHost) return '/img';
  const protocol = cdn.protocol ?? (typeof window === 'undefined' ? 'https:' : window.location.protocol);
  return `${protocol}//${cdn.cdnId}.${cdn.cdnHost.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '')}`;
}

export function imageUrl(path: string, cdn: CdnSettings, options: ImageUrlOptions = {}): string {
  if (!cdn.cdnId) throw new Error(MISSING_CDN_ID);
  if (!cdn.cdnHost) throw new Error('Image variants require a configured CDN host (cdn_host)');
  const size = IMAGE_VARIANT_SIZES[options.variant ?? 'full'];
  const wanted = options.format ?? 'webp';
  const format = wanted === 'webp' && !(options.webp ?? webpSupported) ? 'jpeg' : wanted;
  const protocol = cdn.protocol ?? (typeof window === 'undefined' ? 'https:' : window.location.protocol);
  const host = cdn.cdnHost.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '');
  const cleanPath = path.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/');
  const request = imageUrlPath({
    fitIn: !options.crop,
    width: snapImageSize(options.width ?? size.width),
    height: snapImageSize(options.height ?? size.height),
    smart: options.crop?.smart,
    focal: options.crop?.focal,
    quality: options.quality,
    format,
    path: cleanPath,
  });
  return `${protocol}//${cdn.cdnId}.${host}/${request}`;
}
