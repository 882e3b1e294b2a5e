/** Colours of clubs and teams (data, not theme) made readable: WCAG 2 contrast. */

const HEX = /^#[0-9a-f]{6}$/i;

export function isHexColour(value: string | null | undefined): value is string {
  return !!value && HEX.test(value);
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` mixed with black (`amount` < 0) or white (`amount` > 0), amount in [-1, 1]. */
function mix(hex: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const part = Math.abs(amount);
  return `#${[1, 3, 5]
    .map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - part) + target * part))
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Enhanced contrast (WCAG AAA, 1.4.6) for normal-size text: crest initials are small. */
export const LEGIBLE_RATIO = 7;

/**
 * Text and background colours for a badge in a club's colours: the club's second colour on its
 * first when they contrast enough, else black or white, whichever reads better. Where neither
 * reaches the ratio (mid reds and blues), the background is darkened or lightened just enough,
 * so the badge keeps the club's hue and stays readable.
 */
export function legibleColours(
  background: string | null | undefined,
  preferredText?: string | null,
  minRatio = LEGIBLE_RATIO,
): { background: string; color: string } {
  const bg = isHexColour(background) ? background.toLowerCase() : '#1d3a5f';
  if (isHexColour(preferredText) && contrastRatio(bg, preferredText) >= minRatio) return { background: bg, color: preferredText };
  const white = contrastRatio(bg, '#ffffff');
  const black = contrastRatio(bg, '#000000');
  const color = white >= black ? '#ffffff' : '#000000';
  if (Math.max(white, black) >= minRatio) return { background: bg, color };
  const direction = color === '#ffffff' ? -1 : 1;
  for (let step = 1; step <= 20; step++) {
    const adjusted = mix(bg, (direction * step) / 20);
    if (contrastRatio(adjusted, color) >= minRatio) return { background: adjusted, color };
  }
  return { background: color === '#ffffff' ? '#000000' : '#ffffff', color };
}
