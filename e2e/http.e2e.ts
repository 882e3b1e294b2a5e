import { expect, test } from './support/test';
import { appReady, openAs, t } from './support/app';

const CLUBS_LIST = /\/api\/v3\/clubs\?/;

test('a request that fails once is retried and succeeds without a pop-up', async ({ page, request, problems }) => {
  problems.expect(/status of 503 .* @ \S+\/api\/v3\/clubs\?/, 'the test answers the first call with 503');
  let calls = 0;
  await page.route(CLUBS_LIST, async (route) => {
    calls += 1;
    if (calls === 1) await route.fulfill({ status: 503, body: '' });
    else await route.continue();
  });
  // Searched, so the row is on the first page whatever clubs other tests added before this one.
  await openAs(page, request, 'admin', `/clubs?filter=${encodeURIComponent(JSON.stringify({ q: 'Legia' }))}`);
  await appReady(page);
  await expect(page.getByRole('row').filter({ hasText: 'Legia Warszawa' })).toHaveCount(1);
  expect(calls).toBe(2);
  await expect(page.getByTestId('popup-error')).toHaveCount(0);
});

test('a request that fails twice shows the error pop-up', async ({ page, request, problems }) => {
  problems.expect(/status of 503 .* @ \S+\/api\/v3\/clubs\?/, 'the test answers both calls with 503');
  let calls = 0;
  await page.route(CLUBS_LIST, async (route) => {
    calls += 1;
    await route.fulfill({ status: 503, body: '' });
  });
  await openAs(page, request, 'admin', '/clubs');
  await appReady(page);
  const popup = page.getByTestId('popup-error');
  await expect(popup).toHaveCount(1);
  await expect(popup).toContainText(t('pl', 'apiErrors.somethingWentWrong'));
  await expect(popup).toContainText('503');
  expect(calls).toBe(2);
  // Closes itself after 3 s.
  await expect(popup).toHaveCount(0, { timeout: 5000 });
});

test('a retried POST carries the same Idempotency-Key and creates once', async ({ page, request, problems }) => {
  problems.expect(/status of 502 .* @ \S+\/api\/v3\/tags$/, 'the test answers the first POST with 502');
  const keys: string[] = [];
  let posts = 0;
  await page.route(/\/api\/v3\/tags$/, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    // The first attempt reaches the server but its answer is lost on the way back.
    const response = await route.fetch();
    if (posts === 1) await route.fulfill({ status: 502, body: '' });
    else await route.fulfill({ response });
  });
  const name = `e2e-tag-${Date.now()}`;
  await openAs(page, request, 'admin', '/tags/create');
  await appReady(page);
  await page.locator('#name').fill(name);
  await page.locator('#slug').fill(name);
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(page).toHaveURL(/\/tags\/\d+$/);
  expect(posts).toBe(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  await page.goto('/tags');
  await page.getByPlaceholder(t('pl', 'ra.action.search'), { exact: true }).fill(name);
  // The search applies after a short pause; wait for it, or a click may race the list's update.
  await expect(page).toHaveURL(/filter=/);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
});
