import { expect, test, type APIRequestContext } from './support/test';
import { appReady, openAs, t, tokenFor } from './support/app';
import { seriousViolations } from './support/axe';

/**
 * The standings of the demo league's group "Tabela" (issue 4): 18 teams with their form, the
 * point deduction and its reason, the table after an earlier round, in both languages.
 */
async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const token = await tokenFor(request, 'admin');
  const response = await request.get(`/api/v3${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as T;
}

type Doc = { data: { id: string; attributes: Record<string, unknown> }[] };

async function tabela(request: APIRequestContext): Promise<string> {
  const groups = await api<Doc>(request, '/groups?filter[name]=Tabela');
  expect(groups.data).toHaveLength(1);
  return groups.data[0].id;
}


test('the table shows 18 teams with their form and the deduction with its reason, and an earlier round changes it', async ({ page, request }) => {
  const id = await tabela(request);
  const deductions = await api<Doc>(request, `/point_deductions?filter[group]=${id}`);
  const reason = String(deductions.data[0].attributes.reason);

  await openAs(page, request, 'admin', `/groups/${id}/show`);
  await appReady(page);
  const rows = page.getByTestId('standings-table').getByTestId(/^standing-/);
  await expect(rows).toHaveCount(18);

  // The last five results of every team, as coloured letters, oldest first.
  const forms = page.getByTestId('standings-table').getByTestId('form');
  await expect(forms).toHaveCount(18);
  for (const form of await forms.all()) await expect(form.locator('[data-result]')).toHaveCount(5);
  const letters = new Set(await page.locator('[data-result]').allTextContents());
  for (const letter of letters) expect([t('pl', 'standings.letters.W'), t('pl', 'standings.letters.D'), t('pl', 'standings.letters.L')]).toContain(letter);
  await expect(forms.first()).toHaveAttribute('aria-label', new RegExp(`^${t('pl', 'standings.formLabel', { results: '' })}`));

  // The demo league's rules: head-to-head waits for the return matches, as in the Ekstraklasa.
  await expect(page.getByTestId('head-to-head-when-complete')).toHaveText(t('pl', 'standings.rules.headToHeadWhenComplete'));

  // The bands of the group: one promotion place, three relegation places.
  await expect(page.locator('[data-zone="promotion"]')).toHaveCount(1);
  await expect(page.locator('[data-zone="relegation"]')).toHaveCount(3);

  // The deduction: marked at the points, its reason in the list of deductions and in the mark's label.
  const mark = page.getByTestId('deduction-mark');
  await expect(mark).toHaveCount(1);
  await expect(mark).toHaveText('−1');
  await expect(mark).toHaveAttribute('aria-label', new RegExp(reason));
  await expect(page.getByTestId('point-deductions')).toContainText(reason);
  await mark.hover();
  await expect(page.getByRole('tooltip')).toContainText(reason);

  // How tied teams were separated, with translated rule names: half-way through the season the
  // return matches are still to come, so goal difference decides, not head-to-head.
  await expect(page.getByTestId('tie-decisions')).toContainText(t('pl', 'tiebreakers.rules.goal_difference'));
  await expect(page.getByTestId('tie-decisions')).not.toContainText(t('pl', 'tiebreakers.rules.head_to_head_points'));
  await expect(page.getByTestId('tiebreaker-order')).toContainText(t('pl', 'tiebreakers.rules.goal_difference'));
  await expect(page.getByTestId('points-rule')).toHaveText(t('pl', 'standings.rules.points', { win: 3, draw: 1, loss: 0 }));

  // Latest table: 17 matches each. After round 5: 5 matches each, another order.
  const played = (row: number) => rows.nth(row).getByRole('cell').nth(3);
  await expect(played(0)).toHaveText('17');
  const latestOrder = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
  await page.getByRole('combobox', { name: t('pl', 'standings.round.label') }).click();
  await page.getByRole('option', { name: t('pl', 'standings.round.after', { round: 5 }), exact: true }).click();
  await expect(page).toHaveURL(/round=5/);
  await expect(page.getByRole('heading', { name: t('pl', 'standings.titleAfter', { round: 5 }) })).toBeVisible();
  for (let i = 0; i < 18; i++) await expect(played(i)).toHaveText('5');
  const earlierOrder = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
  expect(earlierOrder).not.toEqual(latestOrder);

  // Back to the latest table.
  await page.getByRole('combobox', { name: t('pl', 'standings.round.label') }).click();
  await page.getByRole('option', { name: t('pl', 'standings.round.latest') }).click();
  await expect(played(0)).toHaveText('17');
});

test('a point deduction added on the standings page changes the table at once', async ({ page, request }) => {
  const id = await tabela(request);
  await openAs(page, request, 'admin', `/groups/${id}`);
  await appReady(page);
  const rows = page.getByTestId('standings-table').getByTestId(/^standing-/);
  await expect(rows).toHaveCount(18);
  const leader = rows.first();
  const team = (await leader.getByRole('link').textContent())!.trim();
  const points = Number(await leader.getByRole('cell').nth(10).innerText());
  const reason = `E2E walkower ${Date.now() % 100000}`;

  await page.getByRole('button', { name: t('pl', 'standings.deductions.add') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: t('pl', 'resources.point_deductions.fields.squad') }).click();
  await page.getByRole('option', { name: team, exact: true }).click();
  await dialog.getByLabel(t('pl', 'resources.point_deductions.fields.points')).fill('2');
  await dialog.getByLabel(t('pl', 'resources.point_deductions.fields.reason')).fill(reason);
  await dialog.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(dialog).toHaveCount(0);

  await expect(page.getByTestId('point-deductions')).toContainText(reason);
  const row = rows.filter({ hasText: team });
  await expect(row.getByTestId('deduction-mark')).toHaveText('−2');
  await expect(row.getByRole('cell').nth(10)).toContainText(String(points - 2));

  // Taken back: the table is as it was.
  await page.getByRole('button', { name: t('pl', 'standings.deductions.remove', { team }) }).click();
  await page.getByRole('dialog').getByRole('button', { name: t('pl', 'ra.action.confirm') }).click();
  await expect(page.getByTestId('point-deductions')).not.toContainText(reason);
  await expect(row.getByTestId('deduction-mark')).toHaveCount(0);
  await expect(row.getByRole('cell').nth(10)).toHaveText(String(points));
});

// Each feature's own screens in one language (the features take turns): the sweep of
// accessibility.e2e.ts does the same for the generic screens.
for (const lang of ['en'] as const) {
  test(`the standings page has no serious accessibility problems (${lang})`, async ({ page, request }) => {
    const id = await tabela(request);
    await page.addInitScript((value) => localStorage.setItem('preferredLanguage', value), lang);
    await openAs(page, request, 'admin', `/groups/${id}`);
    await appReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByTestId('standings-table').getByTestId(/^standing-/)).toHaveCount(18);
    await expect(page.getByRole('heading', { level: 2, name: t(lang, 'standings.title'), exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });
}
