import { expect, test } from './support/test';
import { appReady, openAs, t } from './support/app';

test('switching to English and back changes texts and <html lang>, and survives a reload', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/clubs');
  await appReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.locator('#react-admin-title')).toHaveText(t('pl', 'resources.clubs.name_few'));

  await page.getByTestId('language-picker').click();
  await page.getByRole('menuitem', { name: t('en', 'languages.en') }).click();
  await appReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('#react-admin-title')).toHaveText(t('en', 'resources.clubs.name_other'));
  await expect(page.getByRole('link', { name: t('en', 'menu.dashboard') })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('preferredLanguage'))).toBe('en');

  await page.reload();
  await appReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: t('en', 'menu.dashboard') })).toBeVisible();

  await page.getByTestId('language-picker').click();
  await page.getByRole('menuitem', { name: t('pl', 'languages.pl') }).click();
  await appReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByRole('link', { name: t('pl', 'menu.dashboard') })).toBeVisible();
  await expect(page.locator('#react-admin-title')).toHaveText(t('pl', 'resources.clubs.name_few'));
});
