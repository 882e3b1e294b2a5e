import { expect, test, type Page, type Route } from './support/test';
import { appReady, openAs, signInOnGateway, t, tokenFor } from './support/app';
import { axeViolations } from './support/axe';

/** Every failed request, error response and console error of a page, as readable lines. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('requestfailed', (request) => problems.push(`failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

const translationFiles = (page: Page) => {
  const files: string[] = [];
  page.on('request', (request) => {
    const m = /\/assets\/i18n\/(\w+)\/(\w+)\.json/.exec(request.url());
    if (m) files.push(`${m[2]}/${m[1]}`);
  });
  return files;
};

test('the gateway page and the dashboard load without a failed request or a console error', async ({ page, baseURL }) => {
  const problems = watchProblems(page);
  await page.goto(`/auth/v1/sign_in?redirect=${encodeURIComponent(`${baseURL}/`)}`);
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);

  await signInOnGateway(page, 'admin');
  await appReady(page);
  await expect(page.getByTestId('count-clubs')).toHaveText(/\d/);
  await expect(page.getByTestId('latest-changes')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('the shell is painted before start-up is done, accessible, and the app takes its place', async ({ page, request }) => {
  const token = await tokenFor(request, 'admin');
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v3/settings/configurations**', async (route: Route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/?token=${token}`);
  const shell = page.locator('#startup-shell');
  await expect(shell.getByRole('heading', { name: 'Umpire' })).toBeVisible();
  await expect(shell.getByRole('main')).toHaveAttribute('aria-busy', 'true');
  const violations = (await axeViolations(page)).map((v) => `${v.id}: ${v.help}`);
  expect(violations).toEqual([]);
  const shellBar = await shell.locator('header').boundingBox();

  release();
  await appReady(page);
  await expect(shell).toHaveCount(0);
  // The app's bar is where the shell's was: nothing moves when one replaces the other.
  expect(await page.locator('header').first().boundingBox()).toEqual(shellBar);
});

test('translations of the likely language are fetched at once (all on a first visit), and the configured one after a wrong guess', async ({ page, request }) => {
  // A first visit has only the browser's language to go by: both sets, at once.
  const files = translationFiles(page);
  await openAs(page, request, 'admin', '/clubs');
  await appReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  expect(files.sort()).toEqual(['en/app', 'en/framework', 'en/messages', 'pl/app', 'pl/framework', 'pl/messages']);

  // The next start-up knows the language: one set.
  files.length = 0;
  await page.reload();
  await appReady(page);
  expect(files.sort()).toEqual(['pl/app', 'pl/framework', 'pl/messages']);

  // The last start-up was in English (say, before the league dropped it): wrong guess, then Polish.
  files.length = 0;
  await page.evaluate(() => localStorage.setItem('umpireLastLanguage', 'en'));
  await page.reload();
  await appReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByRole('link', { name: t('pl', 'menu.dashboard') })).toBeVisible();
  expect(files.sort()).toEqual(['en/app', 'en/framework', 'en/messages', 'pl/app', 'pl/framework', 'pl/messages']);
  expect(await page.evaluate(() => localStorage.getItem('umpireLastLanguage'))).toBe('pl');
});
