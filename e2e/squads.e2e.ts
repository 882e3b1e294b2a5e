import { createRequire } from 'node:module';
import { expect, test, type APIRequestContext } from './support/test';
import { appReady, openAs, t, tokenFor } from './support/app';
import { seriousViolations } from './support/axe';

/**
 * The squad editor (issue 4): players and staff change the squad in memory, the server's
 * refusals show on their fields, a refused squad delete puts the squad back; the player page
 * shows the career and the nationality in the interface language.
 */
const require = createRequire(import.meta.url);
const countries = require('i18n-iso-countries') as typeof import('i18n-iso-countries');
countries.registerLocale(require('i18n-iso-countries/langs/pl.json'));
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

type Doc = { data: { id: string; attributes: Record<string, unknown>; relationships?: Record<string, { data: { id: string } | null }> }[]; included?: { type: string; id: string; attributes: Record<string, unknown> }[] };

async function api(request: APIRequestContext, path: string): Promise<Doc> {
  const token = await tokenFor(request, 'admin');
  const response = await request.get(`/api/v3${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as Doc;
}

/** The current season's squad of a demo club. */
async function currentSquad(request: APIRequestContext, club: string): Promise<{ id: string; name: string }> {
  const doc = await api(request, `/squads?filter[q]=${encodeURIComponent(club)}&include=season&page[size]=10`);
  const current = new Set((doc.included ?? []).filter((i) => i.type === 'seasons' && i.attributes.is_current).map((i) => i.id));
  const squad = doc.data.find((s) => current.has(s.relationships!.season.data!.id))!;
  return { id: squad.id, name: String(squad.attributes.name) };
}


test('a new player joins the squad with a free number, is refused a taken one, changes position and leaves, all without a reload', { tag: '@postgres' }, async ({ page, request, problems }) => {
  problems.expect(/status of 422 .* @ \S+\/api\/v3\/squad_players\/\d+\?/, 'a taken shirt number is refused');
  const squad = await currentSquad(request, 'Legia Warszawa');
  const lastName = `Testowy${Date.now() % 100000}`;
  const name = `Ernest ${lastName}`;
  await openAs(page, request, 'admin', `/squads/${squad.id}`);
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name: squad.name })).toBeVisible();
  const rows = page.getByTestId(/^squad-player-/);
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();

  // Nothing below may load the page or the squad again.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const squadLoads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && new RegExp(`/api/v3/squads/${squad.id}(\\?|$)`).test(r.url())) squadLoads.push(r.url());
  });

  // A new player typed in, with the lowest free number the form suggests.
  await page.getByRole('button', { name: t('pl', 'squadEditor.addPlayer') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: t('pl', 'squadEditor.newPlayer') }).click();
  await dialog.getByLabel(t('pl', 'resources.players.fields.first_name')).fill('Ernest');
  await dialog.getByLabel(t('pl', 'resources.players.fields.last_name')).fill(lastName);
  await dialog.getByRole('combobox', { name: t('pl', 'resources.players.fields.nationality') }).fill(countries.getName('CZ', 'pl', { select: 'official' })!);
  await page.getByRole('option', { name: countries.getName('CZ', 'pl', { select: 'official' })! }).click();
  const shirt = dialog.getByLabel(t('pl', 'resources.squad_players.fields.shirt_number'));
  const freeNumber = await shirt.inputValue();
  expect(Number(freeNumber)).toBeGreaterThan(0);
  await dialog.getByRole('combobox', { name: t('pl', 'resources.squad_players.fields.position') }).click();
  await page.getByRole('option', { name: t('pl', 'resources.squad_players.choices.position.midfielder') }).click();
  // The screen changes when the server has answered; on a loaded machine that may take longer
  // than an expectation waits, so the test waits for the answer itself and then for the screen.
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/v3/squad_players'));
  await dialog.getByRole('button', { name: t('pl', 'squadEditor.add'), exact: true }).click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toHaveCount(0);

  const row = rows.filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(rows).toHaveCount(before + 1);
  await expect(page.getByTestId('position-midfielder')).toContainText(name);
  await expect(row.getByLabel(t('pl', 'squadEditor.shirtNumberOf', { name }))).toHaveValue(freeNumber);
  await expect(row).toContainText(countries.getName('CZ', 'pl', { select: 'official' })!);

  // A number someone else wears: the server refuses, the field says who wears it.
  const keeper = page.getByTestId('position-goalkeeper').getByTestId(/^squad-player-/).first();
  const keeperName = (await keeper.getByRole('link').first().textContent())!.trim();
  const takenNumber = await keeper.getByLabel(t('pl', 'squadEditor.shirtNumberOf', { name: keeperName })).inputValue();
  const number = row.getByLabel(t('pl', 'squadEditor.shirtNumberOf', { name }));
  await number.fill(takenNumber);
  const refused = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/v3/squad_players/'));
  await number.press('Enter');
  expect((await refused).status()).toBe(422);
  await expect(row.locator('.MuiFormHelperText-root')).toHaveText(t('pl', 'squadEditor.shirtNumberTakenBy', { number: takenNumber, name: keeperName }));
  await number.press('Escape');
  await expect(number).toHaveValue(freeNumber);
  await expect(row.locator('.MuiFormHelperText-root')).toHaveCount(0);

  // Another position: the player moves to the forwards.
  const moved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/v3/squad_players/'));
  await row.getByLabel(t('pl', 'squadEditor.positionOf', { name })).selectOption('forward');
  expect((await moved).status()).toBe(200);
  await expect(page.getByTestId('position-forward')).toContainText(name);
  await expect(page.getByTestId('position-midfielder')).not.toContainText(name);

  // Removed after confirming.
  await row.getByRole('button', { name: t('pl', 'squadEditor.removePlayer', { name }) }).click();
  const removed = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/v3/squad_players/'));
  await page.getByRole('dialog').getByRole('button', { name: t('pl', 'ra.action.confirm') }).click();
  expect((await removed).ok()).toBeTruthy();
  await expect(row).toHaveCount(0);
  await expect(rows).toHaveCount(before);

  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  expect(squadLoads).toEqual([]);
});

test('a staff member is added with a role, given another role and removed', { tag: '@postgres' }, async ({ page, request }) => {
  const squad = await currentSquad(request, 'Lech Poznań');
  const lastName = `Sztabowy${Date.now() % 100000}`;
  const name = `Olga ${lastName}`;
  await openAs(page, request, 'admin', `/squads/${squad.id}?tab=staff`);
  await appReady(page);
  const rows = page.getByTestId(/^squad-staff-/);
  await expect(rows).toHaveCount(5);

  await page.getByRole('button', { name: t('pl', 'squadEditor.addStaff') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: t('pl', 'squadEditor.newStaff') }).click();
  await dialog.getByLabel(t('pl', 'resources.staff_members.fields.first_name')).fill('Olga');
  await dialog.getByLabel(t('pl', 'resources.staff_members.fields.last_name')).fill(lastName);
  await dialog.getByRole('combobox', { name: t('pl', 'resources.squad_staff_members.fields.staff_role') }).click();
  await page.getByRole('option', { name: 'Fizjoterapeuta' }).click();
  await dialog.getByRole('button', { name: t('pl', 'squadEditor.add'), exact: true }).click();
  await expect(dialog).toHaveCount(0);

  const row = rows.filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(rows).toHaveCount(6);
  const role = row.getByLabel(t('pl', 'squadEditor.roleOf', { name }));
  await expect(role.locator('option:checked')).toHaveText('Fizjoterapeuta');
  const changed = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/v3/squad_staff_members/'));
  await role.selectOption({ label: 'Lekarz' });
  expect((await changed).status()).toBe(200);
  await expect(role.locator('option:checked')).toHaveText('Lekarz');

  await row.getByRole('button', { name: t('pl', 'squadEditor.removeStaff', { name }) }).click();
  await page.getByRole('dialog').getByRole('button', { name: t('pl', 'ra.action.confirm') }).click();
  await expect(row).toHaveCount(0);
  await expect(rows).toHaveCount(5);
});

test('a squad deleted from the list leaves at once and comes back with an error when the server refuses', { tag: '@postgres' }, async ({ page, request, problems }) => {
  problems.expect(/status of 409 .* @ \S+\/api\/v3\/squads\/\d+$/, 'the server refuses to delete a squad in use');
  const squad = await currentSquad(request, 'Cracovia');
  await openAs(page, request, 'admin', '/squads');
  await appReady(page);
  // The searched list is waited for: the unsearched one shows the row too, and a search answered
  // after the optimistic delete would put the row back while the delete is held.
  const searched = page.waitForResponse(
    (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/v3/squads' && [...new URL(r.url()).searchParams.values()].some((v) => v.includes(squad.name)),
  );
  await page.getByPlaceholder(t('pl', 'ra.action.search'), { exact: true }).fill(squad.name);
  await expect(page).toHaveURL(/filter=/);
  expect((await searched).ok()).toBe(true);
  const row = page.getByRole('row').filter({ hasText: squad.name });
  await expect(row).toHaveCount(1);

  // The server answers only when the test says so: the row must already be gone.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(new RegExp(`/api/v3/squads/${squad.id}$`), async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: `${t('pl', 'ra.action.delete')}: ${squad.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: t('pl', 'ra.action.confirm') }).click();
  await expect(row).toHaveCount(0);

  // It still plays matches: the server refuses and the squad is back.
  const refused = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes(`/api/v3/squads/${squad.id}`));
  answer();
  expect((await refused).status()).toBe(409);
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('popup-error').first()).toContainText(t('pl', 'apiErrors.stillReferenced'));
});

test('a player page shows the career and the nationality in the current language, and the career is edited in place', { tag: '@postgres' }, async ({ page, request }) => {
  // A foreign player with earlier clubs.
  const careers = await api(request, '/career_clubs?include=player,club&page[size]=100');
  const players = new Map((careers.included ?? []).filter((i) => i.type === 'players').map((p) => [p.id, p]));
  const clubs = new Map((careers.included ?? []).filter((i) => i.type === 'clubs').map((c) => [c.id, c]));
  const career = careers.data.find((c) => {
    const p = players.get(c.relationships!.player.data!.id);
    return p && p.attributes.nationality !== 'PL' && /^[A-Z]{2}$/.test(String(p.attributes.nationality));
  })!;
  const player = players.get(career.relationships!.player.data!.id)!;
  const clubName = String(career.attributes.club_name ?? clubs.get(career.relationships!.club.data?.id ?? '')?.attributes.name);
  const code = String(player.attributes.nationality);
  const name = `${String(player.attributes.first_name)} ${String(player.attributes.last_name)}`;

  const playerLoads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && new RegExp(`/api/v3/players/${player.id}\\?`).test(r.url())) playerLoads.push(r.url());
  });
  await openAs(page, request, 'admin', `/players/${player.id}`);
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(playerLoads).toHaveLength(1);
  expect(playerLoads[0]).toContain('include=');

  // Spec §4: a player already loaded is not fetched again, unless the user asks.
  await page.getByRole('navigation', { name: t('pl', 'teamCommon.breadcrumbs') }).getByRole('link', { name: t('pl', 'resources.players.name_other') }).click();
  await expect(page).toHaveURL(/\/players(\?|$)/);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(playerLoads).toHaveLength(1);
  await page.getByRole('button', { name: t('pl', 'teamCommon.reload') }).click();
  await expect.poll(() => playerLoads.length).toBe(2);

  const facts = page.getByRole('region', { name: t('pl', 'playerPage.facts') });
  await expect(facts).toContainText(countries.getName(code, 'pl', { select: 'official' })!);
  const table = page.getByTestId('career-clubs');
  await expect(table).toContainText(clubName);

  // A club added, changed and removed in the table itself.
  const club = `FC Testowo ${Date.now() % 100000}`;
  await page.getByRole('button', { name: t('pl', 'playerPage.career.add') }).click();
  const editor = page.getByTestId('career-editor');
  await editor.getByLabel(t('pl', 'resources.career_clubs.fields.club')).fill(club);
  await editor.getByLabel(t('pl', 'resources.career_clubs.fields.start_year')).fill('2012');
  await editor.getByLabel(t('pl', 'resources.career_clubs.fields.end_year')).fill('2010');
  await editor.getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(editor).toContainText(t('pl', 'playerPage.career.endBeforeStart'));
  await editor.getByLabel(t('pl', 'resources.career_clubs.fields.end_year')).fill('2014');
  await editor.getByLabel(t('pl', 'resources.career_clubs.fields.goals')).press('Enter');
  const added = table.getByRole('row').filter({ hasText: club });
  await expect(added).toContainText('2012–2014');
  await added.getByRole('button', { name: t('pl', 'playerPage.career.edit', { club }) }).click();
  await page.getByTestId('career-editor').getByLabel(t('pl', 'resources.career_clubs.fields.goals')).fill('7');
  await page.getByTestId('career-editor').getByRole('button', { name: t('pl', 'ra.action.save') }).click();
  await expect(added.getByRole('cell').nth(3)).toHaveText('7');
  await added.getByRole('button', { name: t('pl', 'playerPage.career.remove', { club }) }).click();
  await page.getByRole('dialog').getByRole('button', { name: t('pl', 'ra.action.confirm') }).click();
  await expect(added).toHaveCount(0);

  // In English, the same country under its English name.
  await page.evaluate(() => localStorage.setItem('preferredLanguage', 'en'));
  await page.reload();
  await expect(page.getByRole('region', { name: t('en', 'playerPage.facts') })).toContainText(countries.getName(code, 'en', { select: 'official' })!);
  await expect(page.getByTestId('career-clubs')).toContainText(clubName);
});

// Each feature's own screens in one language (the features take turns): the sweep of
// accessibility.e2e.ts does the same for the generic screens.
for (const lang of ['pl'] as const) {
  test(`the squad page has no serious accessibility problems (${lang})`, { tag: '@postgres' }, async ({ page, request }) => {
    const squad = await currentSquad(request, 'Legia Warszawa');
    await page.addInitScript((value) => localStorage.setItem('preferredLanguage', value), lang);
    await openAs(page, request, 'admin', `/squads/${squad.id}`);
    await appReady(page);
    await expect(page.getByTestId(/^squad-player-/).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: t(lang, 'squadEditor.addPlayer') }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
