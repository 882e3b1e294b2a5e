import { expect, test, type BrowserContext, type Locator, type Page } from './support/test';
import { appReady, openAs, t, tokenFor } from './support/app';
import { axeViolations } from './support/axe';

/**
 * The interactive API references (apps/server/src/ops/api-reference.ts): a staff member signed in
 * to the admin tries a call of the staff API with their session; a website's developer tries the
 * delivery API with a delivery key. Both pages pass axe with every rule at every impact, and ask
 * nothing of another host.
 */

/** Every request the context's pages make that leaves the server under test. */
function outsideRequests(context: BrowserContext): string[] {
  const origin = new URL(process.env.UMPIRE_E2E_BASE_URL!).origin;
  const outside: string[] = [];
  context.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:')) outside.push(url);
  });
  return outside;
}

/** Opens an operation of a section, presses "Try it out" then "Execute", and returns the operation's block. */
async function tryIt(page: Page, tag: string, operationId: string): Promise<Locator> {
  await page.locator(`#operations-tag-${tag}`).click();
  const op = page.locator(`#operations-${tag}-${operationId}`);
  await op.locator('.opblock-summary-control').click();
  await op.getByRole('button', { name: 'Try it out' }).click();
  await op.getByRole('button', { name: 'Execute' }).click();
  return op;
}

test('the staff reference tries a call with the session of the admin signed in on the same address', async ({ page: admin, context, request }) => {
  const outside = outsideRequests(context);
  const token = await openAs(admin, request, 'admin', '/');
  await appReady(admin);
  // The admin keeps the token of the address in its storage; the reference reads it there.
  await expect.poll(() => admin.evaluate(() => localStorage.getItem('TISA_TOKEN'))).toBe(token);
  // The account menu links to the reference, in a tab of its own.
  await admin.getByRole('button', { name: 'admin', exact: true }).click();
  const [page] = await Promise.all([context.waitForEvent('page'), admin.getByRole('menuitem', { name: t('pl', 'shell.apiReference') }).click()]);
  await expect(page).toHaveURL(/\/api\/docs$/);
  await expect(page).toHaveTitle('Umpire API reference');
  await expect(page.locator('#operations-tag-football')).toBeVisible();
  // Signed in: Authorize shows the session as applied.
  await expect(page.locator('.scheme-container .btn.authorize.locked')).toBeVisible();

  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v3/competitions');
  const op = await tryIt(page, 'football', 'get_api_v3_competitions');
  expect((await sent).headers().authorization).toBe(`Bearer ${token}`);
  const body = page.getByRole('region', { name: 'Response body, GET /api/v3/competitions' });
  await expect(body).toContainText('"type": "competitions"');
  const answer = JSON.parse((await body.textContent()) ?? '') as { data: { type: string; id: string }[]; meta?: unknown };
  expect(answer.data.length).toBeGreaterThan(0);
  expect(answer.data.every((r) => r.type === 'competitions')).toBe(true);
  await expect(op.locator('.live-responses-table .response .response-col_status')).toHaveText('200');
  await expect(op.locator('.live-responses-table')).toContainText('content-type: application/vnd.api+json');
  // axe on the whole page with the answer, then with the dialog where a token is pasted when no one is signed in.
  expect(await axeViolations(page)).toEqual([]);

  await page.locator('.scheme-container .btn.authorize').click();
  await expect(page.getByRole('heading', { name: 'Available authorizations' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(outside).toEqual([]);
});

test('the public reference tries a read with a delivery key, and shows nothing of the staff API', async ({ page, context, request }) => {
  const outside = outsideRequests(context);
  const staff = await tokenFor(request, 'admin');
  const made = await request.post('/api/v3/delivery_keys', {
    headers: { Authorization: `Bearer ${staff}`, 'Content-Type': 'application/vnd.api+json' },
    data: { data: { type: 'delivery_keys', attributes: { name: `API reference ${Date.now()}` } } },
  });
  expect(made.status()).toBe(201);
  const key = ((await made.json()) as { data: { id: string }; meta: { secret: string } });

  await page.goto('/public/v1/docs');
  await expect(page).toHaveTitle('Umpire delivery API reference');
  await expect(page.locator('#operations-tag-football')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('/api/v3');

  // The key is pasted in Authorize, as a developer would.
  await page.locator('.scheme-container .btn.authorize').click();
  const dialog = page.locator('.dialog-ux');
  const keyForm = dialog.locator('.auth-container').filter({ hasText: 'X-Delivery-Key' });
  await keyForm.getByRole('textbox').fill(key.meta.secret);
  await keyForm.getByRole('button', { name: 'Authorize', exact: true }).click();
  await expect(keyForm.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(dialog).toHaveCount(0);

  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/public/v1/competitions');
  const op = await tryIt(page, 'football', 'get_public_v1_competitions');
  const headers = (await sent).headers();
  expect(headers['x-delivery-key']).toBe(key.meta.secret);
  expect(headers.authorization).toBeUndefined();
  const body = page.getByRole('region', { name: 'Response body, GET /public/v1/competitions' });
  await expect(body).toContainText('"type": "competitions"');
  const answer = JSON.parse((await body.textContent()) ?? '') as { data: { type: string }[] };
  expect(answer.data.length).toBeGreaterThan(0);
  await expect(op.locator('.live-responses-table .response .response-col_status')).toHaveText('200');
  expect(await axeViolations(page)).toEqual([]);
  expect(outside).toEqual([]);

  const revoked = await request.post(`/api/v3/delivery_keys/${key.data.id}/revoke`, { headers: { Authorization: `Bearer ${staff}`, 'Content-Type': 'application/vnd.api+json' } });
  expect(revoked.status()).toBe(200);
});
