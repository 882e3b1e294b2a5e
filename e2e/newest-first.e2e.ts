import { expect, test } from './support/test';
import { appReady, openAs, t } from './support/app';

// Spec §4: created sponsors, venues and broadcasters go to the head of their lists.
for (const [resource, fill] of [
  ['sponsors', { name: 'E2E Sponsor' }],
  ['venues', { name: 'E2E Arena', city: 'Opole' }],
  ['transmission_providers', { name: 'E2E TV' }],
] as const) {
  test(`a new record heads the ${resource} list`, async ({ page, request }) => {
    const suffix = ` ${Date.now()}`;
    await openAs(page, request, 'admin', `/${resource}/create`);
    await appReady(page);
    for (const [field, value] of Object.entries(fill)) await page.locator(`#${field}`).fill(field === 'name' ? value + suffix : value);
    await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
    await expect(page).toHaveURL(new RegExp(`/${resource}$`));
    await expect(page.getByRole('row').nth(1)).toContainText(fill.name + suffix);
  });
}
