import { expect, test } from './support/test';
import { appReady, openAs, t } from './support/app';

test('a club goes through its whole life: invalid website, create, find, edit, history, delete', async ({ page, request }) => {
  const name = `E2E Klub ${Date.now()}`;
  await openAs(page, request, 'admin', '/clubs/create');
  await appReady(page);

  // The shared validator rejects the website before anything is sent.
  await page.locator('#name').fill(name);
  await page.locator('#website').fill('legia-warszawa');
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(page.locator('#website-helper-text')).toHaveText(t('pl', 'validation.invalidWebsiteUrl'));
  await expect(page).toHaveURL(/\/clubs\/create$/);

  // Fixed, it is created and opened.
  await page.locator('#website').fill('https://e2e.example.com');
  await page.locator('#city').fill('Radom');
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(page).toHaveURL(/\/clubs\/\d+$/);
  await expect(page.getByTestId('popup-success')).toHaveText(t('pl', 'popups.success.created'));

  // In the list, found by search.
  await page.goto('/clubs');
  await page.getByPlaceholder(t('pl', 'ra.action.search'), { exact: true }).fill(name);
  // The search applies after a short pause; wait for it, or a click may race the list's update.
  await expect(page).toHaveURL(/filter=/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('e2e.example.com');

  // Edited; the history shows who changed what.
  await row.getByText(name).click();
  await expect(page).toHaveURL(/\/clubs\/\d+$/);
  await page.locator('#city').fill('Kielce');
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  const history = page.getByTestId('record-history');
  await expect(history.getByTestId('history-entry')).toHaveCount(2);
  const latest = history.getByTestId('history-entry').first();
  await expect(latest).toContainText(t('pl', 'resources.audit_events.choices.action.update'));
  await expect(latest).toContainText(t('pl', 'history.by', { actor: 'admin' }));
  await expect(latest.getByRole('row', { name: new RegExp(t('pl', 'resources.clubs.fields.city')) })).toContainText('Radom');
  await expect(latest.getByRole('row', { name: new RegExp(t('pl', 'resources.clubs.fields.city')) })).toContainText('Kielce');
  await expect(history.getByTestId('history-entry').last()).toContainText(t('pl', 'resources.audit_events.choices.action.create'));

  // Deleted after confirming; the row goes once the server has confirmed.
  await page.goto('/clubs');
  await page.getByPlaceholder(t('pl', 'ra.action.search'), { exact: true }).fill(name);
  // The search applies after a short pause; wait for it, or a click may race the list's update.
  await expect(page).toHaveURL(/filter=/);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  const deleteButton = page.getByRole('button', { name: `${t('pl', 'ra.action.delete')}: ${name}` });
  await deleteButton.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: t('pl', 'ra.action.cancel') }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await deleteButton.click();
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/v3/clubs/'));
  await page.getByRole('dialog').getByRole('button', { name: t('pl', 'ra.action.confirm') }).click();
  expect((await deleted).status()).toBe(204);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByTestId('popup-success')).toHaveText(t('pl', 'popups.success.deleted'));
});

test('server errors show on their fields', async ({ page, request, problems }) => {
  problems.expect(/status of 422 .* @ \S+\/api\/v3\/clubs\?/, 'the server refuses the values: what the test is about');
  await openAs(page, request, 'admin', '/clubs/create');
  await appReady(page);
  // The name of a seeded club: only the server knows it is taken.
  await page.locator('#name').fill('Legia Warszawa');
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(page.locator('#name-helper-text')).toHaveText(t('pl', 'validation.unique'));
  await expect(page.getByTestId('popup-error')).toHaveCount(1);
  await expect(page.getByTestId('popup-error')).toContainText(t('pl', 'apiErrors.unique'));
});
