import { describe, expect, it } from 'vitest';
import { contrastRatio, isHexColour, legibleColours, LEGIBLE_RATIO } from './colours';

describe('club colours', () => {
  it('measures WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 1);
    expect(isHexColour('#12ab3F')).toBe(true);
    expect(isHexColour('red')).toBe(false);
  });

  it("writes in the club's second colour when it reads well enough, else black or white", () => {
    expect(legibleColours('#0d4d2c', '#FFFFFF')).toEqual({ background: '#0d4d2c', color: '#FFFFFF' });
    // Yellow on yellow would be unreadable: black instead.
    expect(legibleColours('#FFD700', '#FFFF00')).toEqual({ background: '#ffd700', color: '#000000' });
    expect(legibleColours('#000080')).toEqual({ background: '#000080', color: '#ffffff' });
    expect(legibleColours(null).background).toBe('#1d3a5f');
  });

  it('darkens or lightens a mid colour just enough for 7:1, keeping its hue', () => {
    for (const club of ['#c8102e', '#e30613', '#0072ce', '#808080', '#00a651']) {
      const { background, color } = legibleColours(club);
      expect(contrastRatio(background, color), club).toBeGreaterThanOrEqual(LEGIBLE_RATIO);
      expect(background).not.toBe(club);
    }
    // Cracovia red with white initials: a darker red, not black.
    const cracovia = legibleColours('#c8102e');
    expect(cracovia.color).toBe('#ffffff');
    expect(parseInt(cracovia.background.slice(1, 3), 16)).toBeGreaterThan(parseInt(cracovia.background.slice(3, 5), 16) * 3);
  });
});
