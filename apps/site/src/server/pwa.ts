import { crc32, deflateSync } from 'node:zlib';
import { imageUrlPath } from '@umpire/schema/image-service';
import { brandColours, componentsOf, createResolver, kindOf, primaryRecords, settingsOf, shownOnWeb, type JsonApiDocument } from '@umpire/render';

/**
 * The fans' app is the website (issue 41, point 1): a web app manifest per league and language,
 * built from the branding global element (name, colour, image), its icons made from the branding
 * image by the image service.
 */
export interface Branding {
  name: string;
  /** The branding image's stored path, when it has one. */
  imagePath?: string;
  /** The primary colour as the site draws it (readable on white), `#rrggbb`. */
  color?: string;
}

/** The sizes the platforms ask for: Android's 192 and 512 (install and splash), Apple's 180, a small one for lists. */
export const ICON_SIZES = [96, 180, 192, 512] as const;
/** What a manifest names the league when its branding names nothing. */
const FALLBACK_NAME = { pl: 'Liga', en: 'League' } as const;
export const DEFAULT_THEME = '#0b2340';

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The league's branding from the global page elements (`/current_page_elements`); its header's title when no branding names it. */
export function brandingOf(globals: JsonApiDocument | null | undefined): Branding {
  const resolve = createResolver(globals);
  const elements = primaryRecords(globals).filter((e) => e.type === 'global_page_elements');
  const components = elements.flatMap((e) => componentsOf(e, resolve)).filter((c) => shownOnWeb(c));
  const branding = components.find((c) => kindOf(c) === 'branding');
  const header = components.find((c) => kindOf(c) === 'page_header');
  const settings = branding ? settingsOf(branding) : {};
  const image = resolve.one(branding, 'image') ?? resolve.one(header, 'image');
  const imagePath = image?.type === 'images' ? str(image.attributes?.path) : '';
  // The same colour the pages are drawn in (made readable), so the app's bar matches the site.
  const color = brandColours(settings)['--u-primary'];
  return {
    name: str(settings.name) || str(header && settingsOf(header).title),
    ...(imagePath ? { imagePath } : {}),
    ...(color ? { color } : {}),
  };
}

/** A short name for a home screen (about 12 characters show): the name itself when short, else its first words that fit. */
export function shortNameOf(name: string): string {
  if (name.length <= 12) return name;
  const words = name.split(/\s+/);
  let out = '';
  for (const w of words) {
    if (`${out} ${w}`.trim().length > 12) break;
    out = `${out} ${w}`.trim();
  }
  return out || name.slice(0, 12);
}

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: 'any' | 'maskable';
}

/**
 * A square PNG of the branding image through the image service (cropped to fill the square, as a
 * home-screen icon must be), else the site's own plain icon of the theme colour (iconPng).
 */
export function iconsOf(branding: Branding, o: { basePath: string; imageBase: string }): ManifestIcon[] {
  const src = (size: number) =>
    branding.imagePath
      ? `${o.imageBase.replace(/\/+$/, '')}/${imageUrlPath({ fitIn: false, width: size, height: size, smart: true, format: 'png', path: branding.imagePath.split('/').map(encodeURIComponent).join('/') })}`
      : `${o.basePath}/icon-${size}.png`;
  const icons: ManifestIcon[] = ICON_SIZES.map((size) => ({ src: src(size), sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' }));
  // The maskable one fills its whole square (the platform cuts its own shape out of it).
  icons.push({ src: src(512), sizes: '512x512', type: 'image/png', purpose: 'maskable' });
  return icons;
}

/** The manifest of the league's app in a language: it starts at that language's home, and covers the whole site. */
export function manifestFor(branding: Branding, o: { locale: 'pl' | 'en'; basePath: string; imageBase: string }) {
  const name = branding.name || FALLBACK_NAME[o.locale];
  return {
    // One app whichever language it was installed from: the id is the site's, not the language's.
    id: `${o.basePath}/`,
    name,
    short_name: shortNameOf(name),
    lang: o.locale,
    dir: 'ltr',
    start_url: `${o.basePath}/${o.locale}/`,
    scope: `${o.basePath}/`,
    display: 'standalone',
    theme_color: branding.color ?? DEFAULT_THEME,
    background_color: '#ffffff',
    icons: iconsOf(branding, o),
  };
}

/**
 * A plain square PNG of one colour (8-bit RGB): the icon of a league without a branding image, so
 * the site stays installable. Made here, a few hundred bytes, kept once per size and colour.
 */
export function iconPng(size: number, hex: string): Buffer {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) || 0);
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
