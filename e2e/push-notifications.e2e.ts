import { expect, test, type APIRequestContext } from './support/test';
import { startPushService, type PushService } from '../apps/server/test/support/push-service';
import { appReady, openAs, t, tokenFor } from './support/app';
import { dateFieldById, typeDate } from './support/dates';
import { seriousViolations } from './support/axe';

/**
 * A moderator schedules a push notification for a club's fans and watches its delivery counts
 * arrive in the list. The fans' browsers are subscriptions made the way a browser makes them,
 * registered through the fan API against a local push service started here, which decrypts each
 * message; one of them answers 410 (the browser unsubscribed).
 */
const CLIENT = 'ekstraklasa-demo';
const JSONAPI = { 'Content-Type': 'application/vnd.api+json' };
let push: PushService;

test.beforeAll(async () => {
  push = await startPushService();
});
test.afterAll(async () => {
  await push?.close();
});

async function subscribeFan(request: APIRequestContext, topic: string, answer = 201) {
  const browser = push.subscribe({ answer });
  const fan = await request.post(`/public/v1/fans?client=${CLIENT}`, {
    data: { data: { type: 'fans', attributes: { device_id: `e2e-push-${Date.now()}-${browser.id}` } } },
    headers: JSONAPI,
  });
  expect(fan.status(), await fan.text()).toBe(201);
  const token = ((await fan.json()) as { meta: { token: string } }).meta.token;
  const res = await request.post('/public/v1/push/subscriptions', {
    data: { data: { type: 'push_subscriptions', attributes: { ...browser.json, topics: [topic] } } },
    headers: { ...JSONAPI, Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return browser;
}

/** `dd.MM.yyyy HH:mm` (the league's format) on the browser's clock (Europe/Warsaw). */
function leagueDateTime(at: Date): string {
  const part = (type: string, parts: Intl.DateTimeFormatPart[]) => parts.find((p) => p.type === type)!.value;
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  return `${part('day', parts)}.${part('month', parts)}.${part('year', parts)} ${part('hour', parts)}:${part('minute', parts)}`;
}

test('schedule a notification for a topic and watch its delivery counts arrive', async ({ page, request }) => {
  const topic = `e2e-${Date.now()}`;
  const browsers = [await subscribeFan(request, topic), await subscribeFan(request, topic), await subscribeFan(request, topic, 410)];
  const staff = await tokenFor(request, 'moderator');
  const targetName = `E2E kibice ${topic}`;
  const target = await request.post('/api/v3/push_notification_targets', {
    data: { data: { type: 'push_notification_targets', attributes: { name: targetName, platform: 'web', topic } } },
    headers: { ...JSONAPI, Authorization: `Bearer ${staff}` },
  });
  expect(target.status(), await target.text()).toBe(201);

  await openAs(page, request, 'moderator', '/push_notifications/create');
  await appReady(page);
  const title = `Gol w doliczonym czasie ${topic}`;
  await page.locator('#title_pl').fill(title);
  await page.locator('#title_en').fill('Stoppage-time winner');
  await page.locator('#body_pl').fill('Zobacz skrót meczu.');
  await page.locator('#body_en').fill('Watch the highlights.');
  await page.getByRole('combobox', { name: t('pl', 'resources.push_notifications.fields.targets_ids') }).fill(topic);
  await page.getByRole('option', { name: targetName }).click();
  // Now (this minute): the job takes it at once.
  await typeDate(dateFieldById(page, 'send_at'), leagueDateTime(new Date()));
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: t('pl', 'pushPage.schedule') }).click();

  await expect(page).toHaveURL(/\/push_notifications$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  // The list polls while it is due or sending: the counts arrive without a reload.
  await expect(row.getByTestId('delivery-counts')).toContainText(t('pl', 'pushPage.deliveredOf', { delivered: 2, total: 3 }), { timeout: 20_000 });
  await expect(row).toContainText(t('pl', 'resources.push_notifications.choices.status.sent'));
  await expect(row).toContainText(`${t('pl', 'resources.push_notifications.fields.expired_count')}: 1`);
  expect(push.rejected).toEqual([]);
  expect(browsers[0].received).toEqual([expect.objectContaining({ title, body: 'Zobacz skrót meczu.', locale: 'pl' })]);
  expect(browsers.map((b) => b.posts)).toEqual([1, 1, 1]);
  expect(await seriousViolations(page)).toEqual([]);

  // Sent: the page of the notification shows its delivery, read only, in English too.
  await row.click();
  await expect(page.getByText(t('pl', 'pushPage.delivery'))).toBeVisible();
  await expect(page.locator('#title_pl')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => localStorage.setItem('preferredLanguage', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: t('en', 'pushPage.delivery'), exact: true })).toBeVisible();
  await expect(page.getByTestId('delivery-counts')).toContainText(t('en', 'pushPage.deliveredOf', { delivered: 2, total: 3 }));
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/push_notifications/create');
  await expect(page.getByRole('button', { name: t('en', 'pushPage.sendNow') })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('refuses to schedule without a target, and asks before sending now', async ({ page, request, problems }) => {
  problems.expect(/status of 422 .* @ \S+\/api\/v3\/push_notifications$/, 'a notification without a target is refused');
  await openAs(page, request, 'moderator', '/push_notifications/create');
  await appReady(page);
  await page.locator('#title_pl').fill('Bez odbiorców');
  await page.locator('#body_pl').fill('Treść');
  await page.getByRole('button', { name: t('pl', 'pushPage.sendNow') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(t('pl', 'pushPage.sendNowConfirm'));
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: t('pl', 'pushPage.sendNow') }).click();
  await expect(page.getByText(t('pl', 'validation.atLeastOneItemRequired'))).toBeVisible();
  await expect(page).toHaveURL(/\/push_notifications\/create$/);
});
