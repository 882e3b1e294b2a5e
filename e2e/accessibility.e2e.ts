import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { appReady, openAs, tokenFor } from './support/app';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

for (const lang of ['pl', 'en'] as const) {
  test.describe(`accessibility (${lang})`, () => {
    test.beforeEach(async ({ page, request }) => {
      await page.addInitScript((value) => localStorage.setItem('preferredLanguage', value), lang);
      // A change, so the history on the form and the latest changes on the dashboard are checked too.
      const token = await tokenFor(request, 'editor');
      const change = await request.patch('/api/v3/clubs/1', {
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' },
        data: { data: { type: 'clubs', id: '1', attributes: { short_name: `Legia ${Date.now() % 1000}` } } },
      });
      expect(change.ok()).toBeTruthy();
    });

    test('dashboard', async ({ page, request }) => {
      await openAs(page, request, 'admin', '/');
      await appReady(page);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('count-clubs')).not.toBeEmpty();
      await expect(page.getByTestId('latest-changes')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a list', async ({ page, request }) => {
      await openAs(page, request, 'admin', '/clubs');
      await appReady(page);
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a form', async ({ page, request }) => {
      await openAs(page, request, 'admin', '/clubs');
      await appReady(page);
      await page.getByRole('row').filter({ hasText: 'Legia Warszawa' }).getByText('Legia Warszawa').click();
      await expect(page.locator('#name')).toHaveValue('Legia Warszawa');
      await expect(page.getByTestId('history-entry').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
