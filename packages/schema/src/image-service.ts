/**
 * The image service's URL grammar (spec §9, thumbor style), shared by the server that renders and
 * the admin that builds the addresses:
 *
 *   /img/fit-in/{w}x{h}/filters:format(webp):quality(80)/{image_path}      fits inside the box
 *   /img/{w}x{h}/filters:format(jpeg):focal(120x40:200x90)/{image_path}     fills the box, cropped
 *   /img/{w}x{h}/smart/filters:format(avif)/{image_path}                    cropped where it is busiest
 *
 * Only the sizes and qualities listed here are rendered: anything else is refused before the
 * image is read, so nobody can make the server render (and cache) endless variants. The admin
 * snaps the sizes it wants to these with `snapImageSize`.
 */

/** Box sides the service renders (0: that side follows the picture's proportions, as in thumbor). */
export const IMAGE_SIZES = [
  0, 16, 24, 32, 48, 64, 80, 96, 128, 160, 180, 192, 240, 256, 320, 360, 400, 432, 480, 512, 640, 720, 768, 960, 1024,
  1080, 1280, 1440, 1600, 1920, 2560,
] as const;
export const IMAGE_FORMATS = ['webp', 'jpeg', 'png', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const IMAGE_QUALITIES = [40, 50, 60, 70, 75, 80, 85, 90, 95, 100] as const;
/** Pictures larger than this (width × height, read from the header) are refused, never decoded. */
export const MAX_SOURCE_PIXELS = 100_000_000;

const SIZE_SET: ReadonlySet<number> = new Set(IMAGE_SIZES);

/** The smallest allowed side at least `wanted` (the largest when none is), so a variant is never blurred. */
export function snapImageSize(wanted: number): number {
  if (!(wanted > 0)) return 0;
  return IMAGE_SIZES.find((size) => size >= wanted) ?? IMAGE_SIZES[IMAGE_SIZES.length - 1];
}

export interface ImageRequest {
  /** `fit-in`: the whole picture inside the box; otherwise it fills the box and is cropped. */
  fitIn: boolean;
  width: number;
  height: number;
  /** Crop where the picture is busiest (only when not fit-in). */
  smart: boolean;
  format: ImageFormat | null;
  quality: number | null;
  /** Thumbor's focal region in source pixels (`focal(LxT:RxB)`): the crop keeps its centre. */
  focal: { left: number; top: number; right: number; bottom: number } | null;
  /** The media file's `image_path`. */
  path: string;
}

/** Why a URL is refused, for the error message. */
export type ImageRequestProblem = 'grammar' | 'size' | 'filter' | 'quality' | 'path';

const FILTER = /^([a-z_]+)\(([^()]*)\)$/;

/**
 * Reads the part after `/img/`. Returns the request or the problem; the path is checked to be an
 * image path (letters, digits, `/_.-`, no `..`), never a storage key of the client's choosing.
 */
export function parseImageUrl(rest: string): ImageRequest | ImageRequestProblem {
  const parts = rest.split('/');
  let i = 0;
  const fitIn = parts[i] === 'fit-in';
  if (fitIn) i++;
  const size = /^(\d{1,4})x(\d{1,4})$/.exec(parts[i] ?? '');
  if (!size) return 'grammar';
  i++;
  const width = Number(size[1]);
  const height = Number(size[2]);
  if (!SIZE_SET.has(width) || !SIZE_SET.has(height) || (width === 0 && height === 0)) return 'size';
  const smart = parts[i] === 'smart';
  if (smart) {
    if (fitIn) return 'grammar';
    i++;
  }
  const request: ImageRequest = { fitIn, width, height, smart, format: null, quality: null, focal: null, path: '' };
  if (parts[i]?.startsWith('filters:')) {
    for (const filter of parts[i].slice('filters:'.length).split(':').filter(Boolean).reduce<string[]>(joinFocal, [])) {
      const m = FILTER.exec(filter);
      if (!m) return 'filter';
      const [, name, arg] = m;
      if (name === 'format' && (IMAGE_FORMATS as readonly string[]).includes(arg)) request.format = arg as ImageFormat;
      else if (name === 'quality') {
        const q = Number(arg);
        if (!(IMAGE_QUALITIES as readonly number[]).includes(q)) return 'quality';
        request.quality = q;
      } else if (name === 'focal') {
        const f = /^(\d{1,5})x(\d{1,5}):(\d{1,5})x(\d{1,5})$/.exec(arg);
        if (!f) return 'filter';
        const [left, top, right, bottom] = f.slice(1).map(Number);
        if (right <= left || bottom <= top) return 'filter';
        request.focal = { left, top, right, bottom };
      } else return 'filter';
    }
    i++;
  }
  const path = parts.slice(i).join('/');
  if (!isImagePath(path)) return 'path';
  request.path = path;
  return request;
}

/** `focal(1x2:3x4)` contains a colon, which also separates filters: put its halves back together. */
function joinFocal(out: string[], piece: string): string[] {
  const last = out[out.length - 1];
  if (last !== undefined && last.startsWith('focal(') && !last.endsWith(')')) out[out.length - 1] = `${last}:${piece}`;
  else out.push(piece);
  return out;
}

/** The shape of the image paths the media library gives out. */
export function isImagePath(path: string): boolean {
  return /^[a-z0-9][a-z0-9/_.-]{0,300}$/i.test(path) && !path.split('/').some((p) => p === '' || p === '.' || p === '..');
}

/** The part after `/img/` for a request: what the admin appends to `{cdn_id}.{cdn_host}/`. */
export function imageUrlPath(request: Omit<ImageRequest, 'smart' | 'focal' | 'quality'> & Partial<Pick<ImageRequest, 'smart' | 'focal' | 'quality'>>): string {
  const filters: string[] = [];
  if (request.format) filters.push(`format(${request.format})`);
  if (request.quality) filters.push(`quality(${request.quality})`);
  if (request.focal) filters.push(`focal(${request.focal.left}x${request.focal.top}:${request.focal.right}x${request.focal.bottom})`);
  return [
    request.fitIn ? 'fit-in' : null,
    `${request.width}x${request.height}`,
    request.smart && !request.fitIn ? 'smart' : null,
    filters.length ? `filters:${filters.join(':')}` : null,
    request.path.replace(/^\/+/, ''),
  ]
    .filter(Boolean)
    .join('/');
}

/**
 * The focal region for a focal point given as fractions (images' `focal_x`, `focal_y`) on a
 * picture of `width` × `height`: a small box around the point, as thumbor expects.
 */
export function focalRegion(focalX: number, focalY: number, width: number, height: number): ImageRequest['focal'] {
  const x = Math.round(Math.min(1, Math.max(0, focalX)) * width);
  const y = Math.round(Math.min(1, Math.max(0, focalY)) * height);
  return { left: Math.max(0, x - 1), top: Math.max(0, y - 1), right: Math.min(width, x + 1) || 1, bottom: Math.min(height, y + 1) || 1 };
}
