import { expect, test, type APIRequestContext, type Page } from './support/test';
import { appReady, openAs, t, tokenFor } from './support/app';
import { seriousViolations } from './support/axe';

/**
 * The match predictor (issue 10): fans predict a match through the fan API; the ranking's round
 * table in the admin is empty until the match ends, and once a match_ended incident is written the
 * fans' points show there and in the season's table, with the points chart; axe with every rule
 * on the screens in both languages.
 */
type Lang = 'pl' | 'en';
const CLIENT = 'ekstraklasa-demo';
const link = (type: string, id: string) => ({ data: { type, id } });

async function call(request: APIRequestContext, token: string, method: 'get' | 'post', path: string, data?: unknown) {
  const response = await request[method](path, {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBeTruthy();
  return (await response.json()) as { data: any; meta?: any };
}

/** A round of tomorrow's match in the season of the demo ranking, and two fans who predict it. */
async function predictedMatch(request: APIRequestContext) {
  const token = await tokenFor(request, 'admin');
  const ranking = (await call(request, token, 'get', '/api/v3/match_predictors/rankings')).data[0];
  const season = ranking.relationships.competition_season.data.id as string;
  const n = Date.now() % 100_000;
  const create = async (type: string, attributes: Record<string, unknown>, relationships: Record<string, unknown>) =>
    (await call(request, token, 'post', `/api/v3/${type}`, { data: { type, attributes, relationships } })).data.id as string;
  const stage = await create('stages', { name: `Etap typera ${n}` }, { competition_season: link('competition_seasons', season) });
  const roundName = `Kolejka typera ${n}`;
  const round = await create('rounds', { name: roundName, number: 400 }, { stage: link('stages', stage) });
  const squads = (await call(request, token, 'get', '/api/v3/squads?page[size]=2&sort=id')).data.map((s: any) => s.id as string);
  const match = await create(
    'matches',
    { kickoff_at: new Date(Date.now() + 86_400_000).toISOString() },
    { round: link('rounds', round), home_squad: link('squads', squads[0]), away_squad: link('squads', squads[1]) },
  );
  const fans = { right: `Jan Trafny ${n}`, wrong: `Ewa Pechowa ${n}` };
  for (const [name, [home, away]] of [[fans.right, [1, 0]], [fans.wrong, [0, 2]]] as const) {
    const fan = await request.post(`/public/v1/fans?client=${CLIENT}`, {
      headers: { 'Content-Type': 'application/vnd.api+json' },
      data: { data: { type: 'fans', attributes: { device_id: `e2e-predictor-${n}-${home}${away}-abcdefgh`, display_name: name } } },
    });
    expect(fan.ok(), await fan.text()).toBeTruthy();
    const fanToken = ((await fan.json()) as { meta: { token: string } }).meta.token;
    await call(request, fanToken, 'post', '/public/v1/match_predictors/predictions', {
      data: { type: 'match_predictor_predictions', attributes: { home_score: home, away_score: away }, relationships: { match: link('matches', match) } },
    });
  }
  const incident = (attributes: Record<string, unknown>, squad?: string) =>
    call(request, token, 'post', '/api/v3/incidents', {
      data: { type: 'incidents', attributes, relationships: { match: link('matches', match), ...(squad ? { squad: link('squads', squad) } : {}) } },
    });
  const end = async () => {
    await incident({ incident_type: 'goal', occurrence_half: 1, occurrence_minute: 12 }, squads[0]);
    await incident({ incident_type: 'match_ended', occurrence_half: 2, occurrence_minute: 90 });
  };
  return { ranking: ranking.id as string, round, roundName, fans, end };
}

async function open(page: Page, request: APIRequestContext, lang: Lang, path: string) {
  await page.addInitScript((value) => localStorage.setItem('preferredLanguage', value), lang);
  await openAs(page, request, 'admin', path);
  await appReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function noViolations(page: Page, what: string) {
  await expect(page.locator('.MuiSkeleton-root, [role="progressbar"]')).toHaveCount(0);
  expect(await seriousViolations(page), what).toEqual([]);
}

test('a ranking changes after a match_ended incident: round and season tables, points chart', { tag: '@postgres' }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const { ranking, round, roundName, fans, end } = await predictedMatch(request);
  await open(page, request, 'pl', `/match_predictor_rankings/${ranking}/show?round=${round}`);

  // Predicted, not played: nothing settled in the round yet.
  await expect(page.getByRole('heading', { name: roundName })).toBeVisible();
  await expect(page.getByText(t('pl', 'predictor.empty'))).toBeVisible();
  await noViolations(page, 'empty round (pl)');

  // The match ends (through the API, as the match centre would): the round's table has both fans,
  // live (the settlement is announced on /cable), without a reload.
  await end();
  const table = page.getByTestId('predictor-standings');
  const line = (name: string) => table.getByRole('row').filter({ hasText: name });
  await expect(line(fans.right).getByTestId('fan-points')).toHaveText('3');
  await expect(line(fans.wrong).getByTestId('fan-points')).toHaveText('0');
  await expect(line(fans.right).getByRole('cell').first()).toHaveText('1');
  await expect(page.getByTestId('points-distribution')).toBeVisible();
  await noViolations(page, 'round table (pl)');

  // The whole season: the demo fans and the new ones, best first.
  await page.getByRole('combobox', { name: t('pl', 'predictor.scope') }).click();
  await page.getByRole('option', { name: t('pl', 'predictor.season') }).click();
  await expect(page).not.toHaveURL(/round=/);
  await expect(page.getByRole('heading', { name: t('pl', 'predictor.season') })).toBeVisible();
  // The season's rows replace the round's once they load: wait for them (a count read once can
  // still see the round's two fans).
  await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(10);
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('1');
});

// Each feature's own screens in one language (the features take turns): the sweep of
// accessibility.e2e.ts does the same for the generic screens.
for (const lang of ['pl'] as const)
  test(`predictor screens pass axe with every rule (${lang})`, { tag: '@postgres' }, async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await tokenFor(request, 'admin');
    const ranking = (await call(request, token, 'get', '/api/v3/match_predictors/rankings')).data[0].id as string;
    await open(page, request, lang, `/match_predictor_rankings/${ranking}/show`);
    await expect(page.getByTestId('predictor-standings')).toBeVisible();
    await expect(page.getByTestId('points-distribution')).toBeVisible();
    await noViolations(page, `season table (${lang})`);
    await page.goto(`/match_predictor_rankings/${ranking}?tab=details`);
    await expect(page.getByRole('tab', { name: t(lang, 'squadEditor.tabs.details') })).toHaveAttribute('aria-selected', 'true');
    await noViolations(page, `ranking rules form (${lang})`);
    await page.goto('/match_predictor_user_results');
    await expect(page.getByRole('columnheader', { name: t(lang, 'resources.match_predictor_user_results.fields.result') })).toBeVisible();
    await noViolations(page, `user results (${lang})`);
  });
