import { expect, test } from './support/test';
import { seriousViolations } from './support/axe';

/**
 * The league's website (issue 24, point 8): the demo pages in both languages in Chromium, each
 * checked by axe with every rule, readable without JavaScript. Tagged @postgres: the site reads
 * the delivery API, and on PostgreSQL this is where it runs (see playwright.config.ts).
 */
const PAGES = ['', 'aktualnosci', 'mecze/mecz-dnia', 'kluby/rcz'];

for (const locale of ['pl', 'en'] as const)
  test(`every demo page passes axe with every rule, and reads without JavaScript (${locale})`, { tag: '@postgres' }, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    // Without JavaScript first: what a crawler and a slow phone see.
    const plain = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await plain.newPage();
    for (const slug of PAGES) {
      const response = await page.goto(`/site/${locale}/${slug}`);
      expect(response?.status(), slug).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('main h1')).toHaveCount(1);
      await expect(page.getByRole('link', { name: locale === 'pl' ? 'Przejdź do treści' : 'Skip to content' })).toBeAttached();
    }
    await plain.close();
    const live = await browser.newContext({ baseURL });
    const checked = await live.newPage();
    const found: Record<string, unknown> = {};
    for (const slug of PAGES) {
      await checked.goto(`/site/${locale}/${slug}`);
      const violations = await seriousViolations(checked);
      if (violations.length) found[slug || 'home'] = violations;
    }
    await live.close();
    expect(found).toEqual({});
  });
