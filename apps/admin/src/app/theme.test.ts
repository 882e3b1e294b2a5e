import { describe, expect, it } from 'vitest';
import { ANIMATION_MS, BREAKPOINTS, createTheme, PALETTE, TEXT_BACKGROUNDS } from './theme';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('theme', () => {
  it("uses the spec's breakpoints", () => {
    expect(BREAKPOINTS).toMatchObject({ sm: 768, md: 1024, lg: 1280 });
    expect(createTheme(false).breakpoints?.values).toMatchObject({ sm: 768, md: 1024, lg: 1280 });
  });

  it('animates for 300 ms, and not at all for users who prefer reduced motion', () => {
    const normal = createTheme(false).transitions!;
    expect(ANIMATION_MS).toBe(300);
    expect(Object.values(normal.duration!).every((d) => d === 300)).toBe(true);
    const reduced = createTheme(true).transitions!;
    expect(Object.values(reduced.duration!).every((d) => d === 0)).toBe(true);
    expect(reduced.create?.(['width'])).toBe('none');
  });

  it('gives every text colour 7:1 contrast (WCAG AAA) on every background, and white text 7:1 on it', () => {
    for (const [name, colour] of Object.entries(PALETTE)) {
      if (name === 'background') continue;
      for (const background of TEXT_BACKGROUNDS) expect(contrast(colour, background), `${name} on ${background}`).toBeGreaterThanOrEqual(7);
      if (name !== 'text' && name !== 'textSecondary') expect(contrast('#ffffff', colour), `white on ${name}`).toBeGreaterThanOrEqual(7);
    }
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21);
  });
});
