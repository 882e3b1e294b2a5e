import { expect, test, type APIRequestContext } from './support/test';
import { t, tokenFor } from './support/app';
import { seriousViolations } from './support/axe';
import { go, openApp } from './support/screens';

/**
 * Match alerts, staff's side (issue 41): in Settings › Match alerts a kind is switched off and on
 * again, and a template edited with its live preview (an unknown field named before saving, a
 * field put in from the list); in the match centre a match's alerts are muted and switched back
 * on. Each change is checked in the API's answer afterwards.
 */
interface Row {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { id: string } | null }>;
}

const relationOf = (row: Row, name: string) => row.relationships?.[name]?.data?.id;

async function call(request: APIRequestContext, token: string, method: 'get' | 'patch', path: string, data?: unknown) {
  const response = await request[method](`/api/v3/${path}`, {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBeTruthy();
  return (await response.json()) as { data: Row | Row[] };
}

/** The league's row of a kind, if it saved one. */
async function templateOf(request: APIRequestContext, token: string, kind: string): Promise<Row | undefined> {
  return ((await call(request, token, 'get', `match_alert_templates?filter[kind]=${kind}`)).data as Row[])[0];
}

const kindName = (kind: string) => t('en', `resources.match_alert_templates.choices.kind.${kind}`);

test('staff switch a kind of match alert off and on, and edit a template watching its preview', async ({ page, request }) => {
  const token = await openApp(page, request, 'en');
  await go(page, '/match_alert_templates');

  // Half time: off until a league says otherwise (DEFAULT_MATCH_ALERT_KINDS), or as the league saved it.
  const before = await templateOf(request, token, 'half_time');
  const wasOn = before ? before.attributes.enabled === true : false;
  const toggle = page.getByRole('switch', { name: t('en', 'matchAlerts.sendKind', { kind: kindName('half_time') }) });
  await expect(toggle).toBeChecked({ checked: wasOn });
  await toggle.click();
  await expect(toggle).toBeChecked({ checked: !wasOn });
  await expect.poll(async () => (await templateOf(request, token, 'half_time'))?.attributes.enabled).toBe(!wasOn);
  // A kind switched is the league's own row from then on: no "default texts" mark.
  const row = page.getByTestId('match-alert-kind').and(page.locator('[data-kind="half_time"]'));
  await expect(row.getByText(t('en', 'matchAlerts.defaults'), { exact: true })).toHaveCount(0);
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(toggle).toBeChecked({ checked: wasOn });
  await expect.poll(async () => (await templateOf(request, token, 'half_time'))?.attributes.enabled).toBe(wasOn);

  // The goal's template: the preview follows the typing.
  await page.getByRole('link', { name: t('en', 'matchAlerts.editKind', { kind: kindName('goal') }) }).click();
  const titleEn = page.getByRole('textbox', { name: t('en', 'resources.match_alert_templates.fields.title_en') });
  const bodyEn = page.getByRole('textbox', { name: t('en', 'resources.match_alert_templates.fields.body_en') });
  await expect(titleEn).toBeVisible();
  await titleEn.fill('GOAL for {team}! {home} {home_score}-{away_score} {away}');
  await expect(page.getByTestId('alert-preview-en-title')).toHaveText('GOAL for Legia! Legia 2-1 Lech');
  // An unknown field is named before saving, beside the preview and on its template.
  await bodyEn.fill('{minute} {scorer}');
  await expect(page.getByTestId('alert-unknown-fields')).toContainText(`${t('en', 'resources.match_alert_templates.fields.body_en')}: {scorer}`);
  await expect(page.getByText(t('en', 'matchAlerts.unknownFields', { fields: '{scorer}' }))).toBeVisible();
  await expect(page.getByTestId('alert-preview-en-body')).toHaveText("67' {scorer}");
  // Put right from the list of fields, at the cursor.
  await bodyEn.fill('{minute} ');
  await bodyEn.press('End');
  await page.getByTestId('alert-fields').locator('button[data-field="player"]').click();
  await expect(bodyEn).toHaveValue('{minute} {player}');
  await expect(page.getByTestId('alert-preview-en-body')).toHaveText("67' Nowak");
  await expect(page.getByTestId('alert-unknown-fields')).toBeEmpty();
  // With the keyboard: the caret is back in the text; Tab reaches the first field, Enter puts it in.
  await expect(bodyEn).toBeFocused();
  await page.keyboard.type(' ');
  await page.keyboard.press('Tab');
  const home = page.getByTestId('alert-fields').locator('button[data-field="home"]');
  await expect(home).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(bodyEn).toHaveValue('{minute} {player} {home}');
  await expect(bodyEn).toBeFocused();
  await expect(page.getByTestId('alert-preview-en-body')).toHaveText("67' Nowak Legia");
  await page.getByRole('button', { name: t('en', 'ra.action.save') }).click();
  await expect(page).toHaveURL(/\/match_alert_templates$/);
  const goal = await templateOf(request, token, 'goal');
  expect(goal?.attributes).toMatchObject({ title_en: 'GOAL for {team}! {home} {home_score}-{away_score} {away}', body_en: '{minute} {player} {home}' });
  // The list reads the saved text now.
  await expect(page.getByTestId('match-alert-kind').and(page.locator('[data-kind="goal"]'))).toContainText('GOAL for Legia! Legia 2-1 Lech');
  // Back to the defaults from its form, after a question (checked with every axe rule): its row
  // is gone, and the list shows the default text again.
  await page.getByRole('link', { name: t('en', 'matchAlerts.editKind', { kind: kindName('goal') }) }).click();
  await expect(titleEn).toHaveValue('GOAL for {team}! {home} {home_score}-{away_score} {away}');
  await page.getByRole('button', { name: t('en', 'matchAlerts.restoreDefaults') }).click();
  const question = page.getByRole('dialog', { name: t('en', 'matchAlerts.restoreTitle', { kind: kindName('goal') }) });
  await expect(question).toBeVisible();
  expect(await seriousViolations(page), 'a kind’s form asking to go back to the defaults').toEqual([]);
  await question.getByRole('button', { name: t('en', 'ra.action.confirm') }).click();
  await expect(page).toHaveURL(/\/match_alert_templates$/);
  await expect.poll(async () => (await templateOf(request, token, 'goal'))?.id).toBeUndefined();
  const goalRow = page.getByTestId('match-alert-kind').and(page.locator('[data-kind="goal"]'));
  await expect(goalRow.getByText(t('en', 'matchAlerts.defaults'), { exact: true })).toBeVisible();
  await expect(goalRow).toContainText('GOAL! Legia 2-1 Lech');
});

test("staff mute a match's alerts in the match centre and switch them back on", async ({ page, request }) => {
  const token = await tokenFor(request, 'admin');
  const live = ((await call(request, token, 'get', 'matches?filter[status]=first_half,half_time,second_half&page[size]=1')).data as Row[])[0];
  expect(live, 'the demo season has a live match').toBeTruthy();
  expect(live.attributes.alerts_muted).toBe(false);
  await openApp(page, request, 'pl');
  await go(page, `/competitions/matches/form/${live.id}`);
  const alerts = page.getByTestId('match-alerts');
  const toggle = alerts.getByRole('switch', { name: t('pl', 'matchCentre.alerts.label') });
  await expect(toggle).toBeChecked();
  await expect(page.getByTestId('match-alerts-state')).toHaveText(t('pl', 'matchCentre.alerts.on'));
  await toggle.click();
  await expect(page.getByTestId('match-alerts-state')).toHaveText(t('pl', 'matchCentre.alerts.muted'));
  await expect(alerts).toContainText(t('pl', 'matchCentre.alerts.mutedHelp'));
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  expect(((await call(request, token, 'get', `matches/${live.id}`)).data as Row).attributes.alerts_muted).toBe(true);
  // On again with the same switch, no question asked.
  await toggle.click();
  await expect(page.getByTestId('match-alerts-state')).toHaveText(t('pl', 'matchCentre.alerts.on'));
  await expect(toggle).toBeEnabled();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(((await call(request, token, 'get', `matches/${live.id}`)).data as Row).attributes.alerts_muted).toBe(false);
  await expect(alerts).toHaveAttribute('data-competition', 'on');
  await expect(page.getByTestId('competition-alerts-off')).toHaveCount(0);

  // The competition's alerts off: the match centre says the switch changes nothing meanwhile.
  const round = (await call(request, token, 'get', `rounds/${relationOf(live, 'round')}?include=stage.competition_season.competition`)) as { data: Row; included: Row[] };
  const competition = round.included.find((r) => r.type === 'competitions')!;
  const setAlerts = (on: boolean) =>
    call(request, token, 'patch', `competitions/${competition.id}`, { data: { type: 'competitions', id: competition.id, attributes: { match_alerts: on } } });
  await setAlerts(false);
  try {
    await page.reload();
    await expect(page.getByTestId('competition-alerts-off')).toContainText(String(competition.attributes.name));
    await expect(page.getByTestId('competition-alerts-off').getByRole('link', { name: t('pl', 'matchCentre.alerts.openCompetition') })).toHaveAttribute('href', new RegExp(`/competitions/${competition.id}$`));
    // The warning is checked with every axe rule here (the sweep sees the match centre without it).
    expect(await seriousViolations(page), 'match centre with its competition\'s alerts off').toEqual([]);
  } finally {
    await setAlerts(true);
  }
});

test('a competition says whether its matches send alerts, in its form, in both languages', async ({ page, request }) => {
  const token = await tokenFor(request, 'admin');
  const competition = ((await call(request, token, 'get', 'competitions?page[size]=1')).data as Row[])[0];
  for (const lang of ['pl', 'en'] as const) {
    await openApp(page, request, lang);
    await go(page, `/competitions/${competition.id}`);
    const field = page.getByRole('switch', { name: t(lang, 'resources.competitions.fields.match_alerts') }).or(page.getByRole('checkbox', { name: t(lang, 'resources.competitions.fields.match_alerts') }));
    await expect(field).toBeChecked({ checked: competition.attributes.match_alerts !== false });
  }
});
