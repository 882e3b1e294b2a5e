import { fileURLToPath } from 'node:url';
import { expect, test } from './support/test';
import { appReady, openAs, t, tokenFor } from './support/app';
import { seriousViolations } from './support/axe';

/**
 * A competitions manager imports the sample fixture spreadsheet (one club misspelt) into a new
 * stage: the dry run warns about the misspelt club and shows the record it took; the manager
 * confirms the record, saves, sees the import in the history and undoes it. Each step passes axe
 * (all rules), in Polish, then the wizard again in English.
 */
const SAMPLE = fileURLToPath(new URL('../samples/fixtures-ekstraklasa.xlsx', import.meta.url));
const JSONAPI = { 'Content-Type': 'application/vnd.api+json' };

test('import the sample fixtures, fix the misspelt club, save, then undo', async ({ page, request }) => {
  const token = await tokenFor(request, 'admin');
  const auth = { ...JSONAPI, Authorization: `Bearer ${token}` };
  const seasons = (await (await request.get('/api/v3/competition_seasons?filter[is_current]=true&page[size]=50', { headers: auth })).json()) as {
    data: { id: string; attributes: { name: string } }[];
  };
  const cs = seasons.data.find((s) => s.attributes.name.startsWith('PKO BP Ekstraklasa'))!;
  const stageName = `E2E Runda finałowa ${Date.now()}`;
  const stage = await request.post('/api/v3/stages', {
    data: { data: { type: 'stages', attributes: { name: stageName, kind: 'league', display_order: 5 }, relationships: { competition_season: { data: { type: 'competition_seasons', id: cs.id } } } } },
    headers: auth,
  });
  expect(stage.status(), await stage.text()).toBe(201);

  await openAs(page, request, 'admin', '/imports');
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: t('pl', 'importsPage.title') })).toBeVisible();

  const choose = async (lang: 'pl' | 'en') => {
    await page.getByRole('combobox', { name: t(lang, 'importsPage.targets.competition_season') }).click();
    await page.getByRole('option', { name: cs.attributes.name }).click();
    await page.getByRole('combobox', { name: t(lang, 'importsPage.targets.stage') }).click();
    await page.getByRole('option', { name: stageName }).click();
    await page.getByTestId('imports-file-input').setInputFiles(SAMPLE);
    await expect(page.getByText(t(lang, 'importsPage.file.chosen', { name: 'fixtures-ekstraklasa.xlsx' }))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: t(lang, 'importsPage.check') }).click();
    await expect(page.getByTestId('imports-totals')).toHaveText(t(lang, 'importsPage.report.totals', { rows: 18, create: 18, update: 0, skip: 0, error: 0, warnings: 1 }));
  };

  await choose('pl');
  // The misspelt club: a warning naming the record it was taken to be, changeable.
  const row = page.getByTestId('imports-row-19');
  await expect(row.getByTestId('imports-warning')).toContainText('Legia Warszwa');
  expect(await seriousViolations(page)).toEqual([]);
  const picker = row.getByRole('combobox', { name: t('pl', 'importsPage.matches.label', { row: 19, column: 'Goście', value: 'Legia Warszwa' }) });
  await picker.click();
  await page.getByRole('option', { name: /^Legia Warszawa/ }).click();
  await expect(page.getByTestId('imports-totals')).toHaveText(t('pl', 'importsPage.report.totals', { rows: 18, create: 18, update: 0, skip: 0, error: 0, warnings: 0 }));
  await expect(row.getByTestId('imports-warning')).toHaveCount(0);

  await page.getByRole('button', { name: t('pl', 'importsPage.commit_many', { count: 18 }) }).click();
  await expect(page.getByTestId('imports-done')).toBeVisible();
  const history = page.getByRole('region', { name: t('pl', 'importsPage.history.title') });
  const first = history.getByRole('row').nth(1);
  await expect(first).toContainText('fixtures-ekstraklasa.xlsx');
  await expect(first).toContainText(t('pl', 'resources.imports.choices.status.committed'));
  expect(await seriousViolations(page)).toEqual([]);

  await first.getByRole('button', { name: t('pl', 'importsPage.history.undo') }).click();
  const dialog = page.getByRole('dialog', { name: t('pl', 'importsPage.history.confirmTitle') });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: t('pl', 'importsPage.history.undo') }).click();
  await expect(first).toContainText(t('pl', 'resources.imports.choices.status.undone'));
  const matches = (await (await request.get(`/api/v3/rounds?filter[stage]=${(await stage.json()).data.id}`, { headers: auth })).json()) as { data: unknown[] };
  expect(matches.data).toEqual([]);

  // In English: the wizard's steps again, up to the dry run.
  await page.evaluate(() => localStorage.setItem('preferredLanguage', 'en'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await choose('en');
  await expect(page.getByTestId('imports-row-19').getByTestId('imports-warning')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
