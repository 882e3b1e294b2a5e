import { MAX_SOURCE_PIXELS, type ImageFormat, type ImageRequest } from '@umpire/schema';
import sharp, { type Sharp } from 'sharp';
import type { Readable } from 'node:stream';

/** Formats a source keeps when the URL names none (an SVG or GIF becomes a PNG). */
const KEEP: Record<string, ImageFormat> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'avif', heif: 'avif' };

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
};

export interface SourceHeader {
  format: string | undefined;
  /** Dimensions as shown, after the EXIF orientation. */
  width: number;
  height: number;
}

/**
 * The picture's size from its first bytes (the header), without decoding a pixel; null when the
 * header is not there (the caller then trusts the library's recorded size).
 */
export async function readHeader(head: Buffer): Promise<SourceHeader | null> {
  try {
    const meta = await sharp(head, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return null;
    const turned = (meta.orientation ?? 1) >= 5;
    return { format: meta.format, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
  } catch {
    return null;
  }
}

export class TooManyPixels extends Error {
  constructor(readonly pixels: number) {
    super(`${pixels} pixels`);
  }
}

export function checkPixels(width: number, height: number): void {
  if (width * height > MAX_SOURCE_PIXELS) throw new TooManyPixels(width * height);
}

/** The crop window of a `width`×`height` box over a picture scaled to `scaled`, centred on the focal region. */
export function cropWindow(
  source: { width: number; height: number },
  box: { width: number; height: number },
  focal: NonNullable<ImageRequest['focal']>,
): { scale: number; left: number; top: number } {
  const scale = Math.max(box.width / source.width, box.height / source.height);
  const cx = ((focal.left + focal.right) / 2) * scale;
  const cy = ((focal.top + focal.bottom) / 2) * scale;
  const scaledW = Math.max(box.width, Math.round(source.width * scale));
  const scaledH = Math.max(box.height, Math.round(source.height * scale));
  const left = Math.round(Math.min(Math.max(0, cx - box.width / 2), scaledW - box.width));
  const top = Math.round(Math.min(Math.max(0, cy - box.height / 2), scaledH - box.height));
  return { scale, left, top };
}

/**
 * Renders one variant: oriented by EXIF, fitted in (never enlarged) or cropped to fill the box
 * (around the focal region, or where the picture is busiest with `smart`), encoded in the asked
 * format. sharp refuses more than MAX_SOURCE_PIXELS itself too and stops after `timeoutSeconds`.
 */
export async function renderVariant(
  body: Readable,
  source: SourceHeader,
  request: ImageRequest,
  timeoutSeconds: number,
): Promise<{ data: Buffer; format: ImageFormat }> {
  const format = request.format ?? KEEP[source.format ?? ''] ?? 'png';
  let image: Sharp = sharp({ limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error', sequentialRead: true }).rotate();
  const width = request.width || undefined;
  const height = request.height || undefined;
  if (request.fitIn || !width || !height) {
    image = image.resize({ width, height, fit: 'inside', withoutEnlargement: true });
  } else if (request.focal) {
    const { scale, left, top } = cropWindow(source, { width, height }, request.focal);
    image = image
      .resize({ width: Math.max(width, Math.round(source.width * scale)), height: Math.max(height, Math.round(source.height * scale)), fit: 'fill' })
      .extract({ left, top, width, height });
  } else {
    image = image.resize({ width, height, fit: 'cover', position: request.smart ? sharp.strategy.attention : 'centre' });
  }
  const quality = request.quality ?? undefined;
  switch (format) {
    case 'webp':
      image = image.webp({ quality: quality ?? 80, effort: 2 });
      break;
    case 'jpeg':
      image = image.flatten({ background: '#ffffff' }).jpeg({ quality: quality ?? 82, mozjpeg: true });
      break;
    case 'png':
      image = image.png({ compressionLevel: 6, ...(quality ? { quality, palette: quality < 100 } : {}) });
      break;
    case 'avif':
      image = image.avif({ quality: quality ?? 55, effort: 2 });
      break;
  }
  image = image.timeout({ seconds: timeoutSeconds });
  body.on('error', (error) => image.destroy(error));
  body.pipe(image);
  const data = await image.toBuffer();
  return { data, format };
}
