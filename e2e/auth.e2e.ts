import { expect, test } from './support/test';
import { appReady, base64UrlJson, claimsOf, signInOnGateway, t, tokenFor } from './support/app';

test.describe('sign-in and sign-out', () => {
  test('signs in through the gateway and lands on the page asked for', async ({ page }) => {
    await page.goto('/clubs?sort=name');
    await expect(page).toHaveURL(/\/auth\/v1\/sign_in\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect')!)).toMatch(/\/clubs\?sort=name$/);

    await signInOnGateway(page, 'admin');
    await expect(page).toHaveURL(/\/clubs/);
    await appReady(page);
    // The token was stored and removed from the address bar.
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('TISA_TOKEN'))).toMatch(/^ey/);
    await expect(page.locator('#react-admin-title')).toHaveText(t('pl', 'resources.clubs.name_few'));
    await expect(page.getByTestId('client-name')).toHaveText('Ekstraklasa Demo');
    // Spec §2: after start-up the player script comes from its fixed assets path.
    await expect.poll(() => page.evaluate(() => !!customElements.get('umpire-player'))).toBe(true);
  });

  test('an expired token sends the user back to the gateway with the current address', async ({ page, request }) => {
    const token = await tokenFor(request, 'admin');
    const [header, , signature] = token.split('.');
    const expired = `${header}.${base64UrlJson({ ...claimsOf(token), exp: Math.floor(Date.now() / 1000) - 60 })}.${signature}`;
    await page.goto('/healthz');
    await page.evaluate((value) => localStorage.setItem('TISA_TOKEN', value), expired);
    await page.goto('/venues');
    await expect(page).toHaveURL(/\/auth\/v1\/sign_in\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/\/venues$/);
    expect(await page.evaluate(() => localStorage.getItem('TISA_TOKEN'))).toBeNull();
  });

  test('signs out through the gateway and comes back to the same page after signing in', async ({ page }) => {
    await page.goto('/seasons');
    await signInOnGateway(page, 'admin');
    await appReady(page);
    // The account menu is named by the user's name it shows (label in name, WCAG 2.5.3).
    await page.getByRole('button', { name: 'admin', exact: true }).click();
    await expect(page.getByTestId('account-details')).toContainText('admin');
    const token = await page.evaluate(() => localStorage.getItem('TISA_TOKEN'));
    await page.getByRole('menuitem', { name: t('pl', 'shell.signOut') }).click();
    await expect(page).toHaveURL(/\/auth\/v1\/sign_in\?redirect=/);
    // The token is revoked, not only forgotten: a copy of it no longer works.
    const stale = await page.request.get('/api/v3/current_client', { headers: { authorization: `Bearer ${token}` } });
    expect(stale.status()).toBe(401);
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/\/seasons$/);
    expect(await page.evaluate(() => localStorage.getItem('TISA_TOKEN'))).toBeNull();
    await signInOnGateway(page, 'admin');
    await expect(page).toHaveURL(/\/seasons$/);
    await appReady(page);
  });
});

test('a failed configuration request shows an error page whose retry starts the app', async ({ page, request, problems }) => {
  problems.expect(/status of 503 .* @ \S+\/api\/v3\/settings\/configurations\?/, 'the test makes the configuration request fail once');
  problems.expect(/^console: Start-up failed: the client configuration could not be loaded/, 'the app logs why it could not start, for whoever opens the console');
  let fail = true;
  await page.route('**/api/v3/settings/configurations**', (route) => (fail ? route.fulfill({ status: 503, body: '' }) : route.continue()));
  const token = await tokenFor(request, 'admin');
  await page.goto(`/clubs?token=${token}`);
  // In the best language known before the configuration: here the browser's (pl-PL).
  await expect(page.getByRole('heading', { name: t('pl', 'startup.title') })).toBeVisible();
  await expect(page.getByTestId('startup-error-message')).toContainText('503');
  fail = false;
  await page.getByRole('button', { name: t('pl', 'startup.retry') }).click();
  await appReady(page);
  await expect(page).toHaveURL(/\/clubs$/);
});
