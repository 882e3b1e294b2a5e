import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The admin's date and date-time fields (MUI X pickers in the league's format): a group named by
 * the field's label, one spinbutton per section (day, month, year, hours, minutes), a hidden input
 * holding the text shown ("24.12.2026", "24.12.2026 18:00"), and a button opening the calendar.
 */

/** The field whose hidden input has this id (react-admin's inputs take their source as id). */
export function dateFieldById(scope: Page | Locator, id: string): Locator {
  return scope.locator(`[role="group"]:has(> input#${id})`);
}

/** The field named by its label. */
export function dateFieldByLabel(scope: Page | Locator, label: string | RegExp): Locator {
  return scope.getByRole('group', { name: label });
}

/** The text the field shows, as the league writes it. */
export function dateText(field: Locator): Locator {
  return field.locator('> input');
}

/**
 * Types a date ("01.05.2026") or a date-time ("01.05.2026 18:30") as a user does: clears the
 * field, then types the digits from the first section on (each full section moves on to the next).
 */
export async function typeDate(field: Locator, text: string): Promise<void> {
  const first = field.getByRole('spinbutton').first();
  await first.click();
  // With every section selected the sections are one editable text: the keyboard, not a section, clears it.
  await field.page().keyboard.press('ControlOrMeta+a');
  await field.page().keyboard.press('Backspace');
  // Typing goes on from the first section.
  await field.page().keyboard.type(text.replace(/\D/g, ''));
  await expect(dateText(field)).toHaveValue(text);
}

/** Opens the field's calendar; returns its grid of days. */
export async function openCalendar(page: Page, field: Locator): Promise<Locator> {
  await field.getByRole('button').click();
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  return grid;
}
