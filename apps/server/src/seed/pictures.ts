import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { DemoClub } from './demo-data';

/**
 * The demo pictures, drawn here as SVG and rendered to PNG with sharp: nothing is downloaded.
 * Crests are shields in the club's colours with its code; portraits are silhouettes on the club's
 * colours (players in a shirt, staff in a jacket); sponsor and competition logos are word marks.
 */

export interface DemoPicture {
  /** Library folder and file name (`/herby/`, `legia.png`). */
  folder: string;
  name: string;
  png: Buffer;
  width: number;
  height: number;
  sha256: string;
}

const FONT = "font-family=\"DejaVu Sans, Liberation Sans, Arial, sans-serif\" font-weight=\"bold\"";
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A colour that reads on `hex` (black or white by luminance). */
function ink(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.55 ? '#111111' : '#FFFFFF';
}

/** One of a few shield patterns, chosen by the club's code so neighbours differ. */
export function crestSvg(club: Pick<DemoClub, 'code' | 'colors' | 'founded'>): string {
  const [primary, secondary] = club.colors;
  const shield = 'M128 12 L232 44 L232 124 C232 188 186 226 128 246 C70 226 24 188 24 124 L24 44 Z';
  const pattern = [...club.code].reduce((n, ch) => n + ch.charCodeAt(0), 0) % 4;
  const fills = [
    // vertical stripes
    [0, 1, 2, 3, 4].map((i) => `<rect x="${24 + i * 41.6}" y="0" width="20.8" height="256" fill="${secondary}"/>`).join(''),
    // halves
    `<rect x="128" y="0" width="128" height="256" fill="${secondary}"/>`,
    // a sash
    `<path d="M0 60 L60 0 L256 196 L196 256 Z" fill="${secondary}"/>`,
    // hoops
    [0, 1, 2].map((i) => `<rect x="0" y="${70 + i * 56}" width="256" height="26" fill="${secondary}"/>`).join(''),
  ][pattern];
  const label = ink(primary);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><clipPath id="s"><path d="${shield}"/></clipPath></defs>
<g clip-path="url(#s)"><rect width="256" height="256" fill="${primary}"/>${fills}</g>
<path d="${shield}" fill="none" stroke="#1a1a1a" stroke-width="8"/>
<rect x="58" y="92" width="140" height="58" rx="10" fill="${primary}" stroke="${secondary}" stroke-width="4"/>
<text x="128" y="134" text-anchor="middle" font-size="40" ${FONT} fill="${label}">${escape(club.code)}</text>
<rect x="92" y="184" width="72" height="30" rx="6" fill="${primary}" stroke="${secondary}" stroke-width="3"/>
<text x="128" y="206" text-anchor="middle" font-size="20" ${FONT} fill="${label}">${club.founded}</text>
</svg>`;
}

/** A head-and-shoulders silhouette: players in the club's shirt, staff in a dark jacket. */
export function portraitSvg(colors: [string, string], role: 'player' | 'staff', variant: number): string {
  const [primary, secondary] = colors;
  const skin = ['#F1C27D', '#E0AC69', '#C68642', '#8D5524', '#FFDBAC'][variant % 5];
  const hair = ['#2C1B10', '#4A3021', '#A55728', '#1C1C1C', '#D6B370'][(variant * 3) % 5];
  const body =
    role === 'player'
      ? `<path d="M40 400 C40 320 90 290 160 290 C230 290 280 320 280 400 Z" fill="${primary}"/>
<path d="M130 290 L160 330 L190 290" fill="none" stroke="${secondary}" stroke-width="10"/>`
      : `<path d="M40 400 C40 320 90 290 160 290 C230 290 280 320 280 400 Z" fill="#263238"/>
<path d="M135 292 L160 360 L185 292 Z" fill="#FFFFFF"/><path d="M155 300 L165 300 L168 370 L152 370 Z" fill="${primary}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="400" viewBox="0 0 320 400">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${secondary}"/><stop offset="1" stop-color="${primary}"/></linearGradient></defs>
<rect width="320" height="400" fill="url(#bg)"/><rect width="320" height="400" fill="#000" opacity="0.12"/>
<rect x="138" y="230" width="44" height="70" fill="${skin}"/>
${body}
<ellipse cx="160" cy="175" rx="62" ry="74" fill="${skin}"/>
<path d="M98 165 C96 110 130 92 160 92 C196 92 226 112 222 165 C210 132 190 124 160 124 C130 124 108 134 98 165 Z" fill="${hair}"/>
</svg>`;
}

/** A ground seen from above: stands in the club's colours around the pitch. */
export function stadiumSvg(colors: [string, string]): string {
  const [primary, secondary] = colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320" viewBox="0 0 480 320">
<rect width="480" height="320" fill="#9CCC65"/>
<rect x="30" y="30" width="420" height="260" rx="70" fill="${primary}"/>
<rect x="46" y="46" width="388" height="228" rx="58" fill="${secondary}" opacity="0.85"/>
<rect x="84" y="74" width="312" height="172" fill="#2E7D32"/>
${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${84 + i * 52}" y="74" width="26" height="172" fill="#388E3C"/>`).join('')}
<rect x="92" y="82" width="296" height="156" fill="none" stroke="#FFFFFF" stroke-width="3"/>
<line x1="240" y1="82" x2="240" y2="238" stroke="#FFFFFF" stroke-width="3"/>
<circle cx="240" cy="160" r="26" fill="none" stroke="#FFFFFF" stroke-width="3"/>
<rect x="92" y="124" width="40" height="72" fill="none" stroke="#FFFFFF" stroke-width="3"/>
<rect x="348" y="124" width="40" height="72" fill="none" stroke="#FFFFFF" stroke-width="3"/>
</svg>`;
}

/** A word mark on a light card: sponsors, competitions, broadcasters, products, categories. */
export function logoSvg(text: string, color: string, width = 400, height = 200): string {
  // DejaVu Sans Bold is about 0.68 em a letter: the name fits the card with a margin.
  const size = Math.min(64, Math.floor((width - 48) / (0.68 * Math.max(4, text.length))));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" rx="18" fill="#FFFFFF"/>
<rect x="8" y="8" width="${width - 16}" height="${height - 16}" rx="14" fill="none" stroke="${color}" stroke-width="6"/>
<circle cx="${width / 2}" cy="${height * 0.3}" r="${height * 0.12}" fill="${color}"/>
<text x="${width / 2}" y="${height * 0.72}" text-anchor="middle" font-size="${size}" ${FONT} fill="${color}">${escape(text)}</text>
</svg>`;
}

/** Rendered once per process: test servers and benchmarks seed many times with the same pictures. */
const rendered = new Map<string, Promise<{ png: Buffer; width: number; height: number; sha256: string }>>();

export function renderSvg(svg: string): Promise<{ png: Buffer; width: number; height: number; sha256: string }> {
  let done = rendered.get(svg);
  if (!done) {
    done = sharp(Buffer.from(svg))
      .png({ compressionLevel: 6 })
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ png: data, width: info.width, height: info.height, sha256: createHash('sha256').update(data).digest('hex') }));
    rendered.set(svg, done);
  }
  return done;
}

export async function picture(folder: string, name: string, svg: string): Promise<DemoPicture> {
  return { folder, name, ...(await renderSvg(svg)) };
}

export const bodyOf = (picture: DemoPicture) => Readable.from([picture.png]);
