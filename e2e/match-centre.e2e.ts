import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test';
import { appReady, openAs, t, tokenFor } from './support/app';
import { seriousViolations } from './support/axe';

/**
 * The match centre (issue 4): two operators on the live match of the demo season see each
 * other's changes without reloading; incidents are typed on the command line, edited in place,
 * deleted with undo, and a stale edit is refused with a translated message; lineups, statistics
 * and accessibility in both languages.
 */
type Lang = 'pl' | 'en';
const REALTIME = { timeout: 5_000 };

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: { id: string; type: string } | null }>;
}

async function api(request: APIRequestContext, token: string, path: string) {
  const response = await request.get(`/api/v3/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as { data: Resource[] | Resource; included?: Resource[] };
}

async function liveMatch(request: APIRequestContext, token: string): Promise<Resource> {
  const doc = await api(request, token, 'matches?filter[status]=first_half,half_time,second_half&page[size]=1');
  const [match] = doc.data as Resource[];
  expect(match, 'the demo season has a live match').toBeTruthy();
  return match;
}

async function upcomingMatch(request: APIRequestContext, token: string): Promise<Resource> {
  const doc = await api(request, token, `matches?filter[status]=not_started&sort=-kickoff_at&page[size]=1`);
  const [match] = doc.data as Resource[];
  expect(match, 'the demo season has matches to come').toBeTruthy();
  return match;
}

/** A starter of the home side of a match: shirt number and name, as the timeline shows them. */
async function homeStarter(request: APIRequestContext, token: string, match: Resource) {
  const home = match.relationships.home_squad.data!.id;
  const doc = await api(request, token, `lineups?filter[match]=${match.id}&filter[squad]=${home}&filter[is_starting]=true&include=player&page[size]=30`);
  const lineups = (doc.data as Resource[]).filter((l) => l.attributes.shirt_number !== null && l.attributes.position !== 'GK');
  const lineup = lineups[lineups.length - 1];
  const player = doc.included!.find((p) => p.type === 'players' && p.id === lineup.relationships.player.data!.id)!;
  return { shirt: Number(lineup.attributes.shirt_number), name: `${player.attributes.first_name} ${player.attributes.last_name}` };
}

async function openMatch(browser: Browser, request: APIRequestContext, user: string, id: string, lang: Lang, query = '') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript((value) => localStorage.setItem('preferredLanguage', value), lang);
  await openAs(page, request, user, `/competitions/matches/form/${id}${query}`);
  await appReady(page);
  await expect(page.getByTestId('match-centre')).toBeVisible();
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'connected');
  return { page, close: () => context.close() };
}

const score = (page: Page) => page.getByTestId('match-score').getAttribute('aria-label');
const row = (page: Page, name: string, minute: string) => page.getByTestId('incident').filter({ hasText: name }).filter({ hasText: minute });


test('two operators on the live match see each other at once: add, edit, delete and undo, stale edit', { tag: '@postgres' }, async ({ browser, request, problems }) => {
  problems.expect(/status of 409 .* @ \S+\/api\/v3\/incidents\/\d+$/, 'the stale edit is refused with 409');
  test.setTimeout(120_000);
  const token = await tokenFor(request, 'admin');
  const match = await liveMatch(request, token);
  const scorer = await homeStarter(request, token, match);
  const a = await openMatch(browser, request, 'admin', match.id, 'pl');
  const b = await openMatch(browser, request, 'editor', match.id, 'pl');

  // Presence: each sees the other.
  await expect(b.page.getByTestId('presence-chip').filter({ hasText: 'admin' })).toBeVisible(REALTIME);
  await expect(a.page.getByTestId('presence-chip').filter({ hasText: 'editor' })).toBeVisible(REALTIME);

  // A goal typed in A (home side is the default; "/" focuses the command line).
  const before = await score(b.page);
  await a.page.getByTestId('timeline').or(a.page.getByTestId('timeline-empty')).first().waitFor();
  await a.page.keyboard.press('/');
  await expect(a.page.getByTestId('command-input')).toBeFocused();
  await a.page.keyboard.type(`g ${scorer.shirt} 44`);
  await expect(a.page.getByTestId('command-status')).toContainText(scorer.name);
  await expect(a.page.getByTestId('command-status')).toContainText(t('pl', 'resources.incidents.choices.incident_type.goal'));
  await a.page.keyboard.press('Enter');
  await expect(a.page.getByTestId('command-input')).toHaveValue('');
  await expect(row(a.page, scorer.name, "44'")).toBeVisible();

  // B: the goal appears, flagged as someone else's, and the score moves, without a reload.
  await expect(row(b.page, scorer.name, "44'")).toBeVisible(REALTIME);
  await expect(b.page.getByTestId('incident-remote').filter({ hasText: scorer.name })).toContainText(t('pl', 'matchCentre.timeline.addedBy', { actor: 'admin' }));
  await expect.poll(() => score(b.page), REALTIME).not.toBe(before);
  expect(await score(b.page)).toBe(await score(a.page));

  // Edited in place in A (click, change the minute, Enter); B follows.
  await row(a.page, scorer.name, "44'").locator('[data-row-button]').click();
  const editor = a.page.getByTestId('incident-editor');
  await expect(editor).toBeVisible();
  await editor.getByTestId('editor-minute').fill('43');
  await editor.getByTestId('editor-minute').press('Enter');
  await expect(editor).toBeHidden();
  await expect(row(a.page, scorer.name, "43'")).toBeVisible();
  await expect(row(b.page, scorer.name, "43'")).toBeVisible(REALTIME);

  // Escape cancels an edit.
  await row(a.page, scorer.name, "43'").locator('[data-row-button]').press('Enter');
  await expect(editor).toBeVisible();
  await editor.getByTestId('editor-minute').fill('12');
  await a.page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(row(a.page, scorer.name, "43'")).toBeVisible();

  // Deleted without a confirmation, then brought back with Undo.
  await row(a.page, scorer.name, "43'").getByTestId('incident-delete').click();
  await expect(row(a.page, scorer.name, "43'")).toHaveCount(0);
  await expect(row(b.page, scorer.name, "43'")).toHaveCount(0, REALTIME);
  await expect(a.page.getByTestId('undo-bar')).toContainText(t('pl', 'matchCentre.undo.action'));
  await a.page.getByTestId('undo-button').click();
  await expect(row(a.page, scorer.name, "43'")).toBeVisible();
  await expect(row(b.page, scorer.name, "43'")).toBeVisible(REALTIME);

  // A stale edit: B opens the incident, A changes it meanwhile, B saves its old copy.
  await row(b.page, scorer.name, "43'").locator('[data-row-button]').click();
  const staleEditor = b.page.getByTestId('incident-editor');
  await expect(staleEditor).toBeVisible();
  await row(a.page, scorer.name, "43'").locator('[data-row-button]').click();
  await editor.getByTestId('editor-minute').fill('42');
  await editor.getByTestId('editor-save').click();
  await expect(row(a.page, scorer.name, "42'")).toBeVisible();
  await expect(staleEditor.getByText(t('pl', 'matchCentre.editor.changedMeanwhile', { actor: 'admin' }))).toBeVisible(REALTIME);
  await staleEditor.getByTestId('editor-minute').fill('41');
  await staleEditor.getByTestId('editor-save').click();
  await expect(staleEditor.getByTestId('editor-message')).toHaveText(t('pl', 'validation.staleRecord'));
  // Nothing was overwritten: the editor now shows the current version.
  await expect(staleEditor.getByTestId('editor-minute')).toHaveValue('42');
  await b.page.keyboard.press('Escape');
  await expect(row(b.page, scorer.name, "42'")).toBeVisible();
  await expect(row(a.page, scorer.name, "41'")).toHaveCount(0);

  // Clean up: the match is left as it was.
  await row(a.page, scorer.name, "42'").getByTestId('incident-delete').click();
  await expect(row(b.page, scorer.name, "42'")).toHaveCount(0, REALTIME);
  await expect.poll(() => score(b.page), REALTIME).toBe(before);

  await a.close();
  await b.close();
});

test('the command line: local checks, the server refusal translated in place, Tab, help', async ({ browser, request, problems }) => {
  problems.expect(/status of 422 .* @ \S+\/api\/v3\/incidents$/, 'the server refuses the incident: what the test is about');
  const token = await tokenFor(request, 'admin');
  const match = await liveMatch(request, token);
  const a = await openMatch(browser, request, 'admin', match.id, 'en');
  const input = a.page.getByTestId('command-input');
  await a.page.keyboard.press('n');
  await expect(input).toBeFocused();
  // Parsed locally: an unknown shirt number and a minute out of range are caught before sending.
  await input.fill('g 98 23');
  await expect(a.page.getByTestId('command-status')).toHaveAttribute('data-tone', 'error');
  await input.fill('g 9 130');
  await expect(a.page.getByTestId('command-status')).toHaveText(t('en', 'matchCentre.command.errors.minuteOutOfRange', { max: 120 }));
  // Well-formed, but the server refuses it (no half-time in a shoot-out): its 422 in the user's language.
  await input.fill('ht h5');
  await expect(a.page.getByTestId('command-status')).toHaveAttribute('data-tone', 'preview');
  await input.press('Enter');
  await expect(a.page.getByTestId('command-status')).toHaveText(t('en', 'validation.wrongHalf'));
  await expect(a.page.getByTestId('command-status')).toHaveAttribute('data-tone', 'error');
  await expect(input).toHaveValue('ht h5');
  // Tab switches the default side.
  await input.fill('');
  await expect(a.page.getByTestId('command-side-home')).toHaveAttribute('aria-pressed', 'true');
  await input.press('Tab');
  await expect(a.page.getByTestId('command-side-away')).toHaveAttribute('aria-pressed', 'true');
  await expect(input).toBeFocused();
  // The syntax help.
  await a.page.getByTestId('command-help').click();
  await expect(a.page.getByRole('dialog')).toContainText(t('en', 'matchCentre.command.help.rows.substitution.text'));
  await a.page.keyboard.press('Escape');
  await expect(input).toBeFocused();
  await a.close();
});

test('lineups: a formation and a starter on a match to come', { tag: '@postgres' }, async ({ browser, request }) => {
  const token = await tokenFor(request, 'admin');
  const match = await upcomingMatch(request, token);
  const a = await openMatch(browser, request, 'admin', match.id, 'pl', '?tab=lineups');
  const home = a.page.getByTestId('lineup-home');
  await expect(home).toBeVisible();

  await a.page.getByTestId('formation-home').selectOption('4-3-3');
  await expect(home.getByTestId('pitch-place-11')).toBeVisible();
  await expect
    .poll(async () => ((await api(request, token, `matches/${match.id}`)).data as Resource).attributes.home_formation)
    .toBe('4-3-3');

  // The goalkeeper's place: the searchable picker finds a player by shirt number.
  const picker = home.locator('#lineup-home-place-1');
  await picker.click();
  await picker.fill('1');
  const option = a.page.locator('#lineup-home-place-1-listbox').getByRole('option').first();
  const chosen = (await option.textContent())!;
  await option.click();
  await expect(picker).toHaveValue(chosen);
  await expect(home.getByTestId('lineup-issues-home')).toContainText(t('pl', 'matchCentre.lineups.issues.starters', { selected: 1, required: 11 }));
  await expect
    .poll(async () => ((await api(request, token, `lineups?filter[match]=${match.id}`)).data as Resource[]).length)
    .toBe(1);
  await a.close();

  // Clean up, so the test can run again on the same data.
  const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' };
  for (const l of (await api(request, token, `lineups?filter[match]=${match.id}`)).data as Resource[]) {
    expect((await request.delete(`/api/v3/lineups/${l.id}`, { headers: auth })).ok()).toBeTruthy();
  }
  const reset = await request.patch(`/api/v3/matches/${match.id}`, { headers: auth, data: { data: { type: 'matches', id: match.id, attributes: { home_formation: null } } } });
  expect(reset.ok(), await reset.text()).toBeTruthy();
});

test('match details: saved from the match centre; a change made meanwhile is not overwritten', { tag: '@postgres' }, async ({ browser, request, problems }) => {
  problems.expect(/status of 409 .* @ \S+\/api\/v3\/matches\/\d+\?/, 'the save over a change made meanwhile is refused with 409');
  const token = await tokenFor(request, 'admin');
  const match = await upcomingMatch(request, token);
  const a = await openMatch(browser, request, 'admin', match.id, 'en', '?tab=details');
  const referee = a.page.locator('#referee');
  await referee.fill('Szymon Marciniak');
  await a.page.getByRole('button', { name: t('en', 'ra.action.save') }).click();
  await expect(a.page.getByTestId('match-centre').locator('dl')).toContainText('Szymon Marciniak');

  // Someone else changes the match while the form holds an edit.
  await referee.fill('Daniel Stefański');
  const current = (await api(request, token, `matches/${match.id}`)).data as Resource;
  const other = await request.patch(`/api/v3/matches/${match.id}`, {
    headers: { Authorization: `Bearer ${await tokenFor(request, 'editor')}`, 'Content-Type': 'application/vnd.api+json' },
    data: { data: { type: 'matches', id: match.id, attributes: { attendance: 12345 }, meta: { updated_at: current.attributes.updated_at } } },
  });
  expect(other.ok(), await other.text()).toBeTruthy();
  await expect(a.page.getByText(t('en', 'matchCentre.details.changedMeanwhile'))).toBeVisible(REALTIME);
  await a.page.getByRole('button', { name: t('en', 'ra.action.save') }).click();
  await expect(a.page.getByTestId('details-message')).toHaveText(t('en', 'validation.staleRecord'));
  // The form now shows the current version, with the other change in it.
  await expect(referee).toHaveValue('Szymon Marciniak');
  await expect(a.page.locator('#attendance')).toHaveValue('12345');
  await a.close();
});

test('statistics of the live match as charts with their figures in tables', async ({ browser, request }) => {
  const token = await tokenFor(request, 'admin');
  const match = await liveMatch(request, token);
  const a = await openMatch(browser, request, 'admin', match.id, 'en');
  await a.page.getByTestId('tab-stats').click();
  const stats = a.page.getByTestId('match-stats');
  await expect(stats).toBeVisible();
  await expect(stats.locator('svg').first()).toBeVisible();
  await expect(stats.getByRole('heading', { name: t('en', 'matchCentre.stats.scoreTimeline') })).toBeVisible();
  await expect(a.page.getByTestId('stats-types-table').getByRole('row').nth(1)).toBeVisible();
  await a.close();
});

test('a lost connection is reported with its code, and the screen reconnects', { tag: '@postgres' }, async ({ browser, request }) => {
  test.setTimeout(90_000);
  const token = await tokenFor(request, 'admin');
  const match = await liveMatch(request, token);
  const context = await browser.newContext();
  const page = await context.newPage();
  const sockets: (() => Promise<void>)[] = [];
  // The page's WebSocket goes through the test, which can cut it like a network failure would.
  await page.routeWebSocket(/\/cable/, (ws) => {
    const server = ws.connectToServer();
    sockets.push(async () => {
      await ws.close({ code: 4000, reason: 'test' });
      await server.close();
    });
  });
  const drop = () => Promise.all(sockets.splice(0).map((close) => close()));
  await page.addInitScript(() => localStorage.setItem('preferredLanguage', 'en'));
  await openAs(page, request, 'admin', `/competitions/matches/form/${match.id}`);
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'connected');
  await drop();
  await expect(page.getByTestId('connection-banner')).toHaveText(t('en', 'matchCentre.connection.lost', { code: 4000 }));
  // ActionCable reconnects by itself; the subscriptions' snapshots bring the screen up to date.
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  await expect(page.getByTestId('connection-banner')).toHaveText(t('en', 'matchCentre.connection.restored'));
  await context.close();
});

// Each feature's own screens in one language (the features take turns): the sweep of
// accessibility.e2e.ts does the same for the generic screens. On PostgreSQL, as the reconnection
// above (its realtime goes through LISTEN/NOTIFY there): the two projects then take about as long.
for (const lang of ['en'] as const) {
  test(`the match centre has no serious accessibility problems (${lang})`, { tag: '@postgres' }, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const token = await tokenFor(request, 'admin');
    const match = await liveMatch(request, token);
    const a = await openMatch(browser, request, 'admin', match.id, lang);
    await expect(a.page.locator('html')).toHaveAttribute('lang', lang);
    await expect(a.page.getByTestId('timeline')).toBeVisible();
    expect(await seriousViolations(a.page), 'timeline').toEqual([]);
    // An incident open in its editor.
    await a.page.getByTestId('incident').first().locator('[data-row-button]').click();
    await expect(a.page.getByTestId('incident-editor')).toBeVisible();
    expect(await seriousViolations(a.page), 'editor').toEqual([]);
    await a.page.keyboard.press('Escape');
    for (const tab of ['lineups', 'stats', 'details'] as const) {
      await a.page.getByTestId(`tab-${tab}`).click();
      const ready = tab === 'lineups' ? a.page.getByTestId('lineup-home') : tab === 'stats' ? a.page.getByTestId('match-stats') : a.page.locator('#kickoff_at');
      await expect(ready).toBeVisible();
      await a.page.waitForLoadState('networkidle');
      expect(await seriousViolations(a.page), tab).toEqual([]);
    }
    await a.close();
  });
}
