import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * Spec §9: breakpoints mobile 768, desktop small 1024, desktop large 1280; animations 300 ms,
 * none when the user prefers reduced motion.
 */
export const BREAKPOINTS = { xs: 0, sm: 768, md: 1024, lg: 1280, xl: 1600 } as const;
export const ANIMATION_MS = 300;

/** Text-carrying colours (see createTheme); theme.test.ts checks their contrast. */
export const PALETTE = {
  primary: '#0d4d2c', // league green
  secondary: '#1d3a5f',
  error: '#8b1111',
  warning: '#7a3500',
  info: '#014a84',
  success: '#154a19',
  text: '#1a1a1a',
  textSecondary: '#454545',
  background: '#f4f6f5',
} as const;

/**
 * The keyboard focus ring: black inside a white halo, so it shows on the page, on white paper and
 * on the dark top bar alike (WCAG 2.4.7). MUI draws none of its own when ripples are off.
 */
export const FOCUS_RING = { outline: `2px solid ${PALETTE.text}`, outlineOffset: '2px', boxShadow: '0 0 0 4px #ffffff' } as const;

/** Backgrounds text sits on: the page, paper, filled inputs (and their hover), selected rows. */
export const TEXT_BACKGROUNDS = ['#ffffff', '#f4f6f5', '#f0f0f0', '#e8e8e8', '#eaeceb'] as const;

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/** `loadingLabel` names every progress indicator (axe: aria-progressbar-name); translated by the caller. */
export function createTheme(reducedMotion = prefersReducedMotion(), loadingLabel = 'Loading'): RaThemeOptions {
  const duration = reducedMotion ? 0 : ANIMATION_MS;
  return {
    ...defaultLightTheme,
    breakpoints: { values: BREAKPOINTS },
    palette: {
      ...defaultLightTheme.palette,
      // Every colour that carries text reaches 7:1 (WCAG AAA, axe's color-contrast-enhanced) on
      // the page, the paper and the grey of filled inputs, and with white text on it: staff read
      // these screens for hours, often on a laptop in a bright stadium.
      primary: { main: PALETTE.primary, contrastText: '#ffffff' },
      secondary: { main: PALETTE.secondary, contrastText: '#ffffff' },
      error: { main: PALETTE.error, contrastText: '#ffffff' },
      warning: { main: PALETTE.warning, contrastText: '#ffffff' },
      info: { main: PALETTE.info, contrastText: '#ffffff' },
      success: { main: PALETTE.success, contrastText: '#ffffff' },
      text: { primary: PALETTE.text, secondary: PALETTE.textSecondary },
      background: { default: PALETTE.background, paper: '#ffffff' },
      // Unselected toggle buttons and icons: MUI's 54% black is 4.5:1 on the page, not 7:1.
      action: { ...defaultLightTheme.palette?.action, active: 'rgba(0, 0, 0, 0.72)' },
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
      MuiButtonBase: { defaultProps: { disableRipple: reducedMotion }, styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
      MuiLinearProgress: { defaultProps: { 'aria-label': loadingLabel } },
      // Nothing is rendered on a server: media queries are read at once, not in a second render
      // of the layout and every menu item after the first.
      MuiUseMediaQuery: { defaultProps: { noSsr: true } },
      // The bulk actions bar, collapsed to 0 px while nothing is selected, kept its buttons in the
      // tab order and over the list's own buttons: hide it until it opens.
      // react-admin greys the "not found" page out with 50 % opacity (3.3:1): full strength instead.
      RaNotFound: { styleOverrides: { root: { '& .RaNotFound-message': { opacity: 1, color: PALETTE.textSecondary } } } },
      // An empty list (no videos yet) and a slow page's loading message are in the disabled grey (2.6:1).
      RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { opacity: 1, color: PALETTE.textSecondary } } } },
      RaLoading: { styleOverrides: { root: { '& .RaLoading-message': { opacity: 1, color: PALETTE.textSecondary } } } },
      // The refresh button turns invisible while data loads; with the keyboard's focus on it, it stays.
      RaLoadingIndicator: { styleOverrides: { root: { '& .RaLoadingIndicator-loadedLoading.Mui-focusVisible': { opacity: 1 } } } },
      RaBulkActionsToolbar: { styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } } },
      MuiCircularProgress: { defaultProps: { 'aria-label': loadingLabel } },
      // MUI's tooltip is white on a translucent grey (5.1:1): a solid dark grey meets 7:1.
      MuiTooltip: { styleOverrides: { tooltip: { backgroundColor: '#262626', color: '#ffffff' } } },
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
