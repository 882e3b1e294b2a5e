import { expect, test, type Page } from './support/test';
import { appReady, openAs, t } from './support/app';

async function pick(page: Page, id: string, text: string): Promise<void> {
  await page.locator(`#${id}`).fill(text);
  await page.getByRole('option', { name: new RegExp(text) }).first().click();
}

test('a new match opens at /competitions/matches/form/{id}, replacing the creation page in the history', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/matches');
  await appReady(page);
  await page.getByRole('link', { name: t('pl', 'ra.action.create') }).click();
  await expect(page).toHaveURL(/\/matches\/create$/);

  await pick(page, 'round_id', '1');
  await pick(page, 'home_squad_id', 'Legia');
  await pick(page, 'away_squad_id', 'Lech');
  await page.locator('#kickoff_at').fill('2026-12-05T18:00');
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();

  await expect(page).toHaveURL(/\/competitions\/matches\/form\/\d+$/);
  // The browser is in Warsaw (+01:00 in December), but kick-offs are typed and shown at the
  // league's +02:00: the header shows the hour typed, and the server holds 16:00 UTC.
  await expect(page.locator('#kickoff_at')).toHaveValue('2026-12-05T18:00');
  await expect(page.getByText('sobota, 05.12.2026, 18:00')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/matches$/);
});
