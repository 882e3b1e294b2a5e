import { act, fireEvent, screen } from '@testing-library/react';

/**
 * The league's date fields (MUI X pickers) in component tests: a group named by the field's label,
 * one spinbutton per section (day, month, year, hours, minutes), typed a character at a time as a
 * keyboard does, each full section moving on to the next.
 */
export function dateSections(label: string | RegExp): HTMLElement[] {
  const name = typeof label === 'string' ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) : label;
  return Array.from(screen.getByRole('group', { name }).querySelectorAll<HTMLElement>('[role="spinbutton"]'));
}

/** What the field shows, section by section ("24 12 2026"). */
export const dateShown = (label: string | RegExp) => dateSections(label).map((s) => s.textContent).join(' ');

/** Types digits into the field from its first section ("01052026" for 01.05.2026). */
export function typeDate(label: string | RegExp, digits: string): void {
  act(() => dateSections(label)[0].focus());
  for (const ch of digits) fireEvent.input(document.activeElement!, { target: { textContent: ch } });
}
