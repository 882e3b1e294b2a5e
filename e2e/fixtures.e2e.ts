import { expect, test, type APIRequestContext } from './support/test';
import { appReady, openAs, t, tokenFor } from './support/app';
import { seriousViolations } from './support/axe';

/**
 * Fixture generation (issue 26, point 1): a league of 18 clubs of its own (two pairs sharing a
 * stadium), made through the API; the manager previews a double round robin with a derby fixed
 * to round 10, sees every check held, saves it and finds the rounds; axe on the screen in Polish
 * and in English.
 */
const link = (type: string, id: string) => ({ data: { type, id } });

async function setUp(request: APIRequestContext) {
  const token = await tokenFor(request, 'admin');
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' };
  const post = async (type: string, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) => {
    const res = await request.post(`/api/v3/${type}`, { headers, data: { data: { type, attributes, relationships } } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  const stamp = Date.now().toString(36).toUpperCase();
  const season = ((await (await request.get('/api/v3/seasons?filter[is_current]=true', { headers })).json()) as { data: { id: string }[] }).data[0].id;
  const competition = await post('competitions', { name: `Liga E2E ${stamp}`, code: `E${stamp}`.slice(0, 12) });
  const cs = await post('competition_seasons', { name: `Liga E2E ${stamp}` }, { competition: link('competitions', competition), season: link('seasons', season) });
  const names: string[] = [];
  const squads: string[] = [];
  let venue = '';
  for (let i = 1; i <= 18; i++) {
    // Clubs 1 and 2 share a stadium, and so do 3 and 4.
    if (i !== 2 && i !== 4) venue = await post('venues', { name: `Stadion E2E ${stamp} ${i}`, city: 'Gdańsk' });
    const name = `Klub ${stamp} ${String(i).padStart(2, '0')}`;
    const club = await post('clubs', { name }, { venue: link('venues', venue) });
    const team = await post('teams', { name }, { club: link('clubs', club) });
    squads.push(await post('squads', { name: `${name} 2026/27` }, { season: link('seasons', season), team: link('teams', team) }));
    names.push(name);
  }
  const added = await request.post(`/api/v3/competition_seasons/${cs}/competitions_squads`, { headers, data: { data: squads.map((id) => ({ type: 'squads', id })) } });
  expect(added.status()).toBe(201);
  const stage = await post('stages', { name: 'Runda zasadnicza' }, { competition_season: link('competition_seasons', cs) });
  const group = await post('groups', { name: `Tabela ${stamp}` }, { stage: link('stages', stage) });
  return { group, names };
}

test('a season of 18 clubs with shared stadiums and a fixed derby is previewed, every check held, and saved', async ({ page, request }) => {
  // A league made through the API (about 75 calls), then 306 matches written at once.
  test.setTimeout(180_000);
  const { group, names } = await setUp(request);
  await openAs(page, request, 'admin', `/groups/${group}/show?tab=fixtures`);
  await appReady(page);
  const generator = page.getByTestId('fixture-generator');
  await expect(generator.getByRole('checkbox', { checked: true })).toHaveCount(18);
  // The shared stadiums, derived from the clubs' venues.
  await expect(generator.getByTestId('shared-stadiums').locator('li')).toHaveCount(2);
  await expect(generator.getByTestId('shared-stadiums')).toContainText(`${names[0]}, ${names[1]}`);

  // The derby of clubs 5 and 6, fixed to round 10.
  await generator.getByRole('button', { name: t('pl', 'fixtureGenerator.form.addFixed') }).click();
  const derby = generator.getByTestId('fixed-0');
  await derby.getByRole('combobox', { name: t('pl', 'fixtureGenerator.form.home') }).click();
  await page.getByRole('option', { name: names[4] }).click();
  await derby.getByRole('combobox', { name: t('pl', 'fixtureGenerator.form.away') }).click();
  await page.getByRole('option', { name: names[5] }).click();
  await derby.getByLabel(t('pl', 'fixtureGenerator.form.round')).fill('10');

  await generator.getByRole('button', { name: t('pl', 'fixtureGenerator.preview') }).click();
  const plan = page.getByTestId('fixture-plan');
  await expect(plan).toBeVisible();
  await expect(plan).toContainText(t('pl', 'fixtureGenerator.summary', { rounds: 34, matches: 306 }));
  for (const check of ['pairings', 'home_away_balance', 'no_three_in_a_row', 'shared_stadiums', 'fixed_pairings', 'rest'])
    await expect(plan.locator(`[data-check="${check}"]`)).toHaveAttribute('data-status', 'held');
  await expect(plan.locator('[data-round="10"]').filter({ hasText: `${names[4]} – ${names[5]}` })).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  await generator.getByRole('button', { name: t('pl', 'fixtureGenerator.commit') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(t('pl', 'fixtureGenerator.confirm.text', { rounds: 34, matches: 306 }));
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: t('pl', 'fixtureGenerator.confirm.ok') }).click();
  const saved = page.getByTestId('fixtures-committed');
  await expect(saved).toContainText(t('pl', 'fixtureGenerator.done', { matches: 306, rounds: 34 }), { timeout: 30_000 });

  // The rounds of the stage.
  await saved.getByRole('link', { name: t('pl', 'fixtureGenerator.seeRounds') }).click();
  await expect(page).toHaveURL(/\/rounds\?/);
  await expect(page.getByText('1. kolejka', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('10. kolejka', { exact: true })).toBeVisible();

  // In English: the generator again, now telling that the group has its matches.
  await page.evaluate(() => localStorage.setItem('preferredLanguage', 'en'));
  await page.goto(`/groups/${group}/show?tab=fixtures`);
  await appReady(page);
  await page.getByTestId('fixture-generator').getByRole('button', { name: t('en', 'fixtureGenerator.preview') }).click();
  await expect(page.getByTestId('fixture-plan')).toContainText(t('en', 'fixtureGenerator.existingMatches', { count: 306 }));
  await expect(page.getByTestId('fixture-generator').getByRole('button', { name: t('en', 'fixtureGenerator.commit') })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
});
