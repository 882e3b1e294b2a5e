/** Wins, draws and losses in every table and chart: dark enough for white text (WCAG AA). */
export const RESULT_COLOURS = {
  W: '#1b5e20',
  D: '#5f6368',
  L: '#b71c1c',
} as const;

export type ResultLetter = keyof typeof RESULT_COLOURS;
