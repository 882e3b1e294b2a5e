import { expect, test } from './support/test';
import { t } from './support/app';
import { seriousViolations } from './support/axe';
import { dateFieldById, dateText, openCalendar, typeDate } from './support/dates';
import { go, LANGS, openApp } from './support/screens';

/**
 * The specification's dates in both interface languages, whatever the browser's locale (these
 * tests' Chromium is Polish; the app's English must not follow it, nor an English browser's
 * mm/dd/yyyy): dates dd.MM.yyyy, date-times dd.MM.yyyy HH:mm on a 24-hour clock, weeks from
 * Monday; only month and day names follow the language.
 */
const MONDAY = { en: 'Monday', pl: 'poniedziałek' } as const;
const DECEMBER = { en: 'December 2026', pl: 'grudzień 2026' } as const;
const CHOOSE_DATE = { en: /^Choose date/, pl: /^Wybierz datę/ } as const;

for (const lang of LANGS) {
  test(`dates are typed and shown as dd.MM.yyyy, weeks from Monday (${lang})`, async ({ page, request }) => {
    await openApp(page, request, lang);
    await go(page, '/seasons/create');
    const start = dateFieldById(page, 'start_date');
    await expect(start.getByRole('spinbutton')).toHaveCount(3);
    await typeDate(start, '24.12.2026');
    await expect(start.getByRole('spinbutton')).toHaveText(['24', '12', '2026']);
    await expect(dateText(start)).toHaveValue('24.12.2026');

    // The calendar opens from a labelled button, in the interface language, Monday first.
    await expect(start.getByRole('button', { name: CHOOSE_DATE[lang] })).toBeVisible();
    const grid = await openCalendar(page, start);
    await expect(page.getByRole('dialog')).toContainText(DECEMBER[lang]);
    await expect(grid.getByRole('columnheader').first()).toHaveAttribute('aria-label', MONDAY[lang]);
    await expect(grid.getByRole('gridcell', { name: '24' })).toHaveAttribute('aria-selected', 'true');
    expect(await seriousViolations(page)).toEqual([]);
    // A day picked in the calendar is written the same way.
    await grid.getByRole('gridcell', { name: '28' }).click();
    await expect(dateText(start)).toHaveValue('28.12.2026');

    // A kick-off: date and time, 24-hour, on the league's clock.
    await go(page, '/matches/create');
    const kickoff = dateFieldById(page, 'kickoff_at');
    await typeDate(kickoff, '24.12.2026 18:30');
    await expect(kickoff.getByRole('spinbutton')).toHaveText(['24', '12', '2026', '18', '30']);
    await expect(page.getByText(t(lang, 'form.matchTimeHint', { zone: 'Europe/Warsaw' }))).toBeVisible();

    // Lists write dates as the inputs do (react-admin's DateField would write 11/29/2026, 6:30 PM).
    await go(page, '/articles');
    const written = page.locator('#main-content td time');
    await expect(written.first()).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    await go(page, '/seasons');
    await expect(page.locator('#main-content td time').first()).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);
  });
}
