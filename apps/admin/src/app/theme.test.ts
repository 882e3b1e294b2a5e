import { describe, expect, it } from 'vitest';
import { ANIMATION_MS, BREAKPOINTS, createTheme } from './theme';

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
});
