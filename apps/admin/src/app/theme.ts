import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * Spec §9: breakpoints mobile 768, desktop small 1024, desktop large 1280; animations 300 ms,
 * none when the user prefers reduced motion.
 */
export const BREAKPOINTS = { xs: 0, sm: 768, md: 1024, lg: 1280, xl: 1600 } as const;
export const ANIMATION_MS = 300;

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

export function createTheme(reducedMotion = prefersReducedMotion()): RaThemeOptions {
  const duration = reducedMotion ? 0 : ANIMATION_MS;
  return {
    ...defaultLightTheme,
    breakpoints: { values: BREAKPOINTS },
    palette: {
      ...defaultLightTheme.palette,
      // League green; contrast ≥ 4.5:1 with white text (WCAG AA).
      primary: { main: '#14613a', contrastText: '#ffffff' },
      secondary: { main: '#1d3a5f', contrastText: '#ffffff' },
      // Darker than MUI's red: readable on the grey form toolbar and under white text.
      error: { main: '#b71c1c', contrastText: '#ffffff' },
      // Chips and alerts carry white text: darker than MUI's defaults for AA contrast.
      info: { main: '#01579b', contrastText: '#ffffff' },
      success: { main: '#1b5e20', contrastText: '#ffffff' },
      background: { default: '#f4f6f5' },
    },
    transitions: {
      duration: {
        shortest: duration,
        shorter: duration,
        short: duration,
        standard: duration,
        complex: duration,
        enteringScreen: duration,
        leavingScreen: duration,
      },
      ...(reducedMotion ? { create: () => 'none' } : {}),
    },
    components: {
      ...defaultLightTheme.components,
      MuiButtonBase: { defaultProps: { disableRipple: reducedMotion } },
      // react-admin's row checkboxes put their aria-label on the wrapper instead of the input,
      // which leaves the input unnamed (axe: "label", "aria-prohibited-attr"); move it.
      MuiCheckbox: {
        defaultProps: {
          slotProps: {
            root: (state: Record<string, unknown>) => (state['aria-label'] ? { 'aria-label': undefined } : {}),
            input: (state: Record<string, unknown>) => (state['aria-label'] ? { 'aria-label': state['aria-label'] as string } : {}),
          },
        },
      },
    },
  };
}
