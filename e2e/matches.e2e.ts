import { expect, test, type Page } from './support/test';
import { appReady, openAs, t, tokenFor } from './support/app';
import { seriousViolations } from './support/axe';
import { dateFieldById, dateText, typeDate } from './support/dates';

async function pick(page: Page, id: string, text: string): Promise<void> {
  await page.locator(`#${id}`).fill(text);
  await page.getByRole('option', { name: new RegExp(text) }).first().click();
}

test('a new match opens at /competitions/matches/form/{id}, replacing the creation page in the history', async ({ page, request }) => {
  await openAs(page, request, 'admin', '/matches');
  await appReady(page);
  await page.getByRole('link', { name: t('pl', 'ra.action.create') }).click();
  await expect(page).toHaveURL(/\/matches\/create$/);

  await pick(page, 'round_id', '1');
  await pick(page, 'home_squad_id', 'Legia');
  await pick(page, 'away_squad_id', 'Lech');
  await typeDate(dateFieldById(page, 'kickoff_at'), '05.12.2026 18:00');
  await page.getByRole('button', { name: t('pl', 'ra.action.save') }).click();

  await expect(page).toHaveURL(/\/competitions\/matches\/form\/\d+$/);
  // Kick-offs are typed and shown on the league's clock (Warsaw, +01:00 in December, whatever the
  // browser's zone): the header shows the hour typed, and the server holds 17:00 UTC, the hour the
  // website shows fans.
  await expect(dateText(dateFieldById(page, 'kickoff_at'))).toHaveValue('05.12.2026 18:00');
  await expect(page.getByText('sobota, 05.12.2026, 18:00')).toBeVisible();
  const id = /\/form\/(\d+)$/.exec(page.url())![1];
  const token = await tokenFor(request, 'admin');
  const saved = await request.get(`/api/v3/matches/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect((await saved.json()).data.attributes.kickoff_at).toMatch(/^2026-12-05T17:00:00(\.000)?(Z|\+00:00)$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/matches$/);
});

test('the matches of one round moved a day later from the list, previewed before they are applied, then the round postponed', async ({ page, request }) => {
  const token = await tokenFor(request, 'admin');
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await request.fetch(`/api/v3${path}`, { method, data: body, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' } });
    expect(response.ok(), await response.text()).toBeTruthy();
    return (await response.json()) as { data: any };
  };
  const link = (type: string, id: string) => ({ data: { type, id } });
  // A round of its own, far from the demo season, so no other flow reads its matches.
  const season = (await api('GET', '/competition_seasons?filter[is_current]=true&page[size]=1')).data[0].id as string;
  const stage = (await api('POST', '/stages', { data: { type: 'stages', attributes: { name: `Terminarz ${Date.now()}` }, relationships: { competition_season: link('competition_seasons', season) } } })).data.id as string;
  const round = (await api('POST', '/rounds', { data: { type: 'rounds', attributes: { name: `Kolejka przekładana ${Date.now()}`, number: 90 }, relationships: { stage: link('stages', stage) } } })).data.id as string;
  const squads = (await api('GET', '/squads?page[size]=4&sort=id')).data.map((s: { id: string }) => s.id) as string[];
  for (const [home, away, at] of [[0, 1, '2031-05-03T16:00:00Z'], [2, 3, '2031-05-03T18:30:00Z']] as const)
    await api('POST', '/matches', { data: { type: 'matches', attributes: { kickoff_at: at }, relationships: { round: link('rounds', round), home_squad: link('squads', squads[home]), away_squad: link('squads', squads[away]) } } });

  await openAs(page, request, 'admin', `/matches?filter=${encodeURIComponent(JSON.stringify({ round_id: round }))}`);
  await appReady(page);
  await page.getByRole('button', { name: t('pl', 'matchSchedule.bulk.filteredButton') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('pl', 'matchSchedule.fields.shift')).fill('+1 day');
  await dialog.getByRole('button', { name: t('pl', 'matchSchedule.preview') }).click();
  await expect(dialog.getByTestId('schedule-preview').getByRole('row')).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: t('pl', 'matchSchedule.apply_few', { count: 2 }) }).click();
  await expect(page.getByText(t('pl', 'matchSchedule.applied_few', { count: 2 }))).toBeVisible();
  const moved = (await api('GET', `/matches?filter[round]=${round}&sort=kickoff_at`)).data.map((m: { attributes: { kickoff_at: string } }) => m.attributes.kickoff_at);
  expect(moved).toEqual(['2031-05-04T16:00:00.000Z', '2031-05-04T18:30:00.000Z']);

  await page.getByRole('button', { name: t('pl', 'matchSchedule.postpone.roundButton') }).click();
  await dialog.getByLabel(t('pl', 'matchSchedule.fields.reason')).fill('Żałoba narodowa');
  await dialog.getByRole('button', { name: t('pl', 'matchSchedule.preview') }).click();
  await expect(dialog.getByTestId('schedule-preview')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: t('pl', 'matchSchedule.postpone.confirm'), exact: true }).click();
  await expect(dialog).toHaveCount(0);
  const statuses = (await api('GET', `/matches?filter[round]=${round}`)).data.map((m: { attributes: { status: string } }) => m.attributes.status);
  expect(statuses).toEqual(['postponed', 'postponed']);

  // In English: the postponement's preview of the round (a dry run, nothing written), axe again.
  await page.evaluate(() => localStorage.setItem('preferredLanguage', 'en'));
  await page.goto(`/matches?filter=${encodeURIComponent(JSON.stringify({ round_id: round }))}`);
  await appReady(page);
  await page.getByRole('button', { name: t('en', 'matchSchedule.postpone.roundButton') }).click();
  await dialog.getByRole('button', { name: t('en', 'matchSchedule.preview') }).click();
  await expect(dialog.getByTestId('schedule-preview')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: t('en', 'ra.action.cancel') }).click();
  await expect(dialog).toHaveCount(0);
});
