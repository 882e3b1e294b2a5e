import { expect, test } from './support/test';
import { appReady, base64UrlJson, claimsOf, openAs, t, tokenFor } from './support/app';

test('a viewer sees no create, edit or delete', async ({ page, request }) => {
  await openAs(page, request, 'viewer', '/clubs');
  await appReady(page);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('link', { name: t('pl', 'ra.action.create') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: new RegExp(`^${t('pl', 'ra.action.delete')}`) })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  // A row opens read-only.
  await page.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/clubs\/\d+\/show$/);
  await expect(page.getByRole('link', { name: t('pl', 'ra.action.edit') })).toHaveCount(0);
  // The create form itself is refused.
  await page.goto('/clubs/create');
  await expect(page.locator('#name')).toHaveCount(0);
});

test("a viewer's forced POST is refused by the server and shows the 403 pop-up", async ({ page, request, problems }) => {
  problems.expect(/status of 403 .* @ \S+\/api\/v3\/clubs\?/, 'the POST of a viewer is refused: what the test is about');
  // The screens believe the session may create clubs (as if its rights were withdrawn after it
  // was issued); the server receives the viewer's real token and refuses.
  const viewer = await tokenFor(request, 'viewer');
  const [header, , signature] = viewer.split('.');
  const believed = `${header}.${base64UrlJson({ ...claimsOf(viewer), abilities: [{ action: 'manage', subject: 'all' }] })}.${signature}`;
  await page.route('**/api/v3/**', (route) => route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${viewer}` } }));

  await page.goto(`/clubs/create?token=${believed}`);
  await appReady(page);
  await page.locator('#name').fill(`Forced ${Date.now()}`);
  const post = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v3/clubs');
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  expect((await post).status()).toBe(403);
  const popup = page.getByTestId('popup-error');
  await expect(popup).toContainText(t('pl', 'apiErrors.forbidden'));
  await expect(page).toHaveURL(/\/clubs\/create$/);
});
